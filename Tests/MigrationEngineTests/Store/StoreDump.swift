import Foundation
import GRDB

/// Reads what the conformance tests compare from a store copy: schema, bookkeeping, metadata, rows.
struct StoreDump {
    /// One `sqlite_master` entry with its SQL whitespace-normalised.
    struct SchemaEntry: Hashable, CustomStringConvertible {
        var type: String
        var name: String
        var table: String
        var sql: String
        var description: String { "\(type) \(name): \(sql)" }
    }

    let path: String
    let queue: DatabaseQueue

    init(_ path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.readonly = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// `sqlite_master` entries (internal SQLite objects left out), sorted by name.
    func schema() throws -> [SchemaEntry] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL")
                .map { SchemaEntry(type: $0[0], name: $0[1], table: $0[2], sql: Self.normalise($0[3])) }
                .sorted { $0.name < $1.name }
        }
    }

    /// `Z_PRIMARYKEY` rows as `Z_ENT|Z_NAME|Z_SUPER|Z_MAX`.
    func primaryKeys(includeMax: Bool = true) throws -> [String] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT").map {
                let ent: Int = $0[0]
                let name: String = $0[1]
                let sup: Int = $0[2]
                let max: Int = $0[3]
                return includeMax ? "\(ent)|\(name)|\(sup)|\(max)" : "\(ent)|\(name)|\(sup)"
            }
        }
    }

    /// `Z_UUID` and the decoded `Z_PLIST`.
    func metadata() throws -> (uuid: String, plist: [String: Any]) {
        try queue.read { db in
            let row = try Row.fetchOne(db, sql: "SELECT Z_UUID, Z_PLIST FROM Z_METADATA WHERE Z_VERSION = 1")!
            let data: Data = row[1]
            let plist = try PropertyListSerialization.propertyList(from: data, format: nil) as! [String: Any]
            return (row[0], plist)
        }
    }

    /// Every row of a table, every column, as text with storage class, ordered by the first column.
    func rows(_ table: String) throws -> [[String]] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\" ORDER BY 1").map { row in
                row.databaseValues.map { "\($0.storage)" }
            }
        }
    }

    /// Column names of a table in order.
    func columns(_ table: String) throws -> [String] {
        try queue.read { db in try db.columns(in: table).map(\.name) }
    }

    /// A single integer result.
    func integer(_ sql: String) throws -> Int? {
        try queue.read { db in try Int.fetchOne(db, sql: sql) }
    }

    /// Collapses runs of whitespace, and drops spaces just inside parentheses' insides only where both
    /// sides differ in spacing, so that formatting alone never makes two statements differ.
    static func normalise(_ sql: String) -> String {
        sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
