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
  /// `undo`) or after it (for `redo`); or, for `configure` and `edit N` over an open car
  /// (SPEC §14), the other car itself, with its own history, which `undo` (or `redo`) puts
  /// back in place of this one.
  package struct Step: Equatable {
    package let edit: CarEdit
    package let choices: [String]
    /// The car this step swaps in (`configure`, `edit N`); an array of at most one, so that
    /// a car may hold cars in its history.
    private let swapped: [WorkingCar]

    /// A step.
    package init(edit: CarEdit, choices: [String]) {
      self.edit = edit
      self.choices = choices
      swapped = []
    }

    /// A step that swaps in another car: the one `configure` or `edit N` replaced (in the
    /// new car's history), or the one `undo` took back (in the old car's).
    package init(edit: CarEdit, replacing car: WorkingCar) {
      self.edit = edit
      choices = []
      swapped = [car]
    }

    /// The car this step swaps in, if it is such a step.
    package var replaced: WorkingCar? { swapped.first }
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

  /// A car opened in place of `replaced` (`configure`, `edit N`): `undo` right after brings
  /// `replaced` back with its own changes (but for the cars it had replaced: one car deep);
  /// `nil` opens the car with no history.
  func replacing(_ replaced: WorkingCar?, by edit: CarEdit) -> WorkingCar {
    var next = self
    if let replaced {
      // One car deep: the replaced car's own swaps are dropped, so cars do not nest.
      var kept = replaced
      kept.waysOut = []
      kept.undo.removeAll { $0.replaced != nil }
      kept.redo.removeAll { $0.replaced != nil }
      next.undo = [Step(edit: edit, replacing: kept)]
    }
    return next
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
