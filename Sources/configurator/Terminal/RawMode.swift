internal import Dealership
import Support

/// The terminal's own settings, kept where a signal handler can reach them.
private struct SavedTerminal {
  var settings: TerminalSettings
  var descriptor: Int32
  var isRaw: Bool
}

// Signal handlers can reach only C-compatible global memory: the main thread writes it before
// and while raw mode is on, the handlers read it.
private let savedTerminal = SignalSafeCell(
  SavedTerminal(settings: TerminalSettings(), descriptor: -1, isRaw: false))

/// Raw mode for the line editor, and the guarantee that the terminal gets its settings back.
///
/// The terminal is raw only while a line is being read: no echo, no line buffering, no
/// signals from Ctrl-C/Ctrl-Z/Ctrl-\ (they arrive as keys), no CR→NL translation. Output
/// processing stays on, so `\n` still moves to the start of the next line. The settings found
/// at start are restored when a line is entered, at Ctrl-D, and when the process is ended by
/// SIGTERM, SIGHUP, SIGQUIT or SIGINT: the handler restores them, then re-raises the signal with
/// its default action, so the exit status still says which signal ended the process.
enum RawMode {
  /// Saves the terminal's settings and installs the restoring signal handlers; `false` when
  /// the descriptor is not a terminal whose settings can be read.
  static func prepare(_ descriptor: Int32) -> Bool {
    guard let settings = TerminalSettings.of(descriptor) else { return false }
    savedTerminal.value = SavedTerminal(settings: settings, descriptor: descriptor, isRaw: false)
    for ending in [Signal.terminate, .hangUp, .quit, .interrupt] {
      Signals.handle(ending) { number in
        let saved = savedTerminal.value
        if saved.isRaw {
          saved.settings.apply(to: saved.descriptor, .now)
        }
        Signals.restoreDefault(Signal(rawValue: number))
        Signals.raise(Signal(rawValue: number))
      }
    }
    // A resize or a continue after a stop interrupts the wait for a key: the line is redrawn.
    Signals.handle(.windowChanged) { _ in }
    Signals.handle(.continue) { _ in }
    return true
  }

  /// Puts the terminal in raw mode; `false` when it refuses.
  @discardableResult
  static func enter() -> Bool {
    let saved = savedTerminal.value
    guard saved.descriptor >= 0 else { return false }
    let raw = saved.settings.raw
    // Marked raw first, so a signal arriving during the change still restores.
    savedTerminal.value.isRaw = true
    guard raw.apply(to: saved.descriptor, .afterOutput) else {
      leave()
      return false
    }
    return true
  }

  /// Puts the terminal's own settings back.
  static func leave() {
    let saved = savedTerminal.value
    guard saved.descriptor >= 0 else { return }
    saved.settings.apply(to: saved.descriptor, .afterOutput)
    savedTerminal.value.isRaw = false
  }

  /// Stops the process as Ctrl-Z would in a shell, with the terminal restored meanwhile.
  static func suspend() {
    leave()
    Signals.sendToProcess(.terminalStop)
    enter()
  }

  /// The terminal's width in columns (TIOCGWINSZ), or 80 when it does not say.
  static func width(of descriptor: Int32) -> Int {
    guard let size = WindowSize.of(descriptor), size.columns > 0 else { return 80 }
    return size.columns
  }

  /// The terminal's height in rows (TIOCGWINSZ), or 24 when it does not say.
  static func height(of descriptor: Int32) -> Int {
    guard let size = WindowSize.of(descriptor), size.rows > 0 else { return 24 }
    return size.rows
  }
}
