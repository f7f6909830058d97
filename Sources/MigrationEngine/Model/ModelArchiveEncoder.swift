import Foundation

/// Turns an ``ObjectModel`` into a keyed archive of `NSManagedObjectModel` as Core Data writes it into the
/// `Z_MODELCACHE` of a store its migration made; ``ModelArchiveDecoder`` reads it back.
///
/// The shape is learned from Apple's caches in the corpus (`docs/guide/store-schema.md` lists it): every
/// entity carries all its properties, inherited ones as its own copies; renaming identifiers default to
/// the name; flags are written only when YES, next to the packed `_P` word; class names are not kept;
/// indexed attributes and compound indexes become fetch index descriptions.
package struct ModelArchiveEncoder {
    let model: ObjectModel
    var archive = KeyedArchiveBuilder()
    let modelReference: PropertyListValue
    var entityReferences: [String: PropertyListValue] = [:]
    /// Entity name → property name → the entity's own copy of that property.
    var propertyReferences: [String: [String: PropertyListValue]] = [:]

    /// The keyed-archive bytes of `model` (what a compiled `.mom` or an inflated model cache holds).
    package static func encode(_ model: ObjectModel) -> Data {
        var encoder = ModelArchiveEncoder(model: model)
        encoder.encodeModel()
        return BinaryPropertyListWriter.write(encoder.archive.archive(root: encoder.modelReference))
    }

    private init(model: ObjectModel) {
        self.model = model
        modelReference = archive.reserve()
    }

    /// Core Data's entity order: plain code-unit order of the names.
    var entities: [Entity] { model.entitiesByName }

    private mutating func encodeModel() {
        // Every entity and property is referred to before it is written, so all get their slots first.
        for entity in entities {
            entityReferences[entity.name] = archive.reserve()
            for name in propertyNames(of: entity) { propertyReferences[entity.name, default: [:]][name] = archive.reserve() }
        }
        let identifiers = strings(model.versionIdentifiers)
        var fields: [String: PropertyListValue] = [
            "NSEntities": knownKeysDictionary(entities.map { ($0.name, entityReferences[$0.name]!) }),
            "NSFetchRequestTemplates": KeyedArchiveBuilder.null,
            "NSVersionIdentifiers": archive.collection(identifiers, classes: Self.set),
        ]
        if !model.configurations.isEmpty {
            var configurations: [(key: String, value: PropertyListValue)] = []
            for configuration in model.configurations {
                let members = configuration.entityNames.compactMap { entityReferences[$0] }
                configurations.append((configuration.name, archive.collection(members, classes: Self.set)))
            }
            fields["NSConfigurations"] = archive.dictionary(configurations, classes: Self.mutableDictionary)
        }
        archive.fill(modelReference, classes: ["NSManagedObjectModel", "NSObject"], fields: fields)
        for entity in entities { encodeEntity(entity) }
    }

    /// Names of the properties an entity holds, inherited ones first, as its `NSProperties` lists them.
    func propertyNames(of entity: Entity) -> [String] {
        let chain = model.ancestors(of: entity).reversed() + [entity]
        return chain.flatMap { $0.attributes.map(\.name) + $0.relationships.map(\.name) + $0.fetchedProperties.map(\.name) }
    }

    private mutating func encodeEntity(_ entity: Entity) {
        let reference = entityReferences[entity.name]!
        let subentities = model.subentities(of: entity).sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        let indexes = fetchIndexes(of: entity)
        var indexReferences: [PropertyListValue] = []
        for index in indexes { indexReferences.append(encodeFetchIndex(index, entity: reference)) }
        var fields: [String: PropertyListValue] = [
            "NSEntityName": archive.string(entity.name),
            "NSClassNameForEntity": KeyedArchiveBuilder.null,
            "NSManagedObjectModel": modelReference,
            "NSRenamingIdentifier": archive.string(entity.renamingIdentifier ?? entity.name),
            "NSVersionHashModifier": archive.string(entity.versionHashModifier),
            "NSSuperentity": entity.parentName.flatMap { entityReferences[$0] } ?? KeyedArchiveBuilder.null,
            "NSSubentities": archive.dictionary(
                subentities.map { ($0.name, entityReferences[$0.name]!) }, classes: Self.mutableDictionary),
            "NSUserInfo": userInfo(entity.userInfo),
            "NSFetchIndexDescriptions": archive.collection(indexReferences, classes: Self.mutableArray),
            "NSCompoundIndexes": nameLists(compoundIndexes(of: entity, indexes: indexes)),
        ]
        if entity.isAbstract { fields["NSIsAbstract"] = .boolean(true) }
        if !entity.uniquenessConstraints.isEmpty { fields["NSUniqueTuples"] = nameLists(entity.uniquenessConstraints) }
        fields["NSProperties"] = encodeProperties(of: entity)
        archive.fill(reference, classes: ["NSEntityDescription", "NSObject"], fields: fields)
    }

    /// An `NSKnownKeysDictionary1`, Core Data's private dictionary of the model's entities.
    private mutating func knownKeysDictionary(_ entries: [(String, PropertyListValue)]) -> PropertyListValue {
        let names = strings(entries.map(\.0))
        let keys = archive.collection(names, classes: Self.array)
        let mapping = archive.object(
            classes: ["NSKnownKeysMappingStrategy1", "NSKnownKeysMappingStrategy", "NSObject"],
            fields: ["keys": keys, "length": .integer(Int64(entries.count)), "version": .integer(1)])
        let values = archive.collection(entries.map(\.1), classes: Self.array)
        let emptyToken = archive.string("__empty_slot_token_4c24_98dc_ac1e_b773__")
        return archive.object(
            classes: ["NSKnownKeysDictionary1", "NSKnownKeysDictionary", "NSMutableDictionary", "NSDictionary", "NSObject"],
            fields: ["searchMapping": mapping, "values": values, "emptyToken": emptyToken, "version": .integer(1)])
    }

    /// Lists of names (uniqueness constraints, compound indexes): mutable arrays of mutable arrays.
    mutating func nameLists(_ lists: [[String]]) -> PropertyListValue {
        var members: [PropertyListValue] = []
        for list in lists {
            let names = strings(list)
            members.append(archive.collection(names, classes: Self.mutableArray))
        }
        return archive.collection(members, classes: Self.mutableArray)
    }

    /// String objects for `texts`, in order.
    mutating func strings(_ texts: [String]) -> [PropertyListValue] {
        var references: [PropertyListValue] = []
        for text in texts { references.append(archive.string(text)) }
        return references
    }

    /// User info as an `NSDictionary` of strings, in key order.
    mutating func userInfo(_ entries: [String: String]) -> PropertyListValue {
        let sorted = entries.sorted { $0.key < $1.key }
        let values = strings(sorted.map(\.value))
        return archive.dictionary(zip(sorted, values).map { (key: $0.key, value: $1) }, classes: Self.dictionary)
    }

    static let array = ["NSArray", "NSObject"]
    static let mutableArray = ["NSMutableArray", "NSArray", "NSObject"]
    static let set = ["NSSet", "NSObject"]
    static let dictionary = ["NSDictionary", "NSObject"]
    static let mutableDictionary = ["NSMutableDictionary", "NSDictionary", "NSObject"]
}
