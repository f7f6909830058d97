// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "cdmigrate",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "MigrationEngine", targets: ["MigrationEngine"]),
        .library(name: "ConsoleUI", targets: ["ConsoleUI"]),
        .executable(name: "cdmigrate", targets: ["cdmigrate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // Thin C shims: only `static inline` wrappers and module maps, no logic.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CSQLiteGuard", path: "Sources/CSQLiteGuard", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CNCurses", path: "Sources/CNCurses", providers: [.apt(["libncurses-dev"])]),

        .target(
            name: "MigrationEngine",
            dependencies: [
                "CZlib",
                "CSQLiteGuard",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "ConsoleUI",
            dependencies: ["MigrationEngine", "CNCurses"]
        ),
        .executableTarget(
            name: "cdmigrate",
            dependencies: [
                "MigrationEngine",
                "ConsoleUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The sample app's migration tool: an app team's own executable with a Swift migration policy.
        .executableTarget(name: "PolicyExample", dependencies: ["MigrationEngine"], path: "Examples/PolicyExample"),
        // Shared by the test targets only: corpus access and temporary folders.
        .target(name: "TestSupport", dependencies: ["MigrationEngine"], path: "Tests/TestSupport"),
        .testTarget(
            name: "MigrationEngineTests", dependencies: ["MigrationEngine", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "ConsoleUITests", dependencies: ["ConsoleUI", "MigrationEngine", "TestSupport"]),
        .testTarget(
            name: "CLITests",
            dependencies: ["MigrationEngine", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    ]
)
