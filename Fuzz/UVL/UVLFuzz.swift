// libFuzzer harness for the UVL reader (`--catalog FILE.uvl`) and its compilation.
//
// Every input either loads or is refused with one line `FILE[:LINE]: message`. A model that
// loads is checked for the invariants the engine relies on (a tree in file order, features as
// the first variables, every clause over known variables, constraints naming features, one
// default per feature), and reading it again with CRLF line breaks gives the same model.

import ConfigurationEngine

@testable import CarFactory

/// libFuzzer's entry point: runs one input; a crash or failed check is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func uvlFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let outcome = load(bytes)
  if !bytes.contains(UInt8(ascii: "\r")) {
    var crlf: [UInt8] = []
    for byte in bytes {
      if byte == UInt8(ascii: "\n") { crlf.append(UInt8(ascii: "\r")) }
      crlf.append(byte)
    }
    let again = load(crlf)
    switch (outcome, again) {
    case (.success(let a), .success(let b)):
      precondition(a.features.map(\.name) == b.features.map(\.name), "CRLF changed the features")
      precondition(a.groups == b.groups, "CRLF changed the groups")
      precondition(
        a.constraints.map(\.text) == b.constraints.map(\.text)
          && a.constraints.map(\.id) == b.constraints.map(\.id), "CRLF changed the constraints")
      precondition(a.engine.clauses == b.engine.clauses, "CRLF changed the clauses")
    case (.failure(let a), .failure(let b)):
      precondition(a.line == b.line && a.kind == b.kind, "CRLF changed the error: \(a) / \(b)")
    default:
      preconditionFailure("CRLF changed whether the model loads")
    }
  }
  return 0
}

private func load(_ bytes: [UInt8]) -> Result<FeatureModel, UVLError> {
  do {
    let model = try FeatureModel(bytes: bytes, file: "fuzz.uvl")
    check(model)
    return .success(model)
  } catch {
    let text = error.description
    precondition(
      !text.unicodeScalars.contains {
        [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
      }, "multi-line error: \(text)")
    precondition(text.hasPrefix("fuzz.uvl"), "error without the file: \(text)")
    if let line = error.line { precondition(line >= 1, "line \(line) in \(text)") }
    return .failure(error)
  }
}

private func check(_ model: FeatureModel) {
  let engine = model.engine
  precondition(!model.features.isEmpty, "a model without features")
  precondition(model.features[0].parent == nil, "the root has a parent")
  for (index, feature) in model.features.enumerated() {
    precondition(feature.variable == Variable(index), "feature \(index) is not variable \(index)")
    precondition(!engine.isAuxiliary[index], "feature \(index) is an auxiliary")
    precondition(model.feature(named: feature.name) == index, "name index of \(feature.name)")
    if index > 0 {
      guard let parent = feature.parent, let group = feature.group else {
        preconditionFailure("a second root \(feature.name)")
      }
      precondition(parent < index, "a parent after its child")
      precondition(model.groups[group].members.contains(index), "not a member of its group")
      let (minimum, maximum) = model.groups[group].kind.bounds(
        members: model.groups[group].members.count)
      precondition(0 <= minimum && minimum <= maximum, "impossible group kept")
    }
  }
  for clause in engine.clauses {
    for literal in clause {
      precondition(Int(literal.variable.index) < engine.variableCount, "unknown variable")
    }
  }
  precondition(engine.rules.map(\.id) == model.constraints.map(\.id), "rules and constraints")
  precondition(Set(engine.rules.map(\.id)).count == engine.rules.count, "duplicate rule ids")
  for constraint in model.constraints {
    for atom in constraint.expression.atoms {
      precondition(model.feature(named: atom.name) != nil, "unknown atom \(atom.name)")
    }
  }
  precondition(model.defaults.count == model.features.count, "defaults")
  for index in model.features.indices {
    let literal = model.defaultLiteral(for: index) { _ in nil }
    precondition(literal.variable == Variable(index), "default of another variable")
  }
}
