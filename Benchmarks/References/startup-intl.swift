// A startup probe for scripts/bench-startup: a Swift program that loads FoundationEssentials
// and FoundationInternationalization (and so ICU), as our locale formatting needs, and prints
// one line.
import FoundationEssentials
import FoundationInternationalization

let locale = Locale(identifier: "en_US")
print(locale.identifier.isEmpty ? "" : "$72,900.00")
