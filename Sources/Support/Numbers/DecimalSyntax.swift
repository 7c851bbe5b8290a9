/// The one strict number grammar of the package, parsed straight from UTF-8 bytes.
///
/// Accepted: `digits` or `digits.digits`, optionally preceded by `-` where the caller allows
/// negatives. Rejected: empty text, spaces anywhere, `+`, a leading or trailing `.` (`.5`,
/// `1.`), grouping separators (`1,234.56`), exponents (`1e3`), `NaN`, `inf`, and anything else.
/// Leading zeros are accepted (`007`, `0.5`). Money, rates, tax percents, catalog prices and
/// session-file amounts are all read with it; what a number may then be (its decimals, its
/// range) is the caller's rule.
package enum DecimalSyntax {
  /// Why a number was refused.
  package enum Failure: Error, Equatable {
    /// The text does not follow the grammar.
    case syntax
    /// The text follows the grammar but its digits do not fit the magnitude type, or it has
    /// more than 18 decimals.
    case outOfRange
  }

  /// A parsed number: `magnitude / 10^fractionDigits`, negated if `isNegative`.
  package struct Number<Magnitude: FixedWidthInteger & UnsignedInteger>: Equatable {
    /// All the digits as one integer.
    package var magnitude: Magnitude
    /// How many of the digits come after the point.
    package var fractionDigits: Int
    /// Whether a `-` came first.
    package var isNegative: Bool

    /// Creates a number.
    ///
    /// - Parameters:
    ///   - magnitude: All the digits as one integer.
    ///   - fractionDigits: How many of them come after the point.
    ///   - isNegative: Whether the number is negative.
    @inlinable
    package init(magnitude: Magnitude, fractionDigits: Int, isNegative: Bool) {
      self.magnitude = magnitude
      self.fractionDigits = fractionDigits
      self.isNegative = isNegative
    }
  }

  /// A number of at most 19 digits (what fits a `UInt64`): money, rates, quantities.
  package typealias Value = Number<UInt64>

  /// The most decimals any number may have.
  package static let maximumFractionDigits = 18

  /// Parses one number occupying all of `bytes`, into a magnitude of type `Magnitude`.
  ///
  /// - Parameters:
  ///   - bytes: The number's UTF-8 bytes.
  ///   - allowingNegative: Whether a leading `-` is accepted.
  ///   - magnitude: The integer type the digits are gathered in.
  /// - Returns: The number.
  /// - Throws: ``Failure/syntax`` off the grammar, ``Failure/outOfRange`` when the digits do
  ///   not fit or there are more than 18 decimals.
  @inlinable @inline(__always)
  package static func parse<Magnitude>(
    _ bytes: UnsafeBufferPointer<UInt8>, allowingNegative: Bool, as magnitude: Magnitude.Type
  ) throws(Failure) -> Number<Magnitude> {
    var index = 0
    let count = bytes.count
    var negative = false
    if allowingNegative, count > 0, bytes[0] == UInt8(ascii: "-") {
      negative = true
      index = 1
    }
    var value: Magnitude = 0
    var integerDigits = 0
    var fractionDigits = 0
    var seenPoint = false
    var overflow = false
    while index < count {
      let byte = bytes[index]
      let digit = byte &- UInt8(ascii: "0")
      if digit < 10 {
        let (times10, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times10.addingReportingOverflow(Magnitude(digit))
        overflow = overflow || o1 || o2
        value = sum
        if seenPoint { fractionDigits += 1 } else { integerDigits += 1 }
      } else if byte == UInt8(ascii: "."), !seenPoint, integerDigits > 0 {
        seenPoint = true
      } else {
        throw .syntax
      }
      index += 1
    }
    guard integerDigits > 0, !seenPoint || fractionDigits > 0 else { throw .syntax }
    guard !overflow, fractionDigits <= maximumFractionDigits else { throw .outOfRange }
    return Number(magnitude: value, fractionDigits: fractionDigits, isNegative: negative)
  }

  /// Parses one number occupying all of `bytes` (at most 19 digits).
  ///
  /// - Parameters:
  ///   - bytes: The number's UTF-8 bytes.
  ///   - allowingNegative: Whether a leading `-` is accepted.
  /// - Returns: The number.
  /// - Throws: ``Failure``.
  @inlinable @inline(__always)
  package static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, allowingNegative: Bool
  ) throws(Failure) -> Value {
    try parse(bytes, allowingNegative: allowingNegative, as: UInt64.self)
  }

  /// Parses a `String` with ``parse(_:allowingNegative:as:)``.
  ///
  /// - Parameters:
  ///   - text: The number.
  ///   - allowingNegative: Whether a leading `-` is accepted.
  ///   - magnitude: The integer type the digits are gathered in.
  /// - Returns: The number.
  /// - Throws: ``Failure``.
  package static func parse<Magnitude>(
    _ text: some StringProtocol, allowingNegative: Bool, as magnitude: Magnitude.Type
  ) throws(Failure) -> Number<Magnitude> {
    var text = String(text)
    let result: Result<Number<Magnitude>, Failure> = text.withUTF8 { bytes in
      do throws(Failure) {
        return .success(try parse(bytes, allowingNegative: allowingNegative, as: magnitude))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Parses a `String` with ``parse(_:allowingNegative:)`` (at most 19 digits).
  ///
  /// - Parameters:
  ///   - text: The number.
  ///   - allowingNegative: Whether a leading `-` is accepted.
  /// - Returns: The number.
  /// - Throws: ``Failure``.
  package static func parse(_ text: some StringProtocol, allowingNegative: Bool) throws(Failure)
    -> Value
  {
    try parse(text, allowingNegative: allowingNegative, as: UInt64.self)
  }

  /// The longest number at the start of `bytes` (no sign): its value and its length in bytes,
  /// or `nil` when `bytes` does not start with one (or it does not fit).
  ///
  /// For readers that find where a number ends themselves (a field inside a larger buffer).
  ///
  /// - Parameter bytes: Bytes that may start with a number.
  /// - Returns: The number and how many bytes it takes.
  @inlinable
  package static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> (value: Value, length: Int)? {
    var end = 0
    var seenPoint = false
    while end < bytes.count {
      let byte = bytes[end]
      if byte &- UInt8(ascii: "0") < 10 {
        end += 1
      } else if byte == UInt8(ascii: "."), !seenPoint, end > 0, end + 1 < bytes.count,
        bytes[end + 1] &- UInt8(ascii: "0") < 10
      {
        seenPoint = true
        end += 1
      } else {
        break
      }
    }
    guard end > 0,
      let value = try? parse(UnsafeBufferPointer(rebasing: bytes[0..<end]), allowingNegative: false)
    else { return nil }
    return (value, end)
  }
}
