import Foundation

/// Writes a ``KeyedArchive``'s object graph as JSON: Foundation's classes as the values they hold (see
/// ``writeFoundation(_:classes:depth:)``), any other class as `{"$class": name, field: value, …}` with its
/// archived fields in name order.
///
/// The graph is hostile: an object that contains itself is written once and then as `{"$cycle": class}`,
/// nesting stops at ``DecodedValue/maximumDepth``, and every object visited spends the writer's budget,
/// so shared references repeated without end stop at the budget instead of running for ever.
struct ArchiveJSONWalk {
    let archive: KeyedArchive
    var writer: BudgetedJSONWriter
    /// The `$objects` indices being written, to find an object inside itself.
    private var visiting: Set<Int> = []

    init(archive: KeyedArchive, writer: BudgetedJSONWriter) {
        self.archive = archive
        self.writer = writer
    }

    /// Writes `object` (`null` for a nil or `$null` one).
    mutating func write(_ object: ArchivedObject?, depth: Int) throws(BudgetedJSONWriter.Exceeded) {
        guard let object else { return try writer.raw("null") }
        guard depth < DecodedValue.maximumDepth else { throw BudgetedJSONWriter.Exceeded() }
        try writer.spend(1)
        guard object.value["$class"] != nil else { return try writePlain(object, depth: depth) }
        if let index = object.index {
            guard !visiting.contains(index) else {
                try writer.raw("{\"$cycle\":")
                try writer.string(object.className ?? "?")
                return try writer.raw("}")
            }
            visiting.insert(index)
        }
        defer { if let index = object.index { visiting.remove(index) } }
        let classes = object.classHierarchy
        try writer.spend(classes.count)
        if try writeFoundation(object, classes: classes, depth: depth) { return }
        try writeFields(object, name: classes.first ?? object.className ?? "?", depth: depth)
    }

    /// Writes a reference (or an inline value) found in an object's fields.
    mutating func write(reference: PropertyListValue?, depth: Int) throws(BudgetedJSONWriter.Exceeded) {
        try write(reference.flatMap { archive.resolve($0) }, depth: depth)
    }

    /// A value without a class: NSNumber and NSString as the archiver writes them inline (numbers, Booleans,
    /// strings), or a plain array or dictionary whose members may be references.
    private mutating func writePlain(_ object: ArchivedObject, depth: Int) throws(BudgetedJSONWriter.Exceeded) {
        switch object.value {
        case .array(let items):
            try writer.raw("[")
            for (index, item) in items.enumerated() {
                if index > 0 { try writer.raw(",") }
                try write(reference: item, depth: depth + 1)
            }
            try writer.raw("]")
        case .dictionary(let entries):
            try writer.raw("{")
            for (index, entry) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
                try writer.key(entry.key, first: index == 0)
                try write(reference: entry.value, depth: depth + 1)
            }
            try writer.raw("}")
        default:
            try DecodedValue.write(object.value, to: &writer, depth: depth)
        }
    }

    /// An app's class (or a Foundation class read no other way): its name and archived fields.
    mutating func writeFields(_ object: ArchivedObject, name: String, depth: Int) throws(BudgetedJSONWriter.Exceeded) {
        try writer.raw("{\"$class\":")
        try writer.string(name)
        for key in object.keys {
            try writer.key(key, first: false)
            try write(reference: object.value[key], depth: depth + 1)
        }
        try writer.raw("}")
    }
}
