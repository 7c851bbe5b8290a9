/// The names a command line may use for a product line's groups and values, by their bytes
/// (see ``NameTable``): made once with the line, read by every ``ChoiceReader``.
struct ValueNames: Sendable {
  /// Slot and equipment group names, lower-cased.
  let groups: NameTable
  /// Each group's value names (`4wd`, `red`), lower-cased, scoped by group index.
  let values: NameTable
  /// Every slot and equipment value's atom (`drive=4wd`), lower-cased: a plain choice is
  /// found with one lookup.
  let atoms: NameTable
  /// Feature names exactly (scope 0) and lower-cased (scope 1: the first feature of each).
  let features: NameTable
  /// Every slot and equipment value by its name alone, lower-cased (`heated`): a choice may
  /// be written bare when one value has that name (SPEC §11).
  let bare: [String: [Int]]
  /// Whether the line's values are features named by themselves (a UVL model) rather than
  /// `GROUP=VALUE`.
  let areFeatures: Bool
  /// Each rule's index by its id: a reason names its rules by id, and a model may have
  /// thousands of rules.
  let rules: [String: Int]

  /// No names (a line being compiled).
  init() {
    groups = NameTable([])
    values = NameTable([])
    atoms = NameTable([])
    features = NameTable([])
    bare = [:]
    areFeatures = false
    rules = [:]
  }

  /// The names of a compiled line.
  init(_ line: ProductLine) {
    var groups: [(scope: Int, name: [UInt8], value: Int)] = []
    var values: [(scope: Int, name: [UInt8], value: Int)] = []
    var atoms: [(scope: Int, name: [UInt8], value: Int)] = []
    let featureCount = line.groups.reduce(0) { $0 + ($1.kind == .feature ? $1.values.count : 0) }
    var features = NameTable(capacity: 2 * featureCount)
    var bare: [String: [Int]] = [:]
    for (index, group) in line.groups.enumerated() {
      if group.kind == .feature {
        for value in group.values {
          let name = line.values[value].atom
          features.add(scope: 0, name, value: value)
          features.add(scope: 1, name, lowercasing: true, value: value)
        }
        continue
      }
      groups.append((0, Array(group.name.lowercased().utf8), index))
      for value in group.values {
        values.append((index, Array(line.valueName(of: value).lowercased().utf8), value))
        atoms.append((0, Array(line.values[value].atom.lowercased().utf8), value))
        bare[line.valueName(of: value).lowercased(), default: []].append(value)
      }
    }
    self.groups = NameTable(groups)
    self.values = NameTable(values)
    self.atoms = NameTable(atoms)
    self.features = features
    self.bare = bare
    areFeatures = featureCount > 0
    // One lookup a rule, the first of an id kept.
    self.rules = Dictionary(
      line.rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
  }
}

/// Reads a command line's choices word by word (SPEC §7): the one grammar of choices, over
/// the words' UTF-8 bytes; a `String` is made only for a word it refuses. The line is
/// borrowed for each word, not copied (a script reads millions).
struct ChoiceReader {
  private(set) var choices: [Choice] = []

  /// Adds a choice, unless the same choice was read already: a value named twice counts once,
  /// so reasons and corrections cite it once (`+x -x` are two choices, a conflict).
  private mutating func add(_ choice: Choice) {
    if !choices.contains(choice) { choices.append(choice) }
  }

  /// Reads one value named whole (`drive=4wd`, or bare: `heated`): a slot or `one` group may
  /// be chosen once.
  @inline(__always)
  private mutating func read(_ value: Int, isChosen: Bool, of line: borrowing ProductLine)
    throws(ChoiceError)
  {
    let group = line.values[value].group
    if isChosen, line.groups[group].kind != .any,
      choices.contains(where: { $0.isChosen && line.values[$0.value].group == group })
    {
      throw .repeated(line.groups[group].name)
    }
    add(Choice(value: value, isChosen: isChosen))
  }

  /// A reader for a line of `count` words.
  init(count: Int) {
    choices.reserveCapacity(count)
  }

  /// A reader that keeps its choices in `storage`'s memory, taken out of `storage` (left
  /// empty) so that it is reused when nothing else holds it.
  init(reusing storage: inout [Choice]) {
    swap(&choices, &storage)
    // Dropped one by one: for a line's few choices that is faster than `removeAll`'s
    // general range replacement.
    while !choices.isEmpty { choices.removeLast() }
  }

  /// The choices of `count` words read into `storage`'s memory (see
  /// ``ProductLine/choices(count:reusing:word:)``).
  ///
  /// - Parameters:
  ///   - count: How many words there are.
  ///   - storage: Memory kept from line to line; left holding the choices read.
  ///   - word: Word `index`'s bytes, valid for the duration of the call.
  ///   - line: The product line the words choose in.
  /// - Returns: The choices, in the order given.
  /// - Throws: ``ChoiceError`` naming the first word that is not a choice of `line`.
  @inline(__always)
  static func choices(
    count: Int, reusing storage: inout [Choice], word: (Int) -> UnsafeBufferPointer<UInt8>,
    of line: borrowing ProductLine
  ) throws(ChoiceError) -> [Choice] {
    // Most script lines name a model alone.
    guard count > 0 else { return [] }
    var reader = ChoiceReader(reusing: &storage)
    defer { storage = reader.choices }
    for index in 0..<count { try reader.read(word(index), of: line) }
    return reader.choices
  }

  private static let plus = UInt8(ascii: "+")
  private static let minus = UInt8(ascii: "-")
  private static let equals = UInt8(ascii: "=")
  private static let comma = UInt8(ascii: ",")

  /// Reads one word: `ATOM`, `+ATOM`, `-ATOM`, `GROUP=A,B`.
  ///
  /// - Parameters:
  ///   - word: The word's bytes.
  ///   - line: The product line the word chooses in.
  /// - Throws: ``ChoiceError`` naming the word or the part of it that is wrong.
  @inline(__always)
  mutating func read(_ word: UnsafeBufferPointer<UInt8>, of line: borrowing ProductLine)
    throws(ChoiceError)
  {
    var text = word[...]
    var isChosen = true
    if let sign = text.first, sign == Self.plus || sign == Self.minus {
      isChosen = sign == Self.plus
      text = text.dropFirst()
    }
    let body = UnsafeBufferPointer(rebasing: text)
    if line.names.areFeatures {
      let feature =
        line.names.features.value(scope: 0, body)
        ?? line.names.features.value(scope: 1, lowercasing: body)
      if let feature {
        add(Choice(value: feature, isChosen: isChosen))
        return
      }
    }
    // The common word, one value of a slot or group (`drive=4wd`): one lookup, then the
    // rules of its group; anything else is read part by part (``readParts(_:of:isChosen:of:)``).
    // Inlined into the caller, which then reads the line in place: passed to a function,
    // the line was copied (456 bytes) for every line of choices.
    if let value = line.names.atoms.value(scope: 0, lowercasing: body) {
      try read(value, isChosen: isChosen, of: line)
      return
    }
    try readParts(text, of: word, isChosen: isChosen, of: line)
  }

  /// ``read(_:of:)`` of a word that names no atom whole: a bare value name (`heated`) or
  /// `GROUP=A,B`; `text` is the word after its sign.
  @inline(never)
  private mutating func readParts(
    _ text: Slice<UnsafeBufferPointer<UInt8>>, of word: UnsafeBufferPointer<UInt8>,
    isChosen: Bool, of line: borrowing ProductLine
  ) throws(ChoiceError) {
    guard let equals = text.firstIndex(of: Self.equals) else {
      // A bare value name (`heated`): one value has it, or it is ambiguous.
      let readings = line.names.bare[Self.string(text).lowercased()] ?? []
      guard let value = readings.first else { throw line.malformed(Self.string(word[...])) }
      guard readings.count == 1 else {
        throw .ambiguous(
          Self.string(word[...]), readings: readings.map { line.values[$0].atom })
      }
      try read(value, isChosen: isChosen, of: line)
      return
    }
    let nameBytes = UnsafeBufferPointer(rebasing: text[..<equals])
    let listed = text[(equals + 1)...]
    guard
      let group = line.names.groups.value(scope: 0, lowercasing: nameBytes),
      line.groups[group].kind != .feature
    else { throw line.unknownGroup(Self.string(text[..<equals])) }
    let kind = line.groups[group].kind
    // The values after `=`, separated by commas: none may be empty.
    var commas = 0
    var empty = listed.isEmpty
    var previous = Self.comma
    for byte in listed {
      if byte == Self.comma {
        commas += 1
        if previous == Self.comma { empty = true }
      }
      previous = byte
    }
    if previous == Self.comma { empty = true }
    guard !empty else {
      throw .missingValue(group: line.groups[group].name, allowed: Self.allowed(group, of: line))
    }
    if commas > 0, kind != .any {
      throw .oneValueOnly(group: line.groups[group].name, given: Self.string(listed))
    }
    // A slot or `one` group holds one value: it may be chosen once.
    if isChosen, kind != .any,
      choices.contains(where: { $0.isChosen && line.values[$0.value].group == group })
    {
      throw .repeated(line.groups[group].name)
    }
    var start = listed.startIndex
    while start <= listed.endIndex {
      let end = listed[start...].firstIndex(of: Self.comma) ?? listed.endIndex
      let item = listed[start..<end]
      guard
        let value = line.names.values.value(
          scope: group, lowercasing: UnsafeBufferPointer(rebasing: item))
      else {
        throw .notOffered(
          group: line.groups[group].name, value: Self.string(item), model: line.model,
          allowed: Self.allowed(group, of: line))
      }
      add(Choice(value: value, isChosen: isChosen))
      start = end + 1
    }
  }

  private static func allowed(_ group: Int, of line: borrowing ProductLine) -> [String] {
    line.groups[group].values.map { line.valueName(of: $0) }
  }

  private static func string(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
  }
}
