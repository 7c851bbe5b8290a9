public import Foundation

/// Runs the built `configurator` binary with arguments and standard input, as a user would.
public enum BinaryRunner {
  /// What a run of the binary came to.
  public struct Result: Equatable, Sendable {
    /// Its standard output.
    public let stdout: String
    /// Its standard error.
    public let stderr: String
    /// Its exit status.
    public let status: Int32

    /// A run's outcome.
    public init(stdout: String, stderr: String, status: Int32) {
      self.stdout = stdout
      self.stderr = stderr
      self.status = status
    }
  }

  /// The binary sits next to the test bundle in the build's products folder.
  public static var executable: URL {
    let bundle = Bundle.main.bundleURL
    let candidates = [
      bundle.appendingPathComponent("configurator"),
      bundle.deletingLastPathComponent().appendingPathComponent("configurator"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("configurator"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[0]
  }

  /// Runs the binary; `stdin` is written to its standard input and closed.
  public static func run(
    _ arguments: [String], stdin: String = "", environment: [String: String] = [:],
    directory: URL? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    if let directory { process.currentDirectoryURL = directory }
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read both pipes while writing, so a large output cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    DispatchQueue.global().async(group: group) {
      outData = output.fileHandleForReading.readDataToEndOfFile()
    }
    DispatchQueue.global().async(group: group) {
      errData = errors.fileHandleForReading.readDataToEndOfFile()
    }
    try input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    return Result(
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self),
      status: process.terminationStatus)
  }
}
