import Foundation

/// Builds an `NSKeyedArchiver` graph (`$objects`, `$top`), the counterpart of ``KeyedArchive``.
///
/// Objects may refer to each other in any direction (an entity to its properties and back), so an
/// object's slot can be reserved before its fields are known and filled later. Strings and class
/// descriptions are stored once; `$null` is slot 0, as NSKeyedArchiver writes it.
package struct KeyedArchiveBuilder: Sendable {
    /// A reference to `$null`: what NSKeyedArchiver writes for a nil object.
    package static let null = PropertyListValue.uid(0)

    private var objects: [PropertyListValue] = [.string("$null")]
    private var classes: [String: PropertyListValue] = [:]
    private var strings: [String: PropertyListValue] = [:]

    /// Creates an empty archive.
    package init() {}

    /// Reserves a slot for an object whose fields are filled in later by ``fill(_:classes:fields:)``.
    package mutating func reserve() -> PropertyListValue {
        objects.append(.null)
        return .uid(UInt64(objects.count - 1))
    }

    /// Fills a reserved slot with an instance of the first class of `hierarchy` (most specific first, as
    /// `$classes` lists it) holding `fields`.
    package mutating func fill(_ reference: PropertyListValue, classes hierarchy: [String], fields: [String: PropertyListValue]) {
        guard case .uid(let index) = reference, index > 0, index < UInt64(objects.count) else { return }
        var members = fields
        members["$class"] = classReference(hierarchy)
        objects[Int(index)] = .dictionary(members)
    }

    /// Adds an instance of `hierarchy`'s first class holding `fields`, and returns its reference.
    package mutating func object(classes hierarchy: [String], fields: [String: PropertyListValue]) -> PropertyListValue {
        let reference = reserve()
        fill(reference, classes: hierarchy, fields: fields)
        return reference
    }

    /// A string object (stored once however often it is used), or `$null` for `nil`.
    package mutating func string(_ text: String?) -> PropertyListValue {
        guard let text else { return Self.null }
        if let known = strings[text] { return known }
        objects.append(.string(text))
        let reference = PropertyListValue.uid(UInt64(objects.count - 1))
        strings[text] = reference
        return reference
    }

    /// An array, set or ordered set (`NS.objects`) of `hierarchy`'s first class.
    package mutating func collection(_ items: [PropertyListValue], classes hierarchy: [String]) -> PropertyListValue {
        object(classes: hierarchy, fields: ["NS.objects": .array(items)])
    }

    /// A dictionary (`NS.keys`, `NS.objects`) with string keys, in the order given.
    package mutating func dictionary(_ entries: [(key: String, value: PropertyListValue)], classes hierarchy: [String])
        -> PropertyListValue
    {
        let keys = entries.map { string($0.key) }
        return object(classes: hierarchy, fields: ["NS.keys": .array(keys), "NS.objects": .array(entries.map(\.value))])
    }

    /// The finished archive with `root` as `$top`'s `root`, as a property list to write.
    package func archive(root: PropertyListValue) -> PropertyListValue {
        .dictionary([
            "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000),
            "$top": .dictionary(["root": root]), "$objects": .array(objects),
        ])
    }

    private mutating func classReference(_ hierarchy: [String]) -> PropertyListValue {
        let name = hierarchy.first ?? "NSObject"
        if let known = classes[name] { return known }
        let reference = PropertyListValue.uid(UInt64(objects.count))
        objects.append(.dictionary(["$classname": .string(name), "$classes": .array(hierarchy.map(PropertyListValue.string))]))
        classes[name] = reference
        return reference
    }
}
