// swift-tools-version: 6.2
import PackageDescription

// The scripted hot path touches the session's state once per line, in the driver and the
// interpreter; debug builds (and so the tests) keep the dynamic exclusivity checks, release
// builds drop them.
let uncheckedExclusivityInRelease = SwiftSetting.unsafeFlags(
  ["-enforce-exclusivity=unchecked"], .when(configuration: .release))

let package = Package(
  name: "configurator",
  products: [
    .library(name: "CarFactory", targets: ["CarFactory"]),
    .library(name: "StockValuation", targets: ["StockValuation"]),
    .executable(name: "configurator", targets: ["configurator"]),
  ],
  dependencies: [],
  targets: [
    // What the libraries and the executable share, each decision once: the decimal grammar,
    // suggestions, escaping, the C library wrapped once (Support/Platform: its only importer,
    // never re-exported, and the only platform `#if`s), the fenced byte views, atomic writes
    // and the strict JSON decoding. Internal to the package (`package` access), not a product.
    .target(name: "Support", dependencies: ["SystemShims"]),
    // The C library calls Swift's Glibc module hides (processor affinity is `_GNU_SOURCE`
    // only), behind a C interface of our own; used by Support alone.
    .target(
      name: "SystemShims",
      // Debug information as the Swift modules have it (DWARF 4), which valgrind reads.
      cSettings: [.unsafeFlags(["-gdwarf-4"])]
    ),
    // The configuration engine: Boolean models, the SAT solver and the analyses on top.
    // Internal: CarFactory compiles catalogs and UVL models into it.
    .target(name: "ConfigurationEngine"),
    .target(name: "CarFactory", dependencies: ["ConfigurationEngine", "Support"]),
    .target(name: "StockValuation", dependencies: ["Support"]),
    // The dealership's session and its command language: the state, the words of a line
    // read into a typed invocation, the interpreter, the typed results and errors. It prints
    // nothing and opens no file: the clock, the environment and every file come in through
    // one `SessionEnvironment`. Internal to the package, like Support.
    .target(
      name: "Dealership", dependencies: ["CarFactory", "StockValuation", "Support"],
      swiftSettings: [uncheckedExclusivityInRelease]),
    // The driver: arguments, the three modes, the renderers, session files and the store,
    // the terminal; and the memo of the scripted fast path around the interpreter.
    .executableTarget(
      name: "configurator",
      dependencies: ["Dealership", "CarFactory", "StockValuation", "Support"],
      swiftSettings: [uncheckedExclusivityInRelease]
    ),
    .testTarget(name: "SupportTests", dependencies: ["Support"]),
    .testTarget(name: "ConfigurationEngineTests", dependencies: ["ConfigurationEngine"]),
    // Generated catalogs and their brute-force reference, shared by the library's and the
    // executable's differential tests (built with testability, as `swift test` builds).
    .target(
      name: "CatalogFixtures", dependencies: ["CarFactory", "ConfigurationEngine"],
      path: "Tests/CatalogFixtures"),
    .testTarget(name: "CarFactoryTests", dependencies: ["CarFactory", "Support", "CatalogFixtures"]),
    .testTarget(name: "StockValuationTests", dependencies: ["StockValuation", "Support"]),
    // Helpers of the tests that run the built binary: `BinaryRunner`, `ScratchDirectory`.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // The core on its own: the interpreter's typed results over a test environment.
    .testTarget(
      name: "DealershipTests",
      dependencies: ["Dealership", "CarFactory", "StockValuation", "Support", "CatalogFixtures"]
    ),
    // A session driven in memory: its renderers, storage, memo, terminal and modes.
    .testTarget(
      name: "ConfiguratorTests",
      dependencies: [
        "configurator", "Dealership", "CarFactory", "StockValuation", "Support", "CatalogFixtures",
        "TestSupport",
      ]
    ),
    // The built binary run as users run it: arguments, standard input, files, exit status,
    // golden transcripts and the docs' examples.
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["configurator", "CatalogFixtures", "TestSupport"],
      exclude: ["Golden"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Strict settings for every target, as in swift-log's manifest.
for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  settings.append(.enableUpcomingFeature("MemberImportVisibility"))
  settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
  target.swiftSettings = settings
}
