import Foundation

/// Where a page of rows is read from, in its query's order: a number of rows from either end, or from a row
/// already read (keyset paging: SQLite seeks past that row by its sort value and `Z_PK` instead of reading,
/// sorting and skipping every row before it, as an `OFFSET` does).
package enum PageStart: Sendable, Hashable {
    /// The page starts `skip` rows after the first row.
    case first(skip: Int)
    /// The page ends `skip` rows before the end (the last page with 0).
    case last(skip: Int)
    /// The page starts `skip` rows after the row `key`.
    case after(RowKey, skip: Int)
    /// The page ends `skip` rows before the row `key`.
    case before(RowKey, skip: Int)

    /// Whether the rows are read in the query's order (else backwards, and turned round).
    var forward: Bool {
        switch self {
        case .first, .after: true
        case .last, .before: false
        }
    }

    /// The rows skipped from where the page is read.
    var skip: Int {
        switch self {
        case .first(let skip), .last(let skip), .after(_, let skip), .before(_, let skip): max(0, skip)
        }
    }

    /// Where the page lies among `total` rows in the query's order: its first row's position and the position
    /// after its last, at most `limit` rows (fewer at either end).
    func positions(limit: Int, total: Int) -> (first: Int, end: Int) {
        switch self {
        case .first, .after:
            let first = min(total, (key.map { $0.position + 1 } ?? 0) + skip)
            return (first, min(total, first + max(0, limit)))
        case .last, .before:
            let end = max(0, min(total, (key?.position ?? total) - skip))
            return (max(0, end - max(0, limit)), end)
        }
    }

    /// The row the page is read from, when it is read from one.
    var key: RowKey? {
        switch self {
        case .after(let key, _), .before(let key, _): key
        case .first, .last: nil
        }
    }
}

/// A row's place in its query's order: its sort column's value, exactly as stored (TEXT as its bytes, so a
/// value that is not UTF-8 is still found), and its `Z_PK`, which breaks ties.
package struct RowKey: Sendable, Hashable {
    /// A stored value, exactly.
    package enum Value: Sendable, Hashable {
        case null
        case integer(Int64)
        case real(Double)
        case text(Data)
        case blob(Data)
    }

    /// The sort column's value; `.null` when the order is by `Z_PK` alone.
    package var value: Value
    /// The row's `Z_PK`.
    package var primaryKey: Int64
    /// The row's index among the rows its query selects, in its order.
    package var position: Int

    /// The value as SQL: bound, TEXT bound as its bytes and cast back so that no byte is lost.
    var sql: SQLFragment {
        switch value {
        case .null: "NULL"
        case .integer(let number): "\(value: number)"
        case .real(let number): "\(value: number)"
        case .text(let bytes): "CAST(\(value: bytes) AS TEXT)"
        case .blob(let bytes): "\(value: bytes)"
        }
    }

    /// Rows after this one when read ascending (or, with `descending`, descending) by `column` then `Z_PK`.
    /// SQLite puts NULL first in an ascending order and last in a descending one, so a row at NULL has
    /// only NULLs of higher keys (ascending: and every value) after it.
    func rowsAfter(column: SQLIdentifier?, descending: Bool) -> SQLFragment {
        let pk = SQLIdentifier.primaryKey
        let beyond: SQLFragment = descending ? "<" : ">"
        guard let column else { return "\(pk) \(beyond) \(value: primaryKey)" }
        if value == .null {
            let tied: SQLFragment = "(\(column) IS NULL AND \(pk) \(beyond) \(value: primaryKey))"
            return descending ? tied : "(\(tied) OR \(column) IS NOT NULL)"
        }
        let later: SQLFragment =
            "\(column) \(beyond) \(sql) OR (\(column) = \(sql) AND \(pk) \(beyond) \(value: primaryKey))"
        return descending ? "(\(later) OR \(column) IS NULL)" : "(\(later))"
    }
}
