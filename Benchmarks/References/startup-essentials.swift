// A startup probe for scripts/bench-startup: a Swift program that loads FoundationEssentials
// only (no ICU), and prints one line.
import FoundationEssentials

let text = Data("$72,900.00".utf8)
print(String(decoding: text, as: UTF8.self))
