package import CarFactory

/// The working car as it stands (`configure`, `car`, `edit`): its choices, the build `done`
/// would record now, and what happened to a car open before.
package struct CarView {
  package let line: ProductLine
  /// The choices, in the order made.
  package let choices: [Choice]
  /// The build `done` would record now (numbered 0: it has no number yet).
  package let build: BuildView
  /// How the car came to be shown.
  package let opening: Opening
  /// The atoms the car holds that its model no longer has (the catalog changed, SPEC §16):
  /// left out of its choices, and out of the car at its next change.
  package var gone: [String] = []

  /// How a car came to be shown.
  package enum Opening {
    /// `configure`: opened, replacing the car that was open, if one was (`undo` brings it
    /// back).
    case opened(replaced: WorkingCar?)
    /// `edit N`: opened from build N's choices, replacing the car that was open, if any.
    case edited(build: Int, replaced: WorkingCar?)
    /// `undo` (or `redo`) across a `configure` or `edit N`: this car back in place of `left`.
    case restored(edit: CarEdit, left: WorkingCar)
    /// `car`: shown again.
    case shown
  }

  /// The running price: the price of the build `done` would record.
  package var price: Price { build.price }
}

/// A change to the working car (`+ATOM`, `drop`, `undo`, `fix N`, …): applied, with the new
/// price and what it decided, or refused for a conflict, with numbered ways out.
package struct CarChange {
  package let line: ProductLine
  /// What changed, as the user asked for it (`+extras=tow`, `drop extras=tow`, `undo …`).
  package let edit: CarEdit
  /// The choices after the change (as before it when it was refused).
  package let choices: [Choice]
  /// The price before the change, and after it (the same when it was refused).
  package let previousPrice: Price
  package let price: Price
  /// Every declared attribute's total before the change, and after it (the same when it was
  /// refused); empty for a model that declares none.
  package let previousTotals: [BuildTotal]
  package let totals: [BuildTotal]
  /// Every value that entered or left the car, in the line's order, each with its cause and
  /// price difference (their differences add up to `price - previousPrice`); none when the
  /// change was refused.
  package let moves: [CarMove]
  /// The other values the change made forced or excluded (those that did not move), each
  /// with its reason, in the line's order.
  package let decided: [Decided]
  /// The conflict that kept the change from being applied.
  package let conflict: Refusal?

  /// A value the change decided.
  package struct Decided {
    package let value: Int
    package let state: OptionsReport.State
    package let reason: Explanation?
  }

  /// Why a change was not applied: the conflicting choices and rules, and the ways out,
  /// numbered from 1, the last always "keep the car as it is".
  package struct Refusal {
    package let reason: Explanation
    package let waysOut: [WayOut]
  }

  /// One way out: the choices it drops (none for keeping the car as it is) and the price of
  /// the car after it.
  package struct WayOut {
    package let dropped: [String]
    package let price: Price?
  }
}

/// `why`: a value's state under some choices (as `options` shows it, `default` included),
/// its reason when it is forced or excluded, and why it is the default when it is.
package struct WhyAnswer {
  package let line: ProductLine
  package let value: Int
  package let choices: [Choice]
  package let state: OptionsReport.State
  package let reason: Explanation?
  package let defaultReason: DefaultReason?
}

/// `options` on the working car: the table, and for each value still possible the price of
/// the car with it added.
package struct CarOptions {
  package let options: OptionsResult
  /// The car's price now.
  package let price: Price
  /// The price with each possible value added, by value index (a value not priced within the
  /// time limit is missing).
  package let pricesWith: [Int: Price]
}
