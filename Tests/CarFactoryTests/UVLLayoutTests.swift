import Foundation
import Testing

@testable import CarFactory

/// Indentation, line breaks and comments: what the layout of a file may and may not be.
@Suite struct UVLLayoutTests {
  private static let tree = """
    features
        R
            alternative
                A
                B
            optional
                C
    constraints
        A => C
    """

  private static func shape(_ model: UVLModel) -> [String] {
    model.features.map { feature in
      let parent = feature.group.map { model.features[model.groups[$0].parent].name } ?? "-"
      return "\(feature.name)<\(parent)"
    } + model.constraints.map(\.text)
  }

  private static let expected = ["R<-", "A<R", "B<R", "C<R", "A => C"]

  @Test(arguments: ["    ", "\t", "  ", " "])
  func readsAnyConsistentIndentation(unit: String) throws {
    let text = Self.tree.replacingOccurrences(of: "    ", with: unit)
    #expect(Self.shape(try UVLTestSupport.read(text)) == Self.expected)
  }

  @Test func readsAConsistentMixOfTabsAndSpaces() throws {
    let text =
      "features\n\tR\n\t  alternative\n\t  \tA\n\t  \tB\n\t  optional\n\t  \tC\n"
      + "constraints\n\tA => C\n"
    #expect(Self.shape(try UVLTestSupport.read(text)) == Self.expected)
  }

  @Test func refusesIndentationWhoseDepthDependsOnTheTabWidth() {
    let error = UVLTestSupport.refusal("features\n\tR\n\t\toptional\n        \t\tA\n")
    #expect(
      error?.description
        == "test.uvl:4: indentation mixes tabs and spaces differently from line 3, so its depth "
        + "depends on the tab width; indent both the same way")
    let sibling = UVLTestSupport.refusal("features\n  R\n    optional\n      A\n\t  B\n")
    #expect(sibling?.description.hasPrefix("test.uvl:5: indentation mixes tabs and spaces") == true)
  }

  @Test func refusesADedentToNoOpenLevel() {
    let error = UVLTestSupport.refusal(
      "features\n    R\n        optional\n            A\n      B\n")
    #expect(
      error?.description
        == "test.uvl:5: indentation of 6 characters matches no enclosing level (open levels: 0, "
        + "4, 8, 12)")
  }

  @Test func readsCRLFAndCRLineBreaksAsLF() throws {
    let crlf = Self.tree.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
    #expect(Self.shape(try UVLTestSupport.read(crlf)) == Self.expected)
    let cr = Self.tree.replacingOccurrences(of: "\n", with: "\r")
    #expect(Self.shape(try UVLTestSupport.read(cr)) == Self.expected)
    let error = UVLTestSupport.refusal(
      "features\r\n  R\r\n    optional\r\n      A\r\nconstraints\r\n  A => Z\r\n")
    #expect(error?.description == "test.uvl:6: unknown feature 'Z' in the constraint 'A => Z'")
  }

  @Test func skipsAByteOrderMark() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(Self.tree.utf8)
    let model = try UVLReader.read(bytes, file: "bom.uvl")
    #expect(Self.shape(model) == Self.expected)
  }

  @Test func skipsBlankAndCommentLinesWhateverTheirIndentation() throws {
    let text = """
      // leading comment

      features
      // a comment at column 0 inside the tree
          R
                  // deeper comment
              alternative   // trailing comment
        /* a block comment
                 over lines */
                  A
         \t
                  B /* inline */
              /* before a group */ optional
                  C
      /* a block comment between sections */
      constraints
          A /* inside */ => C
      """
    let model = try UVLTestSupport.read(text)
    #expect(Self.shape(model).dropLast() == Self.expected.dropLast())
    #expect(model.constraints.map(\.text) == ["A /* inside */ => C"])
    #expect(model.features.map(\.line) == [5, 10, 12, 14])
  }

  @Test func continuesAConstraintOverLinesWhileAParenthesisIsOpen() throws {
    let text = """
      features
          R
              optional
                  A
                  B
                  C
      constraints
          (A &
      B) => (
                C
           )
          A => B
      """
    let model = try UVLTestSupport.read(text)
    #expect(model.constraints.map(\.line) == [8, 12])
    #expect(model.constraints.map(\.text) == ["(A & B) => ( C )", "A => B"])
  }

  @Test func continuesAnAttributeListOverLines() throws {
    let text = "features\n  R\n    optional\n      A {\n  price 10,\n        note 'x'\n}\n      B\n"
    let model = try UVLTestSupport.read(text)
    #expect(model.features.map(\.name) == ["R", "A", "B"])
    #expect(model.features[1].price?.cents == 1000)
    #expect(model.features[2].line == 8)
  }

  @Test func needsNoFinalLineBreak() throws {
    #expect(Self.shape(try UVLTestSupport.read(Self.tree)) == Self.expected)
    #expect(Self.shape(try UVLTestSupport.read(Self.tree + "\n\n  \n")) == Self.expected)
  }
}
