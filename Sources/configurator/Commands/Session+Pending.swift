extension Session {
  func save(_ arguments: [String]) throws(CommandError) {
    throw CommandError("save: not available in this build yet")
  }
  func load(_ arguments: [String]) throws(CommandError) {
    throw CommandError("load: not available in this build yet")
  }
}
