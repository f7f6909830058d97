import Foundation

/// One value of a property list, with every type kept apart — including `CF$UID` references, which
/// Foundation on Linux hides in a private type, and integers versus Booleans, which `NSNumber` blurs.
public indirect enum PropertyListValue: Sendable, Hashable {
    /// A dictionary with string keys.
    case dictionary([String: PropertyListValue])
    /// An array (sets and ordered sets are read as arrays too).
    case array([PropertyListValue])
    /// A string (ASCII or UTF-16 in a binary plist).
    case string(String)
    /// A signed integer (binary plists hold at most 64 significant bits).
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// A Boolean.
    case boolean(Bool)
    /// A date.
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// A keyed archiver's object reference (`CF$UID`), an index into `$objects`.
    case uid(UInt64)
    /// The binary plist null marker.
    case null

    /// The value for `key` when this is a dictionary.
    ///
    /// - Parameter key: The dictionary key.
    /// - Returns: The value; nil when this is not a dictionary or has no such key.
    public subscript(key: String) -> PropertyListValue? {
        if case .dictionary(let entries) = self { return entries[key] }
        return nil
    }

    /// The string, when this is a string.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when this is an integer.
    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, when this is an integer or a real.
    public var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    /// The Boolean, when this is a Boolean.
    public var boolean: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The bytes, when this is data.
    public var data: Data? {
        if case .data(let value) = self { return value }
        return nil
    }

    /// The object index, when this is a `CF$UID`.
    public var uid: UInt64? {
        if case .uid(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var array: [PropertyListValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The entries, when this is a dictionary.
    public var dictionary: [String: PropertyListValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The name of the value's type, for messages and reports (`integer`, `data`, …).
    public var typeName: String {
        switch self {
        case .dictionary: "dictionary"
        case .array: "array"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .boolean: "boolean"
        case .date: "date"
        case .data: "data"
        case .uid: "uid"
        case .null: "null"
        }
    }
}
