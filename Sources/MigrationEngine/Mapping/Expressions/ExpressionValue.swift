import Foundation

/// A value an expression computes: the kinds of values a Core Data attribute or relationship can hold.
public enum ExpressionValue: Sendable, Hashable {
    /// No value (`nil`).
    case null
    /// A Boolean.
    case bool(Bool)
    /// A whole number.
    case integer(Int64)
    /// A floating-point number.
    case double(Double)
    /// A string.
    case string(String)
    /// A point in time, as seconds since 2001-01-01 00:00:00 UTC (Core Data's stored form).
    case date(Double)
    /// Raw bytes.
    case data(Data)
    /// A UUID.
    case uuid(UUID)
    /// A managed object.
    case object(ObjectReference)
    /// Several values (a to-many relationship, or the result of a mapping lookup).
    case list([ExpressionValue])

    /// The name of the value's kind, for error messages.
    public var typeName: String {
        switch self {
        case .null: "nil"
        case .bool: "Boolean"
        case .integer: "integer"
        case .double: "number"
        case .string: "string"
        case .date: "date"
        case .data: "data"
        case .uuid: "UUID"
        case .object: "object"
        case .list: "list"
        }
    }

    /// Whether the value is `nil`.
    public var isNull: Bool { self == .null }

    /// The value as a number when it is an integer, a number or a Boolean.
    public var numeric: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        case .bool(let value): value ? 1 : 0
        default: nil
        }
    }

    /// The objects the value refers to: one for an object, every object of a list, none for `nil`.
    public var objects: [ObjectReference] {
        switch self {
        case .object(let reference): [reference]
        case .list(let items): items.flatMap(\.objects)
        default: []
        }
    }
}
