import Support

/// Turns one scanned record into a ``StockLine``, parsing numbers straight from the bytes.
struct InventoryRowDecoder {
  let columns: InventoryColumns

  /// Decodes the scanner's current record.
  func decode(_ scanner: CSVScanner) throws(InventoryReason) -> StockLine {
    guard scanner.ends.count == columns.count else {
      throw InventoryReason(
        field: nil, text: "expected \(columns.count) fields, found \(scanner.ends.count)")
    }
    let name = try text(scanner.field(columns.name), column: "name")
    let category = try text(scanner.field(columns.category), column: "category")
    let priceField = scanner.field(columns.unitPrice)
    let price = try number(priceField, column: "unit_price")
    let priceMinor: Int64
    do {
      priceMinor = try DecimalSyntax.minorUnits(of: price, minorUnits: 2)
    } catch {
      let raw = String(decoding: priceField, as: UTF8.self)
      throw InventoryReason(
        field: "unit_price", text: error.moneyError(for: raw, allowed: 2).description)
    }
    let quantityField = scanner.field(columns.quantity)
    let quantity = try number(quantityField, column: "quantity")
    guard quantity.fractionDigits == 0, quantity.magnitude <= UInt64(Int64.max) else {
      throw InventoryReason(
        field: "quantity",
        text: MoneyError.badNumber(String(decoding: quantityField, as: UTF8.self)).description)
    }
    var tax: ExactDecimal?
    if let taxColumn = columns.taxPercent {
      let taxField = scanner.field(taxColumn)
      if !taxField.isEmpty {
        let value = try number(taxField, column: "tax_percent")
        guard value.fractionDigits <= StockLine.maximumTaxDecimals,
          value.magnitude <= UInt64(Int64.max)
        else {
          let raw = String(decoding: taxField, as: UTF8.self)
          throw InventoryReason(
            field: "tax_percent",
            text: MoneyError.tooManyDecimals(raw, allowed: StockLine.maximumTaxDecimals)
              .description)
        }
        tax = ExactDecimal(significand: Int64(value.magnitude), scale: value.fractionDigits)
      }
    }
    var vin: String?
    if let vinColumn = columns.vin {
      let field = InventoryColumns.trimmed(scanner.field(vinColumn))
      if !field.isEmpty {
        let written = String(decoding: field, as: UTF8.self)
        guard let checked = VIN.checked(written) else {
          throw InventoryReason(
            field: "vin",
            text: "bad VIN '\(written.capped(at: 40).escapingControlCharacters)' "
              + "(expected \(VIN.expected))")
        }
        // A VIN names one car: its line holds that car or, sold, none.
        guard quantity.magnitude <= 1 else {
          throw InventoryReason(
            field: "quantity",
            text: "a line with a VIN is one car: expected 0 or 1, got \(quantity.magnitude)")
        }
        vin = checked
      }
    }
    return StockLine(
      checkedName: name, category: category,
      unitPrice: Money(minorUnits: priceMinor, currency: .usd),
      quantity: Int64(quantity.magnitude), taxPercent: tax, vin: vin,
      cost: try cost(scanner), received: try received(scanner))
  }

  /// The record's `cost`: USD with at most two decimals, or `nil` when empty or absent.
  private func cost(_ scanner: CSVScanner) throws(InventoryReason) -> Money? {
    guard let column = columns.cost else { return nil }
    let field = InventoryColumns.trimmed(scanner.field(column))
    guard !field.isEmpty else { return nil }
    let value = try number(field, column: "cost")
    do {
      return Money(
        minorUnits: try DecimalSyntax.minorUnits(of: value, minorUnits: 2), currency: .usd)
    } catch {
      let raw = String(decoding: field, as: UTF8.self)
      throw InventoryReason(field: "cost", text: error.moneyError(for: raw, allowed: 2).description)
    }
  }

  /// The record's `received` day (`YYYY-MM-DD`), or `nil` when empty or absent.
  private func received(_ scanner: CSVScanner) throws(InventoryReason) -> CalendarDate? {
    guard let column = columns.received else { return nil }
    let field = InventoryColumns.trimmed(scanner.field(column))
    guard !field.isEmpty else { return nil }
    let written = String(decoding: field, as: UTF8.self)
    guard let date = CalendarDate(written) else {
      throw InventoryReason(
        field: "received",
        text: "bad date '\(written.capped(at: 40).escapingControlCharacters)' (expected YYYY-MM-DD)"
      )
    }
    return date
  }

  @inline(__always)
  private func text(_ bytes: UnsafeBufferPointer<UInt8>, column: String) throws(InventoryReason)
    -> String
  {
    guard !bytes.isEmpty else { throw InventoryReason(field: column, text: "empty") }
    var ascii = true
    for byte in bytes where byte >= 0x80 {
      ascii = false
      break
    }
    // ASCII needs no validation; `String(validating:)` is generic and slower, so it is kept
    // for the rare other text.
    if ascii { return String(decoding: bytes, as: UTF8.self) }
    guard let value = String(validating: bytes, as: UTF8.self) else {
      throw InventoryReason(field: column, text: "invalid UTF-8")
    }
    // Invisible, it would reorder the line it is printed on (issue 49).
    if let control = value.unicodeScalars.first(where: \.isBidiControl) {
      throw InventoryReason(
        field: column,
        text: "bidirectional control U+\(String(control.value, radix: 16, uppercase: true))")
    }
    return value
  }

  @inline(__always)
  private func number(_ bytes: UnsafeBufferPointer<UInt8>, column: String)
    throws(InventoryReason) -> DecimalSyntax.Value
  {
    do {
      return try DecimalSyntax.parse(bytes, allowingNegative: false)
    } catch {
      let raw = String(decoding: bytes, as: UTF8.self)
      throw InventoryReason(field: column, text: error.moneyError(for: raw).description)
    }
  }
}
