internal import Dealership
internal import StockValuation
import Support

/// The rates in force: the table (base, source, one rate per currency) and the one-way
/// overrides.
struct SessionRates: Decodable {
  let table: RateTable

  enum CodingKeys: String, CodingKey, CaseIterable {
    case base, source, rates, overrides
  }

  init(from decoder: any Decoder) throws {
    let path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let base = try SessionFields.currency(container.requiredDecoder(forKey: .base))
    let source = try container.decode(String.self, forKey: .source)
    let entries = try container.decode([SessionTableRate].self, forKey: .rates)
    var rates: [ExchangeRate] = []
    var quotes: Set<Currency> = []
    for entry in entries {
      guard quotes.insert(entry.quote).inserted else {
        throw JSONIssue(
          path: entry.path + ".quote", problem: .invalid("a second rate for \(entry.quote.code)"))
      }
      rates.append(try entry.rate(base: base))
    }
    var table: RateTable
    do {
      table = try RateTable(base: base, source: source, rates: rates)
    } catch {
      throw JSONIssue(path: path, problem: .invalid(error.description))
    }
    for entry in try container.decode([SessionOverride].self, forKey: .overrides) {
      let rate = entry.rate
      guard table.override(from: rate.base, to: rate.quote) == nil else {
        throw JSONIssue(
          path: entry.path,
          problem: .invalid("a second override for \(rate.base.code)/\(rate.quote.code)"))
      }
      table = table.overriding(with: rate)
    }
    self.table = table
  }

  /// The rates as the file's `rates` object, one rate per line.
  static func json(_ table: RateTable) -> String {
    func list(_ rates: [ExchangeRate], withBase: Bool) -> String {
      SessionFile.list(rates.map { SessionTableRate.json($0, withBase: withBase) }, indent: "    ")
    }
    return "{\n"
      + "    \"base\": " + SessionFile.quoted(table.base.code) + ",\n"
      + "    \"source\": " + SessionFile.quoted(table.source) + ",\n"
      + "    \"rates\": " + list(table.rates, withBase: false) + ",\n"
      + "    \"overrides\": " + list(table.overrides, withBase: true) + "\n"
      + "  }"
  }
}

/// A rate of the table: `{"quote":"GBP","value":"0.82608","date":"2025-02-28","source":"…"}`
/// (its base is the table's).
struct SessionTableRate: Decodable {
  /// Where the rate is in the file, for later messages.
  let path: String
  let quote: Currency
  private let value: String
  private let valuePath: String
  private let date: CalendarDate?
  private let source: String

  enum CodingKeys: String, CodingKey, CaseIterable {
    case quote, value, date, source
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    quote = try SessionFields.currency(container.requiredDecoder(forKey: .quote))
    value = try container.decode(String.self, forKey: .value)
    valuePath = path + ".value"
    date = try container.optionalDecoder(forKey: .date).map(SessionFields.date)
    source = try container.decode(String.self, forKey: .source)
  }

  /// The rate, `1 base = value quote`, strictly parsed.
  func rate(base: Currency) throws -> ExchangeRate {
    do {
      return try ExchangeRate(base: base, quote: quote, parsing: value, date: date, source: source)
    } catch {
      throw JSONIssue(path: valuePath, problem: .invalid(error.description))
    }
  }

  /// A rate (with its base for an override) as one line of the file.
  static func json(_ rate: ExchangeRate, withBase: Bool) -> String {
    var object = JSONObject()
    if withBase { object.add("base", rate.base.code) }
    object.add("quote", rate.quote.code)
    object.add("value", rate.value.description)
    if let date = rate.date { object.add("date", date.description) }
    object.add("source", rate.source)
    return object.rendered
  }
}

/// A one-way override: `{"base":"USD","quote":"GBP","value":"0.60338","source":"command line"}`.
struct SessionOverride: Decodable {
  /// Where the override is in the file, for later messages.
  let path: String
  let rate: ExchangeRate

  enum CodingKeys: String, CodingKey, CaseIterable {
    case base, quote, value, date, source
  }

  init(from decoder: any Decoder) throws {
    path = JSONIssue.path(decoder.codingPath)
    let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let base = try SessionFields.currency(container.requiredDecoder(forKey: .base))
    let quote = try SessionFields.currency(container.requiredDecoder(forKey: .quote))
    let value = try container.decode(String.self, forKey: .value)
    let date = try container.optionalDecoder(forKey: .date).map(SessionFields.date)
    let source = try container.decode(String.self, forKey: .source)
    do {
      rate = try ExchangeRate(base: base, quote: quote, parsing: value, date: date, source: source)
    } catch {
      throw JSONIssue(path: path + ".value", problem: .invalid(error.description))
    }
  }
}
