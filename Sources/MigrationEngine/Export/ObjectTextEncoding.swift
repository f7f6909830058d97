/// Objects as CSV records and JSON objects: the text `export` writes and `rows` prints.
package enum ObjectTextEncoding {
    /// The CSV header line (with its line break).
    package static func csvHeader(_ fields: [String]) -> String {
        fields.map(csvField).joined(separator: ",") + "\n"
    }

    /// One CSV record (with its line break): NULL is an empty field, an empty string `""`, to-many URIs are
    /// separated by spaces.
    package static func csvRecord(_ object: ExportedObject) -> String {
        object.values.map { value in
            switch value {
            case .null: ""
            case .bool(let flag): flag ? "true" : "false"
            case .integer(let number): String(number)
            case .number(let number): "\(number)"
            case .decimal(let text): csvField(text)
            case .text(let text): text.isEmpty ? "\"\"" : csvField(text)
            case .list(let items): csvField(items.joined(separator: " "))
            case .missingExternalData(let uuid): csvField("missing external data \(uuid)")
            }
        }.joined(separator: ",") + "\n"
    }

    /// A field quoted as RFC 4180 asks when it holds a comma, quote or line break (quotes doubled).
    package static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One JSON object, keys in field order, on one line: Decimals as strings holding their exact text,
    /// non-finite numbers as `null`.
    package static func jsonObject(_ object: ExportedObject) -> String {
        let members = zip(object.fields, object.values).map { field, value in jsonString(field) + ":" + json(value) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A rendered value as JSON.
    package static func json(_ value: RenderedValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .number(let number): number.isFinite ? "\(number)" : "null"
        case .decimal(let text), .text(let text): jsonString(text)
        case .list(let items): "[" + items.map(jsonString).joined(separator: ",") + "]"
        case .missingExternalData(let uuid): "{\"missingExternalData\":" + jsonString(uuid) + "}"
        }
    }

    /// A JSON string literal.
    package static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                result +=
                    "\\u" + String(repeating: "0", count: 4 - String(control.value, radix: 16).count)
                    + String(control.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
