/// The commands of the language, by the words that name them. Their help (the usage line,
/// the summary, the details) is words, made by the executable's renderers.
package enum Command: String, CaseIterable {
  case help, models, build, options, count, lint, builds, show, remove, quote, compare, stock
  // The deal (SPEC §15).
  case quotes, order, orders, floorplan, export
  case sales
  // The compiled answers (SPEC §17).
  case sample
  case currency, rates, dealer
  case rate, save, load, read, catalog
  // Catalog versions (SPEC §16).
  case revalidate
  // The working car (SPEC §11).
  case configure, choose, drop, undo, redo, fix, why, rules, car, done, discard, edit
  // Large models at the prompt (SPEC §14).
  case tree
  case quit, exit
}
