// swift-tools-version: 6.1
import PackageDescription

// Coverage-guided fuzzing of cdmigrate's readers with the toolchain's libFuzzer. A package of its own, so
// the main build and test suite never see `-sanitize=fuzzer`; build and run it with `Scripts/fuzz.sh`,
// which passes `-sanitize=fuzzer` to every Swift module (the engine included, for coverage).
let package = Package(
    name: "cdmigrate-fuzz",
    dependencies: [.package(name: "cdmigrate", path: "..")],
    targets: [
        // Declares libFuzzer's driver entry point (a header only; the symbol comes with -sanitize=fuzzer).
        .systemLibrary(name: "CFuzzerDriver", path: "Sources/CFuzzerDriver"),
        .executableTarget(
            name: "CDMigrateFuzz",
            dependencies: ["CFuzzerDriver", .product(name: "FuzzTargets", package: "cdmigrate")]
        ),
    ]
)
