/// How a session runs its scripts, from the command line; no command changes them.
struct RunOptions {
  /// Whether `read` scripts stop at their first error (`--bail`).
  var bail = false
  /// Whether script lines are printed before their output (`--echo`).
  var echo = false
  /// How deep `read` scripts are nested now.
  var readDepth = 0
  /// Whether script lines that built before are replayed (the scripted fast path, see
  /// ``Session/runScriptLine(_:)``); off only to check the fast path against the general one
  /// (`CONFIGURATOR_LINE_CACHE=off`).
  var replaysScriptLines = true
  /// Whether plain `build` lines are read by their bytes and shown builds written from their
  /// rendered bytes; off only to check those paths against the `String` one.
  var readsBuildsByBytes = true
}
