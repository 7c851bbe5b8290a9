internal import CarFactory
internal import StockValuation
import Support

/// `stock [CODE...] [category=NAME]`: the stock report, in one or several currencies, of the
/// whole stock or one category (SPEC §9).
extension Session {
  func stockReport(_ arguments: [String]) throws(CommandError) -> CommandResult {
    var currencies: [Currency] = []
    var category: String?
    for word in arguments {
      if let equals = word.firstIndex(of: "="),
        ASCII.lowercased(word[..<equals]) == "category"
      {
        guard category == nil else {
          throw .invalid(command: "stock", reason: "category= is given twice")
        }
        let name = String(word[word.index(after: equals)...])
        guard !name.isEmpty else {
          throw .invalid(
            command: "stock", reason: "category= needs a NAME (categories: \(categoryList()))")
        }
        category = name
        continue
      }
      let currency = try Self.reportCurrency(word, first: currencies.isEmpty)
      guard !currencies.contains(currency) else {
        throw .invalid(command: "stock", reason: "currency '\(currency.code)' is given twice")
      }
      currencies.append(currency)
    }
    if currencies.isEmpty { currencies = [money.currency] }
    var lines = stock
    var summaries = stockSummaries
    if let category { (lines, summaries) = try only(category) }
    var reports: [StockReport] = []
    for currency in currencies {
      reports.append(try stockReport(lines: lines, summaries: summaries, in: currency))
    }
    return reports.count == 1 ? .stock(reports[0]) : .stockColumns(reports)
  }

  /// The report of some stock in one currency.
  func stockReport(lines: [StockLine], summaries: [StockSummary], in currency: Currency)
    throws(CommandError) -> StockReport
  {
    let converter = try money.converter(to: currency)
    do {
      return try StockReport(lines: lines, summaries: summaries, converter: converter)
    } catch {
      throw .failed(command: "stock", error)
    }
  }

  /// A currency of `stock CODE...`; a misspelt subcommand in first place is named as one.
  private static func reportCurrency(_ word: String, first: Bool) throws(CommandError)
    -> Currency
  {
    do {
      return try MoneySettings.currency(word)
    } catch {
      let words = stockSubcommands + ["category="]
      if first, let nearest = Suggestion.nearest(to: word, in: words) {
        throw .invalid(
          command: "stock",
          reason: "unknown currency or subcommand '\(word)'; did you mean '\(nearest)'? "
            + "(usage: \(Command.stock.synopsis))")
      }
      throw .within(command: "stock", error)
    }
  }

  /// The stock lines and summarized files' totals of one category (any case).
  private func only(_ category: String) throws(CommandError) -> ([StockLine], [StockSummary]) {
    let wanted = category.lowercased()
    let lines = stock.filter { $0.category.lowercased() == wanted }
    var summaries: [StockSummary] = []
    for summary in stockSummaries {
      let totals = summary.categories.filter { $0.name.lowercased() == wanted }
      guard !totals.isEmpty else { continue }
      do {
        summaries.append(
          try StockSummary(source: summary.source, lineCount: summary.lineCount, categories: totals)
        )
      } catch {
        throw .failed(command: "stock", error)
      }
    }
    guard !lines.isEmpty || !summaries.isEmpty else {
      let names = categoryNames()
      let hint = Suggestion.hint(for: category, in: names)
      throw .notFound(
        command: "stock",
        reason: "no category '\(category)' in stock\(hint) (categories: \(categoryList()))")
    }
    return (lines, summaries)
  }

  /// The stock's categories in order of first appearance (at most a thousand).
  private func categoryNames() -> [String] {
    var seen = Set<String>()
    var names: [String] = []
    for name in stock.lazy.map(\.category) where seen.insert(name).inserted {
      names.append(name)
    }
    for summary in stockSummaries {
      for total in summary.categories.prefix(1000) where seen.insert(total.name).inserted {
        names.append(total.name)
      }
    }
    return Array(names.prefix(1000))
  }

  private func categoryList() -> String {
    let names = categoryNames()
    return names.isEmpty ? "none; the stock is empty" : Self.list(names)
  }
}
