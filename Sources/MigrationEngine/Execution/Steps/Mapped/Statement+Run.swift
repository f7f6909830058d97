import CSQLiteGuard
import GRDB

extension Statement {
    /// Runs this statement, which returns no rows, once with `values` bound to its `?`s in order, through
    /// SQLite's handle: the row-by-row path writes a row or two per object, and building GRDB's checked
    /// arguments for each cost more than the insert itself.
    func run(binding values: some Collection<DatabaseValue>) throws {
        let handle = sqliteStatement
        sqlite3_reset(handle)
        guard Int(sqlite3_bind_parameter_count(handle)) == values.count else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE, message: "\(values.count) values for a statement of other arity", sql: sql)
        }
        var index: CInt = 0
        for value in values {
            index += 1
            let code: CInt
            switch value.storage {
            case .null: code = sqlite3_bind_null(handle, index)
            case .int64(let number): code = sqlite3_bind_int64(handle, index, number)
            case .double(let number): code = sqlite3_bind_double(handle, index, number)
            case .string(let text):
                // With its byte count: a length of -1 would end the text at its first NUL, which a store's
                // value may hold.
                code = text.withCString { sqlite3_bind_text(handle, index, $0, CInt(text.utf8.count), Self.transient) }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(handle, index, $0.baseAddress, CInt($0.count), Self.transient)
                }
            }
            guard code == SQLITE_OK else { throw failure(code) }
        }
        let code = sqlite3_step(handle)
        let error = code == SQLITE_DONE ? nil : failure(code)
        // Reset at once, so that no finished statement keeps its table busy (the step drops its own tables).
        sqlite3_reset(handle)
        if let error { throw error }
    }

    private func failure(_ code: CInt) -> DatabaseError {
        let message = sqlite3_db_handle(sqliteStatement).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }

    /// SQLite's `SQLITE_TRANSIENT`: copy the bytes (a C macro Swift does not import).
    static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
