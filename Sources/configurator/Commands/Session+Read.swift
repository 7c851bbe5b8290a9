import Support

extension Session {
  func read(_ arguments: [String]) throws(CommandError) -> Outcome {
    guard let path = arguments.first else {
      throw .missingArgument(command: "read", what: "FILE", hint: "usage: read FILE")
    }
    try expectNoArguments(Array(arguments.dropFirst()), for: .read)
    guard options.readDepth < Self.maximumReadDepth else {
      throw .limit(
        command: "read",
        reason: "scripts nested more than \(Self.maximumReadDepth) deep at '\(path)'")
    }
    let descriptor = POSIX.openForReading(path)
    guard descriptor >= 0 else {
      throw .file(command: "read", reason: "cannot open '\(path)': \(POSIX.lastErrorMessage)")
    }
    defer { POSIX.close(descriptor) }
    if POSIX.isDirectory(descriptor) {
      throw .file(command: "read", reason: "'\(path)' is a directory")
    }
    options.readDepth += 1
    defer { options.readDepth -= 1 }
    let result = ScriptRunner(session: self, label: .file(path)).run(
      LineReader(descriptor: descriptor))
    // The builds of the nested script are not this line's own: it must not be cached as one.
    caches.lastBuildConfiguration = nil
    if !result.succeeded {
      throw .alreadyReported
    }
    return result.quit ? .quit : .proceed
  }
}
