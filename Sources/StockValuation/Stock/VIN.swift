/// Vehicle identification numbers as an inventory may carry them (ISO 3779).
///
/// A VIN is 17 characters of `A`-`Z` and `0`-`9` without `I`, `O` and `Q` (they read as `1`
/// and `0`); lower case is accepted and kept upper case. The check digit (position 9) is
/// required in North America only, so it is not checked: a European VIN need not have one.
public enum VIN {
  /// The length of every VIN.
  public static let length = 17

  /// The VIN written in upper case, or `nil` when `text` is not one.
  ///
  /// - Parameter text: The VIN as written (surrounding spaces are not part of it).
  /// - Returns: The VIN in upper case.
  public static func checked(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard bytes.count == length else { return nil }
    var upper: [UInt8] = []
    upper.reserveCapacity(length)
    for byte in bytes {
      let letter = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
      let isDigit = letter >= 0x30 && letter <= 0x39
      let isLetter = letter >= 0x41 && letter <= 0x5A
      guard isDigit || (isLetter && !"IOQ".utf8.contains(letter)) else { return nil }
      upper.append(letter)
    }
    return String(decoding: upper, as: UTF8.self)
  }

  /// What a VIN must be, for messages.
  public static let expected = "17 letters and digits, without I, O or Q"
}
