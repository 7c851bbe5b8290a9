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
    let configuration = builds.intern(
      .init(model: car.model, options: car.options, price: car.price))
    guard let number = builds.add(configuration: configuration) else {
      throw CommandError(
        "build: no build numbers left (the next one would be \(builds.nextNumber))")
    }
    write(template(for: configuration, car: car), number: number)
    lastBuildConfiguration = configuration
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
    // Builds repeat a few configurations: make each configuration's car once.
    var made: [BuildBook.Configuration: Car] = [:]
    let cars = builds.records.compactMap { record -> (BuildRecord, Car)? in
      let key = BuildBook.Configuration(
        model: record.model, options: record.options, price: record.price)
      if let car = made[key] { return (record, car) }
      guard let car = car(for: record) else { return nil }
      made[key] = car
      return (record, car)
    }
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
      result.add(
        "builds",
        rawValues: cars.map { record, car in
          let template = buildTemplate(car, price: record.price)
          return BuildTemplate.jsonPrefix + String(record.number)
            + String(decoding: template.jsonTail.dropLast(), as: UTF8.self)
        })
      out.line(result.rendered)
    case .csv:
      csvHeader(Self.buildCSVHeader)
      for (record, car) in cars {
        out.write(String(record.number))
        out.write(bytes: buildTemplate(car, price: record.price).csvTail)
      }
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
      let known = builds.numbers(prefix: 10).map(String.init)
      let list =
        known.isEmpty
        ? "there are no builds"
        : "builds: \(known.joined(separator: ", "))\(builds.count > 10 ? ", ..." : "")"
      throw CommandError("\(name): no build #\(number) (\(list))")
    }
    return record
  }

  /// Makes a recorded build's car again from its model's factory.
  func car(for record: BuildRecord) -> Car? {
    try? Car(model: record.model, options: record.options, registry: registry)
  }
}
