import Foundation
import Testing

@testable import CarFactory
@testable import Dealership
@testable import configurator

/// An end of a range `options` could not find within its time (the highest price of a large
/// UVL model can be a long search) is shown as unknown in every format, never left out
/// silently or estimated; the rest of the answer stands.
@Suite struct PriceRangeOutputTests {
  private static let model = """
    features
      Car {price 20000.00, weight 1200}
        alternative
          Petrol
          Diesel {price 1500.50, weight 80}
    """

  private static func line() throws -> ProductLine {
    ProductLine(
      featureModel: try FeatureModel(bytes: Array(model.utf8), file: "car.uvl"),
      model: ModelID("car"))
  }

  private static func report(_ line: ProductLine, price: (Int64?, Int64?), weight: (Int64?, Int64?))
    throws -> OptionsResult
  {
    let count = try ProductConfigurator(line).count([])
    let entries = line.values.indices.map {
      OptionsReport.Entry(value: $0, state: .available, reason: nil)
    }
    return OptionsResult(
      line: line,
      report: OptionsReport(
        choices: [], entries: entries, count: .success(count),
        priceRange: AttributeRange(
          attribute: "price", lowest: price.0, highest: price.1, scale: 2, unit: ""),
        from: nil,
        range: AttributeRange(
          attribute: "weight", lowest: weight.0, highest: weight.1, scale: 0, unit: "")))
  }

  private static func text(_ result: OptionsResult) -> [String] {
    let out = OutputStream()
    TextRenderer(out: out, err: OutputStream()).render(.options(result), money: MoneySettings())
    return out.text.split(separator: "\n").suffix(2).map(String.init)
  }

  private static func json(_ result: OptionsResult) throws -> [String: Any] {
    let out = OutputStream()
    JSONLinesRenderer(out: out, err: OutputStream()).render(
      .options(result), money: MoneySettings())
    let object = try JSONSerialization.jsonObject(with: Data(out.text.utf8))
    return try #require(object as? [String: Any])
  }

  @Test func aRangeOutOfTimeIsUnknownNotAnError() throws {
    let configurator = ProductConfigurator(try Self.line())
    let none = try configurator.range(of: "price", [], timeLimit: .zero)
    #expect(none?.lowest == nil && none?.highest == nil)
    let found = try configurator.range(of: "price", [], timeLimit: .seconds(10))
    #expect(found?.lowest == 2_000_000 && found?.highest == 2_150_050)
  }

  @Test func eachUnknownEndIsSaidInTextAndNullInJSON() throws {
    let line = try Self.line()
    let cases: [((Int64?, Int64?), String, String)] = [
      (
        (2_000_000, 2_150_050), "; price $20,000.00 to $21,500.50",
        "lowest weight 1,200, highest 1,280"
      ),
      (
        (2_000_000, nil),
        "; price from $20,000.00 (the highest was not found within the time limit)",
        "lowest weight 1,200, highest not found within the time limit"
      ),
      (
        (nil, 2_150_050),
        "; price up to $21,500.50 (the lowest was not found within the time limit)",
        "lowest weight not found within the time limit, highest 1,280"
      ),
      (
        (nil, nil), "; the price range was not found within the time limit",
        "lowest weight not found within the time limit, highest not found within the time limit"
      ),
    ]
    for (price, headline, by) in cases {
      let weight = (price.0.map { _ in Int64(1200) }, price.1.map { _ in Int64(1280) })
      let result = try Self.report(line, price: price, weight: weight)
      #expect(Self.text(result) == ["2 valid builds" + headline, by])
      let object = try Self.json(result)
      for (key, cents) in [("priceMin", price.0), ("priceMax", price.1)] {
        let money = object[key] as? [String: Any]
        #expect(object.keys.contains(key), "\(key) is there, null or not")
        #expect((money?["minorUnits"] as? Int).map(Int64.init) == cents, "\(key)")
      }
      let range = try #require(object["range"] as? [String: Any])
      #expect((range["lowest"] as? String) == weight.0.map(String.init))
      #expect((range["highest"] as? String) == weight.1.map(String.init))
    }
  }

  /// Prices past what the optimiser adds up (three of nine quadrillion dollars each, past
  /// 2^61 cents together) are said to be so, in the headline and for FROM, not taken for a
  /// search that ran out of time; `build … min=price` refuses them with the same words.
  @Test func pricesTooLargeToAddUpAreSaidSoInTextAndJSON() throws {
    let model = """
      features
        Huge
          optional
            A {price 9000000000000000.00}
            B {price 9000000000000000.00}
            C {price 9000000000000000.00}
      """
    let line = ProductLine(
      featureModel: try FeatureModel(bytes: Array(model.utf8), file: "huge.uvl"),
      model: ModelID("huge"))
    let configurator = ProductConfigurator(line)
    let report = try configurator.options([])
    #expect(report.pricesOverflow)
    #expect(report.priceRange == nil)
    #expect(report.from?.allSatisfy { $0 == nil } == true)
    let result = OptionsResult(line: line, report: report)
    #expect(
      Self.text(result) == [
        "8 valid builds; the prices add up to more than can be represented",
        "FROM ?: the prices add up to more than can be represented",
      ])
    let object = try Self.json(result)
    #expect(object.keys.contains("priceMin") && object.keys.contains("priceMax"))
    #expect(object["priceMin"] is NSNull && object["priceMax"] is NSNull)
    #expect(object["priceError"] as? String == "the prices add up to more than can be represented")
    let objective = try #require(line.objective(.min, attribute: "price"))
    #expect(throws: ConfigurationError.priceOverflow) {
      try configurator.build([], optimising: objective)
    }
    // Prices that add up stay as they were: no error, a range.
    let small = try Self.report(try Self.line(), price: (1, 2), weight: (nil, nil))
    #expect(!small.report.pricesOverflow)
  }

  /// The working car's table prices what it can in its time: a free value not priced shows
  /// `?` with a line saying how many in text, `null` in JSON and `unknown` in CSV; a value
  /// priced shows its difference and price, and a value not free shows nothing.
  @Test func aCarPriceNotFoundInTimeIsUnknownInEveryFormat() throws {
    let line = try Self.line()
    let petrol = try #require(line.values.firstIndex { $0.atom == "Petrol" })
    let diesel = try #require(line.values.firstIndex { $0.atom == "Diesel" })
    let car = try #require(line.values.firstIndex { $0.atom == "Car" })
    let entries = [
      OptionsReport.Entry(value: car, state: .forced, reason: nil),
      OptionsReport.Entry(value: petrol, state: .available, reason: nil),
      OptionsReport.Entry(value: diesel, state: .available, reason: nil),
    ]
    let report = OptionsReport(
      choices: [], entries: entries, count: .success(try ProductConfigurator(line).count([])),
      priceRange: nil, from: nil, range: nil)
    let options = CarOptions(
      options: OptionsResult(line: line, report: report), price: Price(cents: 2_000_000),
      pricesWith: [diesel: Price(cents: 2_150_050)])
    let text = OutputStream()
    TextRenderer(out: text, err: OutputStream()).render(
      .carOptions(options), money: MoneySettings())
    // The features under the root are indented by the tree.
    let rows = text.text.split(separator: "\n").map(String.init)
    #expect(
      rows.contains { $0.hasPrefix("  Petrol") && ($0.contains(" ? ") || $0.hasSuffix(" ?")) })
    #expect(rows.contains { $0.hasPrefix("  Diesel") && $0.contains("+$1,500.50 → $21,500.50") })
    #expect(
      rows.last == "IF ADDED ?: the price with this value was not found within the time limit")
    let json = OutputStream()
    JSONLinesRenderer(out: json, err: OutputStream()).render(
      .carOptions(options), money: MoneySettings())
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
    let values = try #require(object["values"] as? [[String: Any]])
    let byAtom = Dictionary(uniqueKeysWithValues: values.map { ($0["atom"] as? String ?? "", $0) })
    #expect(byAtom["Petrol"]?.keys.contains("priceWith") == true)
    #expect(byAtom["Petrol"]?["priceWith"] is NSNull)
    #expect((byAtom["Diesel"]?["priceWith"] as? [String: Any])?["minorUnits"] as? Int == 2_150_050)
    #expect(byAtom["Car"]?.keys.contains("priceWith") == false)
    let csv = OutputStream()
    CSVRenderer(out: csv, err: OutputStream()).render(.carOptions(options), money: MoneySettings())
    let table = csv.text.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init)
    }
    #expect(table == ["price_with", "", "unknown", "21500.50"])
  }
}
