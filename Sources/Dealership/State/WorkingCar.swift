package import CarFactory

/// The car a customer and a salesperson are shaping (SPEC §11): one at a time, its model, the
/// choices made so far (as atoms, `extras=tow`, `-drive=4wd`, so a session file keeps them
/// whatever the model's compilation), the history `undo` and `redo` walk, and the ways out of
/// the last conflict, which `fix N` applies. Everything else — its states, its price — follows
/// from the model and the choices, and is worked out again, never kept.
package struct WorkingCar: Equatable {
  /// The model.
  package var model: ModelID
  /// The choices, in the order made.
  package var choices: [String]
  /// The changes made, the most recent last: what `undo` steps back over.
  package var undo: [Step] = []
  /// The changes `undo` stepped back over, the most recent last: what `redo` makes again.
  package var redo: [Step] = []
  /// The ways out of the last conflict, in the order offered: the choices each leaves.
  /// Cleared by the next change.
  package var waysOut: [WayOut] = []
  /// The build the car was opened from (`edit N`), if it was.
  package var editing: Int?

  /// A car of a model with these choices, no history and no ways out.
  package init(model: ModelID, choices: [String]) {
    self.model = model
    self.choices = choices
  }

  /// The most changes `undo` keeps.
  static let historyLimit = 1000

  /// One change in the history: what it was (`+extras=tow`) and the choices before it (for
  /// `undo`) or after it (for `redo`).
  package struct Step: Equatable {
    package let edit: CarEdit
    package let choices: [String]

    /// A step.
    package init(edit: CarEdit, choices: [String]) {
      self.edit = edit
      self.choices = choices
    }
  }

  /// One way out of a conflict: what it does (the choices it drops; none for "keep the car
  /// as it is"), the choices the car has after it, and the change it then makes (the one
  /// refused, `+extras=tow`; none for "keep the car as it is").
  package struct WayOut: Equatable {
    package let dropped: [String]
    package let choices: [String]
    package var change: CarEdit?

    /// A way out.
    package init(dropped: [String], choices: [String], change: CarEdit? = nil) {
      self.dropped = dropped
      self.choices = choices
      self.change = change
    }
  }

  /// The car after a change to `choices`: the choices before it kept for `undo`, `redo`
  /// forgotten, the last conflict's ways out gone. A change that changes nothing is no step.
  func changed(to choices: [String], by edit: CarEdit) -> WorkingCar {
    var next = self
    next.waysOut = []
    guard choices != self.choices else { return next }
    next.undo.append(Step(edit: edit, choices: self.choices))
    if next.undo.count > Self.historyLimit { next.undo.removeFirst() }
    next.redo = []
    next.waysOut = []
    next.choices = choices
    return next
  }
}
