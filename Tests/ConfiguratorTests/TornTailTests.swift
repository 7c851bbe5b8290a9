import Foundation
import TestSupport
import Testing

@testable import configurator

/// Issue 49 and `Docs/Reliability.md`: what a crash or a power cut leaves after a store's last
/// record — a record cut short, zeros, or a piece of a record followed by zeros — is dropped
/// when the store is opened; anything else after the records is refused.
@Suite struct TornTailTests {
  static let document = Array("{\"format\":\"configurator-session\"}\n".utf8)
  static let record = Array("{\"record\":1,\"nextBuild\":2}\n".utf8)
  static let zeros = [UInt8](repeating: 0, count: 200)

  static let dropped: [[UInt8]] = [
    Array("{\"rec".utf8) + zeros,
    Array("{".utf8) + zeros,
    zeros,
    Array("{\"record\":2,\"builds\":{\"ad".utf8) + zeros,
    Array("{\"record\":2,\"builds\":{\"ad".utf8),
  ]

  @Test(arguments: dropped)
  func aTornTailIsDropped(_ tail: [UInt8]) throws {
    let layout = try #require(SessionFile.layout(of: Self.document + Self.record + tail))
    #expect(layout.records.count == 1)
    #expect(layout.goodLength == Self.document.count + Self.record.count)
  }

  static let refused: [[UInt8]] = [
    Array("junk".utf8) + zeros,
    Array("{\"rec".utf8) + zeros + Array("x".utf8),
    zeros + Array("\n".utf8),
  ]

  @Test(arguments: refused)
  func otherTrailingBytesAreRefused(_ tail: [UInt8]) {
    #expect(SessionFile.layout(of: Self.document + Self.record + tail) == nil)
  }

  /// The reproducer: the store opens, and the next holder cuts the tail off.
  @Test func aStoreEndingInAPieceOfARecordAndZerosOpens() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let store = scratch.path("t.json")
    #expect(try BinaryRunner.run(["--store", store, "build", "sports"]).status == 0)
    let good = try scratch.bytes("t.json")
    try (good + Data("{\"rec".utf8) + Data(Self.zeros)).write(to: URL(fileURLWithPath: store))
    let read = try BinaryRunner.run(["--store", store, "builds"])
    #expect(read.status == 0)
    #expect(read.stdout.contains("Porsche Boxster"))
    #expect(try BinaryRunner.run(["--store", store, "build", "compact"]).status == 0)
    let after = try BinaryRunner.run(["--store", store, "builds"])
    #expect(after.stdout.contains("Porsche Boxster") && after.stdout.contains("VW Golf"))
    #expect(try scratch.bytes("t.json").prefix(good.count) == good)
    #expect(!(try scratch.bytes("t.json")).contains(0))
  }
}
