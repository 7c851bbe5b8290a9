/// A collection that ``JSONValueDecoder`` decodes with its capacity reserved up front: the
/// elements are counted first (a pass over the list's bytes) and charged to the document's
/// ``JSONMemoryBudget`` before any is decoded.
///
/// The standard library's `Array` and `Dictionary` grow by doubling as they decode, so at
/// their peak they hold three times their elements' size (the old storage and the new, twice
/// as large); reserved, they hold it once. Charging before decoding is what refuses a list of
/// millions of tiny values (`[0,0,0,…]`) whose elements are large structs, at once.
protocol JSONReservingDecodable {
  /// Decodes the value, reserving and charging its storage first.
  ///
  /// - Parameter decoder: The decoder at the value.
  /// - Throws: A `DecodingError`, or ``JSONBudgetExceeded``.
  init(reservingFrom decoder: JSONValueDecoder) throws
}

extension Array: JSONReservingDecodable where Element: Decodable {
  init(reservingFrom decoder: JSONValueDecoder) throws {
    var container = JSONUnkeyedContainer(
      decoder: decoder, list: try decoder.listOffset(for: Self.self))
    let count = container.elementCount
    try decoder.document.charge(
      JSONMemoryBudget.arrayCost(count: count, stride: MemoryLayout<Element>.stride),
      at: decoder.codingPath)
    self.init()
    reserveCapacity(count)
    while !container.isAtEnd {
      append(try container.decodeElement(Element.self))
    }
  }
}

extension Dictionary: JSONReservingDecodable where Key == String, Value: Decodable {
  init(reservingFrom decoder: JSONValueDecoder) throws {
    guard let offset = decoder.offset, decoder.kind == .object else {
      throw decoder.mismatch(Self.self, "a dictionary")
    }
    let count = decoder.document.read(at: offset) { $0.count() }
    try decoder.document.charge(
      JSONMemoryBudget.dictionaryCost(
        count: count, stride: MemoryLayout<Key>.stride + MemoryLayout<Value>.stride),
      at: decoder.codingPath)
    self.init(minimumCapacity: count)
    // Members in file order, one at a time: no index of the keys is built. The checker has
    // refused a key given twice.
    let document = decoder.document
    var next = document.read(at: offset) { $0.enterContainer() ? $0.index : nil }
    while let position = next {
      let (key, valueOffset) = document.read(at: position) { ($0.readKey(), $0.index) }
      try document.charge(
        JSONMemoryBudget.stringCost(utf8Count: key.utf8.count), at: decoder.codingPath)
      self[key] = try decoder.decoder(at: valueOffset, key: JSONAnyKey(stringValue: key))
        .decode(Value.self)
      next = document.read(at: valueOffset) { cursor in
        cursor.skipValue()
        return cursor.advanceInContainer() ? cursor.index : nil
      }
    }
  }
}
