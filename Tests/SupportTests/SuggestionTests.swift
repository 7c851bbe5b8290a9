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

  /// Passing over candidates whose length alone puts them too far is an optimization only:
  /// the same suggestion as comparing every candidate, on random words.
  @Test func skippingCandidatesByLengthChangesNoSuggestion() {
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func word() -> String {
      String((0..<next(10)).map { _ in ["a", "b", "c", "É", "é"][next(5)] }.joined())
    }
    for _ in 0..<2_000 {
      let typed = word()
      let candidates = (0..<next(6)).map { _ in word() }
      let limit = next(4)
      var expected: (String, Int)?
      for candidate in candidates {
        let distance = Suggestion.editDistance(typed.lowercased(), candidate.lowercased())
        if distance <= limit, distance < (expected?.1 ?? Int.max) {
          expected = (candidate, distance)
        }
      }
      #expect(
        Suggestion.nearest(to: typed, in: candidates, maximumDistance: limit) == expected?.0,
        "\(typed) in \(candidates) within \(limit)")
    }
  }
}
