internal import CarFactory
internal import StockValuation
import Support

/// Reads a session file into a ``SessionState``, refusing the whole file at the first problem
/// and naming its JSON path (`stock[3].quantity`).
///
/// The JSON goes through the package's one strict decoding (`StrictJSON`) into the
/// ``SessionDocument`` schema; this type then checks what needs the registry and the whole
/// document: every build must still be buildable with the registered models, build numbers
/// must be distinct, and the stock's totals must fit the money type.
struct SessionFileDecoder {
  /// The file as the user named it, for messages.
  let file: String
  /// The models builds are checked against.
  let registry: CarRegistry

  /// Decodes the bytes of a session file.
  ///
  /// - Throws: ``SessionFileError`` naming the file, the JSON path and the problem.
  func decode(_ bytes: [UInt8]) throws(SessionFileError) -> SessionState {
    guard bytes.contains(where: { !($0 == 32 || $0 == 9 || $0 == 10 || $0 == 13) }) else {
      throw fail("", "the file is empty (expected a configurator session)")
    }
    let document: SessionDocument
    do {
      document = try StrictJSON.decode(SessionDocument.self, from: bytes)
    } catch {
      throw SessionFileError(file: file, failure: error)
    }
    let records = try builds(document.builds)
    let stock = try stockLines(document.stock)
    let summaries = try stockSummaries(document.stockSummaries, lines: stock)
    return SessionState(
      builds: BuildBook(records: records, nextNumber: Int(document.nextBuild)), stock: stock,
      currency: document.currency, rates: document.rates.table, stockSummaries: summaries)
  }

  private func builds(_ entries: [SessionBuild]) throws(SessionFileError) -> [BuildRecord] {
    var records: [BuildRecord] = []
    var seen: Set<Int> = []
    let models = registry.modelIDs
    for entry in entries {
      guard seen.insert(entry.number).inserted else {
        throw fail(entry.path + ".number", "build #\(entry.number) appears twice")
      }
      let model = ModelID(entry.model)
      guard models.contains(model) else {
        throw fail(
          entry.path + ".model",
          BuildError.unknownModel(entry.model, known: models).description
            + "; is its catalog missing? (add it with --catalog FILE)")
      }
      try checkValues(of: entry, model: model)
      records.append(
        BuildRecord(
          number: entry.number, model: model, options: entry.options, price: entry.price,
          values: entry.values))
    }
    return records.sorted { $0.number < $1.number }
  }

  /// A build's parts, equipment or features must still be the model's; a UVL build must have
  /// been made with the same version of its model file.
  private func checkValues(of entry: SessionBuild, model: ModelID) throws(SessionFileError) {
    if registry.isFeatureModel(model) {
      guard let line = try? registry.productLine(for: model) else { return }
      if let digest = entry.modelDigest, digest != line.digest {
        throw fail(
          entry.path + ".modelDigest",
          "build #\(entry.number) was made with \(entry.modelFile ?? "another file") "
            + "(digest \(digest)), but model '\(model)' was loaded from \(line.file) "
            + "(digest \(line.digest))")
      }
      for (index, atom) in entry.values.enumerated() where line.valueIndex(forAtom: atom) == nil {
        throw fail(
          entry.path + ".values[\(index)]", "model '\(model)' has no feature '\(atom)'")
      }
      return
    }
    do {
      _ = try Car(model: model, options: entry.options, registry: registry)
    } catch {
      throw fail(entry.path + ".options", error.description)
    }
    guard !entry.values.isEmpty, let line = try? registry.productLine(for: model) else { return }
    for (index, atom) in entry.values.enumerated() where line.valueIndex(forAtom: atom) == nil {
      throw fail(entry.path + ".values[\(index)]", "model '\(model)' has no value '\(atom)'")
    }
  }

  private func stockLines(_ entries: [SessionStockLine]) throws(SessionFileError) -> [StockLine] {
    var lines: [StockLine] = []
    var accumulator = StockAccumulator()
    for entry in entries {
      let line: StockLine
      do {
        line = try StockLine(
          name: entry.name, category: entry.category, unitPrice: entry.unitPrice,
          quantity: entry.quantity, taxPercent: entry.taxPercent)
      } catch {
        throw fail(entry.path + ".taxPercent", error.description)
      }
      do {
        try accumulator.add(line)
      } catch {
        throw fail(entry.path, "the stock's total value is too large (\(error))")
      }
      lines.append(line)
    }
    return lines
  }

  /// Large files kept as category totals; with the lines, every figure must fit.
  private func stockSummaries(_ entries: [SessionStockSummary], lines: [StockLine])
    throws(SessionFileError) -> [StockSummary]
  {
    var accumulator = StockAccumulator()
    for line in lines { try? accumulator.add(line) }
    for entry in entries {
      do {
        try accumulator.add(entry.summary)
        _ = try accumulator.exactTotal.rounded()
      } catch {
        throw fail(entry.path, "the stock's total value is too large (\(error))")
      }
    }
    return entries.map(\.summary)
  }

  private func fail(_ path: String, _ reason: String) -> SessionFileError {
    SessionFileError(file: file, path: path, reason: reason)
  }
}

extension SessionFileError {
  /// The session file's wording of a JSON failure: `d.json: stock[0].quantity: expected a
  /// whole number, got the string "10"`, `d.json: currency: missing`.
  ///
  /// - Parameters:
  ///   - file: The file as the user named it.
  ///   - failure: What the strict decoding refused.
  init(file: String, failure: JSONDecodingFailure) {
    switch failure {
    case .syntax(let error):
      self.init(file: file, path: "", reason: "not valid JSON: \(error)")
    case .issue(let issue):
      switch issue.problem {
      case .missingKey(let key):
        self.init(file: file, path: JSONIssue.path(of: key, in: issue.path), reason: "missing")
      case .unknownKey(let key, let allowed):
        self.init(
          file: file, path: issue.path,
          reason:
            "unknown key\(Suggestion.hint(for: key, in: allowed)) "
            + "(keys: \(allowed.joined(separator: ", ")))")
      case .wrongType(let expected, let found):
        let kind =
          switch expected {
          case .string: "a string"
          case .wholeNumber: "a whole number"
          case .bool: "true or false"
          case .array: "an array"
          case .object: "an object"
          case .other(let name): name
          }
        self.init(
          file: file, path: issue.path,
          reason: "expected \(kind), got \(SessionDocument.describe(found))")
      case .invalid(let reason):
        self.init(file: file, path: issue.path, reason: reason)
      }
    }
  }
}
