internal import Dealership
import Support

/// `--output FILE` (SPEC §12): one command's output written to FILE instead of standard
/// output — in the session's format, or as a printable page (``HTMLPage``) when FILE ends in
/// `.html`, that page printed to PDF (``PDFPrinter``) when it ends in `.pdf` — atomically, so
/// FILE holds the whole output or is left as it was.
///
/// At the prompt and in scripts it ends the command's line (`quote 1 gbp --output q.html`,
/// read by the command language, ``OutputOption``); in one-shot mode it may also come before
/// the command word, as an option.
struct OutputFile: Equatable {
  /// The file as the user named it.
  let path: String

  /// Whether the output is a page: the file's name ends in `.html` or `.pdf` (any case).
  var isPage: Bool { isPDF || path.lowercased().hasSuffix(".html") }
  /// Whether the page is printed to PDF (``PDFPrinter``): the name ends in `.pdf`.
  var isPDF: Bool { path.lowercased().hasSuffix(".pdf") }

  /// The file's contents for a command's results: the session's format, or a page.
  ///
  /// - Parameters:
  ///   - results: What the command produced (warnings are not among them).
  ///   - format: The session's output format.
  ///   - money: The money settings that format amounts.
  /// - Returns: The bytes.
  func contents(of results: [CommandResult], format: OutputFormat, money: MoneySettings)
    -> [UInt8]
  {
    let buffer = OutputStream()
    let discard = OutputStream()
    guard isPage else {
      let renderer = format.makeRenderer(out: buffer, err: discard)
      for result in results { renderer.render(result, money: money) }
      return buffer.bytes
    }
    var page = HTMLPage(title: Self.title(of: results))
    for result in results {
      switch result {
      case .quote(let quote):
        page.append(HTMLPage.section(of: quote, money: money))
        continue
      case .stock(let report):
        page.append("<h1>Stock report</h1>")
        page.append(HTMLPage.chart(of: report, money: money))
      case .stockColumns(let reports):
        // Every currency charted, each in its own.
        page.append("<h1>Stock report</h1>")
        for report in reports { page.append(HTMLPage.chart(of: report, money: money)) }
      case .sales(let report):
        page.append("<h1>Sales</h1>")
        for chart in HTMLPage.charts(of: report, money: money) { page.append(chart) }
      case .stockAging:
        page.append("<h1>Stock aging</h1>")
      default:
        break
      }
      // Every other result as the text renderer writes it, its tables set as tables: new
      // columns come along.
      let text = OutputStream()
      let capture = PageCapture()
      text.page = capture
      TextRenderer(out: text, err: discard).render(result, money: money)
      capture.takeText(of: text)
      page.append(capture)
    }
    return page.bytes
  }

  /// The page's title: the quote's build, the stock report, or the command's output.
  private static func title(of results: [CommandResult]) -> String {
    switch results.first {
    case .quote(let quote): "Quote for build #\(quote.build): \(quote.name)"
    case .stock, .stockColumns: "Stock report"
    case .sales: "Sales"
    case .stockAging: "Stock aging"
    default: "configurator"
    }
  }

  /// Writes the file atomically. A new file is `0600`, whatever the umask: quotes and sales
  /// pages carry customers' names (`chmod` shares one); a file replaced keeps its mode. The
  /// temporary files a killed `--output` of the same file left are removed first.
  ///
  /// - Parameters:
  ///   - bytes: The contents.
  ///   - store: The session's store, which the output must not replace.
  /// - Throws: ``CommandError`` naming the file when it cannot be written; it is then as it was.
  func write(_ bytes: [UInt8], store: StoreKeeper?) throws(CommandError) {
    if let store, store.isStore(at: path) {
      throw .file(command: "--output", .outputIsStore(path: path))
    }
    do {
      try AtomicFile.write(bytes, to: path, mode: 0o600, removingLeftovers: true) {
        _, isLocked in
        isLocked ? "it is the store of another configurator process" : nil
      }
    } catch {
      throw .file(command: "--output", .system(error))
    }
  }
}
