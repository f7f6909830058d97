import Foundation
import MigrationEngine

/// One value of a row in the data browser, typed so it can be shown the way its attribute means it.
package enum BrowserValue: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// A whole number.
    case integer(Int64)
    /// A floating-point or decimal number.
    case real(Double)
    /// A Boolean attribute.
    case bool(Bool)
    /// A string.
    case text(String)
    /// A date (Core Data stores seconds since 2001-01-01).
    case date(Date)
    /// Binary data, transformable values.
    case blob(Data)
    /// A Binary or Transformable value holding a keyed archive or a plist: its decoded JSON and its bytes.
    case decoded(json: String, bytes: Data)
    /// A UUID attribute.
    case uuid(UUID)
    /// A to-one relationship: the destination entity and its primary key.
    case reference(entity: String, key: Int64)

    /// The value as one line for a table cell: spelled by the engine (``MigrationProject/Shown``), whose
    /// text search of the rows matches this text.
    package var display: String {
        switch self {
        case .null: "∅"
        case .integer(let value): String(value)
        case .real(let value): MigrationProject.Shown.real(value)
        case .bool(let value): MigrationProject.Shown.bool(value)
        case .text(let value): MigrationProject.Shown.oneLine(value)
        case .date(let value): MigrationProject.Shown.date(value.timeIntervalSinceReferenceDate)
        case .blob(let data): Self.blobSummary(data)
        case .decoded(let json, _): MigrationProject.Shown.oneLine(json)
        case .uuid(let value): value.uuidString
        case .reference(let entity, let key): MigrationProject.Shown.reference(entity: entity, key: key)
        }
    }

    /// The value in full for the record view: text with its line breaks, binary data as every byte in hex (up
    /// to 4 KB), a decoded archive as its JSON and then its bytes, the rest as in a cell.
    package var fullText: String {
        switch self {
        case .text(let value): return value
        case .decoded(let json, let bytes): return json + "\n\nstored as " + BrowserValue.blob(bytes).fullText
        case .blob(let data):
            let shown = data.prefix(4096)
            let dump = stride(from: 0, to: shown.count, by: 16).map { start in
                Self.hexLine(shown.dropFirst(start).prefix(16), at: start)
            }
            let more = data.count > shown.count ? ["… \(data.count - shown.count) more bytes"] : []
            return ([ByteCount.format(Int64(data.count))] + dump + more).joined(separator: "\n")
        default: return display
        }
    }

    /// Whether the record view shows the value as a hex dump (a decoded archive after its JSON).
    package var isBinary: Bool {
        switch self {
        case .blob, .decoded: true
        default: false
        }
    }

    /// Whether numbers read better right-aligned.
    package var isNumeric: Bool {
        switch self {
        case .integer, .real: true
        default: false
        }
    }

    /// One line of a hex dump, as `hexdump -C` draws it in 71 columns: the offset, up to 16 bytes in hex, and
    /// the same bytes as ASCII in a gutter, `.` for each byte that is no printable ASCII character.
    static func hexLine(_ bytes: Data, at offset: Int) -> String {
        let hex = bytes.map { String(format: "%02x", $0) }.joined(separator: " ")
        let ascii = String(bytes.map { (0x20..<0x7f).contains($0) ? Character(UnicodeScalar($0)) : "." })
        return String(format: "%04x", offset) + "  " + hex.padding(toLength: 47, withPad: " ", startingAt: 0) + "  |" + ascii
            + "|"
    }

    /// `1.2 KB 0a1b2c3d…`: the size and the first bytes in hex.
    static func blobSummary(_ data: Data) -> String {
        let preview = data.prefix(8).map { String(format: "%02x", $0) }.joined()
        return ByteCount.format(Int64(data.count)) + " " + preview + (data.count > 8 ? "…" : "")
    }
}
