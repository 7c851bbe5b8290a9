extension Session {
  func stock(_ arguments: [String]) throws(CommandError) {
    throw CommandError("stock: not available in this build yet")
  }
  func currency(_ arguments: [String]) throws(CommandError) {
    throw CommandError("currency: not available in this build yet")
  }
  func rates(_ arguments: [String]) throws(CommandError) {
    throw CommandError("rates: not available in this build yet")
  }
  func rate(_ arguments: [String]) throws(CommandError) {
    throw CommandError("rate: not available in this build yet")
  }
  func save(_ arguments: [String]) throws(CommandError) {
    throw CommandError("save: not available in this build yet")
  }
  func load(_ arguments: [String]) throws(CommandError) {
    throw CommandError("load: not available in this build yet")
  }
}
