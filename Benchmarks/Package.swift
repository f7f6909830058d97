// swift-tools-version: 6.1
// Benchmarks, kept out of `swift test`: run with `swift run -c release --package-path Benchmarks`.
import PackageDescription

let package = Package(
    name: "cdmigrate-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "cdmigrate", path: "..")],
    targets: [
        .executableTarget(
            name: "MappedStepMemory",
            dependencies: [
                .product(name: "MigrationEngine", package: "cdmigrate"),
                .product(name: "JournalSample", package: "cdmigrate"),
            ],
            path: "Sources/MappedStepMemory"
        )
    ]
)
