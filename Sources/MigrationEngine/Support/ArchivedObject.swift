import Foundation

/// One object of a ``KeyedArchive``, with its references resolved on demand.
///
/// Accessors return `nil` when the object is not of the asked kind, so a decoder can read an unfamiliar
/// archive field by field and report precisely what it did not find.
package struct ArchivedObject: Sendable {
    /// The archive this object belongs to.
    package let archive: KeyedArchive
    /// The raw value: for a class instance, its dictionary of encoded fields.
    package let value: PropertyListValue
    /// The object's index in `$objects`, or `nil` for a value stored inline in its parent.
    package let index: Int?

    /// The class name (`$classname` of the object's `$class`), or `nil` for plain plist values.
    package var className: String? {
        guard let reference = value["$class"], let info = archive.resolve(reference) else { return nil }
        return info.value["$classname"]?.string
    }

    /// The class and its superclasses (`$classes`), most specific first.
    package var classHierarchy: [String] {
        guard let reference = value["$class"], let info = archive.resolve(reference) else { return [] }
        return info.value["$classes"]?.array?.compactMap(\.string) ?? []
    }

    /// Whether the object is an instance of `name` or a subclass of it.
    package func isKind(of name: String) -> Bool {
        classHierarchy.contains(name)
    }

    /// The encoded field `key`, resolved; `nil` when absent or `$null`.
    package subscript(key: String) -> ArchivedObject? {
        guard let field = value[key] else { return nil }
        return archive.resolve(field)
    }

    /// The names of the encoded fields (without `$class`).
    package var keys: [String] {
        (value.dictionary?.keys.filter { $0 != "$class" } ?? []).sorted()
    }

    /// A string: a plain plist string, or an `NSString`/`NSMutableString` encoded as `NS.string` or `NS.bytes`.
    package var string: String? {
        if let text = value.string { return text }
        if let text = value["NS.string"]?.string { return text }
        if let bytes = value["NS.bytes"]?.data { return String(decoding: bytes, as: UTF8.self) }
        return nil
    }

    /// An integer (Booleans read as 0 or 1).
    package var integer: Int64? {
        if let number = value.integer { return number }
        if let flag = value.boolean { return flag ? 1 : 0 }
        return nil
    }

    /// A floating-point number (integers converted).
    package var real: Double? { value.real }

    /// A Boolean (integers read as non-zero).
    package var boolean: Bool? {
        if let flag = value.boolean { return flag }
        return value.integer.map { $0 != 0 }
    }

    /// Bytes: plain plist data or `NSData` encoded as `NS.data`.
    package var data: Data? {
        value.data ?? self["NS.data"]?.value.data
    }

    /// A date: a plain plist date or `NSDate` encoded as `NS.time` (seconds since 2001).
    package var date: Date? {
        if case .date(let date) = value { return date }
        return value["NS.time"]?.real.map { Date(timeIntervalSinceReferenceDate: $0) }
    }

    /// A UUID encoded as `NSUUID` (`NS.uuidbytes`).
    package var uuid: UUID? {
        guard let bytes = value["NS.uuidbytes"]?.data, bytes.count == 16 else { return nil }
        return UUID(uuid: bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) })
    }

    /// The elements of an `NSArray`, `NSSet` or `NSOrderedSet` (`NS.objects`), or of a plain plist array;
    /// `$null` elements are dropped.
    package var elements: [ArchivedObject]? {
        if let items = value.array { return items.compactMap { archive.resolve($0) } }
        guard let items = value["NS.objects"]?.array, value["NS.keys"] == nil else { return nil }
        return items.compactMap { archive.resolve($0) }
    }

    /// The entries of an `NSDictionary` (`NS.keys` / `NS.objects`) whose keys are strings.
    package var dictionary: [String: ArchivedObject]? {
        guard let keys = value["NS.keys"]?.array, let objects = value["NS.objects"]?.array,
            keys.count == objects.count
        else { return nil }
        var entries: [String: ArchivedObject] = [:]
        for (key, object) in zip(keys, objects) {
            guard let name = archive.resolve(key)?.string else { return nil }
            if let resolved = archive.resolve(object) { entries[name] = resolved }
        }
        return entries
    }
}
