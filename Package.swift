// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "cdmigrate",
    platforms: [.macOS(.v15)], // Synchronization's Mutex and Atomic need macOS 15
    products: [
        .library(name: "MigrationEngine", targets: ["MigrationEngine"]),
        .library(name: "JournalSample", targets: ["JournalSample"]),
        // The readers the fuzzing harness feeds (Fuzz/, a package of its own built with -sanitize=fuzzer).
        .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
        .executable(name: "cdmigrate", targets: ["cdmigrate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // Thin C shims: only `static inline` wrappers and module maps, no logic.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CSQLiteGuard", path: "Sources/CSQLiteGuard", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CNCurses", path: "Sources/CNCurses", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),

        .target(
            name: "MigrationEngine",
            dependencies: [
                "CZlib",
                "CSQLiteGuard",
                "CLibXML2",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The sample app ("Journal"): its files, store generator and Swift policy, for the demo, the examples,
        // the benchmarks and the tests. Production runs never link its policy into the engine.
        .target(name: "JournalSample", dependencies: ["MigrationEngine", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "FuzzTargets", dependencies: ["MigrationEngine"]),
        .target(
            name: "ConsoleUI",
            dependencies: ["MigrationEngine", "CNCurses"],
            // The wide-character ncurses is libncursesw on Linux; macOS's libncurses has the wide API and there is
            // no libncursesw, so the library is named per platform here rather than in CNCurses's module map.
            linkerSettings: [
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]
        ),
        .executableTarget(
            name: "cdmigrate",
            dependencies: [
                "MigrationEngine",
                "ConsoleUI",
                "JournalSample",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The sample app's migration tool: an app team's own executable with a Swift migration policy.
        .executableTarget(
            name: "PolicyExample", dependencies: ["MigrationEngine", "JournalSample"], path: "Examples/PolicyExample"),
        // The README's library example, built as written (ReadmeExampleTests keeps the README's text equal to it).
        .executableTarget(name: "LibraryExample", dependencies: ["MigrationEngine"], path: "Examples/LibraryExample"),
        // Shared by the test targets only: corpus access and temporary folders.
        .target(
            name: "TestSupport",
            dependencies: ["MigrationEngine", "JournalSample", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "MigrationEngineTests", dependencies: ["MigrationEngine", "JournalSample", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "TestSupport"]),
        .testTarget(name: "ConsoleUITests", dependencies: ["ConsoleUI", "MigrationEngine", "TestSupport"]),
        .testTarget(
            name: "JournalSampleTests",
            dependencies: ["JournalSample", "MigrationEngine", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "MigrationEngine", "JournalSample", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
