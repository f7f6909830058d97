import Foundation

@testable import MigrationEngine

/// A keyed archive of a model written out as comparable lines: one for the model, one per entity and one
/// per property (`Entity.property`), each with the object's class and its fields' values.
///
/// References to entities, properties, the model and fetch indexes are written by name, so two archives
/// of the same model compare equal whatever their object order. Strings are written as text whatever
/// their class (`NSString` or `NSMutableString`: the archiver's choice, not the model's); sets are
/// sorted; dictionaries are written in key order.
struct ArchiveOutline {
    /// Line label (`model`, `entity Car`, `property Car.owner`) → the object's fields (`$class` → its class).
    var lines: [String: [String: String]] = [:]

    /// Rewrites one object's fields before comparing; used to state each allowed difference once.
    typealias Normalization = (_ fields: [String: String]) -> [String: String]

    init(_ data: Data) throws {
        let root = try KeyedArchive(data: data).root()
        lines["model"] = Self.fields(root)
        for (name, entity) in try Self.members(root["NSEntities"]) {
            lines["entity \(name)"] = Self.fields(entity)
            for (key, property) in try Self.members(entity["NSProperties"]) {
                lines["property \(name).\(key)"] = Self.fields(property)
            }
        }
    }

    /// The labels whose objects differ (or exist on one side only), after `normalize`, each with the
    /// fields that differ.
    func differences(from other: ArchiveOutline, normalize: Normalization) -> [String] {
        Set(lines.keys).union(other.lines.keys).sorted().compactMap { label in
            guard let mine = lines[label].map(normalize), let theirs = other.lines[label].map(normalize) else {
                return "\(label): only \(lines[label] == nil ? "ours" : "Apple's") has it"
            }
            let keys = Set(mine.keys).union(theirs.keys).sorted().filter { mine[$0] != theirs[$0] }
            guard !keys.isEmpty else { return nil }
            return "\(label)" + keys.map { "\n  \($0): Apple \(mine[$0] ?? "absent"), ours \(theirs[$0] ?? "absent")" }.joined()
        }
    }

    /// A line's object as its class and rendered fields.
    private static func fields(_ object: ArchivedObject) -> [String: String] {
        var fields = ["$class": object.className ?? "?"]
        for key in object.keys { fields[key] = render(object[key], stack: object.index.map { [$0] } ?? []) }
        return fields
    }

    private static func members(_ object: ArchivedObject?) throws -> [(String, ArchivedObject)] {
        try ModelArchiveDecoder.members(object, path: "archive", what: "members").sorted { $0.key < $1.key }
    }

    /// One object: by name when it is a model element referred to (not the line's own object) or one
    /// being written already (a fetch index element's back reference), else its class and fields.
    private static func render(_ object: ArchivedObject?, stack: Set<Int>) -> String {
        guard let object else { return "nil" }
        if let name = reference(object) { return name }
        if let index = object.index, stack.contains(index) {
            return "<\(object.className ?? "?") \(object["NSIndexName"]?.string ?? "")>"
        }
        let inner = stack.union(object.index.map { [$0] } ?? [])
        if let text = object.string { return "'\(text)'" }
        guard let className = object.className else { return scalar(object.value) }
        if let items = object.elements {
            let rendered = items.map { render($0, stack: inner) }
            return className + "[" + (className.hasSuffix("Set") ? rendered.sorted() : rendered).joined(separator: ", ") + "]"
        }
        if let entries = object.dictionary {
            return className + "{"
                + entries.sorted { $0.key < $1.key }.map { "\($0.key): \(render($0.value, stack: inner))" }
                .joined(separator: ", ") + "}"
        }
        if object.isKind(of: "NSKnownKeysDictionary1"), let entries = try? members(object) {
            return className + "{" + entries.map { "\($0.0): \(render($0.1, stack: inner))" }.joined(separator: ", ") + "}"
        }
        return className + "(" + object.keys.map { "\($0)=\(render(object[$0], stack: inner))" }.joined(separator: ", ") + ")"
    }

    private static func reference(_ object: ArchivedObject) -> String? {
        if object.isKind(of: "NSManagedObjectModel") { return "<model>" }
        if object.isKind(of: "NSEntityDescription") { return "<entity \(object["NSEntityName"]?.string ?? "?")>" }
        if object.isKind(of: "NSPropertyDescription") {
            let owner = object["NSEntity"]?["NSEntityName"]?.string ?? "?"
            return "<property \(owner).\(object["NSPropertyName"]?.string ?? "?")>"
        }
        return nil
    }

    private static func scalar(_ value: PropertyListValue) -> String {
        switch value {
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)r"
        case .boolean(let flag): flag ? "YES" : "NO"
        case .data(let bytes): "<\(bytes.count) bytes>"
        case .date(let date): "date \(date.timeIntervalSinceReferenceDate)"
        default: value.typeName
        }
    }
}
