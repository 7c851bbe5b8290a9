import Support

/// What a number of the one grammar (``DecimalSyntax``, in `Support`) means as money: minor
/// units, and the user-facing errors.
extension DecimalSyntax {
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
