import CSQLiteGuard
import Foundation
import GRDB

/// The Swift side of compiled expressions: the SQL functions through which a statement calls the
/// evaluator's own code for what SQLite cannot compute the same way (string functions on Unicode,
/// checked integer arithmetic, Swift string equality, registered functions, value coercions).
///
/// Each call site gets a number, bound into the SQL as a value; the site keeps the evaluator's function
/// and the kinds of its arguments and result, so the values cross in both directions exactly. When a
/// value is not what the site expects, or the evaluator raises an error (division by zero, overflow, a
/// type mismatch), the call fails the statement and sets ``needsEvaluator``: the caller rolls back and
/// maps the same objects with the evaluator, which raises the error with its file, line and `Z_PK`.
///
/// The two functions are registered with SQLite's own C interface rather than GRDB's wrapper: a mapped step
/// calls them once or more per source row, and the wrapper's per-call arrays of values cost more than most
/// bodies. A site whose function keeps visible ASCII text as it is (``ExpressionFunction/keepsVisibleASCII``,
/// `trim`) answers such text without leaving C values at all.
///
/// Only the connection that registered it calls it, one statement step at a time, hence `@unchecked`.
final class ExpressionSQLBridge: @unchecked Sendable {
    /// One place in a compiled expression where SQL calls Swift.
    struct Site {
        /// The kinds the arguments arrive in.
        var arguments: [SQLValueKind]
        /// The kind of the result, or `nil` when the site returns what a column stores (a coercion).
        var result: SQLValueKind?
        /// Whether the body returns its one text argument unchanged when that text is ASCII without control
        /// characters at either end (see ``ExpressionFunction/keepsVisibleASCII``).
        var keepsVisibleASCII = false
        /// The evaluator's code.
        var body: @Sendable ([ExpressionValue]) throws -> ExpressionValue
    }

    /// The SQL function calling a site: `cdmigrate_call(site, arguments…)`.
    static let callName = "cdmigrate_call"
    /// The SQL function that fails the statement so that the evaluator maps the rows: `cdmigrate_evaluator()`.
    static let evaluatorName = "cdmigrate_evaluator"
    /// The SQL function checking the storage classes of one row's columns: `cdmigrate_row(guard, columns…)`
    /// (``rowGuard(_:)``).
    static let rowGuardName = "cdmigrate_row"
    /// The most columns one call of ``rowGuardName`` checks, well under SQLite's limit on a function's
    /// arguments (127 by default).
    static let columnsPerGuard = 100
    /// The message of the error that stops a statement when a row needs the evaluator.
    static let needsEvaluatorMessage = "cdmigrate: a compiled expression needs the evaluator"

    private(set) var sites: [Site] = []
    /// Each site's argument count and ``Site/keepsVisibleASCII``, apart from `sites`: most calls are answered
    /// from these alone, and copying a ``Site`` out of `sites` retains its closure and array on every call.
    private var shortcuts: [(arguments: Int, keepsVisibleASCII: Bool)] = []
    /// The kinds of the columns each row guard checks, by the number SQL passes first.
    private var guards: [[SQLValueKind]] = []
    /// Whether a statement failed because a row needs the evaluator.
    private(set) var needsEvaluator = false

    /// Adds a call site; the result is the number SQL passes as the first argument.
    func add(_ site: Site) -> Int {
        sites.append(site)
        shortcuts.append((site.arguments.count, site.keepsVisibleASCII))
        return sites.count - 1
    }

    /// Forgets that a statement needed the evaluator (before the next attempt).
    func reset() { needsEvaluator = false }

    /// A bridge with the same call sites and row guards, for another connection running the same compiled
    /// statements: each connection calls its own bridge, so ``needsEvaluator`` tells about its own statement.
    func copy() -> ExpressionSQLBridge {
        let copy = ExpressionSQLBridge()
        copy.sites = sites
        copy.shortcuts = shortcuts
        copy.guards = guards
        return copy
    }

    /// Registers the two SQL functions on `db`; each registration holds the bridge until SQLite drops it.
    func register(in db: Database) throws {
        let functions: [(String, CInt, @convention(c) (OpaquePointer?, CInt, UnsafeMutablePointer<OpaquePointer?>?) -> Void)] = [
            (
                Self.callName, -1,
                { context, count, values in
                    Unmanaged<ExpressionSQLBridge>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                        .call(context, Int(count), values)
                }
            ),
            (
                Self.evaluatorName, 0,
                { context, _, _ in
                    Unmanaged<ExpressionSQLBridge>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                        .fail(context)
                }
            ),
            (
                Self.rowGuardName, -1,
                { context, count, values in
                    Unmanaged<ExpressionSQLBridge>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                        .checkRow(context, Int(count), values)
                }
            ),
        ]
        for (name, count, body) in functions {
            let code = sqlite3_create_function_v2(
                db.sqliteConnection, name, count, SQLITE_UTF8, Unmanaged.passRetained(self).toOpaque(), body, nil, nil,
                { bridge in bridge.map { Unmanaged<ExpressionSQLBridge>.fromOpaque($0).release() } })
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register \(name)")
            }
        }
    }

    private func call(_ context: OpaquePointer?, _ count: Int, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        guard count >= 1, let values, let first = values[0], sqlite3_value_type(first) == SQLITE_INTEGER else {
            return fail(context)
        }
        let number = Int(sqlite3_value_int64(first))
        guard shortcuts.indices.contains(number), count == shortcuts[number].arguments + 1 else { return fail(context) }
        if shortcuts[number].keepsVisibleASCII, count == 2, let text = values[1], Self.isVisibleASCII(text) {
            return sqlite3_result_value(context, text)
        }
        let site = sites[number]
        var arguments: [ExpressionValue] = []
        arguments.reserveCapacity(site.arguments.count)
        for (offset, kind) in site.arguments.enumerated() {
            // Text that is not UTF-8 has no exact `String`: the evaluator's read of the row stops the step.
            guard let value = values[offset + 1], let stored = SQLiteValueReader.exact(argument: value),
                let argument = kind.value(stored)
            else {
                return fail(context)
            }
            arguments.append(argument)
        }
        let result: ExpressionValue
        do {
            result = try site.body(arguments)
        } catch {
            return fail(context)
        }
        guard let kind = site.result else {
            // A coercion site: the stored form, as the row-by-row insert writes it.
            if case .double(let number) = result, number.isNaN { return fail(context) }
            return Self.setResult(context, ColumnValueCoding.write(result))
        }
        guard let stored = kind.stored(result) else { return fail(context) }
        Self.setResult(context, stored)
    }

    /// SQL that is `1` for a row whose `columns` all hold a storage class their kind reads as the inline guard
    /// of ``ExpressionSQLCompiler/read(_:as:)`` reads it (without the evaluator), and otherwise stops the
    /// statement as that guard does; `nil` for no columns. One call per row replaces a `CASE typeof(…)` per
    /// read (a column read by several expressions is checked once).
    func rowGuard(_ columns: [(column: SQLFragment, kind: SQLValueKind)]) -> SQLFragment? {
        guard !columns.isEmpty else { return nil }
        var calls: [SQLFragment] = []
        var start = 0
        while start < columns.count {
            let part = columns[start..<min(columns.count, start + Self.columnsPerGuard)]
            guards.append(part.map(\.kind))
            // A column's storage class is all a guard needs (but a UUID's byte count): `typeof()` gives it
            // without SQLite reading the value, so a large TEXT or BLOB is not held once more for the guard
            // beside the copy the statement writes (a mapped step held three times its largest value).
            let arguments = part.map { $0.kind == .uuid ? $0.column : "typeof(\($0.column))" }
            let call: SQLFragment =
                "cdmigrate_row(\(SQLFragment.joined(["\(value: guards.count - 1)"] + arguments)))"
            calls.append(call)
            start += Self.columnsPerGuard
        }
        return "(\(SQLFragment.joined(calls, separator: " AND ")))"
    }

    private func checkRow(_ context: OpaquePointer?, _ count: Int, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        guard count >= 1, let values, let first = values[0], sqlite3_value_type(first) == SQLITE_INTEGER else {
            return fail(context)
        }
        let number = Int(sqlite3_value_int64(first))
        guard guards.indices.contains(number), count == guards[number].count + 1 else { return fail(context) }
        for (offset, kind) in guards[number].enumerated() {
            guard let value = values[offset + 1] else { return fail(context) }
            let read =
                kind == .uuid ? Self.reads(value, as: kind) : Self.storageClass(named: value).map { Self.reads($0, as: kind) }
            guard read == true else { return fail(context) }
        }
        sqlite3_result_int64(context, 1)
    }

    /// Whether the inline guard reads `value` as `kind` without the evaluator: `NULL`, or the storage classes
    /// ``SQLValueKind/value(_:)`` takes for the kind (a UUID's blob of 16 bytes).
    static func reads(_ value: OpaquePointer, as kind: SQLValueKind) -> Bool {
        let type = sqlite3_value_type(value)
        guard kind == .uuid, type != SQLITE_NULL else { return reads(type, as: kind) }
        return type == SQLITE_BLOB && sqlite3_value_bytes(value) == 16
    }

    /// Whether the inline guard reads a value of storage class `type` as `kind` (any kind but a UUID, whose
    /// byte count matters too).
    static func reads(_ type: CInt, as kind: SQLValueKind) -> Bool {
        if type == SQLITE_NULL { return kind != .null }
        switch kind {
        case .integer: return type == SQLITE_INTEGER
        case .double, .date, .bool: return type == SQLITE_INTEGER || type == SQLITE_FLOAT
        case .string: return type == SQLITE_TEXT
        case .data: return type == SQLITE_BLOB
        case .uuid: return false
        case .null: return false
        }
    }

    /// The storage class a `typeof()` result names (`null`, `integer`, `real`, `text`, `blob`: told apart
    /// by their first letter); nil for any other value.
    static func storageClass(named value: OpaquePointer) -> CInt? {
        guard sqlite3_value_type(value) == SQLITE_TEXT, sqlite3_value_bytes(value) > 0,
            let name = sqlite3_value_text(value)
        else { return nil }
        switch name[0] {
        case UInt8(ascii: "n"): return SQLITE_NULL
        case UInt8(ascii: "i"): return SQLITE_INTEGER
        case UInt8(ascii: "r"): return SQLITE_FLOAT
        case UInt8(ascii: "t"): return SQLITE_TEXT
        case UInt8(ascii: "b"): return SQLITE_BLOB
        default: return nil
        }
    }

    private func fail(_ context: OpaquePointer?) {
        needsEvaluator = true
        sqlite3_result_error(context, Self.needsEvaluatorMessage, -1)
    }

    /// Whether `value` is text of ASCII bytes without NUL that starts and ends with a visible character.
    private static func isVisibleASCII(_ value: OpaquePointer) -> Bool {
        guard sqlite3_value_type(value) == SQLITE_TEXT, let text = sqlite3_value_text(value) else { return false }
        let count = Int(sqlite3_value_bytes(value))
        guard count > 0, (0x21...0x7E).contains(text[0]), (0x21...0x7E).contains(text[count - 1]) else { return false }
        for index in 1..<count where !(0x01...0x7F).contains(text[index]) { return false }
        return true
    }

    /// Returns `value` from the function; text with its byte count, as ``Statement/run(binding:)`` binds it (a
    /// length of -1 would end it at its first NUL).
    private static func setResult(_ context: OpaquePointer?, _ value: DatabaseValue) {
        switch value.storage {
        case .null: sqlite3_result_null(context)
        case .int64(let number): sqlite3_result_int64(context, number)
        case .double(let number): sqlite3_result_double(context, number)
        case .string(let text):
            text.withCString { sqlite3_result_text(context, $0, CInt(text.utf8.count), Statement.transient) }
        case .blob(let bytes):
            bytes.withUnsafeBytes { sqlite3_result_blob(context, $0.baseAddress, CInt($0.count), Statement.transient) }
        }
    }
}

extension ExpressionSQLBridge {
    /// `cdmigrate_evaluator()`: stops the statement so that the evaluator maps the rows.
    static let evaluator: SQLFragment = "cdmigrate_evaluator()"
}
