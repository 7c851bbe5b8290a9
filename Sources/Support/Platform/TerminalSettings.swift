#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal's line settings (`termios`): read from a terminal, changed to raw mode, put
/// back.
///
/// A plain value with no references, so a signal handler can keep one in C-compatible memory
/// and apply it.
package struct TerminalSettings: BitwiseCopyable, Sendable {
  private var settings: termios

  /// Settings with every flag clear: a placeholder until a terminal's are read.
  package init() { settings = termios() }

  private init(_ settings: termios) { self.settings = settings }

  /// When a change takes effect.
  package enum Moment: Sendable {
    /// At once (`TCSANOW`): what a signal handler does.
    case now
    /// Once the output written so far has gone out (`TCSADRAIN`).
    case afterOutput
  }

  /// The settings of a terminal (`tcgetattr`), or `nil` when `descriptor` is not one.
  ///
  /// - Parameter descriptor: The terminal's descriptor.
  /// - Returns: Its settings.
  package static func of(_ descriptor: Int32) -> TerminalSettings? {
    var settings = termios()
    guard tcgetattr(descriptor, &settings) == 0 else { return nil }
    return TerminalSettings(settings)
  }

  /// These settings in raw mode, as a line editor wants them: no echo, no line buffering,
  /// no signals from Ctrl-C/Ctrl-Z/Ctrl-\ (they arrive as keys), no CR→NL translation, no
  /// flow control, eight-bit bytes, one byte at a time without a timeout. Output processing
  /// stays on, so `\n` still moves to the start of the next line.
  package var raw: TerminalSettings {
    var raw = settings
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { controls in
      controls[Int(VMIN)] = 1
      controls[Int(VTIME)] = 0
    }
    return TerminalSettings(raw)
  }

  /// Gives a terminal these settings (`tcsetattr`).
  ///
  /// - Parameters:
  ///   - descriptor: The terminal's descriptor.
  ///   - moment: When.
  /// - Returns: Whether the terminal took them.
  @discardableResult
  package func apply(to descriptor: Int32, _ moment: Moment) -> Bool {
    var settings = settings
    return tcsetattr(descriptor, moment == .now ? TCSANOW : TCSADRAIN, &settings) == 0
  }
}

/// A terminal's size in character cells.
package struct WindowSize: Equatable, Sendable {
  /// Rows.
  package let rows: Int
  /// Columns.
  package let columns: Int

  /// The size of a terminal (`TIOCGWINSZ`), or `nil` when it does not say.
  ///
  /// - Parameter descriptor: The terminal's descriptor.
  /// - Returns: Its size.
  package static func of(_ descriptor: Int32) -> WindowSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
    return WindowSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
  }

  private init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
  }
}
