package import CarFactory

/// `options`, `count`, `lint` and `catalog load`: the questions a configurator answers about a
/// model (SPEC §7, §8).
extension Interpreter {
  /// `options`: the whole table is worked out, then the filter picks the rows shown.
  func options(
    _ request: ModelRequest, by attribute: String?, filter: OptionsFilter?,
    _ state: SessionState
  ) throws(CommandError) -> CommandResult {
    do {
      return .options(
        OptionsResult(
          line: request.line,
          report: try request.configurator.options(request.choices, by: attribute),
          filter: filter))
    } catch {
      throw Self.failure(error, line: request.line, money: state.money)
    }
  }

  func count(_ request: ModelRequest) throws(CommandError) -> CommandResult {
    do {
      return .count(
        CountResult(
          line: request.line, choices: request.choices,
          count: try request.configurator.count(request.choices)))
    } catch {
      throw .unanswered(error)
    }
  }

  /// Each model's findings; a model with no valid build is reported after them, as a
  /// failure.
  func lint(_ configurators: [ProductConfigurator], _ state: SessionState) throws(CommandError)
    -> Reply
  {
    var results: [LintResult] = []
    for configurator in configurators {
      do {
        results.append(LintResult(line: configurator.line, findings: try configurator.lint()))
      } catch {
        throw Self.failure(error, line: configurator.line, money: state.money)
      }
    }
    let broken = results.filter { !$0.findings.hasBuild }.map(\.line.model)
    return Reply([.lint(results)], failure: broken.isEmpty ? nil : .noValidBuild(broken))
  }

  /// A configuration failure as a command's: a conflict of the choices (with its model, to
  /// word its choices and rules), or a question the engine could not answer in time.
  static func failure(_ error: ConfigurationError, line: ProductLine, money: MoneySettings)
    -> CommandError
  {
    if case .conflict(let conflict) = error {
      return .conflict(RuleConflict(line: line, conflict: conflict, money: money))
    }
    return .unanswered(error)
  }

  /// `catalog load FILE`: adds a JSON catalog's models or a UVL model.
  func loadCatalog(_ path: String, _ state: inout SessionState) throws(CommandError)
    -> CommandResult
  {
    let (catalogs, added) = try state.catalogs.loading(path, in: environment)
    state.setCatalogs(catalogs)
    return .event(.catalogLoaded(file: path, models: added))
  }
}
