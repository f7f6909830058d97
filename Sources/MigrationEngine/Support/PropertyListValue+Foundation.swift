import Foundation

extension PropertyListValue {
    /// The value as Foundation property-list objects, for writing with `PropertyListSerialization`
    /// (whose `.binary` writer on Linux keeps integers, Booleans, reals and data apart — see the tests).
    /// `nil` for `CF$UID` and null, which Foundation's writer cannot express, and for containers holding them.
    public var foundationObject: Any? {
        switch self {
        case .dictionary(let entries):
            var result: [String: Any] = [:]
            for (key, value) in entries {
                guard let object = value.foundationObject else { return nil }
                result[key] = object
            }
            return result
        case .array(let items):
            var result: [Any] = []
            for item in items {
                guard let object = item.foundationObject else { return nil }
                result.append(object)
            }
            return result
        case .string(let text): return text
        case .integer(let number): return Int(number)
        case .real(let number): return number
        case .boolean(let flag): return flag
        case .date(let date): return date
        case .data(let bytes): return bytes
        case .uid, .null: return nil
        }
    }
}
