internal import Dealership

/// One key press of the line editor, decoded from the bytes a terminal sends.
enum Key: Equatable {
  /// A printable character (one Unicode scalar; combining marks join the previous character).
  case insert(Unicode.Scalar)
  /// Return or Enter: submit the line.
  case enter
  /// Tab: complete the word before the cursor.
  case tab
  /// Backspace (DEL or Ctrl-H): delete before the cursor.
  case backspace
  /// Delete (`ESC[3~`): delete under the cursor.
  case delete
  case left, right, up, down
  /// Home (`ESC[H`, `ESC[1~`, `ESC[7~`, `ESCOH`) or Ctrl-A.
  case home
  /// End (`ESC[F`, `ESC[4~`, `ESC[8~`, `ESCOF`) or Ctrl-E.
  case end
  /// Ctrl-← or Alt-B: to the start of the word.
  case wordLeft
  /// Ctrl-→ or Alt-F: past the end of the word.
  case wordRight
  /// Ctrl-C: abandon the line.
  case interrupt
  /// Ctrl-D: end of input on an empty line, else delete under the cursor.
  case endOfInput
  /// Ctrl-K: delete from the cursor to the end.
  case killToEnd
  /// Ctrl-U: delete from the start to the cursor.
  case killToStart
  /// Ctrl-W: delete the blank-separated word before the cursor.
  case killWordBackward
  /// Alt-D: delete the word after the cursor.
  case killWordForward
  /// Ctrl-Y: insert the text deleted last.
  case yank
  /// Ctrl-T: swap the characters around the cursor.
  case transpose
  /// Ctrl-L: clear the screen and redraw.
  case clearScreen
  /// Ctrl-Z: suspend the process.
  case suspend
  /// Ctrl-R: search the history backwards (again: the next older match).
  case reverseSearch
  /// Ctrl-G: abandon a history search, back to the line as it was.
  case abort
  /// A lone Escape (no sequence followed): ends a history search, keeping its match.
  case escape
  /// A key or escape sequence the editor does not use.
  case ignored
}
