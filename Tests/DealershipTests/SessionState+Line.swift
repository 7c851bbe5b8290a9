@testable import Dealership

extension SessionState {
  /// Reads and runs one line against this state, as the driver does: the line read into an
  /// invocation (a blank or comment line runs nothing), then run by the interpreter.
  ///
  /// - Parameters:
  ///   - line: The line.
  ///   - environment: The clock, the environment and the files the line sees.
  ///   - words: The reader's word buffer (kept by callers that read many lines).
  /// - Returns: The interpreter's reply.
  /// - Throws: ``CommandError`` when the line does not read or fails.
  @discardableResult
  mutating func run(
    _ line: String, in environment: TestEnvironment, words: WordList = WordList()
  ) throws(CommandError) -> Interpreter.Reply {
    var bytes = Array(line.utf8)
    let read = bytes.withUnsafeMutableBufferPointer { buffer in
      Result { () throws(CommandError) in
        try InvocationParser.read(UnsafeBufferPointer(buffer), into: words, of: &self)
      }
    }
    guard let invocation = try read.get()?.invocation else { return Interpreter.Reply([]) }
    return try Interpreter(environment: environment).run(invocation, on: &self)
  }
}
