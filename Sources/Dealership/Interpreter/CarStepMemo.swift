package import CarFactory

/// The working car's last step — every value's state under its choices and the reason of each
/// forced or excluded one — kept in memory between changes, so a change is worked out from the
/// step before (`ProductConfigurator.step(from:to:)`: what the step before proves is not checked
/// again, and only values whose state changed, or whose reason cited a choice taken back, are
/// explained). SPEC §11's speed rests on it.
///
/// Never saved and never part of the ``SessionState``: a car read from a file or a store, or a
/// car whose model was reloaded, starts from a first step, which gives the same states (a reason
/// may be another minimal one). A class, so the interpreter's commands, which do not mutate the
/// interpreter, share it.
package final class CarStepMemo {
  private var kept: (configurator: ProductConfigurator, step: ConfigurationStep)?

  /// The step of a request's choices: the one kept when it is theirs on the same model, else
  /// a first step (kept).
  ///
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget error.
  package func step(of request: ModelRequest) throws(ConfigurationError) -> ConfigurationStep {
    if let kept, kept.configurator === request.configurator, kept.step.choices == request.choices {
      return kept.step
    }
    let step = try request.configurator.firstStep(request.choices)
    kept = (request.configurator, step)
    return step
  }

  /// The change from a request's step to other choices of the same model; the step after it
  /// is kept. A conflict throws and keeps the step before.
  ///
  /// - Throws: ``ConfigurationError/conflict(_:)`` when the choices conflict, or a budget error.
  func change(_ request: ModelRequest, to choices: [Choice])
    throws(ConfigurationError) -> ConfigurationChange
  {
    let before = try step(of: request)
    let change = try request.configurator.step(from: before, to: choices)
    kept = (request.configurator, change.step)
    return change
  }
}
