import Foundation
import GRDB

/// What salvage could read of a damaged store's own description, from its private snapshot. Any part but
/// the table list may be unreadable; each loss is kept as a note for the report.
struct SalvageSource {
    /// `Z_METADATA`, when it reads.
    let metadata: StoreMetadata?
    /// `Z_PRIMARYKEY`, when it reads.
    let primaryKeys: [PrimaryKeyEntry]?
    /// The model in `Z_MODELCACHE`, when it reads and decodes.
    let cachedModel: ObjectModel?
    /// The columns of every table, from SQLite's parsed schema.
    let tableColumns: [String: [String]]
    /// What could not be read, one line each.
    let notes: [String]

    /// Whether SQLite can read the schema (`sqlite_master`) as a store's; when it cannot, not every table can
    /// be found by name and salvage reads the pages themselves (``LostSchemaRebuild``). A schema that reads
    /// but lists Core Data's entity tables (`Z_PK`, `Z_ENT`, `Z_OPT`) without `Z_PRIMARYKEY` and `Z_METADATA` is
    /// a store's schema cut short (the page holding their rows was lost): it does not read as a store's.
    static func schema(_ db: Database) -> LostSchemaRebuild.Schema? {
        let tables: [String]
        do {
            tables = try String.fetchAll(db, Self.tableNames.request)
        } catch {
            return .unreadable
        }
        guard !tables.contains("Z_PRIMARYKEY"), !tables.contains("Z_METADATA") else { return nil }
        let entityTables = tables.filter { table in
            do {
                return Set(try db.columnNames(in: table)).isSuperset(of: ["Z_PK", "Z_ENT", "Z_OPT"])
            } catch {
                return false
            }
        }
        return entityTables.isEmpty ? nil : .cutShort(tables: tables.count, entityTables: entityTables.count)
    }

    /// Reads what it can; throws only when SQLite cannot read the schema itself.
    static func read(_ db: Database, store: String) throws -> SalvageSource {
        let tables: [String]
        do {
            tables = try String.fetchAll(db, Self.tableNames.request)
        } catch {
            throw StoreError(.damaged, path: store, message: "the database schema is unreadable: \(Self.reason(error))")
        }
        var notes: [String] = []
        var columns: [String: [String]] = [:]
        for table in tables {
            do {
                columns[table] = try db.columnNames(in: table)
            } catch {
                notes.append("table \(table) is unreadable: \(Self.reason(error))")
            }
        }
        guard columns["Z_PRIMARYKEY"] != nil || columns["Z_METADATA"] != nil else {
            throw StoreError(
                .notCoreData, path: store, message: "SQLite database without Z_METADATA and Z_PRIMARYKEY, not a Core Data store")
        }
        func attempt<Value>(_ part: String, _ read: () throws -> Value?) -> Value? {
            do {
                return try read()
            } catch {
                notes.append("\(part) is unreadable: \(Self.reason(error))")
                return nil
            }
        }
        let metadata = attempt("Z_METADATA") { try StoreMetadata.read(db, path: store) }
        var primaryKeys = attempt("Z_PRIMARYKEY") { try PrimaryKeyEntry.fetchAll(db) }
        // Core Data keeps a row per entity: none means the rows were lost (a page cut through reads as empty),
        // and reading it as the store's numbering would give every row an entity of no number.
        if let rows = primaryKeys, !rows.contains(where: { !$0.isHistory }) {
            notes.append("Z_PRIMARYKEY holds no entity's row (lost with its page): the model's entity numbers are used")
            primaryKeys = nil
        }
        let cache: Data? =
            columns["Z_MODELCACHE"] == nil
            ? nil : attempt("Z_MODELCACHE") { try Data.fetchOne(db, Self.modelCache.request) }
        let cachedModel = cache.flatMap { data in attempt("Z_MODELCACHE") { try ModelCacheDecoder.decode(data, path: store) } }
        return SalvageSource(
            metadata: metadata, primaryKeys: primaryKeys, cachedModel: cachedModel, tableColumns: columns, notes: notes)
    }

    private static let tableNames: SQLFragment = "SELECT name FROM sqlite_master WHERE type = 'table'"
    private static let modelCache: SQLFragment = "SELECT Z_CONTENT FROM Z_MODELCACHE"

    /// The root page of table `name`, from SQLite's schema.
    static func rootPageQuery(_ name: String) -> SQLFragment {
        "SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = \(value: name)"
    }

    /// SQLite's message alone, or the error's one line.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode.rawValue)" }
        if let error = error as? StoreError { return error.message }
        return "\(error)"
    }
}
