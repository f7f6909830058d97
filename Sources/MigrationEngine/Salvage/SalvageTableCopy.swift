import Foundation
import GRDB

/// Copies the rows of one table of a damaged store that SQLite can still read into the same table of the
/// new store, values bound as they are; entity numbers are checked and carried to the new numbering.
struct SalvageTableCopy {
    /// What one table gave.
    struct Result {
        /// Rows written per destination entity number (0 for a join table).
        var recovered: [Int: Int] = [:]
        /// Rows left out because their entity number is not one of the table's.
        var rejected = 0
        /// Row ids that could not be read.
        var unreadable: [KeyRange] = []
        /// Row ids SQLite could not read through the table's B-tree, rows found on loose pages among them.
        var damaged: [KeyRange] = []
        /// The largest row id written.
        var largestKey: Int64 = 0
        /// Rows found on leaf pages the table's B-tree no longer reaches (counted in `recovered` too).
        var fromLoosePages = 0
        /// The row ids read (rejected rows included: their keys are not missing), ascending.
        var keys: [Int64] = []
        /// Rows read without the values on damaged pages (NULL there), with those values' columns.
        var partialRows: [PartialRow] = []
    }

    /// The table, unquoted.
    let table: String
    /// Its columns in the new store.
    let columns: [String]
    /// Its columns in the damaged store, in their order there (a column it lacks is written NULL); nil when
    /// the store has no such table (its rows are all lost).
    let sourceColumns: [String]?
    /// Source entity number → destination number, for entity tables; nil for join tables.
    let entityNumbers: [Int64: Int]?
    /// Columns holding an entity number besides `Z_ENT` (a to-one's `Z<n>_` column), renumbered alike.
    let entityColumns: Set<String>
    /// The largest key the store handed out, when known (see ``RowWalker/limit``).
    let limit: Int64?
    /// Where to look for rows SQLite could not reach, for entity tables (see ``LoosePageScan``).
    let loosePages: LoosePageScan?
    /// No row of the file has a larger id (see ``RowWalker/ceiling``), when known.
    var ceiling: Int64?
    /// Columns a row may be read without when their values are on a damaged page (optional attributes'): NULL.
    var nullableColumns: Set<String> = []
    /// Given each row read through the table whose entity number names no entity of it, with its values in
    /// ``columns``' order (the number as the store has it) and the positions of TEXT that is not UTF-8 (held
    /// as its bytes); nil to leave such rows out, counted as rejected.
    var takesRejected: ((_ id: Int64, _ values: [DatabaseValue], _ texts: Set<Int>) throws -> Void)?
    /// Values SQLite reads off damaged overflow pages without an error, by row id: their positions among
    /// ``sourceColumns`` (``LoosePageScan/damagedOverflowValues(root:)``).
    var overflowDamage: [Int64: [Int]] = [:]

    /// Copies, reporting the running row count to `progress` every few thousand rows.
    func run(from source: Database, into destination: Database, progress: (Int) -> Void) throws -> Result {
        var result = Result()
        guard let sourceColumns else {
            result.unreadable = [KeyRange(lower: 1, upper: nil)]
            return result
        }
        let selections = columns.map { column -> SQLFragment in
            sourceColumns.contains(column) ? "\(SQLIdentifier(column))" : "NULL"
        }
        let names = columns.map(SQLIdentifier.init)
        let insert = try destination.makeStatement(
            "INSERT INTO \(SQLIdentifier(table)) (\(names)) VALUES (\(placeholders: columns.count))" as SQLFragment)
        let entityIndex = entityNumbers == nil ? nil : columns.firstIndex(of: "Z_ENT")
        var written = 0
        var keys: Set<Int64> = []
        // `texts`: positions holding TEXT that is not UTF-8, carried as its bytes and cast back (no `String`
        // holds it).
        func take(_ id: Int64, _ read: [DatabaseValue], texts: Set<Int> = [], loose: Bool = false) throws {
            var values = read
            var entity = 0
            keys.insert(id)
            if let entityIndex, let entityNumbers {
                guard let number = Int64.fromDatabaseValue(values[entityIndex]), let mapped = entityNumbers[number] else {
                    if !loose, let takesRejected {
                        try takesRejected(id, values, texts)
                    } else {
                        result.rejected += 1
                    }
                    return
                }
                entity = mapped
                values[entityIndex] = mapped.databaseValue
                for (index, column) in columns.enumerated() where entityColumns.contains(column) {
                    if let number = Int64.fromDatabaseValue(values[index]), let renumbered = entityNumbers[number] {
                        values[index] = renumbered.databaseValue
                    }
                }
            }
            // Bound by `run(binding:)`, which keeps text whole (GRDB's arguments end it at a NUL).
            if texts.isEmpty {
                try insert.run(binding: values)
            } else {
                let slots = columns.indices.map { texts.contains($0) ? "CAST(? AS TEXT)" : "?" as SQLFragment }
                try destination.makeStatement(
                    "INSERT INTO \(SQLIdentifier(table)) (\(names)) VALUES (\(SQLFragment.joined(slots)))" as SQLFragment
                ).run(binding: values)
            }
            result.recovered[entity, default: 0] += 1
            result.largestKey = max(result.largestKey, id)
            written += 1
            if written % 5000 == 0 { progress(written) }
        }
        var damagedRows: [Int64] = []
        var overflowPartial: [PartialRow] = []
        var walker = RowWalker(table: SQLIdentifier(table), selections: selections, limit: limit)
        walker.ceiling = ceiling
        walker.nullable = Set(
            columns.indices.filter { nullableColumns.contains(columns[$0]) && sourceColumns.contains(columns[$0]) })
        result.unreadable = try walker.walk(source) { row, statement in
            var texts: Set<Int> = []
            var values: [DatabaseValue] = []
            for index in columns.indices {
                do {
                    values.append(try SQLiteValueReader.exact(statement, at: index + 1))
                } catch let error as InvalidTextError {
                    texts.insert(index)
                    values.append(Data(error.bytes).databaseValue)
                }
            }
            let id: Int64 = row[0]
            if let positions = overflowDamage[id] {
                // SQLite read these values off a damaged overflow page: NULL when each may be (an optional
                // attribute's), noted; otherwise the row is lost, as when SQLite reports the page.
                let lost = positions.compactMap { $0 < sourceColumns.count ? columns.firstIndex(of: sourceColumns[$0]) : nil }
                guard lost.allSatisfy({ nullableColumns.contains(columns[$0]) }) else {
                    damagedRows.append(id)
                    return
                }
                for index in lost {
                    values[index] = .null
                    texts.remove(index)
                }
                if !lost.isEmpty { overflowPartial.append(PartialRow(id: id, columns: lost.map { columns[$0] })) }
            }
            try take(id, values, texts: texts)
        }
        if !damagedRows.isEmpty {
            result.unreadable = (result.unreadable + damagedRows.map { KeyRange(lower: $0, upper: $0) }).sorted {
                $0.lower < $1.lower
            }
        }
        result.damaged = result.unreadable
        if let loosePages, let entityNumbers, !result.unreadable.isEmpty,
            let entityColumn = sourceColumns.firstIndex(of: "Z_ENT"), sourceColumns.first == "Z_PK"
        {
            let positions = columns.map { sourceColumns.firstIndex(of: $0) }
            let rows = loosePages.rows(
                columns: sourceColumns.count, entityColumn: entityColumn, entities: Set(entityNumbers.keys),
                in: result.unreadable, known: keys)
            for (id, values) in rows {
                // Z_PK is the row id; the record keeps NULL in its place.
                try take(id, positions.map { $0.map { $0 == 0 ? id.databaseValue : values[$0] } ?? .null }, loose: true)
            }
            result.fromLoosePages = rows.count
            // A key found after all is not unreadable: the ranges keep only the keys no row was found for.
            result.unreadable = KeyGaps.subtract(rows.map(\.0).sorted(), from: result.unreadable)
        }
        // A row SQLite read only in part (the walker's) may have values on a page it reads without an error too.
        var partial: [Int64: [String]] = [:]
        for row in walker.partialRows { partial[row.id] = row.lost.map { columns[$0] } }
        for row in overflowPartial {
            partial[row.id] = (partial[row.id] ?? []) + row.columns.filter { !(partial[row.id] ?? []).contains($0) }
        }
        for id in damagedRows { partial[id] = nil }
        result.partialRows = partial.keys.sorted().map { PartialRow(id: $0, columns: partial[$0] ?? []) }
        result.keys = keys.sorted()
        progress(written)
        return result
    }
}
