package import CarFactory
package import StockValuation
package import Support

/// `stock [CODE...] [category=NAME]`: the stock report, in one or several currencies, of the
/// whole stock or one category (SPEC §9).
extension Interpreter {
  func stockReport(_ currencies: [Currency], category: String?, _ state: SessionState)
    throws(CommandError) -> CommandResult
  {
    let currencies = currencies.isEmpty ? [state.currency] : currencies
    var lines = state.stock.lines
    var summaries = state.stock.summaries
    if let category {
      guard !category.isEmpty else {
        throw .invalid(
          command: "stock", .emptyCategory(categories: Self.categoryNames(state.stock)))
      }
      (lines, summaries) = try Self.only(category, of: state.stock)
    }
    var reports: [StockReport] = []
    for currency in currencies {
      let converter = try state.money.converter(to: currency)
      do {
        reports.append(try StockReport(lines: lines, summaries: summaries, converter: converter))
      } catch {
        throw .failed(command: "stock", error)
      }
    }
    return reports.count == 1 ? .stock(reports[0]) : .stockColumns(reports)
  }

  /// The stock lines and summarized files' totals of one category (any case).
  private static func only(_ category: String, of stock: Stock) throws(CommandError)
    -> ([StockLine], [StockSummary])
  {
    let wanted = category.lowercased()
    let lines = stock.lines.filter { $0.category.lowercased() == wanted }
    var summaries: [StockSummary] = []
    for summary in stock.summaries {
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
      let names = categoryNames(stock)
      throw .notFound(
        command: "stock",
        .category(
          category, nearest: Suggestion.nearest(to: category, in: names), categories: names))
    }
    return (lines, summaries)
  }

  /// The stock's categories in order of first appearance (at most a thousand).
  package static func categoryNames(_ stock: Stock) -> [String] {
    var seen = Set<String>()
    var names: [String] = []
    for name in stock.lines.lazy.map(\.category) where seen.insert(name).inserted {
      names.append(name)
    }
    for summary in stock.summaries {
      for total in summary.categories.prefix(1000) where seen.insert(total.name).inserted {
        names.append(total.name)
      }
    }
    return Array(names.prefix(1000))
  }

}
