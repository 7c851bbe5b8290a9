extension Invocation {
  /// Whether the command leaves the session as it was: the one place that says which
  /// commands a process that only reads a `--store` may run (SPEC §12, many readers and one
  /// writer). Every case is listed, so a new command must be placed here.
  ///
  /// `save FILE` writes another file, not the session (a reader's `save` over the store
  /// itself is refused); `read FILE` runs lines that are each placed on their own; the
  /// working car, the currency and the rates are kept by the store, so changing them is a
  /// change.
  package var changesNothing: Bool {
    switch self {
    case .help, .models, .options, .count, .lint, .builds, .show, .showQuote, .quotes, .orders,
      .compare, .stockReport, .stockShow, .stockAging, .sales, .rates, .save, .read, .quit, .why,
      .rules, .car, .carOptions, .valueCounts, .samples, .pairs, .tree, .catalogDiff, .revalidate,
      .exportJournal:
      return true
    case .currency(let code):
      return code == nil
    case .dealer(let change):
      return change?.isEmpty ?? true
    case .floorPlan(let rate):
      return rate == nil
    // A quote is recorded (`Q-K`, SPEC §15).
    case .quote, .order, .cancelOrder, .build, .optimalBuild, .stockSell, .stockVoid, .catalogLoad,
      .remove,
      .stockAdd,
      .stockRemove, .stockLoad, .stockClear,
      .ratesReset, .rate, .rateReset, .load, .configure, .change, .drop, .undo, .redo, .fix,
      .done, .discard, .edit:
      return false
    }
  }
}
