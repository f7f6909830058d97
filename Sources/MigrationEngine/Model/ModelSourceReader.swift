import Foundation

/// Reads one model version from Xcode's XML (`<Version>.xcdatamodel/contents`).
package enum ModelSourceReader {
    /// Parses the XML of one model version.
    /// - Parameters:
    ///   - data: The bytes of the `contents` file.
    ///   - name: The version's name.
    ///   - path: The file, for error messages.
    /// - Returns: The version's entities, configurations and fetch requests.
    /// - Throws: ``ModelError`` for XML that does not parse or does not describe a model.
    package static func read(_ data: Data, name: String, path: String) throws(ModelError) -> ObjectModel {
        let root: XMLElementTree
        do {
            root = try XMLElementTree.parse(data)
        } catch {
            throw ModelError(.malformedXML, path: path, line: error.line, message: error.message)
        }
        guard root.name == "model" else {
            throw ModelError(
                .invalidModel, path: path, line: root.line, message: "root element is <\(root.name)>, expected <model>")
        }
        var entities: [Entity] = []
        for element in root.children("entity") {
            entities.append(try entity(element, path: path))
        }
        let model = ObjectModel(
            name: name,
            entities: entities,
            configurations: root.children("configuration").map { element in
                ModelConfiguration(
                    name: element.attributes["name"] ?? "",
                    entityNames: element.children("memberEntity").compactMap { $0.attributes["name"] })
            },
            fetchRequests: root.children("fetchRequest").map { element in
                FetchRequestTemplate(
                    name: element.attributes["name"] ?? "", entity: element.attributes["entity"] ?? "",
                    predicate: element.attributes["predicateString"])
            },
            versionIdentifiers: [root.attributes["userDefinedModelVersionIdentifier"] ?? ""]
        )
        try validate(model, root: root, path: path)
        return model
    }

    private static func entity(_ element: XMLElementTree, path: String) throws(ModelError) -> Entity {
        let name = try requiredName(element, "<entity>", path: path)
        var attributes: [Attribute] = []
        for child in element.children("attribute") {
            attributes.append(try attribute(child, entity: name, path: path))
        }
        var relationships: [Relationship] = []
        for child in element.children("relationship") {
            relationships.append(try relationship(child, entity: name, path: path))
        }
        return Entity(
            name: name,
            parentName: element.attributes["parentEntity"],
            isAbstract: element.flag("isAbstract"),
            className: element.attributes["representedClassName"],
            renamingIdentifier: element.attributes["elementID"],
            versionHashModifier: element.attributes["versionHashModifier"],
            attributes: attributes,
            relationships: relationships,
            fetchedProperties: element.children("fetchedProperty").map { child in
                let request = child.child("fetchRequest")
                return FetchedProperty(
                    name: child.attributes["name"] ?? "", entity: request?.attributes["entity"],
                    predicate: request?.attributes["predicateString"], isOptional: child.flag("optional"))
            },
            uniquenessConstraints: (element.child("uniquenessConstraints")?.children("uniquenessConstraint") ?? [])
                .map { $0.children("constraint").compactMap { $0.attributes["value"] } },
            fetchIndexes: element.children("fetchIndex").map { child in
                FetchIndex(
                    name: child.attributes["name"] ?? "",
                    elements: child.children("fetchIndexElement").map { item in
                        FetchIndex.Element(
                            property: item.attributes["property"] ?? "",
                            type: item.attributes["type"] ?? "Binary",
                            ascending: item.attributes["order"] != "descending")
                    })
            },
            compoundIndexes: (element.child("compoundIndexes")?.children("compoundIndex") ?? [])
                .map { $0.children("index").compactMap { $0.attributes["value"] } },
            userInfo: userInfo(element)
        )
    }

    private static func attribute(_ element: XMLElementTree, entity: String, path: String) throws(ModelError)
        -> Attribute
    {
        let name = try requiredName(element, "an attribute of \(entity)", path: path)
        let type: AttributeType = try named(
            element, "attributeType", default: "Undefined", of: "attribute \(entity).\(name)", path: path)
        let attribute = Attribute(
            name: name, type: type,
            isOptional: element.flag("optional"),
            isTransient: element.flag("transient"),
            isDerived: element.flag("derived"),
            derivationExpression: element.attributes["derivationExpression"],
            defaultValue: value(element, .defaultValue, type: type),
            minValue: value(element, .minValue, type: type),
            maxValue: value(element, .maxValue, type: type),
            allowsExternalBinaryDataStorage: element.flag("allowsExternalBinaryDataStorage"),
            preservesValueInHistoryOnDeletion: element.flag("preserveAfterDeletion"),
            valueTransformerName: element.attributes["valueTransformerName"],
            customClassName: element.attributes["customClassName"],
            renamingIdentifier: element.attributes["elementID"],
            versionHashModifier: element.attributes["versionHashModifier"],
            isIndexed: element.flag("indexed"),
            userInfo: userInfo(element)
        )
        try CompositeAttributes.refuse(attribute, of: entity, path: path, line: element.line)
        return attribute
    }

    private static func relationship(_ element: XMLElementTree, entity: String, path: String) throws(ModelError)
        -> Relationship
    {
        let name = try requiredName(element, "a relationship of \(entity)", path: path)
        guard let destination = element.attributes["destinationEntity"] else {
            throw ModelError(
                .invalidModel, path: path, line: element.line,
                message: "relationship \(entity).\(name) has no destinationEntity")
        }
        let toMany = element.flag("toMany")
        let rule: DeleteRule = try named(
            element, "deletionRule", default: "Nullify", of: "relationship \(entity).\(name)", path: path)
        return Relationship(
            name: name, destinationEntity: destination,
            inverseName: element.attributes["inverseName"],
            inverseEntity: element.attributes["inverseEntity"],
            isOptional: element.flag("optional"),
            isTransient: element.flag("transient"),
            isToMany: toMany,
            isOrdered: element.flag("ordered"),
            minCount: element.attributes["minCount"].flatMap { Int($0) } ?? 0,
            maxCount: element.attributes["maxCount"].flatMap { Int($0) } ?? (toMany ? 0 : 1),
            deleteRule: rule,
            renamingIdentifier: element.attributes["elementID"],
            versionHashModifier: element.attributes["versionHashModifier"],
            userInfo: userInfo(element)
        )
    }

    private static func userInfo(_ element: XMLElementTree) -> [String: String] {
        var info: [String: String] = [:]
        for entry in element.child("userInfo")?.children("entry") ?? [] {
            if let key = entry.attributes["key"] { info[key] = entry.attributes["value"] ?? "" }
        }
        return info
    }

    /// Rejects references that would make later stages fail far from the cause.
    private static func validate(_ model: ObjectModel, root: XMLElementTree, path: String) throws(ModelError) {
        let names = Set(model.entities.map(\.name))
        let lines = Dictionary(
            root.children("entity").map { ($0.attributes["name"] ?? "", $0.line) }, uniquingKeysWith: { a, _ in a })
        if names.count != model.entities.count {
            throw ModelError(.invalidModel, path: path, message: "two entities share a name")
        }
        for entity in model.entities {
            if let parent = entity.parentName, !names.contains(parent) {
                throw ModelError(
                    .invalidModel, path: path, line: lines[entity.name],
                    message: "entity \(entity.name) names unknown parent entity \(parent)")
            }
            for relationship in entity.relationships where !names.contains(relationship.destinationEntity) {
                throw ModelError(
                    .invalidModel, path: path, line: lines[entity.name],
                    message:
                        "relationship \(entity.name).\(relationship.name) points to unknown entity \(relationship.destinationEntity)"
                )
            }
        }
        if let problem = InheritanceCheck.problem(in: model.entities) {
            throw ModelError(.invalidModel, path: path, line: lines[problem.entity], message: problem.message)
        }
    }

    /// A default, minimum or maximum (`which`) in ``Attribute``'s form: `…ValueString` as written, except
    /// for a Date, whose `…ValueString` is display text in Xcode's time zone; there the exact
    /// `…DateTimeInterval` (seconds since 2001-01-01 UTC) is used, written as a compiled model's decoder writes it.
    private static func value(_ element: XMLElementTree, _ which: ValueKeys, type: AttributeType) -> String? {
        if type == .date, let seconds = element.attributes[which.dateTimeInterval].flatMap(Double.init) {
            return String(seconds)
        }
        return element.attributes[which.string]
    }

    /// The XML attributes of a default, minimum or maximum value (spelled out once: a model has many).
    private struct ValueKeys {
        let string: String
        let dateTimeInterval: String

        static let defaultValue = ValueKeys(string: "defaultValueString", dateTimeInterval: "defaultDateTimeInterval")
        static let minValue = ValueKeys(string: "minValueString", dateTimeInterval: "minDateTimeInterval")
        static let maxValue = ValueKeys(string: "maxValueString", dateTimeInterval: "maxDateTimeInterval")
    }

    /// The element's non-empty `name`; `what` names the element in the error when it has none.
    private static func requiredName(
        _ element: XMLElementTree, _ what: @autoclosure () -> String, path: String
    ) throws(ModelError) -> String {
        guard let name = element.attributes["name"], !name.isEmpty else {
            throw ModelError(.invalidModel, path: path, line: element.line, message: "\(what()) has no name")
        }
        return name
    }

    /// The enumeration case named by XML attribute `key` (`fallback` when absent); `owner` names the
    /// property in the error for an unknown name.
    private static func named<Value: RawRepresentable<String>>(
        _ element: XMLElementTree, _ key: String, default fallback: String, of owner: @autoclosure () -> String,
        path: String
    ) throws(ModelError) -> Value {
        let raw = element.attributes[key] ?? fallback
        guard let value = Value(rawValue: raw) else {
            throw ModelError(.invalidModel, path: path, line: element.line, message: "\(owner()) has unknown \(key) \"\(raw)\"")
        }
        return value
    }
}
