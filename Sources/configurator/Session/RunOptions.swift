/// How a session runs its scripts, from the command line; no command changes them.
struct RunOptions {
  /// Whether `read` scripts stop at their first error (`--bail`).
  var bail = false
  /// Whether script lines are printed before their output (`--echo`).
  var echo = false
  /// How deep `read` scripts are nested now.
  var readDepth = 0
  /// Whether script lines may be answered by the scripted fast path (``ScriptMemo``); off
  /// only to check it against the general path (`CONFIGURATOR_LINE_CACHE=off`).
  var usesMemo = true
}
