import Foundation
import GRDB

extension StoreDump {
    /// Every row of a query, each value as text with its storage class.
    func strings(_ sql: String) throws -> [[String]] {
        try queue.read { db in
            try Row.fetchAll(db, sql: sql).map { row in row.databaseValues.map { "\($0.storage)" } }
        }
    }

    /// Every row of a table as `COLUMN=value` pairs in column-name order, the rows sorted: two tables compare
    /// equal whatever order their columns are in (an in-place migration appends added columns, a renamed table
    /// keeps its old order).
    func namedRows(_ table: String) throws -> [String] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map { row in
                zip(row.columnNames, row.databaseValues).sorted { $0.0 < $1.0 }.map { "\($0)=\($1.storage)" }
                    .joined(separator: ", ")
            }.sorted()
        }
    }

    /// Runs one statement on a store copy (to damage it on purpose).
    static func execute(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }
}
