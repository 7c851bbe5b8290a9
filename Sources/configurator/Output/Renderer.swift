internal import CarFactory

/// Writes command results in one output format. There is one renderer per format, made once
/// per session; every result a command returns goes through it.
protocol Renderer: AnyObject {
  /// Writes a result.
  ///
  /// - Parameters:
  ///   - result: What the command produced.
  ///   - money: The session's money settings, for amounts shown to people.
  func render(_ result: CommandResult, money: inout MoneySettings)

  /// The bytes of a build's result after its number, made once per configuration: the
  /// scripted fast path replays them (see `Session+Replay.swift`).
  func buildBytes(_ car: Car, price: Price, money: inout MoneySettings) -> [UInt8]

  /// Whether a build can be written from its cached bytes now (not when a CSV table of
  /// another kind came before: its header must be written by ``render(_:money:)``).
  var writesCachedBuilds: Bool { get }

  /// Writes a build from its cached bytes: the number, then the bytes. Call it only while
  /// ``writesCachedBuilds`` is true.
  func writeBuild(number: Int, bytes: [UInt8])
}

extension OutputFormat {
  /// The renderer of this format, writing to `out`.
  func makeRenderer(out: OutputStream) -> any Renderer {
    switch self {
    case .text: TextRenderer(out: out)
    case .json: JSONLinesRenderer(out: out)
    case .csv: CSVRenderer(out: out)
    }
  }
}
