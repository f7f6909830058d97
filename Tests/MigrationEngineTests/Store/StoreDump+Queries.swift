import Foundation
import GRDB

extension StoreDump {
    /// Every row of a query, each value as text with its storage class.
    func strings(_ sql: String) throws -> [[String]] {
        try queue.read { db in
            try Row.fetchAll(db, sql: sql).map { row in row.databaseValues.map { "\($0.storage)" } }
        }
    }

    /// Runs one statement on a store copy (to damage it on purpose).
    static func execute(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }
}
