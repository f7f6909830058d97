import Foundation

/// Converts an expression's result into the value an attribute of a given type holds, or reports a
/// type mismatch. `nil` stays `nil`.
package enum ValueCoercion {
    /// The value as `type` wants it: integers (and Booleans as `.bool`), numbers, strings, dates, data, UUIDs.
    package static func coerce(_ value: ExpressionValue, to type: AttributeType) throws -> ExpressionValue {
        if value.isNull { return .null }
        if case .list(let items) = value, items.count == 1 { return try coerce(items[0], to: type) }
        switch type {
        case .integer16, .integer32, .integer64:
            return .integer(try integer(value, type))
        case .boolean:
            if case .string(let text) = value,
                let flag = ["yes": true, "true": true, "no": false, "false": false][text.lowercased()]
            {
                return .bool(flag)
            }
            return .bool(try integer(value, type) != 0)
        case .double, .float, .decimal:
            if let number = value.numeric { return .double(number) }
            if case .string(let text) = value, let number = Double(text) { return .double(number) }
        case .string, .uri:
            switch value {
            case .string, .uuid, .integer, .double, .date, .bool: return .string(value.text)
            default: break
            }
        case .date:
            switch value {
            case .date: return value
            case .integer, .double: return .date(value.numeric!)
            case .string(let text): if let seconds = DateLiteral.parse(text) { return .date(seconds) }
            default: break
            }
        case .uuid:
            switch value {
            case .uuid: return value
            case .string(let text): if let uuid = UUID(uuidString: text) { return .uuid(uuid) }
            case .data(let data) where data.count == 16: return value
            default: break
            }
        case .binary, .transformable, .objectID, .composite, .undefined:
            switch value {
            case .data: return value
            case .string(let text): return .data(Data(text.utf8))
            default: break
            }
        }
        throw mismatch(value, type)
    }

    private static func integer(_ value: ExpressionValue, _ type: AttributeType) throws -> Int64 {
        switch value {
        case .integer(let number): return number
        case .bool(let flag): return flag ? 1 : 0
        case .double(let number) where number.isFinite && abs(number) < 9.2e18: return Int64(number)
        case .string(let text):
            if let number = Int64(text.trimmingCharacters(in: .whitespaces)) { return number }
        default: break
        }
        throw mismatch(value, type)
    }

    private static func mismatch(_ value: ExpressionValue, _ type: AttributeType) -> ExpressionEvaluationError {
        ExpressionEvaluationError("type mismatch: \(value.typeName) \(value) cannot be stored in a \(type.rawValue) attribute")
    }
}
