// libFuzzer harness for the catalog reader (`--catalog FILE`, JSON).
//
// A catalog that loads is then used: every model is built with its defaults and with each
// allowed alternative, and asked for its price, as `models` and `build` do.

@testable import CarFactory

/// libFuzzer's entry point: runs one input; a crash or failed check is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func catalogFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let registry = CarRegistry()
  do {
    try registry.loadCatalog(bytes, source: "fuzz.json")
  } catch {
    precondition(!error.description.contains("\n"), "multi-line error: \(error.description)")
    return 0
  }
  for definition in registry.models {
    guard let factory = try? registry.factory(for: definition.id) else {
      preconditionFailure("registered model '\(definition.id)' has no factory")
    }
    _ = try? Car(factory: factory)
    for alternative in definition.alternatives {
      var choices = PartChoices()
      choices[alternative.slot] = alternative.part
      guard (try? Car(factory: factory, options: choices)) != nil else {
        preconditionFailure("allowed option \(alternative.slot)=\(alternative.part) refused")
      }
    }
  }
  return 0
}
