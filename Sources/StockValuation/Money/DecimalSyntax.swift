/// The one strict number grammar of the library, parsed straight from UTF-8 bytes.
///
/// Accepted: `digits` or `digits.digits`, optionally preceded by `-` where the caller allows
/// negatives. Rejected: empty text, spaces anywhere, `+`, a leading or trailing `.` (`.5`,
/// `1.`), grouping separators (`1,234.56`), exponents (`1e3`), `NaN`, `inf`, and anything else.
/// Leading zeros are accepted (`007`, `0.5`).
enum DecimalSyntax {
  /// Why a number was refused.
  enum Failure: Error, Equatable {
    /// The text does not follow the grammar.
    case syntax
    /// The text follows the grammar but has more than 18 significant digits or decimals.
    case outOfRange
  }

  /// A parsed number: `magnitude / 10^fractionDigits`, negated if `isNegative`.
  struct Value: Equatable {
    var magnitude: UInt64
    var fractionDigits: Int
    var isNegative: Bool
  }

  /// Parses one number occupying all of `bytes`.
  @inline(__always)
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, allowingNegative: Bool
  ) throws(Failure) -> Value {
    var index = 0
    let count = bytes.count
    var negative = false
    if allowingNegative, count > 0, bytes[0] == UInt8(ascii: "-") {
      negative = true
      index = 1
    }
    var magnitude: UInt64 = 0
    var integerDigits = 0
    var fractionDigits = 0
    var seenPoint = false
    var overflow = false
    while index < count {
      let byte = bytes[index]
      let digit = byte &- UInt8(ascii: "0")
      if digit < 10 {
        let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
        overflow = overflow || o1 || o2
        magnitude = sum
        if seenPoint { fractionDigits += 1 } else { integerDigits += 1 }
      } else if byte == UInt8(ascii: "."), !seenPoint, integerDigits > 0 {
        seenPoint = true
      } else {
        throw .syntax
      }
      index += 1
    }
    guard integerDigits > 0, !seenPoint || fractionDigits > 0 else { throw .syntax }
    guard !overflow, fractionDigits <= 18 else { throw .outOfRange }
    return Value(magnitude: magnitude, fractionDigits: fractionDigits, isNegative: negative)
  }

  /// Parses a `String` with ``parse(_:allowingNegative:)``.
  static func parse(_ text: String, allowingNegative: Bool) throws(Failure) -> Value {
    var text = text
    let result: Result<Value, Failure> = text.withUTF8 { bytes in
      do throws(Failure) {
        return .success(try parse(bytes, allowingNegative: allowingNegative))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Why a number could not become an amount in minor units.
  enum MinorUnitsFailure: Error, Equatable {
    /// More decimals than the currency has minor-unit digits.
    case tooManyDecimals
    /// The amount does not fit an `Int64` count of minor units.
    case outOfRange
  }

  /// The value as a count of minor units with `minorUnits` decimal digits, exactly.
  @inline(__always)
  static func minorUnits(of value: Value, minorUnits: Int) throws(MinorUnitsFailure) -> Int64 {
    guard value.fractionDigits <= minorUnits else { throw .tooManyDecimals }
    let factor = UInt64(Pow10.int64[minorUnits - value.fractionDigits])
    let (scaled, overflow) = value.magnitude.multipliedReportingOverflow(by: factor)
    guard !overflow,
      let result = WideArithmetic.signed(UInt128(scaled), negative: value.isNegative)
    else { throw .outOfRange }
    return result
  }
}

extension DecimalSyntax.Failure {
  /// The user-facing error for this failure on `text`.
  func moneyError(for text: String) -> MoneyError {
    switch self {
    case .syntax: .badNumber(text)
    case .outOfRange: .outOfRange(text)
    }
  }
}

extension DecimalSyntax.MinorUnitsFailure {
  /// The user-facing error for this failure on `text`, with `allowed` decimals.
  func moneyError(for text: String, allowed: Int) -> MoneyError {
    switch self {
    case .tooManyDecimals: .tooManyDecimals(text, allowed: allowed)
    case .outOfRange: .outOfRange(text)
    }
  }
}
