import Foundation

/// JSON form of a property list value, for `--json` reports: dictionaries, arrays, strings, numbers,
/// Booleans and null as themselves; data as a base64 string; dates as ISO 8601 strings; `CF$UID` as
/// `{"CF$UID": n}`. Decoding reads that form back (data and dates come back as strings).
extension PropertyListValue: Codable {
    private struct UIDKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        static let uid = UIDKey(stringValue: "CF$UID")
    }

    /// Encodes the JSON form described above.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's `EncodingError`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .dictionary(let entries):
            var container = encoder.singleValueContainer()
            try container.encode(entries)
        case .uid(let index):
            var container = encoder.container(keyedBy: UIDKey.self)
            try container.encode(index, forKey: .uid)
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .array(let items): try container.encode(items)
            case .string(let text): try container.encode(text)
            case .integer(let number): try container.encode(number)
            case .real(let number): try container.encode(number)
            case .boolean(let flag): try container.encode(flag)
            case .date(let date): try container.encode(date.formatted(.iso8601))
            case .data(let bytes): try container.encode(bytes.base64EncodedString())
            default: try container.encodeNil()
            }
        }
    }

    /// Decodes the JSON form described above.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: The decoder's `DecodingError` when the value is none of the JSON forms.
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: UIDKey.self), keyed.allKeys.map(\.stringValue) == ["CF$UID"] {
            self = .uid(try keyed.decode(UInt64.self, forKey: .uid))
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .boolean(flag)
        } else if let number = try? container.decode(Int64.self) {
            self = .integer(number)
        } else if let number = try? container.decode(Double.self) {
            self = .real(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([PropertyListValue].self) {
            self = .array(items)
        } else {
            self = .dictionary(try container.decode([String: PropertyListValue].self))
        }
    }
}
