/// A value read where it stands: the decoder is its own single-value container, and keyed and
/// unkeyed containers read their values through it.
extension JSONValueDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { kind == .null }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard let offset, kind == .bool else { throw mismatch(type, "a Bool") }
    return document.read(at: offset) { $0.readWord() } == "true"
  }

  func decode(_ type: String.Type) throws -> String {
    try document.checkBudget(at: codingPath)
    guard let offset, kind == .string else { throw mismatch(type, "a String") }
    let text = document.read(at: offset) { $0.readString() }
    try document.charge(JSONMemoryBudget.stringCost(utf8Count: text.utf8.count), at: codingPath)
    return text
  }

  func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
  func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try document.checkBudget(at: codingPath)
    // Lists and string-keyed dictionaries reserve their exact capacity (and are charged for
    // it) before their elements are decoded.
    if let reserving = type as? any JSONReservingDecodable.Type,
      let value = try reserving.init(reservingFrom: self) as? T
    {
      return value
    }
    return try T(from: self)
  }

  /// A whole number written as one (no fraction, no exponent) that fits `Integer`.
  private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    guard let offset, kind == .number else { throw mismatch(type, "a number") }
    let text = document.read(at: offset) { $0.readWord() }
    guard !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else {
      throw mismatch(type, "a whole number")
    }
    guard let value = Integer(text) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath,
          debugDescription: "the number \(text) does not fit in \(Integer.self)"))
    }
    return value
  }

  private func floatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: Number.Type
  ) throws -> Number {
    guard let offset, kind == .number else { throw mismatch(type, "a number") }
    let text = document.read(at: offset) { $0.readWord() }
    guard let value = Number(text), value.isFinite else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath,
          debugDescription: "the number \(text) does not fit in \(Number.self)"))
    }
    return value
  }
}
