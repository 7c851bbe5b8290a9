import Synchronization
import Testing

@testable import CarFactory

/// Singletons under concurrent first use (SPEC §2). CI runs this suite under the thread
/// sanitizer: `swift test --sanitize=thread --filter Concurrency`.
@Suite struct ConcurrencyTests {
  /// Counts how often a registration closure runs.
  final class CallCounter: Sendable {
    private let count = Mutex(0)

    func increment() { count.withLock { $0 += 1 } }

    var value: Int { count.withLock { $0 } }
  }

  static let taskCount = 1_000
  static let builtIns: [ModelID] = ["compact", "sports", "suv"]

  private static func kartDefinition() -> ModelDefinition {
    ModelDefinition(
      id: "kart", carType: "Go Kart", basePrice: Price(cents: 150_000),
      floorplan: "short", suspension: "firm", drive: "rear")
  }

  @Test func builtInModelsHaveOneFactoryEachAcrossTasksAndRegistries() async throws {
    let fresh = CarRegistry()
    let identities = await withTaskGroup(
      of: (ModelID, ObjectIdentifier, ObjectIdentifier)?.self
    ) { group in
      for index in 0..<Self.taskCount {
        let model = Self.builtIns[index % Self.builtIns.count]
        group.addTask {
          guard let shared = try? CarRegistry.shared.factory(for: model),
            let own = try? fresh.factory(for: model)
          else { return nil }
          return (model, ObjectIdentifier(shared), ObjectIdentifier(own))
        }
      }
      var seen: [ModelID: Set<ObjectIdentifier>] = [:]
      var failures = 0
      for await result in group {
        guard let (model, shared, own) = result else {
          failures += 1
          continue
        }
        seen[model, default: []].formUnion([shared, own])
      }
      #expect(failures == 0)
      return seen
    }
    #expect(identities.count == 3)
    for model in Self.builtIns {
      #expect(identities[model]?.count == 1, "\(model)")
    }
    let expected: [ModelID: ObjectIdentifier] = [
      "compact": ObjectIdentifier(CompactCarFactory.shared),
      "sports": ObjectIdentifier(SportsCarFactory.shared),
      "suv": ObjectIdentifier(SUVFactory.shared),
    ]
    for model in Self.builtIns {
      #expect(identities[model] == [try #require(expected[model])])
    }
    #expect(Set(identities.values.flatMap { $0 }).count == 3)
  }

  @Test func registrationClosureRunsOnceUnderConcurrentFirstUse() async throws {
    let registry = CarRegistry(includingBuiltIns: false)
    let counter = CallCounter()
    let definition = Self.kartDefinition()
    let family = try #require(PartFamily(definition: definition, prototypes: .builtIn))
    try registry.register("kart") {
      counter.increment()
      return CatalogCarFactory(definition: definition, family: family)
    }
    #expect(counter.value == 0)
    let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
      for _ in 0..<Self.taskCount {
        group.addTask {
          (try? registry.factory(for: "kart")).map { ObjectIdentifier($0) }
        }
      }
      var seen: [ObjectIdentifier?] = []
      for await identity in group { seen.append(identity) }
      return seen
    }
    #expect(identities.count == Self.taskCount)
    #expect(!identities.contains(nil))
    #expect(Set(identities.compactMap { $0 }).count == 1)
    #expect(counter.value == 1)
    _ = try registry.factory(for: "kart")
    _ = registry.models
    #expect(counter.value == 1)
  }

  @Test func concurrentBuildsPriceEveryOptionAlike() async {
    let builds: [(ModelID, PartChoices, Int64)] = [
      ("compact", PartChoices(suspension: "firm", drive: "4wd"), 3_215_000),
      ("sports", PartChoices(drive: "4wd"), 7_655_000),
      ("suv", .none, 8_999_000),
    ]
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for index in 0..<Self.taskCount {
        let (model, options, cents) = builds[index % builds.count]
        group.addTask {
          guard let car = try? Car(model: model, options: options) else { return 1 }
          return car.price == Price(cents: cents) ? 0 : 1
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }

  /// `options` counts on another thread while it explains (``BackgroundWork``): in many
  /// tasks at once, each with its own configurator, every count is the one worked out by
  /// hand. R is an or-group of A, B, C (7 ways) with optional D needing A: D adds the 4 ways
  /// that hold A, so 11 builds; with A chosen, 4 · 2 = 8; with D chosen, 4.
  @Test func optionsCountsInTheBackgroundAlikeInEveryTask() async throws {
    let text =
      "features\n  R\n    or\n      A\n      B\n      C\n    optional\n      D\n"
      + "constraints\n  D => A\n"
    let model = try UVLTestSupport.compile(text)
    let cases: [([String], Int)] = [([], 11), (["A"], 8), (["D"], 4)]
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for index in 0..<Self.taskCount {
        let (words, expected) = cases[index % cases.count]
        group.addTask {
          let line = ProductLine(featureModel: model, model: "test")
          guard let choices = try? line.choices(from: words),
            let report = try? ProductConfigurator(line).options(choices),
            case .success(let count) = report.count
          else { return 1 }
          return count.description == String(expected) ? 0 : 1
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }

  @Test func concurrentRegistrationsOfOneIdentifierLetExactlyOneWin() async throws {
    let registry = CarRegistry(includingBuiltIns: false)
    let definition = Self.kartDefinition()
    let family = try #require(PartFamily(definition: definition, prototypes: .builtIn))
    let successes = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<Self.taskCount {
        group.addTask {
          do {
            try registry.register("kart") {
              CatalogCarFactory(definition: definition, family: family)
            }
            return 1
          } catch {
            return 0
          }
        }
      }
      return await group.reduce(0, +)
    }
    #expect(successes == 1)
    #expect(registry.modelIDs == ["kart"])
  }

  @Test func concurrentCatalogsOfOneNewModelLetExactlyOneWin() async {
    let registry = CarRegistry()
    let json = Array(
      #"""
      {"models": [{"id": "kart", "carType": "Go Kart", "basePrice": "1500.00",
        "floorplan": "short", "suspension": "firm", "drive": "rear"}]}
      """#.utf8)
    let successes = await withTaskGroup(of: Int.self) { group in
      for index in 0..<200 {
        group.addTask {
          do {
            try registry.loadCatalog(json, source: "kart-\(index).json")
            return 1
          } catch {
            return 0
          }
        }
      }
      return await group.reduce(0, +)
    }
    #expect(successes == 1)
    #expect(registry.modelIDs == ["compact", "sports", "suv", "kart"])
  }

  @Test func concurrentCatalogsOfDistinctModelsAllRegister() async throws {
    let registry = CarRegistry(includingBuiltIns: false)
    let count = 100
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<count {
        group.addTask {
          let json = Array(
            """
            {"models": [{"id": "m\(index)", "carType": "Model \(index)", "basePrice": "\(index)",
              "floorplan": "long", "suspension": "soft", "drive": "4wd"}]}
            """.utf8)
          try? registry.loadCatalog(json, source: "m\(index).json")
        }
      }
    }
    #expect(Set(registry.modelIDs) == Set((0..<count).map { ModelID("m\($0)") }))
    let car = try Car(model: "m42", registry: registry)
    #expect(car.price == Price(cents: 4_200))
    #expect(car.carType == "Model 42")
  }
}
