import Foundation
import GRDB

/// What makes a Core Data store itself, as read from its bookkeeping tables: the store's UUID, its metadata
/// and each entity's number, name and highest primary key handed out.
///
/// Core Data never changes a store's UUID, never drops a table or renumbers or renames an entity without
/// rewriting the metadata (a migration), and never lowers `Z_MAX` (primary keys are not reused). So two readings of one
/// store taken at different moments can only differ in ways that respect these rules; a `-wal` that breaks
/// them was written for another store, or before the database's own last changes.
struct StoreIdentity: Equatable {
    /// One row of `Z_PRIMARYKEY`.
    struct Entity: Equatable {
        var name: String
        var maximumKey: Int64
    }

    /// `Z_METADATA.Z_UUID`.
    var uuid: String?
    /// `Z_METADATA.Z_PLIST`, compared byte for byte: a change means the store was re-versioned.
    var metadata: Data?
    /// `Z_PRIMARYKEY` by entity number.
    var entities: [Int64: Entity]
    /// The names of the tables in `sqlite_master`.
    var tables: Set<String>

    /// Reads the identity, or `nil` when the bookkeeping tables are not there (a store still being created,
    /// or a plain SQLite file).
    static func read(_ db: Database) throws -> StoreIdentity? {
        guard try db.tableExists("Z_METADATA"), try db.tableExists("Z_PRIMARYKEY") else { return nil }
        let metadataRow = try Row.fetchOne(db, sql: #"SELECT "Z_UUID", "Z_PLIST" FROM "Z_METADATA" LIMIT 1"#)
        var entities: [Int64: Entity] = [:]
        let rows = try Row.fetchCursor(db, sql: #"SELECT "Z_ENT", "Z_NAME", "Z_MAX" FROM "Z_PRIMARYKEY""#)
        while let row = try rows.next() {
            guard let number: Int64 = row[0] else { continue }
            entities[number] = Entity(name: row[1] ?? "", maximumKey: row[2] ?? 0)
        }
        let tables = try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        return StoreIdentity(uuid: metadataRow?[0], metadata: metadataRow?[1], entities: entities, tables: tables)
    }

    /// Why `later` cannot be a later state of this same store, or `nil` when it can be.
    func contradiction(by later: StoreIdentity) -> String? {
        if let uuid, let laterUUID = later.uuid, uuid != laterUUID {
            return "it holds another store (store UUID \(laterUUID), the database's is \(uuid))"
        }
        // A changed metadata is a migration written in place: tables and entities may then change.
        guard metadata == later.metadata else { return nil }
        if let dropped = tables.subtracting(later.tables).sorted().first {
            return "it removes table \(dropped) without a new model version"
        }
        for (number, entity) in entities.sorted(by: { $0.key < $1.key }) {
            guard let after = later.entities[number] else {
                return "it removes entity \(number) (\(entity.name)) from Z_PRIMARYKEY"
            }
            if after.name != entity.name {
                return "it renames entity \(number) from \(entity.name) to \(after.name) without a new model version"
            }
            if after.maximumKey < entity.maximumKey {
                return
                    "it lowers \(entity.name)'s highest primary key from \(entity.maximumKey) to \(after.maximumKey): written before the database's own last changes"
            }
        }
        return nil
    }
}
