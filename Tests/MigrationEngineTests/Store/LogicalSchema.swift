import Foundation

/// A store's schema as what it can hold, leaving out what only history decides (see
/// `docs/guide/store-schema.md`, "History"): entity tables by name with their set of columns, join tables by
/// their set of columns (Apple's 2.101.0 store names one reflexive table after the other side), and indexes
/// as the columns they cover (in-place migrations leave indexes under earlier names and styles beside the
/// current ones, and append added columns at the end of `CREATE TABLE`).
struct LogicalSchema: Equatable {
    var entityTables: [String: Set<String>] = [:]
    var joinTables: Set<Set<String>> = []
    var indexes: Set<String> = []

    init(_ dump: StoreDump) throws {
        let entries = try dump.schema()
        var keys: [String: String] = [:]
        for entry in entries where entry.type == "table" && entry.name.hasPrefix("Z") {
            let columns = Set(try dump.columns(entry.name))
            if entry.name.hasPrefix("Z_"), entry.name.dropFirst(2).first?.isNumber == true {
                joinTables.insert(columns)
                keys[entry.name] = columns.sorted().joined(separator: ",")
            } else if !["Z_METADATA", "Z_PRIMARYKEY", "Z_MODELCACHE"].contains(entry.name) {
                entityTables[entry.name] = columns
                keys[entry.name] = entry.name
            }
        }
        for entry in entries where entry.type == "index" {
            guard let open = entry.sql.firstIndex(of: "("), let table = keys[entry.table] else { continue }
            let columns = entry.sql[open...].replacingOccurrences(of: " COLLATE BINARY", with: "")
                .replacingOccurrences(of: " ASC", with: "")
            indexes.insert("\(entry.sql.contains("UNIQUE") ? "unique " : "")\(table) \(columns)")
        }
    }
}
