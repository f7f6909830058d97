import Foundation

extension ArchiveJSONWalk {
    /// Writes an instance of a Foundation class as the value it holds, by the class or a superclass named
    /// in its `$classes` (so `NSMutableArray` and an app's subclass of `NSDictionary` read as theirs): strings
    /// (an attributed string's text), dates (ISO 8601, UTC), data (base64), URLs, UUIDs, arrays, sets and
    /// ordered sets (JSON arrays), dictionaries, `NSNull` and colors. Returns false, having written nothing,
    /// for any other class or an instance without the fields its class encodes, which is then written as
    /// its fields.
    mutating func writeFoundation(_ object: ArchivedObject, classes: [String], depth: Int)
        throws(BudgetedJSONWriter.Exceeded) -> Bool
    {
        func kind(_ name: String) -> Bool { classes.contains(name) }
        if kind("NSNull") {
            try writer.raw("null")
        } else if kind("NSString"), let text = object.string {
            try writer.string(text)
        } else if kind("NSAttributedString"), let text = object["NSString"]?.string {
            try writer.string(text)
        } else if kind("NSDate"), let date = object.date {
            try writer.string(ValueRenderer.iso8601(date.timeIntervalSinceReferenceDate))
        } else if kind("NSData"), let bytes = object.data {
            try writer.string(bytes.base64EncodedString())
        } else if kind("NSUUID"), let uuid = object.uuid {
            try writer.string(uuid.uuidString)
        } else if kind("NSURL"), let relative = object["NS.relative"]?.string {
            try writeURL(relative, base: object["NS.base"], depth: depth)
        } else if kind("NSArray") || kind("NSSet") || kind("NSOrderedSet"), object.value["NS.keys"] == nil,
            case let items = object.value["NS.objects"]?.array ?? Self.numberedObjects(object)
        {
            try writer.raw("[")
            for (index, item) in items.enumerated() {
                if index > 0 { try writer.raw(",") }
                try write(reference: item, depth: depth + 1)
            }
            try writer.raw("]")
        } else if kind("NSDictionary"), let keys = object.value["NS.keys"]?.array,
            let values = object.value["NS.objects"]?.array, keys.count == values.count
        {
            try writeDictionary(keys: keys, values: values, depth: depth)
        } else if kind("UIColor") || kind("NSColor"), let color = ArchivedColor(object) {
            try writeColor(color, name: classes.first ?? "UIColor")
        } else {
            return false
        }
        return true
    }

    /// The members of an ordered set archived one key each (`NS.object.0`, `NS.object.1`, …), as Foundation
    /// writes it (none for an empty one).
    private static func numberedObjects(_ object: ArchivedObject) -> [PropertyListValue] {
        var items: [PropertyListValue] = []
        while let item = object.value["NS.object.\(items.count)"] { items.append(item) }
        return items
    }

    /// A URL without a base as its text; with one, `{"base": …, "relative": …}` (the base may have its own).
    private mutating func writeURL(_ relative: String, base: ArchivedObject?, depth: Int)
        throws(BudgetedJSONWriter.Exceeded)
    {
        guard let base else { return try writer.string(relative) }
        try writer.raw("{\"base\":")
        try write(base, depth: depth + 1)
        try writer.key("relative", first: false)
        try writer.string(relative)
        try writer.raw("}")
    }

    /// A dictionary in its archived order; a key that is not a string is written as its JSON text.
    private mutating func writeDictionary(keys: [PropertyListValue], values: [PropertyListValue], depth: Int)
        throws(BudgetedJSONWriter.Exceeded)
    {
        try writer.raw("{")
        for (index, (key, value)) in zip(keys, values).enumerated() {
            let resolved = archive.resolve(key)
            let name: String
            if let text = resolved?.value.string {
                name = text
            } else {
                let start = writer.bytes.count
                try write(resolved, depth: depth + 1)
                name = writer.removeText(from: start)
            }
            try writer.key(name, first: index == 0)
            try write(reference: value, depth: depth + 1)
        }
        try writer.raw("}")
    }

    private mutating func writeColor(_ color: ArchivedColor, name: String) throws(BudgetedJSONWriter.Exceeded) {
        try writer.raw("{\"$class\":")
        try writer.string(name)
        try writer.key("colorSpace", first: false)
        try writer.string(color.space)
        if let catalog = color.catalog {
            try writer.key("catalog", first: false)
            try writer.string(catalog)
        }
        if let colorName = color.name {
            try writer.key("name", first: false)
            try writer.string(colorName)
        }
        if !color.components.isEmpty {
            try writer.key("components", first: false)
            try writer.raw("[")
            for (index, component) in color.components.enumerated() {
                if index > 0 { try writer.raw(",") }
                try writer.number(component)
            }
            try writer.raw("]")
        }
        try writer.raw("}")
    }
}
