internal import CarFactory

extension Session {
  // MARK: models

  func models(_ arguments: [String]) throws(CommandError) {
    try expectNoArguments(arguments, for: .models)
    let definitions = registry.models
    switch format {
    case .text:
      var table = TextTable([
        ("MODEL", .left), ("CAR TYPE", .left), ("FLOORPLAN", .left), ("SEATS", .right),
        ("ENGINE", .left), ("SUSPENSION", .left), ("DRIVE", .left), ("BASE PRICE", .right),
        ("OPTIONS", .left),
      ])
      for definition in definitions {
        guard let car = try? Car(factory: registry.factory(for: definition.id)) else { continue }
        let options = definition.alternatives.map {
          "\($0.slot)=\($0.part) (+\(usd($0.surcharge)))"
        }
        table.append([
          definition.id.rawValue, definition.carType, car.floorplan.name,
          String(car.floorplan.seats), car.floorplan.enginePosition.displayName,
          car.suspension.name, car.drivetrain.name, usd(definition.basePrice),
          options.isEmpty ? "none" : options.joined(separator: ", "),
        ])
      }
      for line in table.render() { out.line(line) }
    case .json:
      var models: [JSONObject] = []
      for definition in definitions {
        guard let car = try? Car(factory: registry.factory(for: definition.id)) else { continue }
        var object = JSONObject()
        object.add("model", definition.id.rawValue)
        object.add("carType", definition.carType)
        object.add("floorplan", car.floorplan.id.rawValue)
        object.add("seats", car.floorplan.seats)
        object.add("engine", car.floorplan.enginePosition.displayName)
        object.add("suspension", car.suspension.id.rawValue)
        object.add("drive", car.drivetrain.id.rawValue)
        object.add("basePrice", usdJSON(definition.basePrice))
        object.add(
          "options",
          definition.alternatives.map { alternative in
            var option = JSONObject()
            option.add("slot", alternative.slot.rawValue)
            option.add("value", alternative.part.rawValue)
            option.add("surcharge", usdJSON(alternative.surcharge))
            return option
          })
        models.append(object)
      }
      var result = JSONObject()
      result.add("type", "models")
      result.add("models", models)
      out.line(result.rendered)
    case .csv:
      csvHeader([
        "model", "car_type", "floorplan", "seats", "engine", "suspension", "drive", "base_price",
        "currency", "options",
      ])
      for definition in definitions {
        guard let car = try? Car(factory: registry.factory(for: definition.id)) else { continue }
        let options = definition.alternatives.map {
          "\($0.slot)=\($0.part)+\(Self.decimal($0.surcharge))"
        }
        out.line(
          CSV.row([
            definition.id.rawValue, definition.carType, car.floorplan.id.rawValue,
            String(car.floorplan.seats), car.floorplan.enginePosition.displayName,
            car.suspension.id.rawValue, car.drivetrain.id.rawValue,
            Self.decimal(definition.basePrice), "USD", options.joined(separator: ";"),
          ]))
      }
    }
  }

  // MARK: build

  func build(_ arguments: [String]) throws(CommandError) {
    guard let modelName = arguments.first else {
      let names = registry.modelIDs.map(\.rawValue).joined(separator: ", ")
      throw CommandError("build: missing MODEL (models: \(names))")
    }
    let model = ModelID(modelName.lowercased())
    let factory: any CarPartsFactory
    do {
      factory = try registry.factory(for: model)
    } catch {
      throw CommandError(BuildError.unknownModel(modelName, known: registry.modelIDs).description)
    }
    let options = try Self.parseOptions(arguments.dropFirst(), model: factory.definition)
    let car: Car
    do {
      car = try Car(factory: factory, options: options)
    } catch {
      throw CommandError(error.description)
    }
    let record = builds.add(model: car.model, options: car.options, price: car.price)
    writeDetail(car, number: record.number)
  }

  /// Parses `SLOT=VALUE` words; values and slot names are case-insensitive.
  static func parseOptions(_ words: ArraySlice<String>, model: ModelDefinition)
    throws(CommandError) -> PartChoices
  {
    var choices = PartChoices()
    for word in words {
      guard let equals = word.firstIndex(of: "=") else {
        throw CommandError(
          "bad option '\(word)'; expected SLOT=VALUE, like drive=4wd (slots: floorplan, suspension, drive)"
        )
      }
      let name = word[..<equals].lowercased()
      let value = word[word.index(after: equals)...].lowercased()
      guard let slot = PartSlot(rawValue: name) else {
        throw CommandError(BuildError.unknownOption(String(word[..<equals])).description)
      }
      guard choices[slot] == nil else {
        throw CommandError(BuildError.repeatedOption(slot).description)
      }
      let allowed = model.allowedParts(for: slot)
      guard !value.isEmpty else {
        throw CommandError(
          "option '\(slot)' needs a value (allowed: \(allowed.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      choices[slot] = PartID(value)
    }
    return choices
  }

  // MARK: builds, show, remove

  func listBuilds(_ arguments: [String]) throws(CommandError) {
    try expectNoArguments(arguments, for: .builds)
    let cars = builds.records.compactMap { record in car(for: record).map { (record, $0) } }
    switch format {
    case .text:
      guard !cars.isEmpty else {
        out.line("No builds yet. Try 'build sports'.")
        return
      }
      var table = TextTable([("#", .right), ("MODEL", .left), ("CAR", .left), ("PRICE", .right)])
      for (record, car) in cars {
        table.append([
          String(record.number), record.model.rawValue, car.displayName, usd(record.price),
        ])
      }
      for line in table.render() { out.line(line) }
    case .json:
      var result = JSONObject()
      result.add("type", "builds")
      result.add("builds", cars.map { buildJSON($0.1, record: $0.0) })
      out.line(result.rendered)
    case .csv:
      csvHeader(Self.buildCSVHeader)
      for (record, car) in cars { out.line(buildCSV(car, record: record)) }
    }
  }

  func show(_ arguments: [String]) throws(CommandError) {
    let record = try buildArgument(arguments, for: .show)
    guard let car = car(for: record) else {
      throw CommandError(
        "show: build #\(record.number) of model '\(record.model)' can no longer be made")
    }
    writeDetail(car, number: record.number, price: record.price)
  }

  func remove(_ arguments: [String]) throws(CommandError) {
    let record = try buildArgument(arguments, for: .remove)
    _ = builds.remove(record.number)
    if format == .text {
      out.line("Removed build #\(record.number).")
    } else if format == .json {
      var result = JSONObject()
      result.add("type", "removed")
      result.add("build", record.number)
      out.line(result.rendered)
    }
  }

  /// The build named by the only argument, or an error naming the bad number.
  func buildArgument(_ arguments: [String], for command: Command) throws(CommandError)
    -> BuildRecord
  {
    guard let text = arguments.first else {
      throw CommandError("\(command.rawValue): missing build number (usage: \(command.synopsis))")
    }
    try expectNoArguments(Array(arguments.dropFirst()), for: command)
    return try buildRecord(text, for: command)
  }

  func buildRecord(_ text: String, for command: Command, label: String? = nil)
    throws(CommandError) -> BuildRecord
  {
    let name = label ?? command.rawValue
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard let number = Int(digits), number > 0, digits.allSatisfy(\.isASCII) else {
      throw CommandError("\(name): bad build number '\(text)' (expected 1, 2, ...)")
    }
    guard let record = builds.record(number) else {
      let known = builds.records.prefix(10).map { String($0.number) }
      let list =
        known.isEmpty
        ? "there are no builds"
        : "builds: \(known.joined(separator: ", "))\(builds.records.count > 10 ? ", ..." : "")"
      throw CommandError("\(name): no build #\(number) (\(list))")
    }
    return record
  }

  /// Makes a recorded build's car again from its model's factory.
  func car(for record: BuildRecord) -> Car? {
    try? Car(model: record.model, options: record.options, registry: registry)
  }

  // MARK: output of one build

  static let buildCSVHeader = [
    "build", "model", "car_type", "name", "seats", "engine", "suspension", "drive", "price",
    "currency",
  ]

  func writeDetail(_ car: Car, number: Int, price: Price? = nil) {
    let price = price ?? car.price
    switch format {
    case .text:
      out.line("Car type: \(car.carType)")
      out.line("Seats: \(car.floorplan.seats)")
      out.line("Engine: \(car.floorplan.enginePosition.displayName)")
      out.line("Suspension: \(car.suspension.name)")
      out.line("Drive: \(car.drivetrain.name)")
      out.line("Price: \(usd(price))")
    case .json:
      let record = BuildRecord(number: number, model: car.model, options: car.options, price: price)
      out.line(buildJSON(car, record: record).rendered)
    case .csv:
      csvHeader(Self.buildCSVHeader)
      out.line(
        buildCSV(
          car,
          record: BuildRecord(number: number, model: car.model, options: car.options, price: price))
      )
    }
  }

  func buildJSON(_ car: Car, record: BuildRecord) -> JSONObject {
    var object = JSONObject()
    object.add("type", "build")
    object.add("build", record.number)
    object.add("model", car.model.rawValue)
    object.add("carType", car.carType)
    object.add("name", car.displayName)
    object.add("seats", car.floorplan.seats)
    object.add("engine", car.floorplan.enginePosition.displayName)
    object.add("suspension", car.suspension.name)
    object.add("drive", car.drivetrain.name)
    var options = JSONObject()
    for slot in PartSlot.allCases {
      if let part = record.options[slot] { options.add(slot.rawValue, part.rawValue) }
    }
    object.add("options", options)
    object.add("price", usdJSON(record.price))
    return object
  }

  func buildCSV(_ car: Car, record: BuildRecord) -> String {
    CSV.row([
      String(record.number), car.model.rawValue, car.carType, car.displayName,
      String(car.floorplan.seats), car.floorplan.enginePosition.displayName, car.suspension.name,
      car.drivetrain.name, Self.decimal(record.price), "USD",
    ])
  }

  /// Writes a CSV header unless the previous CSV table had the same one.
  func csvHeader(_ fields: [String]) {
    let header = CSV.row(fields)
    guard header != lastCSVHeader else { return }
    lastCSVHeader = header
    out.line(header)
  }
}
