internal import Dealership
import Support

/// `--output FILE.pdf` (SPEC §15): the page ``OutputFile`` makes, printed to PDF by headless
/// Chromium, or a clear error — never text in a `.pdf`.
///
/// The browser is `CONFIGURATOR_BROWSER` when set, else the first of `chromium`,
/// `chromium-browser`, `google-chrome`, `google-chrome-stable` on `PATH`. It prints in a
/// temporary folder of this process's own (the page, its profile, the PDF), removed after;
/// its output and errors are not shown; it has 60 seconds. The page sets its own paper size
/// (`@page`: A4, landscape for a wide table), so the browser adds no header or footer.
struct PDFPrinter {
  /// The browser's program: a path, or a name found on `PATH`.
  let program: String

  /// How long the browser may take.
  static let timeLimit: Duration = .seconds(60)
  /// The largest PDF read back.
  static let sizeLimit = 64 << 20
  /// The names looked up on `PATH`, in order.
  static let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

  /// The browser to print with.
  ///
  /// - Parameter path: The file asked for (named in the error).
  /// - Returns: The printer.
  /// - Throws: ``CommandError`` when there is none.
  static func find(for path: String) throws(CommandError) -> PDFPrinter {
    if let named = POSIX.environment("CONFIGURATOR_BROWSER"), !named.isEmpty {
      guard let found = located(named) else {
        throw .file(command: "--output", .pdf(path: path, .browserNotRunnable(named)))
      }
      return PDFPrinter(program: found)
    }
    for name in names {
      if let found = located(name) { return PDFPrinter(program: found) }
    }
    throw .file(command: "--output", .pdf(path: path, .noBrowser))
  }

  /// A program's path: as given when it holds a `/`, else the first on `PATH`.
  private static func located(_ name: String) -> String? {
    if name.contains("/") { return POSIX.isExecutableFile(name) ? name : nil }
    let folders = (POSIX.environment("PATH") ?? "/usr/local/bin:/usr/bin:/bin")
      .split(separator: ":", omittingEmptySubsequences: true)
    for folder in folders {
      let candidate = folder + "/" + name
      if POSIX.isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  /// Prints a page.
  ///
  /// - Parameters:
  ///   - page: The HTML page's bytes.
  ///   - path: The file asked for (named in errors).
  /// - Returns: The PDF's bytes.
  /// - Throws: ``CommandError`` naming the file and why.
  func print(_ page: [UInt8], for path: String) throws(CommandError) -> [UInt8] {
    func failure(_ reason: CommandError.PDFFailure) -> CommandError {
      .file(command: "--output", .pdf(path: path, reason))
    }
    guard let folder = TemporaryFolder.make(prefix: "configurator-pdf") else {
      throw failure(.noTemporaryFolder(Errno.current.description))
    }
    defer { folder.remove() }
    let html = folder.path + "/page.html"
    let pdf = folder.path + "/page.pdf"
    do {
      try AtomicFile.write(page, to: html, mode: 0o600)
    } catch {
      throw .file(command: "--output", .system(error))
    }
    var arguments = [
      "--headless", "--disable-gpu", "--no-pdf-header-footer", "--no-first-run",
      "--disable-extensions", "--user-data-dir=\(folder.path)/profile",
      "--print-to-pdf=\(pdf)", "file://\(html)",
    ]
    // Chromium refuses to run as root with its sandbox (a container's CI runs as root).
    if POSIX.effectiveUserID == 0 { arguments.insert("--no-sandbox", at: 1) }
    switch QuietProcess.run(program, arguments: arguments, timeLimit: Self.timeLimit) {
    case .notStarted:
      throw failure(.browserNotRunnable(program))
    case .timedOut:
      throw failure(.timedOut(seconds: Int(Self.timeLimit.components.seconds)))
    case .exited(let status):
      let bytes = try? FileInput.readAll(path: pdf, limit: Self.sizeLimit)
      guard let bytes else {
        throw failure(status == 0 ? .notAPDF : .browserFailed(program: program, status: status))
      }
      guard bytes.starts(with: Array("%PDF-".utf8)) else { throw failure(.notAPDF) }
      return bytes
    }
  }
}
