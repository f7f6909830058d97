import Foundation

/// Reads XML property lists (`<plist version="1.0">…`) into ``PropertyListValue``, through the same
/// hostile-input XML reader as models and mappings (``XMLElementTree``: no DTD or entity is loaded, depth
/// is capped), so a Binary value holding one decodes as a binary plist does.
///
/// A `<dict>` holding only `CF$UID` (how an XML keyed archive writes a reference) reads as a `uid`.
package enum XMLPropertyList {
    /// Whether the bytes start (after a byte order mark and white space) as an XML property list does: an
    /// XML declaration, the plist DOCTYPE or the `<plist` element.
    package static func hasPrefix(_ bytes: Data) -> Bool {
        var start = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        while start < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let head = bytes[start...]
        return ["<?xml", "<!DOCTYPE plist", "<plist"].contains { head.starts(with: Array($0.utf8)) }
    }

    /// Parses a whole XML property list.
    ///
    /// - Parameter bytes: The document.
    /// - Returns: The value `<plist>` holds.
    /// - Throws: ``PropertyListError`` for bytes that are not well-formed XML or not a property list.
    package static func read(_ bytes: Data) throws(PropertyListError) -> PropertyListValue {
        let tree: XMLElementTree
        do {
            tree = try XMLElementTree.parse(bytes)
        } catch {
            throw PropertyListError("not an XML property list: \(error)")
        }
        guard tree.name == "plist", tree.children.count == 1 else {
            throw PropertyListError("not an XML property list (no <plist> holding one value)")
        }
        return try value(tree.children[0])
    }

    private static func value(_ element: XMLElementTree) throws(PropertyListError) -> PropertyListValue {
        let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch element.name {
        case "dict": return try dictionary(element)
        case "array":
            var items: [PropertyListValue] = []
            for child in element.children { items.append(try value(child)) }
            return .array(items)
        case "string": return .string(element.text)
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "integer":
            guard let number = Int64(text) else { throw PropertyListError("line \(element.line): bad <integer> \(text)") }
            return .integer(number)
        case "real":
            guard let number = Double(text) else { throw PropertyListError("line \(element.line): bad <real> \(text)") }
            return .real(number)
        case "date":
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw PropertyListError("line \(element.line): bad <date> \(text)")
            }
            return .date(date)
        case "data":
            guard let bytes = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                throw PropertyListError("line \(element.line): bad <data>")
            }
            return .data(bytes)
        default:
            throw PropertyListError("line \(element.line): <\(element.name)> is not a property list element")
        }
    }

    /// A `<dict>`: `<key>` and value elements in turn.
    private static func dictionary(_ element: XMLElementTree) throws(PropertyListError) -> PropertyListValue {
        guard element.children.count % 2 == 0 else {
            throw PropertyListError("line \(element.line): <dict> with a key and no value")
        }
        var entries: [String: PropertyListValue] = [:]
        for pair in stride(from: 0, to: element.children.count, by: 2) {
            let key = element.children[pair]
            guard key.name == "key" else { throw PropertyListError("line \(key.line): <\(key.name)> where a <key> belongs") }
            entries[key.text] = try value(element.children[pair + 1])
        }
        if entries.count == 1, case .integer(let index)? = entries["CF$UID"], index >= 0 { return .uid(UInt64(index)) }
        return .dictionary(entries)
    }
}
