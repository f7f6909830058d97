import Foundation
import GRDB
import MigrationEngine

/// Writes a sample-app store with any number of entries, quickly and deterministically, for the demo and
/// benchmarks. It writes `Journal 1` for the demo; `Journal 2` and `Journal 3` work too (benchmarks start
/// at the split).
///
/// The rows are made set-based in one transaction: a recursive CTE numbers them and every "random" choice
/// (mood, author, body) is a hash of the row number and the seed computed in SQL (``SampleRowsSQL``), so a
/// 200,000-entry store takes a fraction of a second instead of one statement per row.
public struct SampleStoreGenerator: Sendable {
    /// The sample model version to write (`Journal 1`, `2` or `3`).
    public let model: ObjectModel
    /// How many entries to write.
    public var entries: Int
    /// The seed, so two runs give the same store.
    public var seed: UInt64

    static let authors = [
        "Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson", "Edsger Dijkstra", "Barbara Liskov",
        "Donald Knuth", "Margaret Hamilton", "Ken Thompson", "Frances Allen", "Dennis Ritchie", "Radia Perlman",
    ]
    static let words =
        ("morning coffee walk rain garden letter train river book friend music dinner quiet window light "
        + "market bread city meeting idea project notes evening storm summer winter travel family").split(separator: " ").map(
            String.init)

    /// Creates a generator for a version of the sample model.
    ///
    /// - Parameters:
    ///   - model: The sample model version to write (`Journal 1`, `2` or `3`).
    ///   - entries: How many entries to write.
    ///   - seed: The seed for every "random" choice; the same seed gives the same store.
    public init(model: ObjectModel, entries: Int, seed: UInt64 = 2001) {
        self.model = model
        self.entries = entries
        self.seed = seed
    }

    /// Creates the store at `path` (which must not exist) with the store writer, then fills it.
    ///
    /// - Parameter path: The new store's `.sqlite` file.
    /// - Throws: ``StoreWriteError`` when the store cannot be created (a file exists at `path`, or the new
    ///   database cannot be written), and GRDB's `DatabaseError` when filling it fails.
    public func write(to path: String) throws {
        try StoreWriter(model: model).create(at: path)
        let entry = model.entity(named: "Entry")
        let sql = SampleRowsSQL(
            seed: seed, words: Self.words, authors: Self.authors,
            bodyColumn: entry?.attribute(named: "text") == nil ? "ZBODY" : "ZTEXT",
            hasFavorite: entry?.attribute(named: "favorite") != nil)
        let queue = try HardenedConnection.open(path)
        try queue.write { db in
            let entity = try Int.fetchOne(db, sql: #"SELECT "Z_ENT" FROM "Z_PRIMARYKEY" WHERE "Z_NAME" = 'Entry'"#) ?? 1
            try sql.createVocabulary(db)
            try db.execute(sql: sql.insertEntries, arguments: [entries, entity])
            try db.execute(sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = ? WHERE "Z_ENT" = ?"#, arguments: [entries, entity])
            try sql.dropVocabulary(db)
        }
        try queue.close()
    }
}
