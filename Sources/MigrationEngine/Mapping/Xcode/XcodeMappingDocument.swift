import Foundation

/// The objects of an `xcmapping.xml` file (a Core Data XML store): type, attributes and relationship targets.
struct XcodeMappingDocument {
    struct Object {
        var id: String
        var type: String
        var attributes: [String: String]
        var relationships: [String: [String]]
        var line: Int
    }

    var objects: [String: Object] = [:]

    init(_ root: XMLElementTree) {
        for element in root.children("object") {
            guard let id = element.attributes["id"], let type = element.attributes["type"] else { continue }
            var object = Object(id: id, type: type, attributes: [:], relationships: [:], line: element.line)
            for attribute in element.children("attribute") {
                if let name = attribute.attributes["name"] { object.attributes[name] = attribute.text }
            }
            for relationship in element.children("relationship") {
                guard let name = relationship.attributes["name"] else { continue }
                object.relationships[name] = (relationship.attributes["idrefs"] ?? "").split(separator: " ").map(String.init)
            }
            objects[id] = object
        }
    }

    /// The objects a relationship of `object` points to, in file order.
    func targets(_ object: Object, _ relationship: String) -> [Object] {
        (object.relationships[relationship] ?? []).compactMap { objects[$0] }
    }

    /// The model version name in a `sourcemodelpath` (`…/Model 2.xcdatamodel` → `Model 2`).
    static func versionName(_ path: String?) -> String? {
        guard let path, !path.isEmpty else { return nil }
        let last = URL(fileURLWithPath: path).lastPathComponent
        return last.hasSuffix(".xcdatamodel") ? String(last.dropLast(".xcdatamodel".count)) : last
    }
}
