internal import CarFactory

/// The bytes of a build's result in each format, all but the build number, derived once per
/// configuration. Every build is written through it, so a build replayed from the script
/// cache prints exactly what a freshly parsed one does.
struct BuildTemplate {
  /// The detail block (text format), with its line breaks.
  let text: [UInt8]
  /// The JSON object after the build number, ending `}\n`.
  let jsonTail: [UInt8]
  /// The CSV row after the build number, ending `\n`.
  let csvTail: [UInt8]

  static let jsonPrefix = #"{"type":"build","build":"#
}

extension Session {
  static let buildCSVHeader = [
    "build", "model", "car_type", "name", "seats", "engine", "suspension", "drive", "price",
    "currency",
  ]

  static let buildCSVHeaderRow = CSV.row(buildCSVHeader)

  func buildTemplate(_ car: Car, price: Price) -> BuildTemplate {
    let text = """
      Car type: \(car.carType)
      Seats: \(car.floorplan.seats)
      Engine: \(car.floorplan.enginePosition.displayName)
      Suspension: \(car.suspension.name)
      Drive: \(car.drivetrain.name)
      Price: \(usd(price))

      """
    var object = JSONObject()
    object.add("model", car.model.rawValue)
    object.add("carType", car.carType)
    object.add("name", car.displayName)
    object.add("seats", car.floorplan.seats)
    object.add("engine", car.floorplan.enginePosition.displayName)
    object.add("suspension", car.suspension.name)
    object.add("drive", car.drivetrain.name)
    var options = JSONObject()
    for slot in PartSlot.allCases {
      if let part = car.options[slot] { options.add(slot.rawValue, part.rawValue) }
    }
    object.add("options", options)
    object.add("price", usdJSON(price))
    let json = "," + object.rendered.dropFirst() + "\n"
    let csv =
      ","
      + CSV.row([
        car.model.rawValue, car.carType, car.displayName, String(car.floorplan.seats),
        car.floorplan.enginePosition.displayName, car.suspension.name, car.drivetrain.name,
        Self.decimal(price), "USD",
      ]) + "\n"
    return BuildTemplate(
      text: Array(text.utf8), jsonTail: Array(json.utf8), csvTail: Array(csv.utf8))
  }

  /// The template of a configuration, made from its car on first use.
  func template(for configuration: UInt32, car: Car) -> BuildTemplate {
    resetCachesIfBookReplaced()
    let index = Int(configuration)
    if index < templates.count, let template = templates[index] { return template }
    let template = buildTemplate(car, price: car.price)
    if index >= templates.count {
      templates.append(contentsOf: repeatElement(nil, count: index + 1 - templates.count))
    }
    templates[index] = template
    return template
  }

  /// Records and writes the build a script line made before, if it made one; the caller runs
  /// the line normally otherwise.
  func replayBuild(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    resetCachesIfBookReplaced()
    guard let configuration = lineCache.configuration(for: line),
      Int(configuration) < templates.count, let template = templates[Int(configuration)]
    else { return false }
    if format == .csv, lastCSVHeader != Self.buildCSVHeaderRow { return false }
    guard let number = builds.add(configuration: configuration) else { return false }
    write(template, number: number)
    return true
  }

  /// Forgets cached lines and templates when `load` replaced the book they index into.
  func resetCachesIfBookReplaced() {
    guard builds.epoch != cachedEpoch else { return }
    lineCache = BuildLineCache()
    templates = []
    cachedEpoch = builds.epoch
  }

  func writeDetail(_ car: Car, number: Int, price: Price? = nil) {
    write(buildTemplate(car, price: price ?? car.price), number: number)
  }

  /// Writes a build's result from its template.
  func write(_ template: BuildTemplate, number: Int) {
    switch format {
    case .text:
      out.write(bytes: template.text)
    case .json:
      out.write(BuildTemplate.jsonPrefix)
      out.write(number: number)
      out.write(bytes: template.jsonTail)
    case .csv:
      csvHeader(Self.buildCSVHeader)
      out.write(number: number)
      out.write(bytes: template.csvTail)
    }
  }

  /// Writes a CSV header unless the previous CSV table had the same one.
  func csvHeader(_ fields: [String]) {
    let header = CSV.row(fields)
    guard header != lastCSVHeader else { return }
    lastCSVHeader = header
    out.line(header)
  }
}
