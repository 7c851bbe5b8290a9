import Support

/// What the driver decides about the screen, once, from the command line and the terminal
/// (SPEC §14): the width text is laid out in, and whether long output is paged.
///
/// At a terminal (standard output one), the width is the terminal's (`TIOCGWINSZ`; then
/// `$COLUMNS`; then 80), read again before each command at the prompt; `--width N` sets it
/// anywhere (0: no limit). Pipes and files get no limit: their lines are as they always were.
/// Paging is for a terminal only, and never with `--no-pager`.
struct Screen {
  /// The width set by `--width N` (0 for no limit), which the terminal's does not replace.
  let fixedWidth: Int?
  /// Whether standard output is a terminal.
  let isTerminal: Bool
  /// Whether standard error is a terminal: it then goes to the pager too while one runs.
  let errorIsTerminal: Bool
  /// Whether lines other than tables are folded to the width (text, not JSON or CSV).
  let folds: Bool
  /// The pager, when output may be paged.
  let pager: Pager?
  /// The terminal's descriptor.
  var descriptor: Int32 = 1

  /// The screen of a run.
  ///
  /// - Parameters:
  ///   - width: `--width N`, if given.
  ///   - noPager: `--no-pager`.
  ///   - format: The output format.
  ///   - outputIsTerminal: Whether standard output is a terminal.
  init(width: Int?, noPager: Bool, format: OutputFormat, outputIsTerminal: Bool) {
    fixedWidth = width
    isTerminal = outputIsTerminal
    errorIsTerminal = POSIX.isTerminal(2)
    folds = format == .text
    pager = outputIsTerminal && !noPager ? Pager.fromEnvironment(POSIX.environment) : nil
  }

  /// The columns text takes now: `--width`, else the terminal's; `nil` for no limit.
  var width: Int? {
    if let fixedWidth { return fixedWidth > 0 ? fixedWidth : nil }
    return isTerminal ? columns : nil
  }

  /// The terminal's columns now (`TIOCGWINSZ`, then `$COLUMNS`, then 80).
  var columns: Int {
    if let size = WindowSize.of(descriptor), size.columns > 0 { return size.columns }
    if let columns = POSIX.environment("COLUMNS").flatMap({ Int($0) }), columns > 0 {
      return columns
    }
    return 80
  }

  /// The terminal's rows now (`TIOCGWINSZ`, then `$LINES`, then 24).
  var rows: Int {
    if let size = WindowSize.of(descriptor), size.rows > 0 { return size.rows }
    if let lines = POSIX.environment("LINES").flatMap({ Int($0) }), lines > 0 { return lines }
    return 24
  }

  /// Runs `body` with what it writes to `out` and `err` going through a ``ScreenWriter``:
  /// folded to the width, and paged when `paging` and it is taller than the screen; then
  /// waits for the pager. Without a width and a pager, `body` just runs.
  ///
  /// - Parameters:
  ///   - out: The output stream.
  ///   - err: The error stream.
  ///   - layout: The renderer's layout, given the width now.
  ///   - paging: Whether this output may be paged (a prompt's command, a one-shot command).
  ///   - body: What writes.
  /// - Returns: What `body` returns.
  func run<Result>(
    out: OutputStream, err: OutputStream, layout: TextLayout?, paging: Bool,
    _ body: () -> Result
  ) -> Result {
    let width = self.width
    layout?.width = width
    let pager = paging ? self.pager : nil
    let foldWidth = folds ? width : nil
    guard foldWidth != nil || pager != nil else { return body() }
    let writer = ScreenWriter(
      output: descriptor, foldWidth: foldWidth,
      paging: pager.map { ($0, rows, columns) }, errorIsTerminal: errorIsTerminal)
    out.flush()
    err.flush()
    out.screen = writer
    err.screen = writer
    let result = body()
    out.flush()
    err.flush()
    out.screen = nil
    err.screen = nil
    out.finish(writer)
    return result
  }
}
