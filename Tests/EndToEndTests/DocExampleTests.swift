import Foundation
import TestSupport
import Testing

/// The examples in README.md and Docs/*.md are run, so they cannot drift from the product.
///
/// In a fenced code block, a line starting with `$ ` is a shell command (`swift run
/// configurator` and `configurator` both run the built binary) and the lines after it, up to the
/// next command or the end of the block, are what it prints (standard output, then standard
/// error). A line `...` or `…` stands for any number of lines. A command shown without output
/// must succeed; a command ending in `\\` goes on on the next line. A transcript of the prompt (`configurator> COMMAND` lines after the command
/// that opens it) is run with the typed commands as its input; `^D` ends it.
///
/// The commands of one file run one after another in one scratch folder holding a link to
/// `Examples/`, so a file's examples may build on each other (a store made by one command is
/// read by the next). A block that cannot be run (key strokes at a terminal, a fragment) is
/// marked by a comment on the line before it: `<!-- not run: REASON -->`.
@Suite struct DocExampleTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static var documents: [String] {
    let docs =
      (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.path + "/Docs"))?
      .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 } ?? []
    return ["README.md"] + docs
  }

  /// One `$ ` command of a document and what it shows.
  struct Example: CustomStringConvertible {
    let file: String
    let line: Int
    let command: String
    let expected: [String]
    var description: String { "\(file):\(line): \(command)" }

    /// Whether the lines after the command are a transcript of the prompt.
    var isTranscript: Bool { expected.contains { $0.hasPrefix(Self.prompt) } }
    static let prompt = "configurator> "
  }

  /// The examples of a document, in order.
  static func examples(in file: String) throws -> [Example] {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    var examples: [Example] = []
    var inBlock = false
    var skipped = false
    var current: (line: Int, command: String, expected: [String])?
    func finish() {
      if let open = current {
        examples.append(
          Example(file: file, line: open.line, command: open.command, expected: open.expected))
      }
      current = nil
    }
    // A block inside a list item is indented: its lines lose the fence's indentation.
    var indent = 0
    for (index, raw) in lines.enumerated() {
      let trimmed = raw.trimmingCharacters(in: .whitespaces)
      let line =
        trimmed.hasPrefix("```")
        ? trimmed : String(raw.dropFirst(min(indent, raw.prefix { $0 == " " }.count)))
      if line.hasPrefix("```") {
        if inBlock {
          finish()
          inBlock = false
        } else {
          inBlock = true
          indent = raw.prefix { $0 == " " }.count
          let before = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
          skipped = before?.contains("<!-- not run") == true
        }
        continue
      }
      guard inBlock, !skipped else { continue }
      if line.hasPrefix("$ ") {
        finish()
        current = (index + 1, String(line.dropFirst(2)), [])
      } else if let open = current, open.expected.isEmpty, open.command.hasSuffix("\\") {
        // A command continued on the next line.
        current?.command = String(open.command.dropLast()) + line
      } else if current != nil {
        current?.expected.append(line)
      }
    }
    return examples.map { example in
      // Trailing blank lines of a block are layout, not output.
      var expected = example.expected
      while expected.last?.isEmpty == true { expected.removeLast() }
      return Example(
        file: example.file, line: example.line, command: example.command, expected: expected)
    }
  }

  @Test func everyDocumentWithCommandsHasExamples() throws {
    let counts = try Self.documents.map { try Self.examples(in: $0).count }
    #expect(counts.reduce(0, +) >= 30)
    #expect(try Self.examples(in: "README.md").count >= 8)
  }

  @Test(arguments: documents)
  func examplesPrintWhatTheDocumentShows(_ file: String) throws {
    let examples = try Self.examples(in: file)
    guard !examples.isEmpty else { return }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("configurator-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createSymbolicLink(
      at: scratch.appendingPathComponent("Examples"),
      withDestinationURL: Self.packageRoot.appendingPathComponent("Examples"))
    for example in examples {
      let result = try Self.run(example, in: scratch)
      let shown = Self.expectedOutput(of: example)
      if shown.isEmpty {
        #expect(result.status == 0, "\(example) failed: \(result.stdout)\(result.stderr)")
        continue
      }
      let printed = (result.stdout + result.stderr).components(separatedBy: "\n")
        .dropLast(result.stdout.isEmpty && result.stderr.isEmpty ? 0 : 1)
      #expect(
        Self.matches(Array(printed), shown),
        "\(example) printed:\n\(printed.joined(separator: "\n"))\n--- the document shows:\n\(shown.joined(separator: "\n"))"
      )
    }
  }

  /// Runs an example's command with bash, the built binary first on the path.
  private static func run(_ example: Example, in folder: URL) throws -> BinaryRunner.Result {
    var command = example.command.replacingOccurrences(
      of: "swift run configurator", with: "configurator")
    var input = ""
    if example.isTranscript {
      command += " --interactive"
      for line in example.expected where line.hasPrefix(Example.prompt) {
        let typed = String(line.dropFirst(Example.prompt.count))
        if typed == "^D" { break }
        input += typed + "\n"
      }
    }
    let binaries = BinaryRunner.executable.deletingLastPathComponent().path
    let environment = [
      "PATH": binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
      "HOME": folder.path, "XDG_STATE_HOME": folder.path, "COLUMNS": "100",
      // A fixed day unless the example sets one, as the golden transcripts have.
      "CONFIGURATOR_TODAY": GoldenTranscripts.day,
    ]
    return try Self.shell(command, stdin: input, environment: environment, directory: folder)
  }

  private static func shell(
    _ command: String, stdin: String, environment: [String: String], directory: URL
  ) throws -> BinaryRunner.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command]
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.currentDirectoryURL = directory
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
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
    return BinaryRunner.Result(
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self), status: process.terminationStatus)
  }

  /// What the document says the command prints. In a transcript the prompt is printed, the
  /// typed command is not (the input is not a terminal), so each `configurator> COMMAND` line
  /// becomes the prompt followed by the first line the command printed.
  static func expectedOutput(of example: Example) -> [String] {
    guard example.isTranscript else { return example.expected }
    var lines: [String] = []
    var promptPending = false
    for line in example.expected {
      if line.hasPrefix(Example.prompt) {
        if promptPending { lines.append(Example.prompt) }
        promptPending = true
        continue
      }
      lines.append(promptPending ? Example.prompt + line : line)
      promptPending = false
    }
    if promptPending { lines.append(Example.prompt) }
    return lines
  }

  /// Whether printed lines match shown ones, `...` or `…` standing for any lines.
  static func matches(_ printed: [String], _ shown: [String]) -> Bool {
    guard let first = shown.first else { return printed.isEmpty }
    if first == "..." || first == "…" {
      let rest = Array(shown.dropFirst())
      return (0...printed.count).contains { matches(Array(printed[$0...]), rest) }
    }
    guard let line = printed.first, line == first else { return false }
    return matches(Array(printed.dropFirst()), Array(shown.dropFirst()))
  }
}
