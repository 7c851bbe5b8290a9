import Support

/// A command's output on its way to a terminal (``Screen``): lines folded to the width, and
/// held until they fill the screen, when the pager is started and given them and the rest;
/// output that fits is written to the terminal as it is when the command ends, as `less -F`
/// would show it.
///
/// The pager quitting early (`q` before the end) is no failure: what is left is dropped and
/// the command ends as usual. A pager that cannot start leaves the output to be written
/// directly. While the pager runs, SIGINT and SIGQUIT are the pager's (set aside here, as
/// `system(3)` does), so Ctrl-C in `less` does not end the session under it.
final class ScreenWriter {
  /// The terminal's descriptor (standard output).
  private let output: Int32
  /// The columns lines are folded to; `nil` for no folding.
  private let foldWidth: Int?
  /// The pager and the screen's size, when the output may be paged.
  private let paging: (pager: Pager, rows: Int, columns: Int)?
  /// Whether standard error is a terminal, and so goes to the pager while one runs.
  private let errorIsTerminal: Bool

  /// The end of the output not yet ended by a line break (folding needs whole lines).
  private var partial: [UInt8] = []
  /// Whether output is held while it is not known to be taller than the screen.
  private var deciding: Bool
  private var held: [UInt8] = []
  /// The screen rows shown (written directly) and held so far, and the columns of the line
  /// being counted.
  private var rowsSoFar = 0
  private var lineColumns = 0
  private var pager: PipedProcess?
  /// Set when the pager stopped reading: the rest of the output is dropped.
  private var pagerGone = false
  private var setAside: [(Signal, Signals.Disposition)] = []

  /// A writer for one stretch of output.
  ///
  /// - Parameters:
  ///   - output: The terminal's descriptor.
  ///   - foldWidth: The columns lines are folded to (`nil`: none).
  ///   - paging: The pager and the screen's rows and columns (`nil`: never page).
  ///   - errorIsTerminal: Whether standard error is a terminal.
  init(
    output: Int32, foldWidth: Int?, paging: (pager: Pager, rows: Int, columns: Int)?,
    errorIsTerminal: Bool
  ) {
    self.output = output
    self.foldWidth = foldWidth
    self.paging = paging
    self.errorIsTerminal = errorIsTerminal
    deciding = paging != nil
  }

  /// Takes bytes a stream flushes.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - descriptor: The stream's descriptor: standard output, or standard error, whose
  ///     bytes come after the output held so far.
  /// - Returns: The error of a failed write to the terminal (never the pager's).
  func write(_ bytes: UnsafeRawBufferPointer, from descriptor: Int32) -> Errno? {
    guard descriptor == output else {
      if pager != nil, !pagerGone, errorIsTerminal {
        toPager(bytes)
        return nil
      }
      let released = release()
      return POSIX.writeAll(descriptor, bytes) ?? released
    }
    guard let foldWidth else { return pass(bytes) }
    partial.append(contentsOf: bytes)
    guard let last = partial.lastIndex(of: 10) else { return nil }
    let lines = Self.fold(partial[...last], width: foldWidth)
    partial.removeSubrange(...last)
    return lines.withUnsafeBytes { pass($0) }
  }

  /// Ends the stretch: writes what is held or not yet ended, then closes the pager's pipe
  /// and waits for it.
  ///
  /// - Returns: The error of a failed write to the terminal.
  func finish() -> Errno? {
    var failure: Errno?
    if !partial.isEmpty, let foldWidth {
      let rest = Self.fold(partial[...], width: foldWidth)
      partial = []
      failure = rest.withUnsafeBytes { pass($0) }
    }
    if let released = release() { failure = failure ?? released }
    deciding = false
    if let pager {
      pager.finish()
      self.pager = nil
      for (signal, disposition) in setAside { Signals.restore(signal, disposition) }
      setAside = []
    }
    return failure
  }

  /// Bytes after folding: to the pager, held, or to the terminal.
  private func pass(_ bytes: UnsafeRawBufferPointer) -> Errno? {
    if pagerGone { return nil }
    if pager != nil {
      toPager(bytes)
      return nil
    }
    guard deciding, let paging else { return POSIX.writeAll(output, bytes) }
    held.append(contentsOf: bytes)
    count(bytes, columns: paging.columns)
    // Taller than the screen less the line the prompt comes back on.
    guard rowsSoFar >= paging.rows else { return nil }
    deciding = false
    guard let started = paging.pager.start() else { return release() }
    pager = started
    setAside = [Signal.interrupt, .quit].map { ($0, Signals.setAside($0)) }
    let waiting = held
    held = []
    waiting.withUnsafeBytes { toPager($0) }
    return nil
  }

  /// Writes what is held to the terminal (standard error is about to be written, or the
  /// output ends within the screen).
  private func release() -> Errno? {
    guard !held.isEmpty else { return nil }
    let waiting = held
    held = []
    return waiting.withUnsafeBytes { POSIX.writeAll(output, $0) }
  }

  private func toPager(_ bytes: UnsafeRawBufferPointer) {
    guard let pager, !pagerGone else { return }
    // EPIPE (SIGPIPE is ignored) when the pager has quit: quiet.
    if POSIX.writeAll(pager.input, bytes) != nil { pagerGone = true }
  }

  /// Counts the screen rows the bytes take at `columns` (a line wider wraps), by their
  /// characters (UTF-8 lead bytes).
  private func count(_ bytes: UnsafeRawBufferPointer, columns: Int) {
    for byte in bytes {
      if byte == 10 {
        rowsSoFar += max(1, (lineColumns + columns - 1) / max(1, columns))
        lineColumns = 0
      } else if byte & 0xC0 != 0x80 {
        lineColumns += 1
      }
    }
  }

  /// Lines (each ended by a line break, but maybe the last) folded to `width` columns.
  private static func fold(_ lines: ArraySlice<UInt8>, width: Int) -> [UInt8] {
    var folded: [UInt8] = []
    folded.reserveCapacity(lines.count)
    var start = lines.startIndex
    while start < lines.endIndex {
      let end = lines[start...].firstIndex(of: 10) ?? lines.endIndex
      let line = lines[start..<end]
      // A line of no more bytes than columns fits: every column takes a byte at least.
      if line.count <= width {
        folded.append(contentsOf: line)
      } else {
        let pieces = TextWrap.fold(String(decoding: line, as: UTF8.self), width: width)
        for (index, piece) in pieces.enumerated() {
          if index > 0 { folded.append(10) }
          folded.append(contentsOf: piece.utf8)
        }
      }
      if end < lines.endIndex { folded.append(10) }
      start = end < lines.endIndex ? end + 1 : end
    }
    return folded
  }
}
