/// Decimal text: the counts are printed in full.
extension BigUInt: CustomStringConvertible, LosslessStringConvertible {
  /// The largest power of ten in a word, `10^19`: the text is made 19 digits at a time.
  private static let chunkDivisor: UInt64 = 10_000_000_000_000_000_000
  private static let chunkDigits = 19

  /// The number in decimal, without separators (`4080389785`).
  package var description: String {
    if isZero { return "0" }
    var chunks: [UInt64] = []
    chunks.reserveCapacity(limbs.count * 64 / 63 + 1)
    var rest = self
    while !rest.isZero {
      let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: Self.chunkDivisor)
      chunks.append(remainder)
      rest = quotient
    }
    var text = ""
    text.reserveCapacity(chunks.count * Self.chunkDigits)
    for (position, chunk) in chunks.reversed().enumerated() {
      let digits = String(chunk)
      if position > 0 {
        text.append(String(repeating: "0", count: Self.chunkDigits - digits.count))
      }
      text.append(digits)
    }
    return text
  }

  /// Reads a decimal number: digits only, at least one.
  ///
  /// - Parameter description: The text.
  package init?(_ description: String) {
    guard !description.isEmpty else { return nil }
    var value = BigUInt.zero
    var chunk: UInt64 = 0
    var chunkLength = 0
    for byte in description.utf8 {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      chunk = chunk * 10 + UInt64(byte - UInt8(ascii: "0"))
      chunkLength += 1
      if chunkLength == Self.chunkDigits {
        value = value.multiplied(byWord: Self.chunkDivisor) + BigUInt(chunk)
        chunk = 0
        chunkLength = 0
      }
    }
    if chunkLength > 0 {
      var scale: UInt64 = 1
      for _ in 0..<chunkLength { scale *= 10 }
      value = value.multiplied(byWord: scale) + BigUInt(chunk)
    }
    self = value
  }
}
