internal import Dealership

/// How a session runs its scripts, from the command line; no command changes them.
struct RunOptions {
  /// Whether `read` scripts stop at their first error (`--bail`).
  var bail = false
  /// Whether script lines are printed before their output (`--echo`).
  var echo = false
  /// How deep `read` scripts are nested now.
  var readDepth = 0
  /// How much of the scripted fast path (``ScriptMemo``) may answer script lines: all of it
  /// by default; without its line cache for benchmarks that time the reading of every line
  /// (`CONFIGURATOR_LINE_CACHE=off`); none of it for the differential tests of the general
  /// path.
  var memo = MemoUse.everything
}

/// How much of the ``ScriptMemo`` a session uses.
enum MemoUse: CaseIterable {
  /// None: every line by the general path.
  case none
  /// Answers by request and kept blocks, but every line read (parsed) afresh.
  case answers
  /// Everything, lines by their words too.
  case everything
}
