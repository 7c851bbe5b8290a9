import Foundation
import Testing

@testable import Support

/// Issue 49: an append that fails leaves the file as it was, even when the cut that undoes it
/// fails too (a double fault): the next append cuts first, so no tail of the failed one stays
/// after a shorter record.
@Suite struct LockedFileFaultTests {
  static func scratch() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "locked-fault-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("store.json").path
  }

  static let faults: [LockedFile.AppendFault] = [
    .init(.write(after: 0), code: Errno(rawValue: ENOSPC)),
    .init(.write(after: 9), code: Errno(rawValue: ENOSPC)),
    .init(.sync, code: .ioError),
    .init(.syncAndCut, code: .ioError),
  ]

  @Test(arguments: faults)
  func aShorterRecordAfterAFailedAppendLeavesNoTail(_ fault: LockedFile.AppendFault) throws {
    let path = try Self.scratch()
    defer {
      try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
    let file = try LockedFile.open(path) { Array("{}\n".utf8) }
    let long = Array("{\"record\":1,\"a long record that fails\"}\n".utf8)
    file.fault = fault
    #expect(throws: FileSystemError.self) { try file.append(long, at: 3) }
    file.fault = nil
    let short = Array("{\"record\":1}\n".utf8)
    try file.append(short, at: 3)
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(bytes == Array("{}\n".utf8) + short)
    #expect(file.pendingCut == nil)
  }

  @Test func aCutThatKeepsFailingRefusesTheNextAppend() throws {
    let path = try Self.scratch()
    defer {
      try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
    let file = try LockedFile.open(path) { Array("{}\n".utf8) }
    file.fault = .init(.syncAndCut, code: .ioError)
    #expect(throws: FileSystemError.self) { try file.append(Array("{\"record\":1}\n".utf8), at: 3) }
    #expect(file.pendingCut == 3)
  }
}
