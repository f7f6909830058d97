import GRDB

/// The kind of value a compiled expression gives, known before any row is read, and how SQL holds it.
///
/// SQLite has fewer kinds than ``ExpressionValue``: a Boolean is held as `0`/`1`, a date as its seconds
/// (`REAL`), a UUID as its 16 bytes. Knowing the kind of every compiled node is what lets SQL give the
/// evaluator's exact results: an operator is compiled natively only for kinds where SQLite and the
/// evaluator agree, and otherwise through ``ExpressionSQLBridge``.
enum SQLValueKind: Sendable, Hashable {
    /// The `nil` literal: always `NULL`.
    case null
    /// `0` or `1`.
    case bool
    /// A 64-bit integer.
    case integer
    /// A `REAL`.
    case double
    /// `TEXT`.
    case string
    /// Seconds since 2001 as a `REAL`.
    case date
    /// A 16-byte `BLOB`.
    case uuid
    /// A `BLOB`.
    case data

    /// Whether the evaluator treats values of this kind as numbers (``ExpressionValue/numeric``).
    var isNumeric: Bool { self == .bool || self == .integer || self == .double }

    /// The expression value of a value SQL holds for this kind; `nil` when SQL holds something else.
    func value(_ stored: DatabaseValue) -> ExpressionValue? {
        switch (self, stored.storage) {
        case (_, .null): return .null
        case (.bool, .int64(let number)): return .bool(number != 0)
        case (.integer, .int64(let number)): return .integer(number)
        case (.double, .double(let number)): return .double(number)
        case (.double, .int64(let number)): return .double(Double(number))
        case (.date, .double(let number)): return .date(number)
        case (.date, .int64(let number)): return .date(Double(number))
        case (.string, .string(let text)): return .string(text)
        case (.uuid, .blob):
            let value = ColumnValueCoding.read(stored, as: .uuid)
            if case .uuid = value { return value }
            return nil
        case (.data, .blob(let bytes)): return .data(bytes)
        default: return nil
        }
    }

    /// What SQL holds for `value` of this kind; `nil` when the value is of another kind, or is one SQL
    /// would not keep as it is (a NaN becomes `NULL`).
    func stored(_ value: ExpressionValue) -> DatabaseValue? {
        switch (self, value) {
        case (_, .null): return .null
        case (.bool, .bool), (.integer, .integer), (.date, .date), (.uuid, .uuid), (.data, .data):
            return ColumnValueCoding.write(value)
        case (.double, .double(let number)) where !number.isNaN: return number.databaseValue
        case (.string, .string(let text)): return text.databaseValue
        default: return nil
        }
    }

    /// The kind of values an attribute of `type` reads as (``ColumnValueCoding/read(_:as:)``), when SQL can
    /// hold them as they are.
    init?(reading type: AttributeType) {
        switch type {
        case .integer16, .integer32, .integer64: self = .integer
        case .double, .float, .decimal: self = .double
        case .string, .uri: self = .string
        case .boolean: self = .bool
        case .date: self = .date
        case .uuid: self = .uuid
        case .binary, .transformable, .objectID, .composite, .undefined: self = .data
        }
    }
}
