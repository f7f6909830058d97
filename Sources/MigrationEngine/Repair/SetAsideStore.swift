import Foundation
import GRDB

/// The side store the objects a repair sets aside go to, as they were: a store of the same version with
/// Apple's schema, bookkeeping and metadata, beside the repaired store (`App-set-aside.sqlite`), written
/// under a temporary name and given its name only when the repaired store is kept. Its rows break the model
/// the way they did (that is why they were set aside); it keeps them for a person to look at or put back.
final class SetAsideStore {
    /// The store repaired (named in errors).
    let store: String
    /// The side store's file, and its temporary name until published.
    private let output: SalvageOutput
    /// The version the side store is written at (the store's recorded one, its hashes in the metadata) and the
    /// tables of the entities it holds; set by the repair before it sets anything aside.
    var layout: (model: ObjectModel, schema: StoreSchema)?
    private var queue: DatabaseQueue?

    /// The path of the side store for a repaired store at `path`: its name with `-set-aside` (and the run's
    /// identifier, when one is given) before the extension.
    static func path(beside path: String, run: String? = nil) -> String {
        let url = URL(fileURLWithPath: path)
        let base = url.deletingPathExtension().lastPathComponent
        let name = base + "-set-aside" + (run.map { "-\($0)" } ?? "") + ".sqlite"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// A side store at `path` for objects of `store`, written as `temporary` (when given) until published;
    /// nothing is written until an object is set aside.
    /// - Throws: ``SalvageError`` when `path` exists or its folder does not.
    init(path: String, store: String, temporary: String? = nil) throws {
        self.store = store
        output = try SalvageOutput(path, store: store, temporary: temporary)
    }

    /// Whether an object was set aside.
    var isUsed: Bool { queue != nil }

    /// Moves the row keyed `key` of `table` from `db` into the side store; false when there is no such row.
    func take(table: String, key: Int64, from db: Database) throws -> Bool {
        let select: SQLFragment = "SELECT * FROM \(SQLIdentifier(table)) WHERE \(SQLIdentifier.primaryKey) = \(value: key)"
        let statement = try db.makeStatement(select)
        // The cursor keeps the statement on its row while each value is read exactly: GRDB's row values end
        // TEXT at its first NUL, and the side store keeps the object as it was.
        let rows = try Row.fetchCursor(statement, arguments: select.statementArguments)
        guard try rows.next() != nil else { return false }
        var values: [DatabaseValue] = []
        var texts: Set<Int> = []
        for index in statement.columnNames.indices {
            do {
                values.append(try SQLiteValueReader.exact(statement, at: index))
            } catch {
                texts.insert(index)
                values.append(Data(error.bytes).databaseValue)
            }
        }
        withExtendedLifetime(rows) {}
        try put(table: table, columns: statement.columnNames, values: values, texts: texts)
        try db.execute("DELETE FROM \(SQLIdentifier(table)) WHERE \(SQLIdentifier.primaryKey) = \(value: key)" as SQLFragment)
        return true
    }

    /// Writes one row of `table` into the side store as it is (a column the side store lacks is left out);
    /// `texts` are the positions of TEXT that is not UTF-8, held as its bytes and written back as TEXT.
    func put(table: String, columns: [String], values: [DatabaseValue], texts: Set<Int> = []) throws {
        let side = try open()
        try side.inDatabase { target in
            let existing = Set(try target.columnNames(in: table))
            let kept = columns.indices.filter { existing.contains(columns[$0]) }
            let slots = kept.map { index -> SQLFragment in
                texts.contains(index) ? "CAST(\(value: values[index]) AS TEXT)" : "\(value: values[index])"
            }
            try target.execute(
                """
                INSERT OR REPLACE INTO \(SQLIdentifier(table)) (\(kept.map { SQLIdentifier(columns[$0]) })) \
                VALUES (\(SQLFragment.joined(slots)))
                """ as SQLFragment)
        }
    }

    /// Completes the side store (each table's `Z_MAX` raised to its largest key), still under its temporary
    /// name; nil when nothing was set aside.
    func finish() throws -> String? {
        guard let queue, let schema = layout?.schema else { return nil }
        try queue.inDatabase { db in
            for table in schema.tables where try db.tableExists(table.name) {
                guard let root = schema.entity(named: table.rootEntity) else { continue }
                let largest = try EntityRows.highestKey(SQLIdentifier(table.name), db)
                try db.execute(
                    "UPDATE Z_PRIMARYKEY SET Z_MAX = \(value: largest) WHERE \(SQLIdentifier.entityNumber) = \(value: root.number) AND Z_MAX < \(value: largest)"
                        as SQLFragment)
            }
            try db.commit()
        }
        try queue.close()
        return output.path
    }

    /// Gives the finished side store its name (nothing when nothing was set aside).
    func publish() throws {
        if isUsed { try output.publish() }
    }

    /// Removes whatever was written.
    func discard() {
        try? queue?.close()
        output.discard()
    }

    private func open() throws -> DatabaseQueue {
        if let queue { return queue }
        guard let layout else {
            throw ExecutionError(.stepFailed, path: output.path, message: "the side store's version is not known")
        }
        try StoreWriter(model: layout.model, schema: layout.schema).create(
            at: output.temporary, options: StoreCreationOptions(installsTriggers: false))
        // One transaction from the first object to finish(), so setting many aside costs one commit.
        var configuration = HardenedConnection.configuration(path: output.temporary)
        configuration.allowsUnsafeTransactions = true
        let opened = try DatabaseQueue(path: output.temporary, configuration: configuration)
        try opened.inDatabase { try $0.beginTransaction() }
        queue = opened
        return opened
    }
}
