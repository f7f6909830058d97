import Foundation
import GRDB

/// Converts between the values SQLite holds in a Core Data store and ``ExpressionValue``s.
enum ColumnValueCoding {
    /// The expression value of a stored column, read as the attribute's type.
    static func read(_ value: DatabaseValue, as type: AttributeType) -> ExpressionValue {
        switch value.storage {
        case .null: return .null
        case .int64(let number):
            switch type {
            case .boolean: return .bool(number != 0)
            case .double, .float, .decimal: return .double(Double(number))
            case .date: return .date(Double(number))
            default: return .integer(number)
            }
        case .double(let number):
            switch type {
            case .date: return .date(number)
            // SQLite keeps a REAL in an integer column only when it is not a whole number that fits
            // (2.5, 1e300, inf from a hostile store): read it as it is, so nothing is truncated on the way
            // in and nothing traps; storing it back as an integer is the coercion's decision.
            case .integer16, .integer32, .integer64: return Int64(exactly: number).map { .integer($0) } ?? .double(number)
            case .boolean: return .bool(number != 0)
            default: return .double(number)
            }
        case .string(let text): return .string(text)
        case .blob(let data):
            if type == .uuid, data.count == 16 {
                return .uuid(UUID(uuid: data.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }))
            }
            return .data(data)
        }
    }

    /// The value to store for an expression value already coerced to its attribute's type.
    static func write(_ value: ExpressionValue) -> DatabaseValue {
        switch value {
        case .null, .object, .list: return .null
        case .bool(let flag): return (flag ? 1 : 0).databaseValue
        case .integer(let number): return number.databaseValue
        case .double(let number), .date(let number): return number.databaseValue
        case .string(let text): return text.databaseValue
        case .data(let data): return data.databaseValue
        case .uuid(let uuid): return withUnsafeBytes(of: uuid.uuid) { Data($0) }.databaseValue
        }
    }

    /// The value for `key` in a merge table: typed text, so `1` and `"1"` stay different keys.
    static func mergeKey(_ value: ExpressionValue) -> String {
        "\(value.typeName):\(value.text)"
    }
}
