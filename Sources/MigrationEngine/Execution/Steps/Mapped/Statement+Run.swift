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
        // Every text's bytes, one after another: bound where they lie (SQLITE_STATIC) while the statement
        // runs, instead of SQLite copying each text into memory of its own first (a copy and an allocation
        // per value showed on the row-by-row path).
        var texts: [UInt8] = []
        for value in values {
            if case .string(let text) = value.storage { texts.append(contentsOf: text.utf8) }
        }
        // Never empty, so that every text, empty ones too, has a pointer (`NULL` would bind NULL).
        texts.append(0)
        let error: DatabaseError? = try texts.withUnsafeBufferPointer { bytes in
            var index: CInt = 0
            var offset = 0
            for value in values {
                index += 1
                let code: CInt
                switch value.storage {
                case .null: code = sqlite3_bind_null(handle, index)
                case .int64(let number): code = sqlite3_bind_int64(handle, index, number)
                case .double(let number): code = sqlite3_bind_double(handle, index, number)
                case .string(let text):
                    // With its byte count: a length of -1 would end the text at its first NUL, which a
                    // store's value may hold. No destructor: SQLITE_STATIC.
                    let count = text.utf8.count
                    let start = UnsafeRawPointer(bytes.baseAddress! + offset).assumingMemoryBound(to: CChar.self)
                    code = sqlite3_bind_text(handle, index, start, CInt(count), nil)
                    offset += count
                case .blob(let data):
                    code = data.withUnsafeBytes {
                        sqlite3_bind_blob(handle, index, $0.baseAddress, CInt($0.count), Self.transient)
                    }
                }
                guard code == SQLITE_OK else {
                    sqlite3_clear_bindings(handle)
                    throw failure(code)
                }
            }
            let code = sqlite3_step(handle)
            let error = code == SQLITE_DONE ? nil : failure(code)
            // Reset at once, so that no finished statement keeps its table busy (the step drops its own
            // tables); the texts' bytes go away with this call, so no binding may keep pointing at them.
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            return error
        }
        if let error { throw error }
    }

    private func failure(_ code: CInt) -> DatabaseError {
        let message = sqlite3_db_handle(sqliteStatement).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }

    /// SQLite's `SQLITE_TRANSIENT`: copy the bytes (a C macro Swift does not import).
    static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
