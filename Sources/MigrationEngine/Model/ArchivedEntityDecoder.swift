import Foundation

/// Reads one archived `NSEntityDescription` and its properties (see ``ModelArchiveDecoder``).
enum ArchivedEntityDecoder {
    static func entity(_ object: ArchivedObject, path: String) throws(ModelError) -> Entity {
        guard object.isKind(of: "NSEntityDescription"), let name = object["NSEntityName"]?.string else {
            throw ModelError(.undecodableArchive, path: path, message: "entity without NSEntityName in the archive")
        }
        var entity = Entity(
            name: name,
            parentName: object["NSSuperentity"]?["NSEntityName"]?.string,
            isAbstract: object["NSIsAbstract"]?.boolean ?? false,
            className: object["NSClassNameForEntity"]?.string,
            renamingIdentifier: renaming(object["NSRenamingIdentifier"]?.string, name: name),
            versionHashModifier: object["NSVersionHashModifier"]?.string,
            uniquenessConstraints: nameLists(object["NSUniqueTuples"]),
            compoundIndexes: nameLists(object["NSCompoundIndexes"]),
            userInfo: userInfo(object["NSUserInfo"]))
        let properties = try ModelArchiveDecoder.members(object["NSProperties"], path: path, what: "\(name).NSProperties")
        for (key, property) in properties.sorted(by: { $0.key < $1.key }) {
            if property.isKind(of: "NSAttributeDescription") {
                entity.attributes.append(try attribute(property, name: key, entity: name, path: path))
            } else if property.isKind(of: "NSRelationshipDescription") {
                entity.relationships.append(try relationship(property, name: key, entity: name, path: path))
            } else if property.isKind(of: "NSFetchedPropertyDescription") {
                entity.fetchedProperties.append(
                    FetchedProperty(name: key, isOptional: property["NSIsOptional"]?.boolean ?? false))
            }
        }
        entity.fetchIndexes = fetchIndexes(object["NSFetchIndexDescriptions"], beyond: entity)
        return entity
    }

    /// The fetch indexes an archive lists beyond those its indexed attributes and `NSCompoundIndexes` stand for
    /// (`ModelArchiveEncoder.fetchIndexes(of:)` writes those too): declared ones, and compound indexes naming
    /// relationships, which `NSCompoundIndexes` leaves out (wire's `Message`, whose cached model is the only
    /// description of store 2.65.0).
    private static func fetchIndexes(_ object: ArchivedObject?, beyond entity: Entity) -> [FetchIndex] {
        let implied = Set(entity.attributes.filter(\.isIndexed).map(\.name))
            .union(entity.compoundIndexes.map { $0.joined(separator: "_") })
        return (object?.elements ?? []).compactMap { description in
            guard let name = description["NSIndexName"]?.string, !implied.contains(name) else { return nil }
            let elements = (description["NSIndexElements"]?.elements ?? []).compactMap { element -> FetchIndex.Element? in
                guard let property = element["NSPropertyName"]?.string else { return nil }
                // NSFetchIndexElementType: 0 binary, 1 R-tree.
                return FetchIndex.Element(
                    property: property, type: element["NSFetchIndexElementType"]?.integer == 1 ? "R-Tree" : "Binary",
                    ascending: element["NSAscending"]?.boolean ?? true)
            }
            return elements.isEmpty ? nil : FetchIndex(name: name, elements: elements)
        }
    }

    private static func attribute(_ object: ArchivedObject, name: String, entity: String, path: String) throws(ModelError)
        -> Attribute
    {
        let code = object["NSAttributeType"]?.integer ?? -1
        guard let type = AttributeType(code: Int(code)) else {
            throw ModelError(.undecodableArchive, path: path, message: "\(entity).\(name) has unknown attribute type \(code)")
        }
        let flags = object["NSFlagsKey"]?.integer ?? 0
        var attribute = Attribute(
            name: name, type: type,
            isOptional: flag(object, "NSIsOptional"), isTransient: flag(object, "NSIsTransient"),
            isReadOnly: flag(object, "NSIsReadOnly"),
            isDerived: object.isKind(of: "NSDerivedAttributeDescription"),
            defaultValue: object["NSDefaultValue"].flatMap(text),
            allowsExternalBinaryDataStorage: flags & 0x4 != 0,
            preservesValueInHistoryOnDeletion: flags & 0x10 != 0,
            valueTransformerName: object["NSValueTransformerName"]?.string,
            renamingIdentifier: renaming(object["NSRenamingIdentifier"]?.string, name: name),
            versionHashModifier: object["NSVersionHashModifier"]?.string,
            isIndexed: flag(object, "NSIsIndexed"),
            userInfo: userInfo(object["NSUserInfo"]))
        if type == .transformable { attribute.customClassName = object["NSAttributeValueClassName"]?.string }
        if attribute.isDerived { attribute.derivationExpression = ArchivedDerivation.format(object["NSDerivationExpression"]) }
        // Bits 1 and 2 of NSFlagsKey say that a maximum and a minimum were encoded.
        if flags & 0x1 != 0 { attribute.maxValue = object["NSMaxValueName"].flatMap(text) }
        if flags & 0x2 != 0 { attribute.minValue = object["NSMinValueName"].flatMap(text) }
        try CompositeAttributes.refuse(attribute, of: entity, path: path)
        return attribute
    }

    private static func relationship(
        _ object: ArchivedObject, name: String, entity: String, path: String
    ) throws(ModelError) -> Relationship {
        guard
            let destination = object["NSDestinationEntity"]?["NSEntityName"]?.string
                ?? object["_NSDestinationEntityName"]?.string
        else {
            throw ModelError(.undecodableArchive, path: path, message: "\(entity).\(name) has no destination entity")
        }
        let inverse = object["NSInverseRelationship"]
        let maxCount = Int(object["NSMaxCount"]?.integer ?? 0)
        let minCount = Int(object["NSMinCount"]?.integer ?? 0)
        // Counts are hashed as 32-bit integers; anything outside that range is damage, not a model.
        guard Int32(exactly: maxCount) != nil, Int32(exactly: minCount) != nil else {
            throw ModelError(.undecodableArchive, path: path, message: "\(entity).\(name) has an impossible min/max count")
        }
        return Relationship(
            name: name, destinationEntity: destination,
            inverseName: inverse?["NSPropertyName"]?.string ?? object["_NSInverseRelationshipName"]?.string,
            inverseEntity: inverse?["NSEntity"]?["NSEntityName"]?.string,
            isOptional: flag(object, "NSIsOptional"), isTransient: flag(object, "NSIsTransient"),
            isReadOnly: flag(object, "NSIsReadOnly"), isToMany: maxCount != 1,
            isOrdered: flag(object, "NSIsOrdered"), minCount: minCount,
            maxCount: maxCount,
            deleteRule: DeleteRule(code: Int(object["NSDeleteRule"]?.integer ?? 1)) ?? .nullify,
            renamingIdentifier: renaming(object["NSRenamingIdentifier"]?.string, name: name),
            versionHashModifier: object["NSVersionHashModifier"]?.string,
            userInfo: userInfo(object["NSUserInfo"]))
    }

    private static func flag(_ object: ArchivedObject, _ key: String) -> Bool {
        object[key]?.boolean ?? false
    }

    private static func renaming(_ identifier: String?, name: String) -> String? {
        identifier == name ? nil : identifier
    }

    /// A scalar written the way the XML source spells it (`YES`/`NO` for Booleans).
    private static func text(_ object: ArchivedObject) -> String? {
        if let string = object.string { return string }
        if let flag = object.value.boolean { return flag ? "YES" : "NO" }
        if let number = object.value.integer { return String(number) }
        if let number = object.value.real { return String(number) }
        if let date = object.date { return String(date.timeIntervalSinceReferenceDate) }
        return nil
    }

    /// A user info dictionary's entries whose values read as text (strings, numbers, dates).
    static func userInfo(_ object: ArchivedObject?) -> [String: String] {
        (object?.dictionary ?? [:]).compactMapValues(text)
    }

    /// Lists of property names, each written either as a name or as an archived property description.
    private static func nameLists(_ object: ArchivedObject?) -> [[String]] {
        (object?.elements ?? []).map { list in
            (list.elements ?? []).compactMap { $0.string ?? $0["NSPropertyName"]?.string }
        }.filter { !$0.isEmpty }
    }
}
