import Foundation
import TestSupport

/// The first wave's stores (wibosco, rename-chain) with the facts the corpus README states of them: version
/// and rows per entity. Every store of the corpus, for every check: ``CorpusStore/all``.
struct CorpusStoreCase: Sendable, CustomStringConvertible {
    let store: String
    let model: String
    let version: String
    let rows: [String: Int]

    var description: String { store }

    static let all: [CorpusStoreCase] = {
        let colors = "wibosco-colors/CoreDataMigration_Example.xcdatamodeld"
        let sections = "wibosco-sections/CoreDataMigration_Example.xcdatamodeld"
        var cases = [
            CorpusStoreCase(
                store: "wibosco-colors/stores/CoreDataMigration_Example_1.sqlite", model: colors,
                version: "CoreDataMigration_Example", rows: ["Post": 1001]),
            CorpusStoreCase(
                store: "wibosco-colors/stores/CoreDataMigration_Example_2.sqlite", model: colors,
                version: "CoreDataMigration_Example 2", rows: ["Post": 5979]),
            CorpusStoreCase(
                store: "wibosco-colors/stores/CoreDataMigration_Example_3.sqlite", model: colors,
                version: "CoreDataMigration_Example 3", rows: ["Post": 7995, "Color": 7995]),
            CorpusStoreCase(
                store: "wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite", model: colors,
                version: "CoreDataMigration_Example 4", rows: ["Post": 84, "Color": 84]),
            CorpusStoreCase(
                store: "wibosco-sections/stores/CoreDataMigration_Example_1.sqlite", model: sections,
                version: "CoreDataMigration_Example", rows: ["Post": 10]),
            CorpusStoreCase(
                store: "wibosco-sections/stores/CoreDataMigration_Example_2.sqlite", model: sections,
                version: "CoreDataMigration_Example 2", rows: ["Post": 10]),
            CorpusStoreCase(
                store: "wibosco-sections/stores/CoreDataMigration_Example_3.sqlite", model: sections,
                version: "CoreDataMigration_Example 3", rows: ["Post": 12, "Section": 14]),
        ]
        for version in ["v1.0.0", "v1.1.0", "v1.1.2", "v1.2.0", "v2.0.0"] {
            cases.append(
                CorpusStoreCase(
                    store: "rename-chain/stores/Example_\(version).sqlite", model: "rename-chain/Model.xcdatamodeld",
                    version: version, rows: ["BasicEntity": 1]))
        }
        return cases
    }()
}
