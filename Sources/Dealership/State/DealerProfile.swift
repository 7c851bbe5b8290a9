package import StockValuation

/// The dealer as a customer's document shows them (SPEC §15): the name, the address block,
/// phone and VAT number, and the tax their quotes charge by default, with its label (`VAT
/// 20%`). Set by `dealer NAME [address=…] [phone=…] [vat=…] [tax=LABEL P%]`, kept in the
/// session and the store.
package struct DealerProfile: Equatable {
  /// The default tax of quotes: its label (`VAT`) and percent.
  package struct Tax: Equatable {
    /// The longest label, in characters.
    package static let maximumLabelLength = 20
    package let label: String
    package let percent: ExactDecimal

    package init(label: String, percent: ExactDecimal) {
      self.label = label
      self.percent = percent
    }
  }

  package var name: String
  /// The address as typed; a `,` separates the lines of its block.
  package var address: String?
  package var phone: String?
  /// The VAT (or tax) registration number.
  package var vat: String?
  package var tax: Tax?

  package init(
    name: String, address: String? = nil, phone: String? = nil, vat: String? = nil,
    tax: Tax? = nil
  ) {
    self.name = name
    self.address = address
    self.phone = phone
    self.vat = vat
    self.tax = tax
  }

  /// The address block: the address's lines, split at its commas, without blanks around.
  package var addressLines: [String] {
    guard let address else { return [] }
    return address.split(separator: ",").map { part in
      String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }.filter { !$0.isEmpty }
  }

  /// Whether it holds more than the name (a session file then writes it as an object).
  package var hasDetails: Bool { address != nil || phone != nil || vat != nil || tax != nil }

  /// What `dealer …` changes: each field given replaces the one kept (an empty value clears
  /// it), the others stay.
  package struct Change: Equatable {
    package var name: String?
    /// `.some(nil)` clears the address (`address=`).
    package var address: String??
    package var phone: String??
    package var vat: String??
    package var tax: Tax??

    /// Whether it changes nothing (`dealer` alone).
    var isEmpty: Bool { name == nil && address == nil && phone == nil && vat == nil && tax == nil }
  }

  /// This profile with `change` made.
  func applying(_ change: Change) -> DealerProfile {
    var profile = self
    if let name = change.name { profile.name = name }
    if let address = change.address { profile.address = address }
    if let phone = change.phone { profile.phone = phone }
    if let vat = change.vat { profile.vat = vat }
    if let tax = change.tax { profile.tax = tax }
    return profile
  }
}
