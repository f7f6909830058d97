import Foundation

/// An attribute's default value in the form its column stores it.
public enum DefaultLiteral: Sendable, Hashable, Codable, CustomStringConvertible {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// The stored form of `attribute`'s default (`defaultValueString`), or `nil` when it has none
    /// or the text cannot be read for the type. Booleans become 0/1; dates are seconds since 2001; integer
    /// types read any text, as Xcode compiles it (see `leadingInteger`). A String or URI default is the text
    /// as written, empty included: Xcode writes `defaultValueString=""` for an empty-string default, which
    /// Core Data fills in like any other (a new required String attribute with it is inferred).
    package init?(attribute: Attribute) {
        guard let written = attribute.defaultValue else { return nil }
        if attribute.type == .string || attribute.type == .uri {
            self = .text(written)
            return
        }
        let text = written.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        switch attribute.type {
        case .boolean:
            switch text.lowercased() {
            case "yes", "true", "1": self = .integer(1)
            case "no", "false", "0": self = .integer(0)
            default: return nil
            }
        case .integer16, .integer32, .integer64:
            self = .integer(Int64(text) ?? Double(text).flatMap({ Int64(exactly: $0) }) ?? Self.leadingInteger(text))
        case .double, .float, .decimal, .date:
            guard let value = Double(text) else { return nil }
            self = .real(value)
        case .uuid:
            guard let uuid = UUID(uuidString: text) else { return nil }
            self = .blob(withUnsafeBytes(of: uuid.uuid) { Data($0) })
        default:
            return nil
        }
    }

    /// The whole number an integer default's text starts with, or 0, the way Xcode compiles it
    /// (`NSString.integerValue`): wire 2.54.0's Integer 32 `mutedStatus` has the default `NO`, and every
    /// compiled copy of that model (the stores' `Z_MODELCACHE`) holds 0.
    private static func leadingInteger(_ text: String) -> Int64 {
        var digits = Substring(text)
        let sign: Int64 = digits.first == "-" ? -1 : 1
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        return (Int64(digits.prefix(while: \.isASCII).prefix(while: \.isNumber)) ?? 0) * sign
    }

    /// The value as it would be shown to a user.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "\"\(value)\""
        case .blob(let value): "<\(value.count) bytes>"
        }
    }
}
