import Support

extension CatalogError {
  /// The catalog's wording of a JSON failure: `dealer.json: models[0]: missing key 'carType'`,
  /// `dealer.json: note: expected a string, not 1`.
  ///
  /// - Parameters:
  ///   - source: The file the catalog came from.
  ///   - failure: What the strict decoding refused.
  init(source: String, failure: JSONDecodingFailure) {
    switch failure {
    case .syntax(let error):
      self.init(source: source, path: "", reason: "not valid JSON: \(error)")
    case .issue(let issue):
      self.init(source: source, path: issue.path, reason: Self.reason(issue.problem))
    }
  }

  private static func reason(_ problem: JSONIssue.Problem) -> String {
    switch problem {
    case .missingKey(let key):
      return "missing key '\(key)'"
    case .unknownKey(let key, let allowed):
      return "unknown key '\(key)'\(Suggestion.hint(for: key, in: allowed)) "
        + "(keys: \(allowed.joined(separator: ", ")))"
    case .wrongType(let expected, let found):
      let kind =
        switch expected {
        case .string: "a string"
        case .wholeNumber: "a whole number"
        case .bool: "true or false"
        case .array: "a list"
        case .object: "an object"
        case .other(let name): name
        }
      return "expected \(kind), not \(CatalogDocument.show(found))"
    case .invalid(let reason):
      return reason
    }
  }
}
