// The startup floor for scripts/bench: a Swift program that imports Foundation and formats
// one currency value.
import Foundation

let formatter = NumberFormatter()
formatter.numberStyle = .currency
formatter.locale = Locale(identifier: "en_US")
print(formatter.string(from: Decimal(string: "72900.00")! as NSDecimalNumber) ?? "")
