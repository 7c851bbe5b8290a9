/// The library's drivetrain: a named value, so a clone is a copy.
struct DrivetrainPart: Drivetrain, Hashable {
  var name: String

  func clone() -> DrivetrainPart { self }
}
