// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tick",
    products: [
        .library(name: "TickCore", targets: ["TickCore"]),
        .executable(name: "tick", targets: ["tick"]),
    ],
    dependencies: [],
    targets: [
        // Pure: no file system, no terminal, no clock. Everything else builds on it.
        .target(name: "TickCore"),
        // The thin command-line front end: arguments, files, terminal.
        .executableTarget(name: "tick", dependencies: ["TickCore"], plugins: ["VersionStamp"]),
        // Names the commit tick is built from, for `tick --version`.
        .plugin(name: "VersionStamp", capability: .buildTool(), dependencies: ["tick-stamp"], path: "Sources/VersionStamp"),
        .executableTarget(name: "tick-stamp"),
        // Deterministic benchmark; compares tick against baselines measured in the same run.
        .executableTarget(name: "tick-bench", dependencies: ["TickCore"]),
        .testTarget(name: "TickCoreTests", dependencies: ["TickCore"]),
        .testTarget(name: "TickCLITests", dependencies: ["tick", "TickCore"]),
    ]
)
