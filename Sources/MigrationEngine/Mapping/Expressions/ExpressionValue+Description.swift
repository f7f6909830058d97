import Foundation

extension ExpressionValue: CustomStringConvertible {
    /// The value written the way the expression language would write it as a literal.
    public var description: String {
        switch self {
        case .null: "nil"
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .double(let value): String(value)
        case .string(let value):
            "\""
                + value.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
                .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\t", with: "\\t") + "\""
        case .date(let seconds): "date(\"\(Self.isoString(seconds))\")"
        case .data(let data): "<\(data.count) bytes>"
        case .uuid(let uuid): "uuid(\"\(uuid.uuidString)\")"
        case .object(let reference): reference.description
        case .list(let items): "{" + items.map(\.description).joined(separator: ", ") + "}"
        }
    }

    /// The value as plain text, as string functions see it (`12`, `true`, the string itself).
    public var text: String {
        switch self {
        case .string(let value): value
        case .date(let seconds): Self.isoString(seconds)
        case .uuid(let uuid): uuid.uuidString
        default: description
        }
    }

    /// ISO 8601 text (UTC) for seconds since 2001-01-01.
    static func isoString(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSinceReferenceDate: seconds))
    }
}
