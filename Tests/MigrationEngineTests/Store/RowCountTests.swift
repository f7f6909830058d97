import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// Row counts are taken without reading rows, and stay exact for tables that hold a whole inheritance tree.
@Suite("Row counts")
struct RowCountTests {
    /// Each entity's rows counted the slow way: every row's `Z_ENT` read and grouped.
    static func groupedCounts(_ path: String, tables: [String]) throws -> [Int: Int] {
        try HardenedConnection.open(path, readonly: true).read { db in
            var counts: [Int: Int] = [:]
            for table in tables {
                for row in try Row.fetchAll(db, sql: "SELECT Z_ENT, COUNT(*) FROM \(table) NOT INDEXED GROUP BY Z_ENT") {
                    counts[row[0], default: 0] += row[1] as Int
                }
            }
            return counts
        }
    }

    @Test(
        "coredataplus-cars: Car, SportCar and ExpensiveSportCar share ZCAR and each gets its own rows",
        Corpus.required, arguments: ["SampleModel_V1.sqlite", "SampleModel_V2.sqlite"])
    func corpusInheritance(_ store: String) throws {
        let path = try Corpus.copyStore("coredataplus-cars/stores/\(store)")
        let contents = try StoreReader.read(path: path, checkIntegrity: false)
        let expected = try Self.groupedCounts(path, tables: ["ZCAR", "ZPERSON"])
        #expect(contents.rowCounts.filter { $0.table == "ZCAR" }.count == 3)
        #expect(contents.rowCounts.filter { $0.table == "ZCAR" }.allSatisfy { $0.rows > 0 })
        #expect(Dictionary(uniqueKeysWithValues: contents.rowCounts.map { ($0.number, $0.rows) }) == expected)
    }

    @Test("A generated inheritance tree: exact per entity over the Z_ENT index, and the same without it")
    func generatedInheritance() throws {
        let path = try InheritanceFixture.store()
        let indexes = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ZVEHICLE'")
        }
        #expect(indexes.contains("ZVEHICLE_Z_ENT_INDEX"), "the writer creates Apple's Z_ENT index: \(indexes)")
        let expected = ["Vehicle": 0, "Car": 3, "Truck": 5, "Person": 4]
        let counted = try StoreReader.read(path: path, checkIntegrity: false).rowCounts
        #expect(Dictionary(uniqueKeysWithValues: counted.map { ($0.entity, $0.rows) }) == expected)
        try DatabaseQueue(path: path).write { try $0.execute(sql: "DROP INDEX ZVEHICLE_Z_ENT_INDEX") }
        let unindexed = try StoreReader.read(path: path, checkIntegrity: false).rowCounts
        #expect(Dictionary(uniqueKeysWithValues: unindexed.map { ($0.entity, $0.rows) }) == expected)
    }
}
