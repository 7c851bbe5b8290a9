import ConfigurationEngine
import Testing

@testable import CarFactory

/// Every Boolean-level construct the reader accepts, and what it makes of it.
@Suite struct UVLReaderTests {
  private static let showroom = """
    // A small product line with every construct.
    namespace Cars.Demo

    include
        Boolean
        Boolean.group-cardinality

    features
        Car {abstract}
            mandatory
                Engine
                    alternative
                        Petrol {price 0}
                        Diesel {price 1250.5, abstract false}
                        "Electric Motor" {price 4000.00, range [300, 450], spec {kw 150, name 'e-motor'}}
            optional
                "Tow.Hitch" {price .5} /* a dotted name in quotes */
                Sunroof {note 'a string, with {braces}', flag true, size -2, ratio -0.25}
                Roof.Rails
            or
                Radio
                Navigation
            [1..2]
                Red
                Blue
                Green

    constraints
        Diesel => !"Electric Motor"   // no electric diesel
        (Navigation |
           Radio) => Engine
        "Tow.Hitch" <=> Diesel
        Tow.Hitch & Roof.Rails | true
    """

  @Test func readsTheFeatureTreeInFileOrder() throws {
    let model = try UVLTestSupport.read(Self.showroom)
    #expect(model.namespace == "Cars.Demo")
    #expect(model.languageLevels == ["Boolean", "Boolean.group-cardinality"])
    #expect(
      model.features.map(\.name) == [
        "Car", "Engine", "Petrol", "Diesel", "Electric Motor", "Tow.Hitch", "Sunroof",
        "Roof.Rails", "Radio", "Navigation", "Red", "Blue", "Green",
      ])
    #expect(model.features.map(\.line) == [9, 11, 13, 14, 15, 17, 18, 19, 21, 22, 24, 25, 26])
    #expect(
      model.groups.map(\.kind) == [
        .mandatory, .alternative, .optional, .or, .cardinality(minimum: 1, maximum: 2),
      ])
    #expect(model.groups.map(\.parent) == [0, 1, 0, 0, 0])
    #expect(model.groups.map(\.members) == [[1], [2, 3, 4], [5, 6, 7], [8, 9], [10, 11, 12]])
    #expect(model.features[0].childGroups == [0, 2, 3, 4])
  }

  @Test func keepsAttributesAsTextAndReadsAbstractAndPrice() throws {
    let model = try UVLTestSupport.read(Self.showroom)
    #expect(model.features[0].isAbstract)
    #expect(model.features[0].attributes == [UVLAttribute(key: "abstract", value: nil)])
    #expect(!model.features[3].isAbstract)
    #expect(
      model.features.map(\.price?.cents) == [
        nil, nil, 0, 125_050, 400_000, 50, nil, nil, nil, nil, nil, nil, nil,
      ])
    #expect(
      model.features[4].attributes == [
        UVLAttribute(key: "price", value: "4000.00"),
        UVLAttribute(key: "range", value: "[300, 450]"),
        UVLAttribute(key: "spec", value: "{kw 150, name 'e-motor'}"),
      ])
    #expect(
      model.features[6].attributes.map(\.value) == [
        "'a string, with {braces}'", "true", "-2", "-0.25",
      ])
  }

  @Test func readsConstraintsWithTheirLinesAndText() throws {
    let model = try UVLTestSupport.read(Self.showroom)
    #expect(model.constraints.map(\.line) == [29, 30, 32, 33])
    #expect(
      model.constraints.map(\.text) == [
        #"Diesel => !"Electric Motor""#, "(Navigation | Radio) => Engine",
        #""Tow.Hitch" <=> Diesel"#, "Tow.Hitch & Roof.Rails | true",
      ])
    #expect(
      model.constraints.map { $0.expression.atoms.map(\.name) } == [
        ["Diesel", "Electric Motor"], ["Navigation", "Radio", "Engine"], ["Tow.Hitch", "Diesel"],
        ["Tow.Hitch", "Roof.Rails"],
      ])
    // Columns count from the start of the constraint's first line (17 bytes and a line break).
    #expect(model.constraints[1].expression.atoms.map(\.column) == [6, 26, 36])
    #expect(
      model.constraints[3].expression
        == .or([
          .and([.atom("Tow.Hitch", column: 5), .atom("Roof.Rails", column: 17)]),
          .constant(true),
        ]))
  }

  @Test(arguments: [
    ("[2]", UVLGroupKind.cardinality(minimum: 2, maximum: 2)),
    ("[0..2]", .cardinality(minimum: 0, maximum: 2)),
    ("[1..*]", .cardinality(minimum: 1, maximum: nil)),
    ("[3..3]", .cardinality(minimum: 3, maximum: 3)),
    ("[0]", .cardinality(minimum: 0, maximum: 0)),
    ("mandatory", .mandatory), ("optional", .optional), ("alternative", .alternative),
    ("or", .or),
  ])
  func readsEveryGroupKind(keyword: String, kind: UVLGroupKind) throws {
    let model = try UVLTestSupport.read(
      "features\n  R\n    \(keyword)\n      A\n      B\n      C\n")
    #expect(model.groups.map(\.kind) == [kind])
    #expect(model.groups[0].members == [1, 2, 3])
  }

  @Test(arguments: [
    (
      "A & B | !C",
      Expression.or([
        .and([.atom("A", column: 5), .atom("B", column: 9)]), .not(.atom("C", column: 14)),
      ])
    ),
    (
      "A => B => C",
      .implies(.implies(.atom("A", column: 5), .atom("B", column: 10)), .atom("C", column: 15))
    ),
    (
      "A <=> B => C",
      .equivalent(.atom("A", column: 5), .implies(.atom("B", column: 11), .atom("C", column: 16)))
    ),
    (
      "!(A | B) & C",
      .and([.not(.or([.atom("A", column: 7), .atom("B", column: 11)])), .atom("C", column: 16)])
    ),
    ("A|B&C", .or([.atom("A", column: 5), .and([.atom("B", column: 7), .atom("C", column: 9)])])),
  ])
  func parsesConstraintsWithUVLPrecedence(text: String, expected: Expression) throws {
    let model = try UVLTestSupport.read(
      "features\n  R\n    optional\n      A\n      B\n      C\nconstraints\n    \(text)\n")
    #expect(model.constraints.first?.expression == expected)
  }

  @Test(arguments: [
    ("Engine.Diesel", "Engine.Diesel"),
    (#""Heated Seats""#, "Heated Seats"),
    (#""a b".c"#, "a b.c"),
    (#"x."y z""#, "x.y z"),
    (#""or""#, "or"),
    (#""features""#, "features"),
    ("Größe", "Größe"),
    ("A_1#%?;'", "A_1#%?;'"),
    ("Boolean Flag", "Flag"),
  ])
  func readsQuotedAndDottedNames(written: String, name: String) throws {
    let model = try UVLTestSupport.read("features\n  R\n    optional\n      \(written)\n")
    #expect(model.features.map(\.name) == ["R", name])
  }

  @Test func aDottedNameMeansTheSameFeatureQuotedOrNot() throws {
    let model = try UVLTestSupport.read(
      """
      features
        R
          optional
            "a.b"
            c
      constraints
        a.b => "c"
        "a".b => c
      """)
    #expect(
      model.constraints.map { $0.expression.atoms.map(\.name) } == [["a.b", "c"], ["a.b", "c"]])
  }

  @Test func aConstraintEndingInADottedNameKeepsItsWholeText() throws {
    // Issue 52: the text stopped at the name's first part (`c => a`).
    let text = """
      features
        R
          optional
            "a.b" {constraint c => a.b}
            c
      constraints
        c => a.b
        c => "a"."b"
        !a.b
      """
    let model = try UVLTestSupport.compile(text)
    #expect(
      model.constraints.map(\.text) == ["c => a.b", "c => a.b", #"c => "a"."b""#, "!a.b"])
    let line = ProductLine(featureModel: model, model: ModelID("dotted"))
    #expect(line.rules.map(\.text) == model.constraints.map(\.text))
  }

  @Test func readsConstraintAttributesAsConstraints() throws {
    let model = try UVLTestSupport.compile(
      """
      features
        R
          optional
            A {constraint A => B, other 1}
            B {constraints [B => C, !C | A]}
            C
      """)
    #expect(model.constraints.map(\.text) == ["A => B", "B => C", "!C | A"])
    #expect(model.constraints.map(\.id) == ["constraint 4", "constraint 5", "constraint 5 #2"])
    #expect(model.features[1].attributes == [UVLAttribute(key: "other", value: "1")])
  }

  @Test func acceptsSectionsInAnyMinimalForm() throws {
    let onlyRoot = try UVLTestSupport.read("features\n    Root")
    #expect(onlyRoot.features.map(\.name) == ["Root"])
    #expect(onlyRoot.groups.isEmpty)
    let emptyConstraints = try UVLTestSupport.read("features\n  R\nconstraints\n")
    #expect(emptyConstraints.constraints.isEmpty)
    let emptyInclude = try UVLTestSupport.read("include\nfeatures\n  R\n")
    #expect(emptyInclude.languageLevels.isEmpty)
  }

  @Test func readsTheBooleanLevelWildcard() throws {
    let model = try UVLTestSupport.read("include\n  Boolean.*\nfeatures\n  R\n")
    #expect(model.languageLevels == ["Boolean.*"])
  }
}
