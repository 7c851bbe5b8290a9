internal import CarFactory
internal import Dealership

/// The working car as Tab completion sees it (SPEC §11): every value of its model with how it
/// stands on the car, and how many ways out the last conflict offered.
struct CarVocabulary: Equatable {
  /// One value of the car's model.
  struct Value: Equatable {
    /// Its group's name (`extras`), or `nil` for a UVL feature.
    var group: String?
    /// Its name after `GROUP=` (`tow`), or the UVL feature's name.
    var name: String
    /// Whether no other value of the model has its name, so it may be chosen by the name
    /// alone (`tow` for `extras=tow`). Always so for a UVL feature.
    var isBare: Bool
    /// How it stands on the car now.
    var state: OptionsReport.State
    /// The user's own choice of it: `true` for `+ATOM`, `false` for `-ATOM`, `nil` for none.
    var choice: Bool? = nil
    /// Whether it is excluded only by choices that choosing it takes the place of (its own
    /// `-ATOM`, the value chosen in its slot), so `+ATOM` would be applied.
    var isFreedByChoosing = false

    /// What a choice names it by: `extras=tow`, or the UVL feature's name.
    var atom: String { group.map { $0 + "=" + name } ?? name }
  }

  /// The car's model id.
  var model: String
  /// Every value of the model, in the model's order.
  var values: [Value]
  /// How many ways out the last conflict offered (`fix 1` to `fix N`); 0 when there was none.
  var waysOut: Int = 0
}
