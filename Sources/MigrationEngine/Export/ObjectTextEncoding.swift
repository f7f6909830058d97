/// Objects as CSV records and JSON objects: the text `export` writes and `rows` prints.
///
/// Everything is encoded by appending UTF-8 bytes to a buffer, a value's bytes escaped as they are copied,
/// so that `export` can write a value of any size in pieces (``ExportStream``) by the same rules that make
/// the strings `rows` prints.
package enum ObjectTextEncoding {
    /// The CSV header line (with its line break).
    package static func csvHeader(_ fields: [String]) -> String {
        fields.map(csvField).joined(separator: ",") + "\n"
    }

    /// One CSV record (with its line break): NULL is an empty field, an empty string `""`, to-many URIs are
    /// separated by spaces.
    package static func csvRecord(_ object: ExportedObject) -> String {
        encoded { appendCSVRecord(object, to: &$0) { _, _ in false } }
    }

    /// Appends one CSV record of `object` to `bytes`; `field` may write field `index` itself (returning
    /// true), for a value written from where it lies rather than from `object`.
    package static func appendCSVRecord(
        _ object: ExportedObject, to bytes: inout [UInt8],
        writing field: (Int, inout [UInt8]) throws -> Bool
    ) rethrows {
        for (index, value) in object.values.enumerated() {
            if index > 0 { bytes.append(comma) }
            if try field(index, &bytes) { continue }
            switch value {
            case .null: break
            case .bool(let flag): append(flag ? "true" : "false", to: &bytes)
            case .integer(let number): append(String(number), to: &bytes)
            case .number(let number): append("\(number)", to: &bytes)
            case .decimal(let text): appendCSVField(text, to: &bytes)
            case .text(let text): text.isEmpty ? append("\"\"", to: &bytes) : appendCSVField(text, to: &bytes)
            case .list(let items): appendCSVField(items.joined(separator: " "), to: &bytes)
            case .decoded(let json): appendCSVField(json, to: &bytes)
            case .missingExternalData(let uuid): appendCSVField("missing external data \(uuid)", to: &bytes)
            }
        }
        bytes.append(newline)
    }

    /// A field quoted as RFC 4180 asks when it holds a comma, quote or line break (quotes doubled).
    package static func csvField(_ text: String) -> String {
        encoded { appendCSVField(text, to: &$0) }
    }

    /// One JSON object, keys in field order, on one line: Decimals as strings holding their exact text,
    /// non-finite numbers as `null`.
    package static func jsonObject(_ object: ExportedObject) -> String {
        encoded { appendJSONObject(object, to: &$0) { _, _ in false } }
    }

    /// Appends one JSON object of `object` to `bytes`; `field` may write the value of field `index` itself
    /// (returning true), for a value written from where it lies rather than from `object`.
    package static func appendJSONObject(
        _ object: ExportedObject, to bytes: inout [UInt8],
        writing field: (Int, inout [UInt8]) throws -> Bool
    ) rethrows {
        bytes.append(UInt8(ascii: "{"))
        for (index, (name, value)) in zip(object.fields, object.values).enumerated() {
            if index > 0 { bytes.append(comma) }
            appendJSONString(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            if try field(index, &bytes) { continue }
            appendJSON(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A rendered value as JSON.
    package static func json(_ value: RenderedValue) -> String {
        encoded { appendJSON(value, to: &$0) }
    }

    private static func appendJSON(_ value: RenderedValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: append("null", to: &bytes)
        case .bool(let flag): append(flag ? "true" : "false", to: &bytes)
        case .integer(let number): append(String(number), to: &bytes)
        case .number(let number): append(number.isFinite ? "\(number)" : "null", to: &bytes)
        case .decimal(let text), .text(let text): appendJSONString(text, to: &bytes)
        case .decoded(let json): append(json, to: &bytes)
        case .list(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(comma) }
                appendJSONString(item, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .missingExternalData(let uuid):
            append("{\"missingExternalData\":", to: &bytes)
            appendJSONString(uuid, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string literal.
    package static func jsonString(_ text: String) -> String {
        encoded { appendJSONString(text, to: &$0) }
    }

    // MARK: - Bytes

    /// The text `write` appends, as a string.
    private static func encoded(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static let quote = UInt8(ascii: "\"")
    static let comma = UInt8(ascii: ",")
    static let newline = UInt8(ascii: "\n")

    static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: text.utf8)
    }

    private static func appendCSVField(_ text: String, to bytes: inout [UInt8]) {
        withUTF8(text) { utf8 in
            let quoted = needsCSVQuotes(utf8)
            if quoted { bytes.append(quote) }
            appendCSVContent(utf8, quoted: quoted, to: &bytes)
            if quoted { bytes.append(quote) }
        }
    }

    static func appendJSONString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(quote)
        withUTF8(text) { appendJSONContent($0, to: &bytes) }
        bytes.append(quote)
    }

    /// Whether a CSV field of these UTF-8 bytes must be quoted: it holds a comma, quote or line break. Every
    /// one of them is ASCII, so a piece of a value can be judged by its raw bytes alone.
    static func needsCSVQuotes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.contains { $0 == comma || $0 == quote || $0 == newline || $0 == UInt8(ascii: "\r") }
    }

    /// The content of a CSV field (of a quoted one: its quotes doubled), without the enclosing quotes.
    static func appendCSVContent(_ utf8: UnsafeBufferPointer<UInt8>, quoted: Bool, to bytes: inout [UInt8]) {
        guard quoted else {
            bytes.append(contentsOf: utf8)
            return
        }
        for byte in utf8 {
            bytes.append(byte)
            if byte == quote { bytes.append(quote) }
        }
    }

    /// The content of a JSON string literal, without its quotes: quote, backslash and control characters
    /// escaped (`\n`, `\r`, `\t`, else `\u00XX`), every other byte of the UTF-8 as it is.
    static func appendJSONContent(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        let backslash = UInt8(ascii: "\\")
        let hex = Array("0123456789abcdef".utf8)
        for byte in utf8 {
            switch byte {
            case quote, backslash: bytes.append(contentsOf: [backslash, byte])
            case newline: bytes.append(contentsOf: [backslash, UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [backslash, UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [backslash, UInt8(ascii: "t")])
            case ..<0x20:
                bytes.append(contentsOf: [backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(contentsOf: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
    }

    /// `body` with the UTF-8 bytes of `text` in one contiguous run (a bridged string is copied first).
    private static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }
}
