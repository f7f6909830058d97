import Foundation
import GRDB

/// The few facts about a source store that writing a migrated copy needs: tables and columns,
/// `Z_PRIMARYKEY`, the store UUID and metadata plist, and the DDL of tables no model accounts for.
///
/// Read in one pass through a read-only connection; the store itself is never written.
struct SourceStoreFacts: Sendable {
    /// One `sqlite_master` entry.
    struct MasterEntry: Sendable, Hashable {
        var type: String
        var name: String
        var table: String
        var sql: String
    }

    let path: String
    /// Column names per table.
    let columns: [String: [String]]
    /// `Z_PRIMARYKEY` rows in number order.
    let primaryKeys: [PrimaryKeyEntry]
    /// `Z_METADATA`.
    let metadata: StoreMetadata
    /// Every `sqlite_master` entry with SQL.
    let master: [MasterEntry]
    /// The highest `Z_PK` in each table that has one.
    let maxRowKeys: [String: Int]
    /// Rows per entity number in each entity table.
    let entityCounts: [String: [Int: Int]]

    /// Reads the facts of the store at `path`; rows per entity come from `knownRowCounts` for the tables it
    /// holds (counted by the run already) and are counted here for the others.
    init(path: String, knownRowCounts: [String: [Int: Int]]? = nil) throws(StoreWriteError) {
        self.path = path
        do {
            let queue = try PrivateStoreConnection.open(path) { try HardenedConnection.open(path, readonly: true) }
            (columns, primaryKeys, metadata, master, maxRowKeys, entityCounts) = try queue.read { db in
                let master = try Row.fetchAll(
                    db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL"
                )
                .map { MasterEntry(type: $0[0], name: $0[1], table: $0[2], sql: $0[3]) }
                var columns: [String: [String]] = [:]
                var maxKeys: [String: Int] = [:]
                var counts: [String: [Int: Int]] = [:]
                for entry in master where entry.type == "table" {
                    let names = try db.columnNames(in: entry.name)
                    columns[entry.name] = names
                    let table = SQLIdentifier(entry.name)
                    if names.contains("Z_PK") {
                        let highest: SQLFragment = "SELECT MAX(\(SQLIdentifier.primaryKey)) FROM \(table)"
                        maxKeys[entry.name] = try Int.fetchOne(db, highest.request) ?? 0
                    }
                    if names.contains("Z_ENT") && names.contains("Z_PK") {
                        counts[entry.name] = try knownRowCounts?[entry.name] ?? PrimaryKeyEntry.rowsPerEntity(in: table, db)
                    }
                }
                return (
                    columns, try PrimaryKeyEntry.fetchAll(db), try StoreMetadata.read(db, path: path), master, maxKeys, counts
                )
            }
            try queue.close()
        } catch {
            throw StoreWriteError(
                path: path, message: "cannot read source store: \(error)",
                category: (error as? CategorizedError)?.category ?? .damaged)
        }
    }

    /// The highest primary key handed out in a table: the larger of its `Z_MAX` rows and its rows.
    func maxPrimaryKey(table: String, schema: StoreSchema) -> Int {
        // By number: a row may keep a name Core Data renamed (see `PrimaryKeyEntry.resolvingRenames`).
        let numbers = Set(schema.entities.filter { $0.table == table }.map(\.number))
        return primaryKeys.filter { numbers.contains($0.number) }.map { Int($0.maxPrimaryKey) }.reduce(
            maxRowKeys[table] ?? 0, Swift.max)
    }

    /// Checks that the store's version hashes are the model's (Core Data's own compatibility test).
    func verifyHashes(of model: ObjectModel) throws(StoreWriteError) {
        guard model.matchesVersionHashes(metadata.versionHashes) else {
            throw StoreWriteError(
                path: path, message: "store is not at model version \(model.name) (version hashes differ)",
                category: .unsupported)
        }
    }

    /// Checks that every table and column the model implies exists in the store.
    func verify(_ schema: StoreSchema, model: String) throws(StoreWriteError) {
        let expected =
            schema.tables.map { ($0.name, $0.columns.map(\.name)) }
            + schema.joinTables.map { ($0.name, [$0.ownerColumn, $0.targetColumn] + $0.orderColumns) }
        for (table, names) in expected {
            guard let actual = columns[table] else {
                throw StoreWriteError(
                    path: path, message: "store has no table \(table); it is not at model version \(model)",
                    category: .unsupported)
            }
            if let missing = names.first(where: { !actual.contains($0) }) {
                throw StoreWriteError(
                    path: path, message: "table \(table) has no column \(missing); it is not at model version \(model)",
                    category: .unsupported)
            }
        }
    }
}
