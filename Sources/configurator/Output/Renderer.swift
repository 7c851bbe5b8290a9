internal import CarFactory
internal import Dealership

/// Writes command results in one output format. There is one renderer per format, made once
/// per session; every result a command returns goes through it, and only renderers know a
/// format.
protocol Renderer: AnyObject {
  /// Writes a result (a warning to the error stream).
  ///
  /// - Parameters:
  ///   - result: What the command produced.
  ///   - money: The session's money settings, for amounts shown to people.
  func render(_ result: CommandResult, money: MoneySettings)

  /// The bytes of a build's result after its number. Builds of one configuration show the
  /// same block, so the scripted fast path keeps it (``ScriptMemo``).
  func block(of build: BuildView, money: MoneySettings) -> [UInt8]

  /// Writes a build: its number, then its block. ``render(_:money:)`` of a build is this
  /// with the block made afresh.
  func writeBuild(number: Int, block: UnsafeBufferPointer<UInt8>)

  /// Writes a script line before its output (`--echo`).
  ///
  /// - Parameters:
  ///   - command: The line.
  ///   - number: Its line number.
  ///   - file: The script file, for `-f FILE` and `read FILE`.
  func echo(_ command: UnsafeBufferPointer<UInt8>, number: Int, file: String?)

  /// Writes a failure where its place says (``FailurePlace``): the one way every failure of
  /// the program is shown, in the format's words (``ErrorReport`` decides the message and
  /// the code). Results written so far go out first, so that standard output and the error
  /// stream stay in order on a terminal; a failure reported already (a `read` script's
  /// lines, ``CommandError/alreadyReported``) writes nothing.
  ///
  /// - Parameters:
  ///   - error: The failure: a command's, a run's (``RunFailure``), or setting up's.
  ///   - place: Where it happened.
  func failure(_ error: any Error, at place: FailurePlace)
}

extension OutputFormat {
  /// The renderer of this format, writing results to `out` and warnings to `err`; text is
  /// laid out in `layout`'s width (the machine formats take no width).
  func makeRenderer(
    out: OutputStream, err: OutputStream, layout: TextLayout = TextLayout()
  ) -> any Renderer {
    switch self {
    case .text: TextRenderer(out: out, err: err, layout: layout)
    case .json: JSONLinesRenderer(out: out, err: err)
    case .csv: CSVRenderer(out: out, err: err)
    }
  }
}
