import Foundation

/// Turns a keyed archive of `NSManagedObjectModel` (a compiled `.mom`, or an inflated store model cache)
/// into an ``ObjectModel``.
///
/// Keys are Core Data's `encodeWithCoder:` names; flags such as `NSIsOptional`, `NSIsTransient` and
/// `NSIsOrdered` are written only when YES, so an absent key means NO. Renaming identifiers equal to the
/// property's own name are dropped, as the XML reader has none for them.
package enum ModelArchiveDecoder {
    /// Decodes the archive bytes.
    package static func decode(_ data: Data, name: String, path: String) throws(ModelError) -> ObjectModel {
        let root: ArchivedObject
        do {
            root = try KeyedArchive(data: data).root()
        } catch {
            throw ModelError(.undecodableArchive, path: path, message: error.message)
        }
        guard root.isKind(of: "NSManagedObjectModel") else {
            throw ModelError(
                .undecodableArchive, path: path,
                message: "archive root is \(root.className ?? "not an object"), expected NSManagedObjectModel")
        }
        var entities: [Entity] = []
        for object in try members(root["NSEntities"], path: path, what: "NSEntities").values {
            entities.append(try ArchivedEntityDecoder.entity(object, path: path))
        }
        entities.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        // A damaged archive can make an entity its own ancestor, which would send hashing round for ever.
        if let problem = InheritanceCheck.problem(in: entities) {
            throw ModelError(.undecodableArchive, path: path, message: problem.message)
        }
        entities = dropInheritedProperties(entities)
        let identifiers = (root["NSVersionIdentifiers"]?.elements ?? []).compactMap(\.string).sorted()
        let templates = ((try? members(root["NSFetchRequestTemplates"], path: path, what: "templates")) ?? [:])
            .map { key, request in
                FetchRequestTemplate(name: key, entity: request["NSEntity"]?["NSEntityName"]?.string ?? "")
            }
            .sorted { $0.name < $1.name }
        // NSConfigurations: name → set of entities (books' cache; cdmigrate's caches of multi-configuration models).
        let configurations = try members(root["NSConfigurations"], path: path, what: "NSConfigurations")
            .map { name, members in
                ModelConfiguration(
                    name: name, entityNames: (members.elements ?? []).compactMap { $0["NSEntityName"]?.string }.sorted())
            }
            .sorted { $0.name < $1.name }
        return ObjectModel(
            name: name, entities: entities, configurations: configurations, fetchRequests: templates,
            versionIdentifiers: identifiers.isEmpty ? [""] : identifiers)
    }

    /// An archived sub-entity's `NSProperties` repeats every inherited property; keep only its own, as
    /// the model source declares them (otherwise inherited properties would be hashed twice).
    private static func dropInheritedProperties(_ entities: [Entity]) -> [Entity] {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return entities.map { entity in
            var inherited: Set<String> = []
            var seen: Set<String> = [entity.name]
            var current = entity.parentName
            while let name = current, seen.insert(name).inserted, let parent = byName[name] {
                inherited.formUnion(
                    parent.attributes.map(\.name) + parent.relationships.map(\.name)
                        + parent.fetchedProperties.map(\.name))
                current = parent.parentName
            }
            guard !inherited.isEmpty else { return entity }
            var own = entity
            own.attributes.removeAll { inherited.contains($0.name) }
            own.relationships.removeAll { inherited.contains($0.name) }
            own.fetchedProperties.removeAll { inherited.contains($0.name) }
            return own
        }
    }

    /// The entries of an `NSDictionary` or of Core Data's private `NSKnownKeysDictionary1`, whose keys
    /// live in its `NSKnownKeysMappingStrategy1` (`searchMapping.keys`) and values in `values`, in step.
    static func members(_ object: ArchivedObject?, path: String, what: String) throws(ModelError) -> [String: ArchivedObject] {
        guard let object else { return [:] }
        if let entries = object.dictionary { return entries }
        if let keys = object["searchMapping"]?["keys"]?.elements?.compactMap(\.string),
            let values = object["values"]?.elements, keys.count == values.count
        {
            return Dictionary(zip(keys, values), uniquingKeysWith: { first, _ in first })
        }
        throw ModelError(
            .undecodableArchive, path: path,
            message: "\(what) is \(object.className ?? object.value.typeName), not a dictionary")
    }
}
