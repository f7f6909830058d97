/// One Apple-written store of the corpus and the model version it is at, for the schema-prediction test.
struct SchemaPredictionCase: Sendable, CustomStringConvertible {
    /// The store, relative to the corpus.
    let store: String
    /// The model source, relative to the corpus; `nil` when only the store's `Z_MODELCACHE` describes it.
    let model: String?
    /// The version's name inside `model` (the README's table).
    let version: String?

    var description: String { store }

    static let all: [SchemaPredictionCase] = {
        let colors = "wibosco-colors/CoreDataMigration_Example.xcdatamodeld"
        let sections = "wibosco-sections/CoreDataMigration_Example.xcdatamodeld"
        var cases: [SchemaPredictionCase] = []
        for (number, suffix) in [
            ("CoreDataMigration_Example", "1"), ("CoreDataMigration_Example 2", "2"), ("CoreDataMigration_Example 3", "3"),
            ("CoreDataMigration_Example 4", "WAL"),
        ] {
            cases.append(
                .init(store: "wibosco-colors/stores/CoreDataMigration_Example_\(suffix).sqlite", model: colors, version: number))
        }
        for (number, suffix) in [
            ("CoreDataMigration_Example", "1"), ("CoreDataMigration_Example 2", "2"), ("CoreDataMigration_Example 3", "3"),
        ] {
            cases.append(
                .init(
                    store: "wibosco-sections/stores/CoreDataMigration_Example_\(suffix).sqlite", model: sections, version: number)
            )
        }
        for version in ["v1.0.0", "v1.1.0", "v1.1.2", "v1.2.0", "v2.0.0"] {
            cases.append(
                .init(
                    store: "rename-chain/stores/Example_\(version).sqlite", model: "rename-chain/Model.xcdatamodeld",
                    version: version))
        }
        for version in ["2.21.1", "2.24.1", "2.46.0", "2.54.0", "2.64.0", "2.80.0", "2.90.0", "2.101.0"] {
            let file = version.replacingOccurrences(of: ".", with: "-")
            cases.append(
                .init(
                    store: "wire/stores/store\(file).wiredatabase", model: "wire/zmessaging.xcdatamodeld",
                    version: "zmessaging\(version)"))
        }
        for (index, version) in ["Moody", "Moody 2", "Moody 3", "Moody 4", "Moody 5"].enumerated() {
            cases.append(
                .init(
                    store: "moody/stores/\(index == 0 ? "Moody" : "Moody \(index + 1)").moody", model: "moody/Moody.xcdatamodeld",
                    version: version))
        }
        cases.append(
            .init(
                store: "coredataplus-cars/stores/SampleModel_V1.sqlite", model: "coredataplus-cars/SampleModel.xcdatamodeld",
                version: "SampleModel"))
        cases.append(
            .init(
                store: "coredataplus-cars/stores/SampleModel_V2.sqlite", model: "coredataplus-cars/SampleModel.xcdatamodeld",
                version: "SampleModel2"))
        cases.append(.init(store: "coredataplus-books/stores/SampleModel2_V1.sqlite", model: nil, version: nil))
        return cases
    }()
}
