import Foundation
import GRDB

/// Writes a sample-app store with any number of entries, quickly (one prepared statement, batched
/// transactions) and deterministically (a seeded generator), for the demo and benchmarks. It writes
/// `Journal 1` for the demo; `Journal 2` and `Journal 3` work too (benchmarks start at the split).
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
    static let words = (
        "morning coffee walk rain garden letter train river book friend music dinner quiet window light "
            + "market bread city meeting idea project notes evening storm summer winter travel family"
    ).split(separator: " ").map(String.init)

    /// Creates a generator for a version of the sample model.
    public init(model: ObjectModel, entries: Int, seed: UInt64 = 2001) {
        self.model = model
        self.entries = entries
        self.seed = seed
    }

    /// Creates the store at `path` (which must not exist) with the store writer, then fills it.
    public func write(to path: String) throws {
        try StoreWriter(model: model).create(at: path)
        let queue = try DatabaseQueue(path: path)
        var random = SplitMix64(seed: seed)
        let entry = model.entity(named: "Entry")
        let body = entry?.attribute(named: "text") == nil ? "ZBODY" : "ZTEXT"
        let favorite = entry?.attribute(named: "favorite") == nil ? "" : ", \"ZFAVORITE\""
        let insert = """
            INSERT INTO "ZENTRY" ("Z_PK", "Z_ENT", "Z_OPT", "ZMOOD", "ZCREATED", "ZAUTHOR", "\(body)", "ZTITLE"\(favorite))
            VALUES (?, ?, 1, ?, ?, ?, ?, ?\(favorite.isEmpty ? "" : ", 0"))
            """
        try queue.writeWithoutTransaction { db in
            let entity = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Entry'") ?? 1
            let statement = try db.makeStatement(sql: insert)
            var key = 0
            while key < entries {
                try db.inTransaction {
                    for _ in 0..<min(10_000, entries - key) {
                        key += 1
                        let author = random.next() % 10 == 0 ? nil : Self.authors[Int(random.next() % UInt64(Self.authors.count))]
                        let body = (0..<(5 + Int(random.next() % 40))).map { _ in Self.words[Int(random.next() % UInt64(Self.words.count))] }
                        try statement.execute(arguments: [
                            key, entity, Int(random.next() % 5), 600_000_000 + Double(key) * 3_600, author,
                            body.joined(separator: " "), "Entry \(key): \(body.prefix(3).joined(separator: " "))",
                        ])
                    }
                    return .commit
                }
            }
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ?", arguments: [entries, entity])
        }
        try queue.close()
    }
}

/// A small, fast, seeded random number generator (SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
