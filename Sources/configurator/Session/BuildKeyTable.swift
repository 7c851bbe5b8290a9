internal import CarFactory

/// Plain `build` lines read by their bytes: the registry's models with their slots' allowed
/// parts as bytes, and for each model the configuration each set of choices made.
///
/// A line's key is its model and, per slot, which allowed part it names (or none), found by
/// comparing the words' bytes without ASCII case: `BUILD Sports  DRIVE=4wd` and
/// `build sports drive=4WD` have one key, so a script of varied spellings parses each line
/// by its bytes and makes each configuration's car once. Only lines that are plain builds of
/// ASCII words with known slots and allowed values get a key; anything else (an error, an
/// engine model, `-drive=4wd`, a list, non-ASCII text) goes the `String` way, which also makes
/// a key's first configuration.
struct BuildKeyTable {
  /// A model as its id's bytes, with its slots' allowed parts.
  struct Model {
    /// The model id's bytes (ids are matched as `ModelID(word.lowercased())` would match).
    let id: [UInt8]
    /// Whether builds of it go through the configuration engine (a UVL model, equipment or
    /// rules): such lines never get a key.
    let needsEngine: Bool
    /// The allowed parts of each slot (in ``BuildKeyTable/slots`` order) as bytes.
    let parts: [[[UInt8]]]
    /// The configuration (in the session's build book) each key made.
    var configurations = KeyMap()
  }

  /// The slots' names as bytes, in `PartSlot.allCases` order.
  static let slots: [[UInt8]] = PartSlot.allCases.map { Array($0.rawValue.utf8) }
  /// Bits of a key per slot: the allowed part's position plus one, zero for no choice.
  private static let bitsPerSlot: UInt64 = 21

  private(set) var models: [Model]

  /// The models of a registry as they are now.
  ///
  /// - Parameter registry: The session's registry.
  init(registry: CarRegistry) {
    models = registry.modelIDs.map { id in
      let definition =
        registry.isFeatureModel(id) ? nil : try? registry.factory(for: id).definition
      let parts = PartSlot.allCases.map { slot in
        definition?.allowedParts(for: slot).map { Array($0.rawValue.utf8) } ?? []
      }
      let needsEngine =
        definition.map { !$0.equipment.isEmpty || !$0.rules.isEmpty } ?? true
      return Model(id: Array(id.rawValue.utf8), needsEngine: needsEngine, parts: parts)
    }
  }

  /// The model and key of `build MODEL [SLOT=VALUE…]`, or `nil` when the line is not a plain
  /// build of ASCII words naming a model, known slots (each once) and allowed values.
  ///
  /// - Parameter words: The line's words; the first is `build`.
  /// - Returns: The model's position in ``models`` and the line's key.
  func key(for words: WordList) -> (model: Int, key: UInt64)? {
    guard words.count >= 2 else { return nil }
    let found = words.withWord(1) { word -> Int? in
      guard Self.isASCII(word) else { return nil }
      return models.firstIndex { model in
        model.id.withUnsafeBufferPointer { ASCII.equalsIgnoringCase(word, $0) }
      }
    }
    guard let model = found, !models[model].needsEngine else { return nil }
    let parts = models[model].parts
    // The top bit (above the three slots' 63) makes every key nonzero, as `KeyMap` needs.
    var key: UInt64 = 1 << 63
    for index in 2..<words.count {
      let choice = words.withWord(index) { word -> (slot: Int, part: Int)? in
        guard Self.isASCII(word), let equals = word.firstIndex(of: UInt8(ascii: "=")) else {
          return nil
        }
        let name = UnsafeBufferPointer(rebasing: word[..<equals])
        let value = UnsafeBufferPointer(rebasing: word[(equals + 1)...])
        guard
          let slot = Self.slots.firstIndex(where: { slot in
            slot.withUnsafeBufferPointer { ASCII.equalsIgnoringCase(name, $0) }
          }),
          let part = parts[slot].firstIndex(where: { part in
            part.withUnsafeBufferPointer { ASCII.equalsIgnoringCase(value, $0) }
          })
        else { return nil }
        return (slot, part)
      }
      guard let choice, choice.part + 1 < 1 << Self.bitsPerSlot else { return nil }
      let shift = UInt64(choice.slot) * Self.bitsPerSlot
      // A slot given twice is an error, which the `String` way words.
      guard (key >> shift) & ((1 << Self.bitsPerSlot) - 1) == 0 else { return nil }
      key |= UInt64(choice.part + 1) << shift
    }
    return (model, key)
  }

  /// The configuration a key made before, if it did.
  ///
  /// - Parameters:
  ///   - model: The model's position in ``models``.
  ///   - key: The line's key.
  /// - Returns: The configuration's index in the session's build book.
  func configuration(model: Int, key: UInt64) -> UInt32? {
    models[model].configurations.value(for: key)
  }

  /// Remembers the configuration a key made.
  ///
  /// - Parameters:
  ///   - configuration: The configuration's index in the session's build book.
  ///   - model: The model's position in ``models``.
  ///   - key: The line's key.
  mutating func remember(_ configuration: UInt32, model: Int, key: UInt64) {
    models[model].configurations.insert(configuration, for: key)
  }

  private static func isASCII(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    var any: UInt8 = 0
    for byte in word { any |= byte }
    return any < 0x80
  }
}

/// A map from nonzero keys to configurations by open addressing with a multiplicative hash:
/// a lookup is a multiply, a shift and a compare or two (a `Dictionary` hashes with SipHash).
/// It holds at most one entry per distinct key a model's slots allow, and doubles when half full.
struct KeyMap {
  private var keys = [UInt64](repeating: 0, count: 16)
  private var values = [UInt32](repeating: 0, count: 16)
  private var count = 0
  /// 64 minus the bits of the capacity: the hash keeps the product's top bits.
  private var shift: UInt64 = 60

  /// The configuration of `key`, if one was inserted.
  ///
  /// - Parameter key: A nonzero key.
  /// - Returns: The configuration.
  func value(for key: UInt64) -> UInt32? {
    let mask = keys.count - 1
    var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    while true {
      let stored = keys[index]
      if stored == key { return values[index] }
      if stored == 0 { return nil }
      index = (index + 1) & mask
    }
  }

  /// Sets the configuration of `key`.
  ///
  /// - Parameters:
  ///   - value: The configuration.
  ///   - key: A nonzero key.
  mutating func insert(_ value: UInt32, for key: UInt64) {
    if 2 * (count + 1) > keys.count { grow() }
    let mask = keys.count - 1
    var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    while keys[index] != 0, keys[index] != key { index = (index + 1) & mask }
    if keys[index] == 0 { count += 1 }
    keys[index] = key
    values[index] = value
  }

  private mutating func grow() {
    let old = zip(keys, values).filter { $0.0 != 0 }
    keys = [UInt64](repeating: 0, count: 2 * keys.count)
    values = [UInt32](repeating: 0, count: keys.count)
    shift -= 1
    count = 0
    for (key, value) in old { insert(value, for: key) }
  }
}
