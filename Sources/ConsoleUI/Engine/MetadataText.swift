import Foundation
import MigrationEngine

/// One-line renderings of store metadata values for the Store pane.
package enum MetadataText {
    /// The value as one line: scalars as they are, data as size + hex, collections summarised.
    package static func line(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .date(let date): return BrowserValue.date(date).display
        case .data(let data): return BrowserValue.blobSummary(data)
        case .uid(let index): return "CF$UID \(index)"
        case .null: return "null"
        case .array(let items):
            let shown = items.prefix(4).map(line).joined(separator: ", ")
            return "[" + shown + (items.count > 4 ? ", … \(items.count) items" : "") + "]"
        case .dictionary(let entries):
            let keys = entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            return "{\(entries.count) keys: " + keys.prefix(6).joined(separator: ", ") + (keys.count > 6 ? ", …" : "") + "}"
        }
    }
}
