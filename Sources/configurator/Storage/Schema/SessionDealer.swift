internal import Dealership
internal import StockValuation
import Support

/// The dealer's profile in a session file: a name (`"dealer":"Kings Motors"`, every version),
/// or from version 7 an object `{"name":"Kings Motors","address":"12 High Street, Leeds",
/// "phone":"0113 496 0000","vat":"GB123456789","tax":{"label":"VAT","percent":"20"}}` when it
/// holds more than the name.
enum SessionDealer {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, address, phone, vat, tax
  }

  enum TaxKeys: String, CodingKey, CaseIterable {
    case label, percent
  }

  /// The profile at `field`: a string or an object, each text as ``DocumentText`` accepts.
  static func profile(_ field: any Decoder) throws -> DealerProfile {
    if field.string() != nil { return DealerProfile(name: try SessionFields.dealer(field)) }
    let container = try field.strictContainer(keyedBy: CodingKeys.self)
    var profile = DealerProfile(
      name: try SessionFields.dealer(container.requiredDecoder(forKey: .name)))
    profile.address = try container.optionalDecoder(forKey: .address).map(text)
    profile.phone = try container.optionalDecoder(forKey: .phone).map(text)
    profile.vat = try container.optionalDecoder(forKey: .vat).map(text)
    if let taxField = try container.optionalDecoder(forKey: .tax) {
      let tax = try taxField.strictContainer(keyedBy: TaxKeys.self)
      let label = try text(tax.requiredDecoder(forKey: .label))
      let percentField = try tax.requiredDecoder(forKey: .percent)
      let percent = try SessionFields.decimal(percentField)
      let hundred: Int64 = [100, 1_000, 10_000, 100_000, 1_000_000][min(max(percent.scale, 0), 4)]
      guard percent.significand >= 0, percent.scale <= 4, percent.significand <= hundred else {
        throw percentField.invalid("expected a percent from 0 to 100, got \(percent)")
      }
      profile.tax = DealerProfile.Tax(label: label, percent: percent)
    }
    return profile
  }

  /// A text of the profile: one line of printable characters.
  private static func text(_ field: any Decoder) throws -> String {
    guard let text = field.string() else { throw field.wrongType(expected: .string) }
    if let problem = DocumentText.problem(text) {
      throw field.invalid("the text \(CommandError.text(of: problem))")
    }
    return text
  }

  /// The profile on one line: its name alone as a string, else the object above.
  static func json(_ profile: DealerProfile) -> String {
    guard profile.hasDetails else { return SessionFile.quoted(profile.name) }
    var object = JSONObject()
    object.add("name", profile.name)
    if let address = profile.address { object.add("address", address) }
    if let phone = profile.phone { object.add("phone", phone) }
    if let vat = profile.vat { object.add("vat", vat) }
    if let tax = profile.tax {
      var entry = JSONObject()
      entry.add("label", tax.label)
      entry.add("percent", tax.percent.description)
      object.add("tax", entry)
    }
    return object.rendered
  }
}
