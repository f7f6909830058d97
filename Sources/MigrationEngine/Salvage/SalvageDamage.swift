import GRDB

/// Where the damage can have taken objects, per entity table: what tells a broken reference salvage clears
/// on its own (the damage explains it) from one an intact row made (the store broke its model before it was
/// damaged, which only `BrokenObjectPolicy.repair` changes, each change listed).
///
/// The line is drawn where salvage has evidence. A key in a range SQLite could not read (or above the last
/// row a cut left, up to the largest key handed out) may have named an object the damage took; so may any
/// key a row found on a page the table's B-tree no longer reaches names (such a row can be older than the
/// objects it points at). An object left out for pointing at a lost one was taken by the damage too. Where
/// the damage struck (a file cut short, a table SQLite reports damaged), rows also go where no read fails,
/// so a key up to `Z_MAX` that no row carries (a gap, ``KeyGaps``) may be its doing as well. A key above
/// `Z_MAX`, or a missing key of a store the damage did not strike, is a reference the app wrote to an object
/// that did not exist: the damage did not make it, so salvage does not hide it. When the `-wal` lost
/// committed transactions, or the schema was rebuilt from loose pages, no row or key can be vouched for,
/// and every missing object may have been lost.
struct SalvageDamage {
    /// Per entity table: the key ranges SQLite could not read through the table's B-tree (before rows were
    /// found on loose pages in them), open ranges closed at the largest key handed out.
    private(set) var ranges: [String: [(lower: Int64, upper: Int64)]] = [:]
    /// Every missing object may have been lost (a `-wal` that lost committed transactions, a schema rebuilt
    /// from pages).
    var anyKeyMayBeLost = false

    private static let table = SQLIdentifier("cdmigrate_salvage_damage")

    /// Whether SQLite found damage in an entity table.
    var struck: Bool { !ranges.isEmpty }

    /// Records `table`'s unreadable `ranges`; an open one ends at `limit` (the largest key handed out), or
    /// has no end when that is unknown.
    mutating func add(_ table: String, _ unreadable: [KeyRange], limit: Int64?) {
        for range in unreadable {
            let upper = range.upper ?? limit ?? Int64.max
            if upper >= range.lower { ranges[table, default: []].append((range.lower, upper)) }
        }
    }

    /// Whether `key` of `table` lies where the damage took rows.
    func covers(_ table: String, key: Int64) -> Bool {
        anyKeyMayBeLost || ranges[table, default: []].contains { $0.lower <= key && key <= $0.upper }
    }

    /// Writes the ranges into a temporary table of the connection (never the new store's file), which
    /// ``explains(_:key:)`` reads.
    func install(_ db: Database) throws {
        try db.execute("DROP TABLE IF EXISTS temp.\(Self.table)" as SQLFragment)
        try db.execute(
            "CREATE TEMP TABLE \(Self.table) (tbl TEXT NOT NULL, lower INTEGER NOT NULL, upper INTEGER NOT NULL)" as SQLFragment)
        try db.execute("CREATE INDEX temp.cdmigrate_salvage_damage_lower ON \(Self.table) (tbl, lower)" as SQLFragment)
        for (table, ranges) in ranges {
            for range in ranges {
                try db.execute(
                    "INSERT INTO temp.\(Self.table) VALUES (\(value: table), \(value: range.lower), \(value: range.upper))"
                        as SQLFragment)
            }
        }
    }

    /// A condition true when the key in `key` (a qualified column) of `table` lies where the damage took rows.
    func explains(_ table: String, key: SQLFragment) -> SQLFragment {
        if anyKeyMayBeLost { return "1" }
        return """
            EXISTS (SELECT 1 FROM temp.\(Self.table) AS d \
            WHERE d.tbl = \(value: table) AND d.lower <= \(key) AND \(key) <= d.upper)
            """
    }

    /// Records, as taken by the damage, the rows of `table` matching `condition` (they are about to be left
    /// out for pointing at a lost object): references to them are the damage's too.
    func recordTaken(_ db: Database, table: String, where condition: SQLFragment) throws {
        guard !anyKeyMayBeLost else { return }
        let source = SQLIdentifier(table)
        try db.execute(
            """
            INSERT INTO temp.\(Self.table) SELECT \(value: table), \(source).\(SQLIdentifier.primaryKey), \
            \(source).\(SQLIdentifier.primaryKey) FROM \(source) WHERE \(condition)
            """ as SQLFragment)
    }
}
