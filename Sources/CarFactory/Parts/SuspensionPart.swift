/// The library's suspension: a named value, so a clone is a copy.
struct SuspensionPart: Suspension, Hashable {
  var name: String

  func clone() -> SuspensionPart { self }
}
