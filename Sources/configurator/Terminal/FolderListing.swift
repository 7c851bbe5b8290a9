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
    return POSIX.directoryEntries(of: path, limit: maximumEntries).map { entry in
      FolderEntry(name: entry.name, isFolder: entry.isDirectory)
    }
  }
}
