import Foundation

/// A graph written by `NSKeyedArchiver`, read without Foundation's unarchiver (which needs the classes).
///
/// The archive is a binary plist with `$top` (named roots) and `$objects` (every object; `CF$UID`
/// values are indices into it, `$null` is index 0). ``ArchivedObject`` walks it: it resolves references,
/// names classes (`$class` → `$classname`) and reads Foundation's own encodings of strings, numbers,
/// data, arrays, sets and dictionaries (`NS.string`, `NS.objects`, `NS.keys`, …).
package struct KeyedArchive: Sendable {
    /// Every archived value, indexed by `CF$UID`.
    package let objects: [PropertyListValue]
    /// The named roots (`$top`), usually just `root`.
    package let top: [String: PropertyListValue]

    /// Parses keyed-archive bytes (a binary plist with `$archiver` `NSKeyedArchiver`).
    package init(data: Data) throws(PropertyListError) {
        try self.init(plist: try BinaryPropertyList.read(data))
    }

    /// Reads an archive already parsed as a property list (binary or XML).
    package init(plist: PropertyListValue) throws(PropertyListError) {
        guard plist["$archiver"]?.string == "NSKeyedArchiver" else {
            throw PropertyListError("not a keyed archive ($archiver is not NSKeyedArchiver)")
        }
        guard let objects = plist["$objects"]?.array, let top = plist["$top"]?.dictionary else {
            throw PropertyListError("keyed archive without $objects or $top")
        }
        self.objects = objects
        self.top = top
    }

    /// The root object named `key` in `$top` (`root` by default).
    package func root(_ key: String = "root") throws(PropertyListError) -> ArchivedObject {
        guard let reference = top[key] else { throw PropertyListError("keyed archive has no $top entry \"\(key)\"") }
        guard let object = resolve(reference) else { throw PropertyListError("$top entry \"\(key)\" is null or dangling") }
        return object
    }

    /// Follows a `CF$UID` to its object; returns inline values as they are and `nil` for `$null` or a
    /// reference outside `$objects`.
    package func resolve(_ value: PropertyListValue) -> ArchivedObject? {
        guard case .uid(let index) = value else { return ArchivedObject(archive: self, value: value, index: nil) }
        guard index > 0, index < UInt64(objects.count) else { return nil }
        let target = objects[Int(index)]
        if case .string("$null") = target { return nil }
        return ArchivedObject(archive: self, value: target, index: Int(index))
    }
}
