/// The type of an attribute, as Xcode spells it in `attributeType` and as Core Data numbers it.
public enum AttributeType: String, Sendable, Hashable, CaseIterable, Codable {
    case undefined = "Undefined"
    case integer16 = "Integer 16"
    case integer32 = "Integer 32"
    case integer64 = "Integer 64"
    case decimal = "Decimal"
    case double = "Double"
    case float = "Float"
    case string = "String"
    case boolean = "Boolean"
    case date = "Date"
    case binary = "Binary"
    case uuid = "UUID"
    case uri = "URI"
    case transformable = "Transformable"
    case objectID = "ObjectID"
    case composite = "Composite"

    /// Core Data's `NSAttributeType` code, which is hashed into version hashes.
    public var code: Int32 {
        switch self {
        case .undefined: 0
        case .integer16: 100
        case .integer32: 200
        case .integer64: 300
        case .decimal: 400
        case .double: 500
        case .float: 600
        case .string: 700
        case .boolean: 800
        case .date: 900
        case .binary: 1000
        case .uuid: 1100
        case .uri: 1200
        case .transformable: 1800
        case .objectID: 2000
        case .composite: 2100
        }
    }

    /// The type for a Core Data `NSAttributeType` code, or `nil` for an unknown code.
    package init?(code: Int) {
        guard let match = Self.allCases.first(where: { Int($0.code) == code }) else { return nil }
        self = match
    }

    /// The column type Core Data declares for this attribute in its SQLite DDL.
    public var sqlColumnType: String {
        switch self {
        case .integer16, .integer32, .integer64, .boolean: "INTEGER"
        case .double, .float: "FLOAT"
        case .decimal: "DECIMAL"
        case .string, .uri: "VARCHAR"
        case .date: "TIMESTAMP"
        case .binary, .transformable, .uuid, .objectID, .composite, .undefined: "BLOB"
        }
    }

    /// Whether values of this type are numbers (integers, Booleans, Decimal, Double, Float): lightweight
    /// migration converts between any two of them (wire 2.54.0 turns the Boolean `isSilenced` into the
    /// Integer 32 `mutedStatus`).
    public var isNumeric: Bool {
        isInteger || self == .decimal || self == .double || self == .float
    }

    /// Whether values of this type are whole numbers (integers and Booleans).
    public var isInteger: Bool {
        switch self {
        case .integer16, .integer32, .integer64, .boolean: true
        default: false
        }
    }
}
