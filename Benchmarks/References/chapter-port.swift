// The straightforward port of the source chapter, as a baseline for scripts/bench: class
// parts, a factory per model, a new car per line, and a `print` per output line.
import Foundation

protocol Floorplan { var seats: Int { get }; var enginePosition: String { get } }
protocol Suspension { var suspensionType: String { get } }
protocol Drivetrain { var driveType: String { get } }
class ShortFloorplan: Floorplan { var seats = 2; var enginePosition = "Mid" }
class StandardFloorplan: Floorplan { var seats = 4; var enginePosition = "Front" }
class LongFloorplan: Floorplan { var seats = 8; var enginePosition = "Front" }
class RoadSuspension: Suspension { var suspensionType = "Standard" }
class RaceSuspension: Suspension { var suspensionType = "Firm" }
class OffRoadSuspension: Suspension { var suspensionType = "Soft" }
class FrontWheelDrive: Drivetrain { var driveType = "Front" }
class RearWheelDrive: Drivetrain { var driveType = "Rear" }
class AllWheelDrive: Drivetrain { var driveType = "4WD" }

class CarFactory {
  func createFloorplan() -> Floorplan { fatalError("abstract") }
  func createSuspension() -> Suspension { fatalError("abstract") }
  func createDrivetrain() -> Drivetrain { fatalError("abstract") }
  var price: Decimal { 0 }
  static func getFactory(_ model: String) -> CarFactory? {
    switch model {
    case "compact": return CompactCarFactory()
    case "sports": return SportsCarFactory()
    case "suv": return SUVCarFactory()
    default: return nil
    }
  }
}
class CompactCarFactory: CarFactory {
  override func createFloorplan() -> Floorplan { StandardFloorplan() }
  override func createSuspension() -> Suspension { RoadSuspension() }
  override func createDrivetrain() -> Drivetrain { FrontWheelDrive() }
  override var price: Decimal { 28500 }
}
class SportsCarFactory: CarFactory {
  override func createFloorplan() -> Floorplan { ShortFloorplan() }
  override func createSuspension() -> Suspension { RaceSuspension() }
  override func createDrivetrain() -> Drivetrain { RearWheelDrive() }
  override var price: Decimal { 72900 }
}
class SUVCarFactory: CarFactory {
  override func createFloorplan() -> Floorplan { LongFloorplan() }
  override func createSuspension() -> Suspension { OffRoadSuspension() }
  override func createDrivetrain() -> Drivetrain { AllWheelDrive() }
  override var price: Decimal { 89990 }
}

let names = ["compact": "VW Golf", "sports": "Porsche Boxster", "suv": "Cadillac Escalade"]
let formatter = NumberFormatter()
formatter.numberStyle = .currency
formatter.locale = Locale(identifier: "en_US")
while let line = readLine() {
  let words = line.split(separator: " ").map(String.init)
  guard words.first == "build", words.count >= 2, let factory = CarFactory.getFactory(words[1])
  else { continue }
  var drivetrain = factory.createDrivetrain()
  var suspension = factory.createSuspension()
  var price = factory.price
  for option in words.dropFirst(2) {
    switch option {
    case "drive=4wd": drivetrain = AllWheelDrive(); price += words[1] == "sports" ? 3650 : 2400
    case "suspension=firm": suspension = RaceSuspension(); price += 1250
    default: break
    }
  }
  let floorplan = factory.createFloorplan()
  print("Car type: \(names[words[1]] ?? "")")
  print("Seats: \(floorplan.seats)")
  print("Engine: \(floorplan.enginePosition)")
  print("Suspension: \(suspension.suspensionType)")
  print("Drive: \(drivetrain.driveType)")
  print("Price: \(formatter.string(from: price as NSDecimalNumber) ?? "")")
}
