// The startup floor without Foundation for scripts/bench: a Swift program that prints one
// line through the standard library only.
print("$72,900.00")
