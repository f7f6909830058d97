import CSQLiteGuard
import Foundation
import GRDB

/// The one reader of store values that pass through Swift: SQLite's values by their byte counts.
///
/// GRDB reads TEXT with `String(cString:)`, which ends it at its first NUL byte (Core Data stores a string
/// holding U+0000 with its NUL bytes, counted) and replaces bytes that are not UTF-8. Here TEXT is read by
/// `sqlite3_column_bytes` / `sqlite3_value_bytes`: valid UTF-8, NULs included, becomes the `String` of exactly
/// those bytes, which the writers bind again by their count (``Statement/run(binding:)``, `CAST(? AS TEXT)`
/// in ``SQLFragment``).
///
/// TEXT that is not valid UTF-8 has no `String` that holds it. Where a value is read to be written again
/// (``exact(_:at:)``, a migration's row-by-row path, its policies, the expression bridge) it is never
/// repaired: the read throws ``InvalidTextError`` (the bridge hands the row to the evaluator, whose read
/// throws), so the step stops with the original untouched instead of storing U+FFFD in place of the bytes.
/// Inferred and set-based steps copy such text in SQL, byte for byte; salvage takes the error's bytes and
/// binds them cast back to TEXT. Where a value is only shown (export, `rows`), ``shown(_:at:)`` reads it with
/// U+FFFD standing for each byte sequence that is not UTF-8.
package enum SQLiteValueReader {
    /// Column `index` of the row `statement` is on, exactly; throws for TEXT that is not valid UTF-8.
    ///
    /// - Parameters:
    ///   - statement: A statement stepped onto a row.
    ///   - index: The column, from 0.
    /// - Returns: The value, TEXT with every byte.
    /// - Throws: ``InvalidTextError`` naming the column when it holds TEXT that is not valid UTF-8.
    package static func exact(_ statement: Statement, at index: Int) throws(InvalidTextError) -> DatabaseValue {
        let handle = statement.sqliteStatement
        let column = CInt(index)
        let type = sqlite3_column_type(handle, column)
        guard type == SQLITE_TEXT else { return nonText(handle, column, type: type) }
        return try text(columnBytes(handle, column), of: statement, at: index)
    }

    /// TEXT bytes of column `index` as a value, exactly; throws for bytes that are not valid UTF-8.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, of statement: Statement, at index: Int)
        throws(InvalidTextError) -> DatabaseValue
    {
        guard let text = string(validating: bytes) else {
            throw InvalidTextError(column: statement.columnNames[index], bytes: Array(bytes))
        }
        return text.databaseValue
    }

    /// The string of exactly these bytes; `nil` when they are not valid UTF-8.
    private static func string(validating bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // ASCII (most text) is valid UTF-8 that decoding keeps as it is, and the check for it is far cheaper
        // than the standard library's validation.
        if isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Whether every byte is below 0x80, eight at a time.
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(start)
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            high |= UInt64(bytes[offset])
            offset += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Column `index` of the row `statement` is on, for showing: TEXT that is not valid UTF-8 gets U+FFFD for
    /// each bad sequence; everything else is exact.
    ///
    /// - Parameters:
    ///   - statement: A statement stepped onto a row.
    ///   - index: The column, from 0.
    /// - Returns: The value, TEXT that is not UTF-8 repaired.
    package static func shown(_ statement: Statement, at index: Int) -> DatabaseValue {
        let handle = statement.sqliteStatement
        let column = CInt(index)
        let type = sqlite3_column_type(handle, column)
        guard type == SQLITE_TEXT else { return nonText(handle, column, type: type) }
        return String(decoding: columnBytes(handle, column), as: UTF8.self).databaseValue
    }

    /// An SQL function's argument, exactly; nil for TEXT that is not valid UTF-8.
    ///
    /// - Parameter value: The argument SQLite passed.
    /// - Returns: The value, TEXT with every byte; nil for TEXT that is not valid UTF-8.
    static func exact(argument value: OpaquePointer) -> DatabaseValue? {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return sqlite3_value_int64(value).databaseValue
        case SQLITE_FLOAT: return sqlite3_value_double(value).databaseValue
        case SQLITE_TEXT:
            let bytes = textBytes(sqlite3_value_text(value), Int(sqlite3_value_bytes(value)))
            return string(validating: bytes)?.databaseValue
        case SQLITE_BLOB:
            guard let bytes = sqlite3_value_blob(value) else { return Data().databaseValue }
            return Data(bytes: bytes, count: Int(sqlite3_value_bytes(value))).databaseValue
        default: return .null
        }
    }

    /// Every row `statement` gives with `arguments`, each value read by ``exact(_:at:)``.
    ///
    /// - Parameters:
    ///   - statement: A statement returning rows.
    ///   - arguments: Its arguments.
    /// - Returns: The rows, in order, each value in column order.
    /// - Throws: ``InvalidTextError`` for TEXT that is not valid UTF-8, and SQLite's errors.
    package static func rows(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws
        -> [[DatabaseValue]]
    {
        var rows: [[DatabaseValue]] = []
        try forEachRow(statement, arguments: arguments) { rows.append($0) }
        return rows
    }

    /// Calls `body` with each row `statement` gives with `arguments`, each value read by ``exact(_:at:)``.
    ///
    /// - Parameters:
    ///   - statement: A statement returning rows.
    ///   - arguments: Its arguments.
    ///   - body: Called once per row, in order.
    /// - Throws: ``InvalidTextError`` for TEXT that is not valid UTF-8, SQLite's errors and `body`'s.
    package static func forEachRow(
        _ statement: Statement, arguments: StatementArguments = StatementArguments(),
        _ body: ([DatabaseValue]) throws -> Void
    ) throws {
        let width = statement.columnCount
        let key = statement.columnNames.firstIndex(of: "Z_PK")
        let handle = statement.sqliteStatement
        // The TEXT values of the row so far: a row often holds the same text twice (a source column and a
        // value computed from it), which then becomes one `String`, validated once.
        var texts: [(bytes: UnsafeBufferPointer<UInt8>, value: DatabaseValue)] = []
        // GRDB's cursor steps the statement; the values are read from SQLite's handle while it is on each row.
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        while try cursor.next() != nil {
            var values: [DatabaseValue] = []
            values.reserveCapacity(width)
            texts.removeAll(keepingCapacity: true)
            do {
                for index in 0..<width {
                    let column = CInt(index)
                    let type = sqlite3_column_type(handle, column)
                    guard type == SQLITE_TEXT else {
                        values.append(nonText(handle, column, type: type))
                        continue
                    }
                    let bytes = columnBytes(handle, column)
                    if let same = texts.first(where: { equal($0.bytes, bytes) }) {
                        values.append(same.value)
                        continue
                    }
                    let value = try text(bytes, of: statement, at: index)
                    values.append(value)
                    texts.append((bytes, value))
                }
            } catch {
                var named = error
                named.primaryKey = key.map { sqlite3_column_int64(statement.sqliteStatement, CInt($0)) }
                throw named
            }
            try body(values)
        }
    }

    /// The bytes of column `column`'s TEXT value on the row `handle` is on, where SQLite holds them (valid
    /// until the statement steps or the column is read as another type).
    package static func columnBytes(_ handle: SQLiteStatement, _ column: CInt) -> UnsafeBufferPointer<UInt8> {
        textBytes(sqlite3_column_text(handle, column), Int(sqlite3_column_bytes(handle, column)))
    }

    /// Whether two byte runs are the same bytes.
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return memcmp(left, right, a.count) == 0
    }

    /// The bytes of a TEXT value (`count` from SQLite, after the pointer was taken, as SQLite asks).
    private static func textBytes(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> UnsafeBufferPointer<UInt8> {
        guard let pointer, count > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: pointer, count: count)
    }

    /// The bytes of column `column`'s BLOB value on the row `handle` is on, where SQLite holds them (valid
    /// until the statement steps or the column is read as another type).
    package static func blobBytes(_ handle: SQLiteStatement, _ column: CInt) -> UnsafeBufferPointer<UInt8> {
        let pointer = sqlite3_column_blob(handle, column)?.assumingMemoryBound(to: UInt8.self)
        return textBytes(pointer, Int(sqlite3_column_bytes(handle, column)))
    }

    /// A column that is not TEXT, as GRDB reads it (NULL, INTEGER, REAL and BLOB lose nothing there), without
    /// asking SQLite its type again.
    private static func nonText(_ handle: SQLiteStatement, _ column: CInt, type: CInt) -> DatabaseValue {
        switch type {
        case SQLITE_INTEGER: return sqlite3_column_int64(handle, column).databaseValue
        case SQLITE_FLOAT: return sqlite3_column_double(handle, column).databaseValue
        case SQLITE_BLOB:
            guard let bytes = sqlite3_column_blob(handle, column) else { return Data().databaseValue }
            return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column))).databaseValue
        default: return .null
        }
    }
}
