import Foundation

/// The one JSON style of every `--json` output: pretty-printed, keys sorted, slashes unescaped.
enum JSONOutput {
    /// Encodes a report as a JSON string.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
