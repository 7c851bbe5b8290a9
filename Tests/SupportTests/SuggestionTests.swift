import Testing

@testable import Support

/// The one edit distance and the "did you mean" hints built on it.
@Suite struct SuggestionTests {
  struct Distance: Sendable, CustomTestStringConvertible {
    let a: String
    let b: String
    let distance: Int

    var testDescription: String { "\(a)→\(b)" }
  }

  @Test(arguments: [
    Distance(a: "", b: "", distance: 0),
    Distance(a: "", b: "suv", distance: 3),
    Distance(a: "suv", b: "", distance: 3),
    Distance(a: "sports", b: "sports", distance: 0),
    Distance(a: "sprots", b: "sports", distance: 1),
    Distance(a: "sport", b: "sports", distance: 1),
    Distance(a: "kitten", b: "sitting", distance: 3),
    Distance(a: "frim", b: "firm", distance: 1),
  ])
  func editDistanceCountsTranspositionsAsOneEdit(_ row: Distance) {
    #expect(Suggestion.editDistance(row.a, row.b) == row.distance)
  }

  @Test func suggestionIsOnlyMadeForLikelyTypos() {
    let models = ["compact", "sports", "suv"]
    #expect(Suggestion.nearest(to: "sprots", in: models) == "sports")
    #expect(Suggestion.nearest(to: "compcat", in: models) == "compact")
    #expect(Suggestion.nearest(to: "SUV", in: models) == "suv")
    #expect(Suggestion.nearest(to: "tractor", in: models) == nil)
    #expect(Suggestion.nearest(to: "x", in: []) == nil)
  }

  @Test func codesAreSuggestedWithinOneEdit() {
    let codes = ["EUR", "GBP", "USD"]
    #expect(Suggestion.nearest(to: "GPB", in: codes, maximumDistance: 1) == "GBP")
    #expect(Suggestion.nearest(to: "gbx", in: codes, maximumDistance: 1) == "GBP")
    #expect(Suggestion.nearest(to: "XYZ", in: codes, maximumDistance: 1) == nil)
  }

  @Test func hintIsEmptyWithoutACloseCandidate() {
    #expect(Suggestion.hint(for: "sprots", in: ["sports"]) == "; did you mean 'sports'?")
    #expect(Suggestion.hint(for: "tractor", in: ["sports"]) == "")
  }
}
