import Foundation
import GRDB

/// Renders a stored column value by its attribute's model type: the one place `export` and `rows` share.
///
/// Dates (seconds since 2001-01-01 UTC) become ISO 8601 in UTC with up to six fractional digits; Binary and
/// Transformable bytes that hold a keyed archive or property list become its JSON (``DecodedValue``), other
/// bytes base64, as do all bytes when `decoding` is off (an inline external-storage value loses its `0x01`
/// marker byte; a value kept outside the store is read by the row reader, see `ExternalDataFolder`); UUIDs
/// (16-byte BLOBs) become their canonical string; Decimals keep the text SQLite holds, never passing through
/// a `Double`. A value whose storage does not fit its type is rendered as it is stored.
package enum ValueRenderer {
    /// The rendered value of a column holding `attribute`; with `decoding` off, bytes are always base64.
    package static func render(_ value: DatabaseValue, as attribute: Attribute, decoding: Bool = true) -> RenderedValue {
        switch (attribute.type, value.storage) {
        case (_, .null): .null
        case (.boolean, .int64(let number)): .bool(number != 0)
        case (.integer16, .double(let number)), (.integer32, .double(let number)), (.integer64, .double(let number)):
            number.rounded() == number && abs(number) < 9.2e18 ? .integer(Int64(number)) : .number(number)
        case (.double, .int64(let number)), (.float, .int64(let number)): .number(Double(number))
        case (.decimal, .int64(let number)): .decimal(String(number))
        case (.decimal, .double(let number)): .decimal(decimalText(number))
        case (.decimal, .string(let text)): .decimal(text)
        case (.date, .double(let seconds)): .text(iso8601(seconds))
        case (.date, .int64(let seconds)): .text(iso8601(Double(seconds)))
        case (.uuid, .blob(let data)) where data.count == 16:
            .text(UUID(uuid: data.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }).uuidString)
        case (.binary, .blob(let data)), (.transformable, .blob(let data)):
            bytes(inlineBytes(data, external: attribute.allowsExternalBinaryDataStorage), decoding: decoding)
        default: raw(value)
        }
    }

    /// Bytes as their decoded JSON when `decoding` and they hold an archive or property list, else base64.
    package static func bytes(_ data: Data, decoding: Bool) -> RenderedValue {
        // `json` parses nothing unless the bytes start as a plist does, so plain bytes cost a prefix check.
        if decoding, let json = DecodedValue.json(data) {
            return .decoded(json: json)
        }
        return .text(data.base64EncodedString())
    }

    /// A value rendered as SQLite stores it, for columns no attribute describes.
    package static func raw(_ value: DatabaseValue) -> RenderedValue {
        switch value.storage {
        case .null: .null
        case .int64(let number): .integer(number)
        case .double(let number): .number(number)
        case .string(let text): .text(text)
        case .blob(let data): .text(data.base64EncodedString())
        }
    }

    /// ISO 8601 in UTC (`2016-02-21T10:15:30.25Z`) of a Core Data timestamp, with the fraction to the
    /// microsecond and trailing zeros dropped.
    package static func iso8601(_ secondsSince2001: Double) -> String {
        let unix = secondsSince2001 + Date.timeIntervalBetween1970AndReferenceDate
        var whole = unix.rounded(.down)
        var micros = ((unix - whole) * 1_000_000).rounded()
        if micros >= 1_000_000 {
            whole += 1
            micros = 0
        }
        var time = time_t(whole)
        var parts = tm()
        gmtime_r(&time, &parts)
        var text = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec)
        if micros > 0 {
            var fraction = String(format: "%06d", Int32(micros))
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// A REAL held in a Decimal column, as the shortest text that reads back to the same number, in plain
    /// (not exponent) notation.
    static func decimalText(_ number: Double) -> String {
        let shortest = "\(number)"
        guard shortest.contains("e"), let exact = Decimal(string: shortest) else {
            return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest
        }
        return exact.description
    }

    /// The bytes of an inline value: attributes allowing external storage prefix inline values with `0x01`.
    static func inlineBytes(_ data: Data, external: Bool) -> Data {
        external && data.first == 1 ? data.dropFirst() : data
    }
}
