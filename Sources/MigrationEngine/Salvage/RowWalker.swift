import GRDB

/// Reads one table's rows in row-id order through SQLite, stepping over what SQLite reports as damaged.
///
/// A damaged page stops a scan wherever it sits in the table's B-tree. The rows behind it are still
/// reachable by seeking: a seek descends from the root straight to the page holding the id sought, so it
/// fails only when that path crosses the damage. After a failure the walker tries the ids above the last row
/// read one by one up to the store's largest key (``limit``; a window above the last row read when it is
/// unknown), so no readable page is jumped over, then ever wider steps (two, four… apart) with a bisection
/// back to the first id that reads, and resumes there. Rows are read `NOT INDEXED`, so a damaged index
/// never hides a row.
struct RowWalker {
    /// The widest step between probes below ``limit``: every id, since a readable page between two damaged
    /// ones may hold a single row (a probe that fails costs a few page reads, one per lost row at most).
    static let probeStride: Int64 = 1
    /// How far above the last key read ids are tried one by one when the store's largest key is unknown.
    static let window: Int64 = 1 << 16

    /// The table.
    let table: SQLIdentifier
    /// The expressions selected after the row id (column names, or `NULL` for a missing column).
    let selections: [SQLFragment]
    /// The largest row id the store handed out (its `Z_MAX`), when known.
    let limit: Int64?
    /// An id no row of the copy is above (``LoosePageScan/largestRowID(log:)``, the `-wal`'s frames counted
    /// when it is read): probing stops past it. Without it, a table whose root page is lost in a store whose
    /// `Z_PRIMARYKEY` is lost too is probed at every id of the window, a failing seek each (21 s for a one-row
    /// store in a debug build).
    var ceiling: Int64?
    /// How many seeks the walks tried after damage, to find where to resume.
    private(set) var probes = 0
    /// The positions among ``selections`` of the values a row may be read without, NULL in their place (an
    /// optional attribute's): a row found by seeking whose other values read is then kept, not lost whole.
    /// Its record header and first bytes sit on its leaf page; only values stored on a damaged overflow page
    /// (a large blob or text, and any stored after it) fail to read.
    var nullable: Set<Int> = []
    /// The rows read without some values (their positions among ``selections``), by row id.
    private(set) var partialRows: [(id: Int64, lost: [Int])] = []

    /// Calls `body` with each readable row (the row id first) in id order, and the statement on that row (to
    /// read its values exactly, see ``SQLiteValueReader``); returns the ranges it could not read.
    mutating func walk(_ db: Database, _ body: (Row, Statement) throws -> Void) throws -> [KeyRange] {
        let columns = SQLFragment.joined(["rowid"] + selections)
        // Statements are prepared afresh after a failure: GRDB resets a statement before reusing it, and the
        // reset repeats the error of the step that failed.
        // `>=` the next id, not `>` the last one: SQLite seeks `> k` by finding k first, on the damaged page.
        let scan: SQLFragment = "SELECT \(columns) FROM \(table) NOT INDEXED WHERE rowid >= ? ORDER BY rowid"
        let seek = Seek(db: db, sql: "SELECT rowid FROM \(table) NOT INDEXED WHERE rowid >= ? ORDER BY rowid LIMIT 1")
        var unreadable: [KeyRange] = []
        // Core Data's keys (and join-table row ids) start at 1.
        var after: Int64 = 0
        var resumedAt: Int64?
        while true {
            do {
                guard after < Int64.max else { return unreadable }
                let statement = try db.makeStatement(scan)
                let rows = try Row.fetchCursor(statement, arguments: [after + 1])
                // A leaf page whose cell pointers survived but whose cells did not (a file cut inside the page,
                // bytes overwritten) still gives rows: ids out of order, most often 0 with every value NULL.
                // A B-tree in order never repeats or lowers an id, so such a row is damage, not an object;
                // taking it would also move `after` back and read every row above it a second time.
                var damagedCells = false
                while let row = try rows.next() {
                    let id: Int64 = row[0]
                    guard id > after else {
                        damagedCells = true
                        continue
                    }
                    if damagedCells {
                        Self.append(KeyRange(lower: after + 1, upper: id - 1), to: &unreadable)
                        damagedCells = false
                    }
                    after = id
                    resumedAt = nil
                    try body(row, statement)
                }
                if damagedCells { Self.append(KeyRange(lower: after + 1, upper: nil), to: &unreadable) }
                return unreadable
            } catch let error as DatabaseError where Self.isDamage(error) {
                // A row found by seeking but unreadable in full (a damaged overflow page) is read without the
                // values that do not read when it may be, else lost itself.
                if let id = resumedAt, !nullable.isEmpty, let lost = try readPartially(db, id: id, body) {
                    partialRows.append((id, lost))
                    after = id
                    resumedAt = nil
                    continue
                }
                let last = resumedAt ?? after
                guard let next = try resumePoint(after: last, seek) else {
                    Self.append(KeyRange(lower: after + 1, upper: nil), to: &unreadable)
                    return unreadable
                }
                Self.append(KeyRange(lower: after + 1, upper: next - 1), to: &unreadable)
                after = next - 1
                resumedAt = next
            }
        }
    }

    /// Reads row `id` with NULL for each value that does not read, when each such is ``nullable``; returns
    /// their positions, or nil when the row cannot be read so (nothing is passed to `body` then).
    private func readPartially(_ db: Database, id: Int64, _ body: (Row, Statement) throws -> Void) throws -> [Int]? {
        var lost: [Int] = []
        for (index, selection) in selections.enumerated() {
            do {
                _ = try Row.fetchOne(
                    db.makeStatement("SELECT \(selection) FROM \(table) NOT INDEXED WHERE rowid = ?" as SQLFragment),
                    arguments: [id])
            } catch let error as DatabaseError where Self.isDamage(error) {
                guard nullable.contains(index) else { return nil }
                lost.append(index)
            }
        }
        let chosen = selections.enumerated().map { lost.contains($0.offset) ? "NULL" : $0.element }
        let statement: Statement
        let rows: RowCursor
        let row: Row
        do {
            statement = try db.makeStatement(
                "SELECT \(SQLFragment.joined(["rowid"] + chosen)) FROM \(table) NOT INDEXED WHERE rowid = ?" as SQLFragment)
            // The cursor stays open while `body` reads the statement's row.
            rows = try Row.fetchCursor(statement, arguments: [id])
            guard let found = try rows.next() else { return nil }
            row = found
        } catch let error as DatabaseError where Self.isDamage(error) {
            return nil
        }
        try withExtendedLifetime(rows) { try body(row, statement) }
        return lost
    }

    /// Adds `range` unless empty, merged with the last one when they touch.
    private static func append(_ range: KeyRange, to ranges: inout [KeyRange]) {
        if let upper = range.upper, upper < range.lower { return }
        if let last = ranges.last, let end = last.upper, end + 1 == range.lower {
            ranges[ranges.count - 1].upper = range.upper
        } else {
            ranges.append(range)
        }
    }

    /// Whether SQLite's error means the file is damaged (rather than, say, out of memory).
    static func isDamage(_ error: DatabaseError) -> Bool {
        [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_IOERR, .SQLITE_FORMAT].contains(error.resultCode)
    }

    private enum Probe {
        case damaged
        case end
        case row(Int64)
    }

    /// One seek: the first row id at or above a start.
    private struct Seek {
        let db: Database
        let sql: SQLFragment
    }

    private mutating func probe(_ start: Int64, _ seek: Seek) throws -> Probe {
        probes += 1
        do {
            guard let id = try Int64.fetchOne(seek.db.makeStatement(seek.sql), arguments: [start]) else { return .end }
            // Below the id sought: a damaged cell (see `walk`), so the seek did not find a row.
            return id >= start ? .row(id) : .damaged
        } catch let error as DatabaseError where Self.isDamage(error) {
            return .damaged
        }
    }

    /// The first row id above `key` that reads, or nil when none does.
    private mutating func resumePoint(after key: Int64, _ seek: Seek) throws -> Int64? {
        // Narrow steps up to the largest key handed out; without it, for a generous window above the last
        // key read (a store that lost Z_PRIMARYKEY still hands out keys densely). Wider beyond, doubling.
        let narrow = min(limit ?? key.addingReportingOverflow(Self.window).partialValue, self.ceiling ?? Int64.max)
        var failed = key
        var step: Int64 = 1
        while true {
            let (start, overflow) = failed.addingReportingOverflow(step)
            if overflow { return nil }
            // No cell of the file holds a row above the ceiling: no seek past it can find one.
            if let ceiling, start > ceiling { return nil }
            if case .damaged = try probe(start, seek) {
                failed = start
                step = start < narrow ? min(step * 2, Self.probeStride) : step.multipliedReportingOverflow(by: 2).partialValue
                if step <= 0 { return nil }
                continue
            }
            // Bisect between the last damaged start and the first good one.
            var (low, high) = (failed, start)
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if case .damaged = try probe(middle, seek) { low = middle } else { high = middle }
            }
            if case .row(let id) = try probe(high, seek) { return id }
            return nil
        }
    }
}
