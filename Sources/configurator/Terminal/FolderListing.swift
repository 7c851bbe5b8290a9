internal import Dealership
import Support

/// Lists a folder for file-name completion.
enum FolderListing {
  /// Listing stops here, so completing in a huge folder stays quick.
  static let maximumEntries = 10_000

  /// The entries of `folder` (`""` is the current folder) without `.` and `..`; empty when it
  /// cannot be read.
  static func entries(of folder: String) -> [FolderEntry] {
    let path = folder.isEmpty ? "." : folder
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var entries: [FolderEntry] = []
    while entries.count < maximumEntries, let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      let kind = entry.pointee.d_type
      var isFolder = kind == UInt8(DT_DIR)
      if kind == UInt8(DT_LNK) || kind == UInt8(DT_UNKNOWN) {
        var status = stat()
        let full = path.hasSuffix("/") ? path + name : path + "/" + name
        isFolder = stat(full, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
      }
      entries.append(FolderEntry(name: name, isFolder: isFolder))
    }
    return entries
  }
}
