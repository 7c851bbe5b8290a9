#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Session {
  func read(_ arguments: [String]) throws(CommandError) -> Outcome {
    guard let path = arguments.first else {
      throw CommandError("read: missing FILE (usage: read FILE)")
    }
    try expectNoArguments(Array(arguments.dropFirst()), for: .read)
    guard readDepth < Self.maximumReadDepth else {
      throw CommandError(
        "read: scripts nested more than \(Self.maximumReadDepth) deep at '\(path)'")
    }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw CommandError("read: cannot open '\(path)': \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw CommandError("read: '\(path)' is a directory")
    }
    readDepth += 1
    defer { readDepth -= 1 }
    let result = ScriptRunner(session: self, label: .file(path)).run(
      LineReader(descriptor: descriptor))
    // The builds of the nested script are not this line's own: it must not be cached as one.
    lastBuildConfiguration = nil
    if !result.succeeded {
      throw CommandError.alreadyReported
    }
    return result.quit ? .quit : .proceed
  }
}

extension CommandError {
  /// A failure whose messages were already printed (the lines of a `read` script): the
  /// command fails without a message of its own.
  static let alreadyReported = CommandError("")
}
