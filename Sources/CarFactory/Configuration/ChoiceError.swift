internal import Support

/// Why the choices on a command line (`drive=4wd -paint=red extras=tow,winter`) could not be
/// read against a model. The description is the one-line message users see.
public enum ChoiceError: Error, Hashable, Sendable {
  /// A word that is not `NAME=VALUE` on a model with slots and groups.
  case malformed(String, slots: [String], groups: [String])
  /// No slot or group has this name.
  case unknownGroup(String, slots: [String], groups: [String])
  /// The group does not offer this value.
  case notOffered(group: String, value: String, model: ModelID, allowed: [String])
  /// A value was left empty (`drive=`).
  case missingValue(group: String, allowed: [String])
  /// A slot or `one` group was given a list (`paint=red,blue`).
  case oneValueOnly(group: String, given: String)
  /// A slot or group was chosen twice.
  case repeated(String)
  /// A UVL model has no feature of this name.
  case unknownFeature(String, model: ModelID, features: [String])
  /// A value named alone (`heated`) that several groups offer: the atoms it could mean.
  case ambiguous(String, readings: [String])
}

extension ChoiceError: CustomStringConvertible {
  /// The one-line message users see, naming the bad word and the valid ones.
  public var description: String { unescapedDescription.escapingControlCharacters }

  private var unescapedDescription: String {
    switch self {
    case .malformed(let word, let slots, let groups):
      let example = slots.isEmpty ? "\(groups.first ?? "group")=CHOICE" : "drive=4wd"
      return
        "bad option '\(word.shortenedForMessage)'; expected SLOT=VALUE, like \(example) "
        + Self.names(slots: slots, groups: groups)
    case .unknownGroup(let name, let slots, let groups):
      let hint = Suggestion.hint(for: name, in: slots + groups)
      let listing = (slots + groups).joined(separator: ", ")
      return "unknown option '\(name.shortenedForMessage)'\(hint) (options: \(listing))"
    case .notOffered(let group, let value, let model, let allowed):
      let hint = Suggestion.hint(for: value, in: allowed)
      return
        "\(group) '\(value.shortenedForMessage)' is not available for model '\(model)'\(hint) "
        + "(allowed: \(allowed.joined(separator: ", ")))"
    case .missingValue(let group, let allowed):
      return "option '\(group)' needs a value (allowed: \(allowed.joined(separator: ", ")))"
    case .oneValueOnly(let group, let given):
      return "option '\(group)' takes one value, not '\(given.shortenedForMessage)'"
    case .repeated(let group):
      return "option '\(group)' is given more than once"
    case .unknownFeature(let name, let model, let features):
      let hint = Suggestion.hint(for: name, in: features)
      return "unknown feature '\(name.shortenedForMessage)'\(hint) in model '\(model)'"
    case .ambiguous(let word, let readings):
      return
        "'\(word.shortenedForMessage)' could be \(readings.joined(separator: " or ")); "
        + "write the one you mean"
    }
  }

  private static func names(slots: [String], groups: [String]) -> String {
    if groups.isEmpty { return "(slots: \(slots.joined(separator: ", ")))" }
    if slots.isEmpty { return "(groups: \(groups.joined(separator: ", ")))" }
    return "(slots: \(slots.joined(separator: ", ")); groups: \(groups.joined(separator: ", ")))"
  }
}

extension String {
  /// The text cut to 80 characters with `…`, so a huge bad value cannot make a huge message.
  fileprivate var shortenedForMessage: String {
    count <= 80 ? self : String(prefix(79)) + "…"
  }
}
