internal import CarFactory

/// The working car as it stands (`configure`, `car`, `edit`): its choices, the build `done`
/// would record now, and what happened to a car open before.
struct CarView {
  let line: ProductLine
  /// The choices, in the order made.
  let choices: [Choice]
  /// The build `done` would record now (numbered 0: it has no number yet).
  let build: BuildView
  /// How the car came to be shown.
  let opening: Opening

  /// How a car came to be shown.
  enum Opening {
    /// `configure`: opened, replacing the car of `replaced` (its model) if one was open.
    case opened(replaced: ModelID?)
    /// `edit N`: opened from build N's choices, replacing an open car's model if any.
    case edited(build: Int, replaced: ModelID?)
    /// `car`: shown again.
    case shown
  }

  /// The running price: the price of the build `done` would record.
  var price: Price { build.price }
}

/// A change to the working car (`+ATOM`, `drop`, `undo`, `fix N`, …): applied, with the new
/// price and what it decided, or refused for a conflict, with numbered ways out.
struct CarChange {
  let line: ProductLine
  /// What changed, as the user asked for it (`+extras=tow`, `drop extras=tow`, `undo …`).
  let edit: CarEdit
  /// The choices after the change (as before it when it was refused).
  let choices: [Choice]
  /// The price before the change, and after it (the same when it was refused).
  let previousPrice: Price
  let price: Price
  /// Every declared attribute's total before the change, and after it (the same when it was
  /// refused); empty for a model that declares none.
  let previousTotals: [BuildTotal]
  let totals: [BuildTotal]
  /// The values the change made forced or excluded, each with its reason, in the line's order.
  let decided: [Decided]
  /// The conflict that kept the change from being applied.
  let conflict: Refusal?

  /// A value the change decided.
  struct Decided {
    let value: Int
    let state: OptionsReport.State
    let reason: Explanation?
  }

  /// Why a change was not applied: the conflicting choices and rules, and the ways out,
  /// numbered from 1, the last always "keep the car as it is".
  struct Refusal {
    let reason: Explanation
    let waysOut: [WayOut]
  }

  /// One way out: the choices it drops (none for keeping the car as it is) and the price of
  /// the car after it.
  struct WayOut {
    let dropped: [String]
    let price: Price?
  }
}

/// `why`: a value's state under some choices, and its reason when it is forced or excluded.
struct WhyAnswer {
  let line: ProductLine
  let value: Int
  let choices: [Choice]
  let state: OptionsReport.State
  let reason: Explanation?
}

/// `options` on the working car: the table, and for each value still possible the price of
/// the car with it added.
struct CarOptions {
  let options: OptionsResult
  /// The car's price now.
  let price: Price
  /// The price with each possible value added, by value index (a value not priced within the
  /// time limit is missing).
  let pricesWith: [Int: Price]
}
