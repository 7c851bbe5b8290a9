public import Foundation

/// A fresh directory under the system's temporary folder, removed by `remove()`.
public struct ScratchDirectory {
  /// The directory.
  public let url: URL

  /// Makes a new directory.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("configurator-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of a file in the directory.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes a file in the directory.
  public func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
  }

  /// A file's bytes.
  public func bytes(_ name: String) throws -> Data {
    try Data(contentsOf: url.appendingPathComponent(name))
  }

  /// The names in the directory, sorted.
  public func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  /// Removes the directory and all it holds.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// The package's `Examples/` folder, found from this file.
public let examplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")

/// A new folder under the system's temporary folder (the caller removes it).
///
/// - Returns: Its URL.
public func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("configurator-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// The golden transcripts the end-to-end tests run (`Tests/EndToEndTests/Golden`): a folder
/// each, named by its case.
public enum GoldenTranscripts {
  /// The folder of every case.
  public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("EndToEndTests")
    .appendingPathComponent("Golden")

  /// The day a case runs on (`CONFIGURATOR_TODAY`) unless its `env` sets one, so what is
  /// dated by today (a report's rates' age) stays put.
  public static let day = "2026-12-02"

  /// The cases' names, sorted.
  public static var cases: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted()
  }
}
