internal import Dealership
import Support

/// A failure of a run rather than of a command: what the mode read or wrote went wrong.
/// The renderers word it, as they word a command's failure (``ErrorReport``).
enum RunFailure: Error, Equatable {
  /// A line past the 64 KiB limit (``LineReader/maximumLength``); `gaveUp` when no line break
  /// came within the limit and the script stopped there.
  case lineTooLong(bytes: Int, gaveUp: Bool)
  /// Standard input (or the script) could not be read.
  case inputUnreadable
  /// Standard output could not be written (`code` is the system's error); `atEnd`
  /// when the failure came at the final flush, after every line had run.
  case output(code: Errno, atEnd: Bool, inScript: Bool)
}
