// swift-tools-version: 6.2
// Benchmarks live in their own package so the product's manifest stays dependency-free; this
// one depends only on the product itself, by path.
import PackageDescription

let package = Package(
  name: "configurator-benchmarks",
  dependencies: [.package(name: "configurator", path: "..")],
  targets: [
    // Seeded randomness and timing the UVL benchmarks share.
    .target(name: "BenchTiming"),
    .executableTarget(
      name: "carbench",
      dependencies: [
        .product(name: "CarFactory", package: "configurator"),
        .product(name: "StockValuation", package: "configurator"),
      ]
    ),
    // The rules engine on UVL models: scripts/bench --uvl FILE...
    .executableTarget(
      name: "uvlbench",
      dependencies: ["BenchTiming", .product(name: "CarFactory", package: "configurator")]
    ),
    // Issue 48: the compiled answers on UVL models: scripts/bench --compiled FILE...
    .executableTarget(
      name: "compilebench",
      dependencies: ["BenchTiming", .product(name: "CarFactory", package: "configurator")]
    ),
    // Issue 26: a total over a generated attribute on a UVL model: scripts/bench --sum FILE.
    .executableTarget(
      name: "sumbench",
      dependencies: ["BenchTiming", .product(name: "CarFactory", package: "configurator")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
