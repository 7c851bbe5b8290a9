import Foundation
import Testing

@testable import CarFactory

/// Inputs found by `scripts/fuzz` (the `catalog` harness), kept so that the fixed behaviour
/// stays fixed: each is refused with a one-line error.
@Suite struct FuzzRegressionTests {
  /// catalog crash-fe88259a: the key `"\note"` (JSON escape, a line break) made the message
  /// `unknown key '<newline>ote'`, an error of two lines.
  @Test func keyWithLineBreakGivesAOneLineError() throws {
    let base64 =
      "ewogICJ2ZXJzaW9uIjogMSwKICAiXG5vdGUiOiAiU2FtcGxlIGRhdGk6IGFkZHMgYSB2YW4gd2l0aCBhIG5ldyBmbG9vcnBsYW4gYW5kIHN1c3BlbnNpb24sIGFuZCBsZXRzIHRoZSBTVVYgdGFrZSBhaXIgc3BldW9zc25pbi4iLAogICJwYXJ0cyI6IHsKICAgICJmbG9vcnBsYW4iOiBbeyAibmFtZSI6ICIjYW4iLCAic2VhdHMiOiA5LCAiZW5naW5lIjogImZyb250IiB9XSwKICAgICJzdXNwZW5zaW9uIjogW3sgIm5hbWUiOiAiQWlyIiB9XQogIH0sCiAgIm1vZGVscyI6IFsKICAgIHsKICAgICAgImlkIjogInZhbiIsCiAgICAgICJjYXJUeXBlIjogIlZXIFRyYW5zdG9ydGVyIiwKICAgICAgImJhc2VQcmljZSI6ICI0MTIwMC4wMCIsCiAgICAgICJmbG9vcnBsYW4iOiAidmFuIiwKICAgICAgInN1c3BlbnNpb24iOiAic3RhbmRhcmQiLAogICAgICAiZHJpdmUiOiAiZnJvbnQiLAogICAgICAiYWx0ZXJuYXRpdmVzIjogWwogICAgICAgIHsgInNsb3QiOiAic3VzcGVuc2lvbiIsICJwYXJ0IjogImFpciIsICJzdXJjaGFyZ2UiOiAiMDkwMC5pciIsICJzdXJjaGFyZ2UiOiAiMjUwMC4wMCIgfV0KICAgIH0KICBdCn0K"
    let bytes = try #require(Data(base64Encoded: base64))
    let registry = CarRegistry()
    // The input also gives `surcharge` twice in one object, which is now refused first (as
    // session files always did); without that, the key with a line break is named.
    let duplicate = #expect(throws: CatalogError.self) {
      try registry.loadCatalog(Array(bytes), source: "catalog.json")
    }
    #expect(
      duplicate?.description
        == "catalog.json: not valid JSON: key 'surcharge' appears twice in one object at line 17, column 72"
    )
    let text = String(decoding: bytes, as: UTF8.self)
      .replacingOccurrences(of: #""surcharge": "0900.ir", "#, with: "")
    let error = #expect(throws: CatalogError.self) {
      try registry.loadCatalog(Array(text.utf8), source: "catalog.json")
    }
    #expect(error?.path == "\note")
    #expect(error?.description.contains("\n") == false)
    #expect(error?.description.hasPrefix(#"catalog.json: \note: unknown key '\note'"#) == true)
    #expect(registry.modelIDs == CarRegistry().modelIDs)
  }

  @Test(arguments: [
    #"{"models":[{"id":"a\nb"}]}"#,
    #"{"models":[{"id":"van","carType":"Van\r","basePrice":"1.00"}]}"#,
    #"{"parts":{"drive":[{"name":"x\u001b[2J"}]}}"#,
    #"{"models":[{"id":"van","carType":"Van","basePrice":"1.\n00"}]}"#,
    #"{"version":"1\u2028"}"#,
  ])
  func controlCharactersInBadValuesAreEscaped(json: String) {
    let error = #expect(throws: CatalogError.self) {
      try CarRegistry().loadCatalog(Array(json.utf8), source: "c.json")
    }
    let description = error?.description ?? ""
    #expect(
      !description.unicodeScalars.contains {
        [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
      }, "\(description)")
  }

  @Test func unknownModelWithLineBreakGivesAOneLineError() {
    let error = BuildError.unknownModel("spo\nrts", known: ["sports"])
    #expect(!error.description.contains("\n"))
    #expect(error.description.hasPrefix(#"unknown model 'spo\nrts'"#))
  }
}
