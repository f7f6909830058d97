import Foundation
import GRDB
import MigrationEngine

/// Reads an exported JSON value back by its attribute's type and compares it with the stored column value,
/// independently of the renderer (dates parsed from ISO 8601, bytes from base64, UUIDs from their string).
enum ExportedValueCheck {
    static func matches(_ exported: Any, _ stored: DatabaseValue, _ attribute: Attribute) -> Bool {
        if stored.isNull { return exported is NSNull }
        switch (attribute.type, stored.storage) {
        case (.boolean, .int64(let number)):
            return (exported as? Bool) == (number != 0)
        case (.integer16, .int64(let number)), (.integer32, .int64(let number)), (.integer64, .int64(let number)):
            return (exported as? NSNumber)?.int64Value == number
        case (.double, .double(let number)), (.float, .double(let number)):
            return (exported as? NSNumber)?.doubleValue == number
        case (.date, .double(let seconds)):
            return matchesDate(exported, seconds)
        case (.date, .int64(let seconds)):
            // A TIMESTAMP column has numeric affinity: SQLite keeps a whole number of seconds as an integer.
            return matchesDate(exported, Double(seconds))
        case (.decimal, _):
            guard let text = exported as? String, let value = Decimal(string: text) else { return false }
            switch stored.storage {
            case .int64(let number): return value == Decimal(number)
            case .double(let number): return Double(text) == number
            case .string(let storedText): return value == Decimal(string: storedText)
            default: return false
            }
        case (.uuid, .blob(let bytes)) where bytes.count == 16:
            guard let text = exported as? String, let uuid = UUID(uuidString: text) else { return false }
            return withUnsafeBytes(of: uuid.uuid) { Data($0) } == bytes
        case (.binary, .blob(let bytes)), (.transformable, .blob(let bytes)):
            if attribute.allowsExternalBinaryDataStorage && bytes.count == 38 && bytes.first == 2 {
                // A reference to a file the corpus does not hold (wire's support folders were not kept).
                let uuid = String(decoding: bytes.dropFirst().prefix(36), as: UTF8.self)
                return (exported as? [String: String]) == ["missingExternalData": uuid]
            }
            guard let text = exported as? String, let decoded = Data(base64Encoded: text) else { return false }
            let inline = attribute.allowsExternalBinaryDataStorage && bytes.first == 1 ? bytes.dropFirst() : bytes
            return decoded == inline
        case (_, .string(let text)):
            return (exported as? String) == text
        default:
            return false
        }
    }

    static func matchesDate(_ exported: Any, _ seconds: Double) -> Bool {
        guard let text = exported as? String, let parsed = parseISO8601(text) else { return false }
        return abs(parsed - seconds) < 1e-6 * max(1, abs(seconds) / 1e8)
    }

    /// Seconds since 2001 of `YYYY-MM-DDTHH:MM:SS[.fraction]Z`.
    static func parseISO8601(_ text: String) -> Double? {
        let parts = text.dropLast().split(separator: ".", maxSplits: 1)
        let formatter = ISO8601DateFormatter()
        guard text.hasSuffix("Z"), let whole = formatter.date(from: parts[0] + "Z") else { return nil }
        let fraction = parts.count == 2 ? Double("0." + parts[1]) ?? .nan : 0
        return whole.timeIntervalSinceReferenceDate + fraction
    }
}
