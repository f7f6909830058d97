import GRDB

/// Positions of objects in ordered to-many relationships (`Z_FOK_` columns) that a mapped step writes.
///
/// A relationship set from a lookup or a policy gets its objects' positions as it is given them (in the
/// source's order, when read from an ordered source relationship); Core Data keeps the order column of every
/// member filled, so a member linked without one (from the to-one side only) is placed after its owner's
/// others once every relationship is written (``fillMissing(_:in:sourcePositions:)``): in the order its
/// source object held in the source's ordered relationship where its to-one was read from one, else by key.
enum OrderPositions {
    /// An order column of a destination table (`Z_FOK_<NAME>` of a to-one whose inverse is ordered), by names.
    struct Column: Hashable {
        var table: String
        var column: String
    }

    /// The distance between consecutive positions (as inferred steps number a relationship that becomes ordered).
    static let step: Int64 = 1024

    /// The position of the object at `index` of an ordered to-many given in order.
    static func position(_ index: Int) -> Int64 {
        step * Int64(index + 1)
    }

    /// Gives every member of an ordered relationship in `tables` that has no position one: after the positions
    /// its owner's members have, by the position `sourcePositions` gives it (rows `(d, p)`: a member's key and
    /// its source object's position in the source's ordered relationship; the smallest where it has several),
    /// then by key. A member without a source position comes after those with one.
    static func fillMissing(
        _ db: Database, in tables: MappedStoreTables, sourcePositions: [Column: SQLFragment] = [:]
    ) throws {
        var done: Set<Column> = []
        for table in tables.entities.values.sorted(by: { $0.number < $1.number }) {
            for (relationship, order) in table.orderColumns.sorted(by: { $0.key < $1.key }) {
                let column = Column(table: table.name.name, column: order.name)
                guard let key = table.columns[relationship], done.insert(column).inserted else { continue }
                try fill(
                    db, table: table.table, row: "Z_PK", group: key, rank: "Z_PK", order: order,
                    sourcePositions: sourcePositions[column])
            }
        }
        for join in tables.layout.joinTables {
            let existing = tables.joinColumns[join.name] ?? []
            let table: SQLFragment = "\(tables.schema).\(SQLIdentifier(join.name))"
            let sides = [(join.owner, join.ownerColumn, join.targetColumn), (join.inverse, join.targetColumn, join.ownerColumn)]
            var filled: Set<String> = []
            for (side, group, rank) in sides {
                guard let order = join.orderColumn(ordering: side), existing.contains(order), filled.insert(order).inserted
                else { continue }
                try fill(
                    db, table: table, row: "rowid", group: SQLIdentifier(group), rank: "\(SQLIdentifier(rank))",
                    order: SQLIdentifier(order))
            }
        }
    }

    /// Numbers the rows of `table` whose `group` is set and `order` is not, by their `sourcePositions` (rows
    /// `(d, p)` keyed by `row`), then by `rank`. The windows read every row before the first is updated, so
    /// each group's highest position is the one it had before.
    private static func fill(
        _ db: Database, table: SQLFragment, row: SQLFragment, group: SQLIdentifier, rank: SQLFragment,
        order: SQLIdentifier, sourcePositions: SQLFragment? = nil
    ) throws {
        let joined: SQLFragment =
            sourcePositions.map { " LEFT JOIN (SELECT d, MIN(p) AS p FROM (\($0)) GROUP BY d) AS o ON o.d = \(row)" } ?? ""
        let position: SQLFragment = sourcePositions == nil ? "NULL" : "o.p"
        try db.execute(
            """
            UPDATE \(table) AS x SET \(order) = f.n FROM (
              SELECT r, base + \(value: step) * row_number() OVER (PARTITION BY g ORDER BY sp IS NULL, sp, k) AS n FROM (
                SELECT \(row) AS r, \(group) AS g, \(rank) AS k, \(order) AS c, \(position) AS sp,
                  IFNULL(MAX(\(order)) OVER (PARTITION BY \(group)), 0) AS base
                FROM \(table)\(joined) WHERE \(group) IS NOT NULL)
              WHERE c IS NULL) AS f
            WHERE x.\(row) = f.r
            """)
    }

    /// The first owner whose members, as `after` orders them, are out of the order `before` gives the same
    /// members (both ``MappedStoreTables/orderedMembers(_:of:)`` rows, keyed alike: owners and members kept
    /// their keys). Members only one side has are left out; so is a member without a position in `before`.
    static func firstReordered(_ db: Database, before: SQLFragment, after: SQLFragment) throws -> Int64? {
        let query: SQLFragment = """
            WITH kept AS (
              SELECT a.o, a.m, a.p AS ap, b.p AS bp FROM (\(after)) a JOIN (\(before)) b ON b.o = a.o AND b.m = a.m),
            walked AS (
              SELECT o, m, bp, LAG(bp) OVER w AS pbp, LAG(m) OVER w AS pm FROM kept
              WINDOW w AS (PARTITION BY o ORDER BY ap, m))
            SELECT o FROM walked WHERE pm IS NOT NULL AND (bp, m) < (pbp, pm) LIMIT 1
            """
        return try Int64.fetchOne(db, query.request)
    }
}
