/// A currency number pattern learned once, then applied to integers: exact and cheap.
///
/// It holds every character of the text around and between the digits (affixes, separators,
/// the ten digits themselves) and the grouping rule: the size of the rightmost group, the size
/// of the further groups (2 for Indian lakh grouping), and the minimum grouping digits (with
/// 2, as in `pl_PL`, a four-digit integer stays ungrouped: `1234,50 €`, `12 345,50 €`).
struct NumberPattern: Sendable, Hashable {
  /// Text before the digits of a positive amount (`"$"`).
  let positivePrefix: String
  /// Text after the digits of a positive amount (`" €"` with U+00A0).
  let positiveSuffix: String
  /// Text before the digits of a negative amount (`"-$"`).
  let negativePrefix: String
  /// Text after the digits of a negative amount.
  let negativeSuffix: String
  /// Separator between digit groups (`","`, `"."`, U+202F); empty for none.
  let groupingSeparator: String
  /// Separator before the minor-unit digits (`"."`, `","`).
  let decimalSeparator: String
  /// Size of the rightmost digit group (`3`), 0 for no grouping.
  let primaryGroupSize: Int
  /// Size of the further groups (`3`, or `2` for Indian grouping).
  let secondaryGroupSize: Int
  /// Grouping happens only when the integer has at least `primaryGroupSize +
  /// minimumGroupingDigits` digits (ICU's rule; 1 for most locales, 2 for `pl`, `es`, …).
  let minimumGroupingDigits: Int
  /// Number of minor-unit digits shown: the currency's minor units.
  let fractionDigits: Int
  /// The locale's digits, zero to nine (ASCII, Arabic-Indic, Devanagari, …).
  let digits: [String]

  /// The UTF-8 bytes of each piece, so formatting copies bytes and makes one string.
  private let bytes: Bytes

  private struct Bytes: Sendable, Hashable {
    var positivePrefix: [UInt8]
    var positiveSuffix: [UInt8]
    var negativePrefix: [UInt8]
    var negativeSuffix: [UInt8]
    var grouping: [UInt8]
    var decimal: [UInt8]
    /// The digits' UTF-8, `digitWidth` bytes each; empty when the digits are ASCII.
    var digits: [UInt8]
    var digitWidth: Int
  }

  /// Creates a pattern.
  /// - Parameters:
  ///   - positivePrefix: Text before the digits of a positive amount.
  ///   - positiveSuffix: Text after the digits of a positive amount.
  ///   - negativePrefix: Text before the digits of a negative amount.
  ///   - negativeSuffix: Text after the digits of a negative amount.
  ///   - groupingSeparator: Separator between digit groups; empty for none.
  ///   - decimalSeparator: Separator before the minor-unit digits.
  ///   - primaryGroupSize: Size of the rightmost group, 0 for no grouping.
  ///   - secondaryGroupSize: Size of the further groups.
  ///   - minimumGroupingDigits: Digits the highest group needs before grouping happens (≥ 1).
  ///   - fractionDigits: Number of minor-unit digits, 0…4.
  ///   - digits: The ten digits, zero first, each one Unicode scalar of the same UTF-8 length.
  ///
  /// It fails if the digits or sizes are unusable (the caller then uses Foundation).
  init?(
    positivePrefix: String, positiveSuffix: String, negativePrefix: String,
    negativeSuffix: String, groupingSeparator: String, decimalSeparator: String,
    primaryGroupSize: Int, secondaryGroupSize: Int, minimumGroupingDigits: Int,
    fractionDigits: Int, digits: [String]
  ) {
    guard digits.count == 10, (0...4).contains(fractionDigits), (0...20).contains(primaryGroupSize),
      (1...20).contains(secondaryGroupSize), (1...20).contains(minimumGroupingDigits),
      let width = digits.first?.utf8.count,
      digits.allSatisfy({ $0.unicodeScalars.count == 1 && $0.utf8.count == width })
    else { return nil }
    self.positivePrefix = positivePrefix
    self.positiveSuffix = positiveSuffix
    self.negativePrefix = negativePrefix
    self.negativeSuffix = negativeSuffix
    self.groupingSeparator = groupingSeparator
    self.decimalSeparator = decimalSeparator
    self.primaryGroupSize = primaryGroupSize
    self.secondaryGroupSize = secondaryGroupSize
    self.minimumGroupingDigits = minimumGroupingDigits
    self.fractionDigits = fractionDigits
    self.digits = digits
    let ascii = digits == Self.asciiDigits
    bytes = Bytes(
      positivePrefix: Array(positivePrefix.utf8), positiveSuffix: Array(positiveSuffix.utf8),
      negativePrefix: Array(negativePrefix.utf8), negativeSuffix: Array(negativeSuffix.utf8),
      grouping: Array(groupingSeparator.utf8), decimal: Array(decimalSeparator.utf8),
      digits: ascii ? [] : digits.flatMap(\.utf8), digitWidth: ascii ? 1 : width)
  }

  /// The same grouping and digits with no symbol and no decimals, for counts of items.
  var countPattern: NumberPattern? {
    NumberPattern(
      positivePrefix: "", positiveSuffix: "", negativePrefix: "-", negativeSuffix: "",
      groupingSeparator: groupingSeparator, decimalSeparator: decimalSeparator,
      primaryGroupSize: primaryGroupSize, secondaryGroupSize: secondaryGroupSize,
      minimumGroupingDigits: minimumGroupingDigits, fractionDigits: 0, digits: digits)
  }

  /// `"0"` … `"9"`.
  static let asciiDigits = (0..<10).map(String.init)

  /// The home convention of a currency: symbol first, `,` grouping by three, `.` decimals.
  /// - Parameters:
  ///   - symbol: The prefix (`"$"`, `"CHF "`).
  ///   - fractionDigits: The currency's minor units.
  /// - Returns: The pattern.
  static func home(symbol: String, fractionDigits: Int) -> NumberPattern {
    let pattern = NumberPattern(
      positivePrefix: symbol, positiveSuffix: "", negativePrefix: "-" + symbol,
      negativeSuffix: "", groupingSeparator: ",", decimalSeparator: ".", primaryGroupSize: 3,
      secondaryGroupSize: 3, minimumGroupingDigits: 1,
      fractionDigits: min(max(fractionDigits, 0), 4), digits: asciiDigits)
    // The arguments above always satisfy the initializer's checks.
    guard let pattern else { preconditionFailure("home pattern rejected") }
    return pattern
  }

  /// Formats `minorUnits / 10^fractionDigits` with this pattern.
  /// - Parameter minorUnits: The amount in minor units.
  /// - Returns: The text, e.g. `₹12,34,567.00`.
  func format(minorUnits: Int64) -> String {
    let negative = minorUnits < 0
    let magnitude = minorUnits.magnitude
    let scale = UInt64(truncatingIfNeeded: Pow10.int64[fractionDigits])
    let integerPart = magnitude / scale
    let fractionPart = magnitude % scale
    // At most 19 integer digits (UInt64 below 10^20), least significant first.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { scratch in
      var integerCount = 0
      var rest = integerPart
      repeat {
        scratch[integerCount] = UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
        integerCount += 1
      } while rest > 0
      var fraction = fractionPart
      for index in 0..<fractionDigits {
        scratch[23 - index] = UInt8(truncatingIfNeeded: fraction % 10)
        fraction /= 10
      }
      let grouped =
        primaryGroupSize > 0 && integerCount >= primaryGroupSize + minimumGroupingDigits
      let prefix = negative ? bytes.negativePrefix : bytes.positivePrefix
      let suffix = negative ? bytes.negativeSuffix : bytes.positiveSuffix
      let capacity =
        prefix.count + suffix.count + (integerCount + fractionDigits) * bytes.digitWidth
        + (grouped ? integerCount * bytes.grouping.count : 0) + bytes.decimal.count
      return String(unsafeUninitializedCapacity: capacity) { out in
        var end = 0
        Self.append(prefix, to: out, at: &end)
        // Digits remaining (this one included) at which a separator goes before a digit.
        var nextBoundary = grouped ? primaryGroupSize : 0
        while grouped, nextBoundary + secondaryGroupSize < integerCount {
          nextBoundary += secondaryGroupSize
        }
        for position in stride(from: integerCount - 1, through: 0, by: -1) {
          if position + 1 == nextBoundary, position + 1 < integerCount {
            Self.append(bytes.grouping, to: out, at: &end)
            nextBoundary = nextBoundary == primaryGroupSize ? 0 : nextBoundary - secondaryGroupSize
          }
          appendDigit(scratch[position], to: out, at: &end)
        }
        if fractionDigits > 0 {
          Self.append(bytes.decimal, to: out, at: &end)
          for index in (24 - fractionDigits)..<24 {
            appendDigit(scratch[index], to: out, at: &end)
          }
        }
        Self.append(suffix, to: out, at: &end)
        return end
      }
    }
  }

  @inline(__always)
  private func appendDigit(
    _ digit: UInt8, to out: UnsafeMutableBufferPointer<UInt8>, at end: inout Int
  ) {
    if bytes.digits.isEmpty {
      out[end] = 0x30 &+ digit
      end += 1
      return
    }
    let width = bytes.digitWidth
    let start = Int(digit) * width
    for offset in 0..<width { out[end + offset] = bytes.digits[start + offset] }
    end += width
  }

  @inline(__always)
  private static func append(
    _ piece: [UInt8], to out: UnsafeMutableBufferPointer<UInt8>, at end: inout Int
  ) {
    for byte in piece {
      out[end] = byte
      end += 1
    }
  }
}
