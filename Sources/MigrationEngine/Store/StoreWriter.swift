import Foundation
import GRDB

/// Creates an empty Core Data SQLite store for a model version, as Core Data itself would:
/// incremental auto-vacuum, the entity and bookkeeping tables with Apple's DDL, one `Z_PRIMARYKEY` row
/// per entity, the `Z_METADATA` row with version hashes and the store UUID, and the `Z_MODELCACHE` row
/// holding the model itself.
package struct StoreWriter: Sendable {
    /// The model version the store is for.
    package let model: ObjectModel
    /// The schema to create.
    package let schema: StoreSchema

    /// Creates a writer; the schema defaults to ``SchemaBuilder``'s layout of the model.
    package init(model: ObjectModel, schema: StoreSchema? = nil) {
        self.model = model
        self.schema = schema ?? SchemaBuilder(model: model).build()
    }

    /// Creates the store at `path`, which must not exist yet. Returns the store UUID written.
    @discardableResult
    package func create(at path: String, options: StoreCreationOptions = .init()) throws(StoreWriteError) -> String {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw StoreWriteError(path: path, message: "refusing to create a store over an existing file", category: .io)
        }
        let uuid = (options.uuid ?? UUID().uuidString).uppercased()
        let plist = try MetadataPlistBuilder(model: model, options: options).build(path: path)
        let cache: Data
        do {
            cache = try ModelCacheEncoder.encode(model)
        } catch {
            throw StoreWriteError(path: path, message: "cannot encode the model cache: \(error.message)")
        }
        var current = ""
        do {
            let queue = try HardenedConnection.open(path)
            try queue.writeWithoutTransaction { db in
                // Must precede the first table, or SQLite ignores it.
                current = "PRAGMA auto_vacuum = 2"
                try db.execute(sql: current)
                try db.inTransaction {
                    for statement in schema.createStatements(options.layout, triggers: options.installsTriggers) {
                        current = statement
                        try db.execute(sql: statement)
                    }
                    current = "INSERT INTO Z_PRIMARYKEY"
                    for entity in schema.entities {
                        try db.execute(
                            sql:
                                "INSERT INTO \"Z_PRIMARYKEY\" (\"Z_ENT\", \"Z_NAME\", \"Z_SUPER\", \"Z_MAX\") VALUES (?, ?, ?, ?)",
                            arguments: [
                                entity.number, options.recordedNames[entity.name] ?? entity.name, entity.superNumber,
                                options.maxPrimaryKeys[entity.name] ?? 0,
                            ])
                    }
                    current = "INSERT INTO Z_METADATA"
                    try db.execute(
                        sql: "INSERT INTO \"Z_METADATA\" (\"Z_VERSION\", \"Z_UUID\", \"Z_PLIST\") VALUES (1, ?, ?)",
                        arguments: [uuid, plist])
                    // Core Data keeps the store's model beside its metadata, so the store can be read alone.
                    current = "INSERT INTO Z_MODELCACHE"
                    try db.execute(sql: "INSERT INTO \"Z_MODELCACHE\" (\"Z_CONTENT\") VALUES (?)", arguments: [cache])
                    return .commit
                }
                if options.journalMode == .wal {
                    current = "PRAGMA journal_mode = WAL"
                    try db.execute(sql: current)
                }
            }
            try queue.close()
        } catch {
            throw StoreWriteError(path: path, message: "cannot create store: \(error)", sql: current)
        }
        return uuid
    }

    /// Creates every index of a ``StoreLayout/migrated`` store at `path` once its rows are in, in Core Data's
    /// order (one sorted pass per index, where an index kept up to date costs a B-tree insert per row
    /// written); before anything reads the store by an indexed column.
    ///
    /// - Throws: ``StoreWriteError`` naming the table, the columns and two clashing rows when rows break a
    ///   uniqueness constraint (`CREATE UNIQUE INDEX` refuses them); SQLite's error otherwise.
    package func installIndexes(_ db: Database, path: String) throws {
        // SQLite's sorter may sort on a helper thread (the machine's other core, idle once the rows are in):
        // a million-row index was 0.56 s on one thread, 0.49 s with one helper.
        try db.execute(sql: "PRAGMA threads = \(Self.sortHelperThreads)")
        for index in schema.indexes {
            do {
                try db.execute(sql: index.createStatement)
            } catch let error as DatabaseError {
                guard index.isUnique, error.resultCode == .SQLITE_CONSTRAINT else { throw error }
                throw try Self.duplicate(under: index, db: db, path: path) ?? error
            }
        }
    }

    /// Helper threads SQLite's sorter may use while indexes are built: one per core beyond the first, at most
    /// three.
    static let sortHelperThreads = min(3, max(0, ProcessInfo.processInfo.activeProcessorCount - 1))

    /// The error for rows `index` refused: two of them sharing a value in every column (`NULL` never clashes
    /// under a `UNIQUE` index), found by one grouping scan.
    private static func duplicate(under index: SchemaIndex, db: Database, path: String) throws -> StoreWriteError? {
        let columns: [SQLFragment] = index.columns.map { "\(SQLIdentifier($0))" }
        let filled = SQLFragment.joined(columns.map { "\($0) IS NOT NULL" }, separator: " AND ")
        let clash: SQLFragment = """
            SELECT MIN("Z_PK"), MAX("Z_PK") FROM \(SQLIdentifier(index.table)) WHERE \(filled) \
            GROUP BY \(SQLFragment.joined(columns)) HAVING COUNT(*) > 1 LIMIT 1
            """
        guard let row = try Row.fetchOne(db, clash.request), let first = row[0] as Int64?, let second = row[1] as Int64?
        else { return nil }
        return StoreWriteError(
            path: path,
            message: "rows Z_PK \(first) and \(second) of \(index.table) have the same \(index.columns.joined(separator: ", ")), "
                + "which the uniqueness constraint \(index.name) forbids")
    }

    /// Gives every derived attribute its value from the rows now stored, then creates Core Data's
    /// triggers that keep it so; called once a step has copied its rows in.
    package func installDerivedAttributes(_ db: Database) throws {
        for statement in schema.derivedValueStatements + schema.triggerStatements {
            try db.execute(sql: statement)
        }
    }
}
