import Foundation

/// The one JSON writer of every `--json` output: keys sorted, slashes unescaped, dates in ISO 8601; a
/// document (a report, a plan) pretty-printed, a stream (events, history records) one object per line.
enum JSONOutput {
    /// Encodes a report as a pretty-printed JSON document.
    static func encode(_ value: some Encodable) throws -> String {
        try encode(value, formatting: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    /// Encodes one object of a JSON-lines stream, on a single line.
    static func line(_ value: some Encodable) throws -> String {
        try encode(value, formatting: [.sortedKeys, .withoutEscapingSlashes])
    }

    private static func encode(_ value: some Encodable, formatting: JSONEncoder.OutputFormatting) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
