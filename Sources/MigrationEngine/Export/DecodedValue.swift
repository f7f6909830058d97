import Foundation

/// A Transformable or Binary value that holds a keyed archive or a property list, as JSON text a person can
/// read: what `export`, `rows` and the console show in place of its bytes.
///
/// The archive is read without Foundation's unarchiver, which would need the app's classes (and runs their
/// code): ``KeyedArchive`` and ``ArchiveJSONWalk`` read Foundation's own encodings and write any other class
/// as its name and archived fields. Bytes that are not a plist, do not decode, are larger than
/// ``maximumInput`` or whose JSON would pass its budget give `nil`, and the caller shows them raw.
package enum DecodedValue {
    /// The largest value decoded: larger ones are shown as their bytes, written in pieces as any other.
    package static let maximumInput = 1 << 20
    /// Deeper values than any app archives would only exhaust the stack.
    static let maximumDepth = 200

    /// The JSON text of a keyed archive (binary or XML) or a plain property list; `nil` for anything else
    /// (bytes that do not start as a plist does are not parsed at all).
    package static func json(_ bytes: Data) -> String? {
        guard bytes.count <= maximumInput, let plist = propertyList(bytes) else { return nil }
        // However the references repeat, the JSON is at most 16 times the value (and 1 MiB is always allowed).
        var writer = BudgetedJSONWriter(limit: max(1 << 20, 16 * bytes.count))
        do {
            if plist["$archiver"]?.string == "NSKeyedArchiver" {
                let archive = try KeyedArchive(plist: plist)
                var walk = ArchiveJSONWalk(archive: archive, writer: writer)
                try walk.write(try archive.root(), depth: 0)
                writer = walk.writer
            } else {
                try write(plist, to: &writer, depth: 0)
            }
        } catch {
            // Not an archive after all, damaged, or past the budget: the bytes are shown as they are.
            return nil
        }
        return writer.text
    }

    /// Whether the bytes start as a binary or XML property list does (no other bytes are parsed).
    package static func looksLikePropertyList(_ bytes: Data) -> Bool {
        BinaryPropertyList.hasSignature(bytes) || XMLPropertyList.hasPrefix(bytes)
    }

    /// The bytes parsed as a binary or XML property list, or `nil`.
    private static func propertyList(_ bytes: Data) -> PropertyListValue? {
        do {
            if BinaryPropertyList.hasSignature(bytes) { return try BinaryPropertyList.read(bytes) }
            if XMLPropertyList.hasPrefix(bytes) { return try XMLPropertyList.read(bytes) }
        } catch {
            return nil
        }
        return nil
    }

    /// Writes a plain property-list value: dictionaries with their keys sorted, dates in ISO 8601 (UTC),
    /// data in base64, a `CF$UID` outside an archive as `{"CF$UID": n}`.
    static func write(_ value: PropertyListValue, to writer: inout BudgetedJSONWriter, depth: Int)
        throws(BudgetedJSONWriter.Exceeded)
    {
        guard depth < maximumDepth else { throw BudgetedJSONWriter.Exceeded() }
        try writer.spend(1)
        switch value {
        case .dictionary(let entries):
            try writer.raw("{")
            for (index, entry) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
                try writer.key(entry.key, first: index == 0)
                try write(entry.value, to: &writer, depth: depth + 1)
            }
            try writer.raw("}")
        case .array(let items):
            try writer.raw("[")
            for (index, item) in items.enumerated() {
                if index > 0 { try writer.raw(",") }
                try write(item, to: &writer, depth: depth + 1)
            }
            try writer.raw("]")
        case .string(let text): try writer.string(text)
        case .integer(let number): try writer.integer(number)
        case .real(let number): try writer.number(number)
        case .boolean(let flag): try writer.raw(flag ? "true" : "false")
        case .date(let date): try writer.string(ValueRenderer.iso8601(date.timeIntervalSinceReferenceDate))
        case .data(let bytes): try writer.string(bytes.base64EncodedString())
        case .uid(let index):
            try writer.raw("{\"CF$UID\":")
            try writer.raw(String(index))
            try writer.raw("}")
        case .null: try writer.raw("null")
        }
    }
}
