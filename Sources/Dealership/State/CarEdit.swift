/// A change of the working car as the user asked for it, as data: what a change's block, its
/// JSON and CSV, and the car's undo history name (renderers put it into words:
/// `+extras=tow -drive=4wd`, `undo drop extras=tow`, `fix 1: drop paint=red, then +extras=tow`).
package indirect enum CarEdit: Equatable {
  /// Choices made (`+extras=tow`, `-drive=4wd`, `choose heated`): atoms as the car keeps them,
  /// a ruled-out value with its `-`.
  case choose([String])
  /// The user's own choices of these values taken back (`drop extras=tow`).
  case drop([String])
  /// The change `undo` stepped back over.
  case undo(CarEdit)
  /// The change `redo` made again.
  case redo(CarEdit)
  /// The `number`-th way out of a conflict: the choices it dropped (none: the car kept as it
  /// was), then the change that had been refused, if any.
  case fix(number: Int, dropped: [String], then: CarEdit?)
  /// A change recorded by an older session file, in the words it kept.
  case recorded(String)
  /// `configure MODEL CHOICE…` over an open car: the car opened (its model and choices).
  case configure(model: String, atoms: [String])
  /// `edit N` over an open car: the build opened.
  case edit(build: Int)

  /// The command word of the change (`choose`, `drop`, `undo`, `redo`, `fix`, `configure`,
  /// `edit`), which messages about it name.
  var command: String {
    switch self {
    case .choose, .recorded: "choose"
    case .drop: "drop"
    case .undo: "undo"
    case .redo: "redo"
    case .fix: "fix"
    case .configure: "configure"
    case .edit: "edit"
    }
  }
}
