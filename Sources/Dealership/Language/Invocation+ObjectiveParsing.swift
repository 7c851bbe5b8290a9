package import CarFactory
package import Support

/// The words of SPEC §13's objectives among a model's choices: `min=ATTR` and `max=ATTR` for
/// `build`, `by=ATTR` for `options` (read with its filters in `Invocation+OptionsParsing`),
/// each naming an attribute of the model (only `price` today). They may stand anywhere after
/// the model; the other words are its choices.
extension InvocationParser {
  /// `build MODEL [CHOICE…] [min=ATTR | max=ATTR]`.
  func buildInvocation() throws(CommandError) -> Invocation {
    let (request, keyed) = try keyedRequest(for: .build, keys: Keys("min", "max"))
    guard let keyed, let first = keyed.first else { return .build(request) }
    guard keyed.count == 1 else {
      throw .usage(command: "build", .oneObjective)
    }
    let goal: Objective.Goal = first.key == "min" ? .min : .max
    let attribute = try attribute(first, of: request.line, for: "build")
    guard let objective = request.line.objective(goal, attribute: attribute) else {
      throw unknownAttribute(attribute, of: request.line, for: "build")
    }
    return .optimalBuild(request, objective)
  }

  /// The one or two `KEY=` words a command takes among its choices (no array: a script
  /// parses a `build` on nearly every line).
  private struct Keys {
    let first: StaticString
    let second: StaticString?

    init(_ first: StaticString, _ second: StaticString? = nil) {
      self.first = first
      self.second = second
    }

    /// The key a word starts with (`KEY=`), in any ASCII case.
    func key(of word: UnsafeBufferPointer<UInt8>) -> StaticString? {
      if InvocationParser.word(word, startsWith: first) { return first }
      if let second, InvocationParser.word(word, startsWith: second) { return second }
      return nil
    }
  }

  /// `MODEL [CHOICE…]` with the words `KEY=…` for the keys taken out of the choices (`nil`
  /// when there are none: no array made or released for the common line).
  private func keyedRequest(for command: Command, keys: Keys) throws(CommandError)
    -> (ModelRequest, [(key: String, value: String)]?)
  {
    guard argumentCount >= 1 else {
      throw .missingArgument(command: command.rawValue, .model(known: catalogs.modelIDs))
    }
    let configurator = try configurator(word: 1)
    // Most lines have no key: their choices are every word after the model, read as a
    // script's hot path reads them.
    // Every key is two or three letters: a word without `=` third or fourth is settled by a
    // byte or two (a script names a choice on nearly every line).
    let equals = UInt8(ascii: "=")
    let hasKey = (2..<max(2, words.count)).contains { index in
      words.withWord(index) { word in
        guard word.count >= 3, word[2] == equals || (word.count >= 4 && word[3] == equals)
        else { return false }
        return keys.key(of: word) != nil
      }
    }
    guard hasKey else {
      return (
        ModelRequest(configurator: configurator, choices: try choices(of: configurator, from: 2)),
        nil
      )
    }
    var keyed: [(key: String, value: String)] = []
    var rest: [Int] = []
    for index in 2..<max(2, words.count) {
      let key = words.withWord(index) { word in keys.key(of: word) }
      if let key {
        let text = words.string(index)
        let value = text.dropFirst(key.utf8CodeUnitCount + 1)
        keyed.append(("\(key)", String(value)))
      } else {
        rest.append(index)
      }
    }
    let choices: [Choice]
    do {
      choices = try configurator.choices(count: rest.count, reusing: &words.choiceStorage.pointee) {
        words.bytes(of: rest[$0])
      }
    } catch {
      throw .failed(command: nil, error)
    }
    return (ModelRequest(configurator: configurator, choices: choices), keyed)
  }

  /// Whether a word starts with `KEY=` in any ASCII case.
  static func word(_ word: UnsafeBufferPointer<UInt8>, startsWith key: StaticString)
    -> Bool
  {
    let count = key.utf8CodeUnitCount
    guard word.count > count, word[count] == UInt8(ascii: "=") else { return false }
    return ASCII.equalsIgnoringCase(
      UnsafeBufferPointer(rebasing: word[0..<count]),
      UnsafeBufferPointer(start: key.utf8Start, count: count))
  }

  /// The attribute a `KEY=ATTR` word names, as typed; an error when it names none.
  func attribute(
    _ keyed: (key: String, value: String), of line: ProductLine, for command: String
  ) throws(CommandError) -> String {
    guard !keyed.value.isEmpty else {
      throw .missingArgument(
        command: command, .attribute(key: keyed.key, attributes: line.totalledAttributes))
    }
    return keyed.value
  }

  func unknownAttribute(_ name: String, of line: ProductLine, for command: String)
    -> CommandError
  {
    .notFound(
      command: command,
      .attribute(name, model: line.model, attributes: line.totalledAttributes))
  }
}
