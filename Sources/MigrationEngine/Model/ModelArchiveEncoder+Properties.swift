import Foundation

extension ModelArchiveEncoder {
    /// The entity's `NSProperties`: a copy of every property it holds, inherited ones included, each
    /// naming this entity as its own (Apple's caches repeat a parent's properties in each sub-entity).
    mutating func encodeProperties(of entity: Entity) -> PropertyListValue {
        let owner = entityReferences[entity.name]!
        let references = propertyReferences[entity.name] ?? [:]
        for source in model.ancestors(of: entity).reversed() + [entity] {
            for attribute in source.attributes {
                encodeAttribute(attribute, reference: references[attribute.name]!, owner: owner)
            }
            for relationship in source.relationships {
                encodeRelationship(relationship, reference: references[relationship.name]!, owner: owner)
            }
            for fetched in source.fetchedProperties {
                encodeFetchedProperty(fetched, reference: references[fetched.name]!, owner: owner)
            }
        }
        return archive.dictionary(propertyNames(of: entity).map { ($0, references[$0]!) }, classes: Self.mutableDictionary)
    }

    private mutating func encodeAttribute(_ attribute: Attribute, reference: PropertyListValue, owner: PropertyListValue) {
        // Core Data makes every derived attribute read-only.
        let isReadOnly = attribute.isReadOnly || attribute.isDerived
        var fields = common(
            name: attribute.name, renamingIdentifier: attribute.renamingIdentifier, owner: owner,
            modifier: attribute.versionHashModifier, userInfo: attribute.userInfo)
        fields["NSAttributeType"] = .integer(Int64(attribute.type.code))
        fields["NSAttributeValueClassName"] = archive.string(valueClassName(attribute))
        fields["NSValueTransformerName"] = archive.string(attribute.valueTransformerName)
        fields["NSDefaultValue"] =
            attribute.defaultValue.map { defaultValue($0, type: attribute.type) } ?? KeyedArchiveBuilder.null
        // NSFlagsKey: 0x4 external binary storage, 0x10 kept in history after deletion.
        fields["NSFlagsKey"] = .integer(
            (attribute.allowsExternalBinaryDataStorage ? 0x4 : 0) | (attribute.preservesValueInHistoryOnDeletion ? 0x10 : 0))
        setFlags(
            &fields, isOptional: attribute.isOptional, isTransient: attribute.isTransient, isReadOnly: isReadOnly,
            isOrdered: false, modifier: attribute.versionHashModifier, userInfo: attribute.userInfo)
        if attribute.isIndexed { fields["NSIsIndexed"] = .boolean(true) }
        var classes = ["NSAttributeDescription", "NSPropertyDescription", "NSObject"]
        if attribute.isDerived {
            classes.insert("NSDerivedAttributeDescription", at: 0)
            fields["NSDerivationExpression"] = attribute.derivationExpression.map { derivation($0) } ?? KeyedArchiveBuilder.null
            fields["NSFilteringPredicate"] = KeyedArchiveBuilder.null
        }
        archive.fill(reference, classes: classes, fields: fields)
    }

    private mutating func encodeRelationship(
        _ relationship: Relationship, reference: PropertyListValue, owner: PropertyListValue
    ) {
        var fields = common(
            name: relationship.name, renamingIdentifier: relationship.renamingIdentifier, owner: owner,
            modifier: relationship.versionHashModifier, userInfo: relationship.userInfo)
        fields["NSDestinationEntity"] = entityReferences[relationship.destinationEntity] ?? KeyedArchiveBuilder.null
        fields["_NSDestinationEntityName"] = archive.string(relationship.destinationEntity)
        let inverseOwner = relationship.inverseEntity ?? relationship.destinationEntity
        fields["NSInverseRelationship"] =
            relationship.inverseName.flatMap { propertyReferences[inverseOwner]?[$0] } ?? KeyedArchiveBuilder.null
        fields["_NSInverseRelationshipName"] = archive.string(relationship.inverseName)
        fields["NSDeleteRule"] = .integer(Int64(relationship.deleteRule.code))
        fields["NSMaxCount"] = .integer(Int64(relationship.maxCount))
        fields["NSMinCount"] = .integer(Int64(relationship.minCount))
        setFlags(
            &fields, isOptional: relationship.isOptional, isTransient: relationship.isTransient,
            isReadOnly: relationship.isReadOnly, isOrdered: relationship.isOrdered,
            modifier: relationship.versionHashModifier, userInfo: relationship.userInfo)
        archive.fill(reference, classes: ["NSRelationshipDescription", "NSPropertyDescription", "NSObject"], fields: fields)
    }

    /// A fetched property, always transient and read-only. Its request keeps the entity it fetches but
    /// no predicate: the model holds the predicate as text, and turning text into an archived
    /// `NSPredicate` is not done here (see the store-schema guide).
    private mutating func encodeFetchedProperty(
        _ fetched: FetchedProperty, reference: PropertyListValue, owner: PropertyListValue
    ) {
        var fields = common(name: fetched.name, renamingIdentifier: nil, owner: owner, modifier: nil, userInfo: [:])
        let target = fetched.entity.flatMap { entityReferences[$0] } ?? KeyedArchiveBuilder.null
        fields["_NSFetchRequestEntityName"] = archive.string(fetched.entity)
        fields["NSFetchRequest"] = archive.object(
            classes: ["NSFetchRequest", "NSPersistentStoreRequest", "NSObject"],
            fields: [
                "NSEntity": target, "NSPredicate": KeyedArchiveBuilder.null, "NSSortDescriptors": KeyedArchiveBuilder.null,
                "NSHavingPredicate": KeyedArchiveBuilder.null, "NSValuesToFetch": KeyedArchiveBuilder.null,
                "NSValuesToGroupBy": KeyedArchiveBuilder.null, "NSRelationshipKeyPathsForPrefetching": KeyedArchiveBuilder.null,
                "NSAllocationType": .integer(0), "NSBatchSize": .integer(0), "NSFetchLimit": .integer(0),
                "NSFetchOffset": .integer(0), "NSResultType": .integer(0),
                // The request flags every fetched property in the corpus carries.
                "NSFetchRequestFlags": .integer(30), "NSHasFetchRequestFlags": .boolean(true),
            ])
        setFlags(
            &fields, isOptional: fetched.isOptional, isTransient: true, isReadOnly: true, isOrdered: false,
            modifier: nil, userInfo: [:])
        archive.fill(reference, classes: ["NSFetchedPropertyDescription", "NSPropertyDescription", "NSObject"], fields: fields)
    }

    /// The fields every property description has.
    private mutating func common(
        name: String, renamingIdentifier: String?, owner: PropertyListValue, modifier: String?, userInfo: [String: String]
    ) -> [String: PropertyListValue] {
        var fields: [String: PropertyListValue] = [
            "NSPropertyName": archive.string(name), "NSEntity": owner,
            "NSRenamingIdentifier": archive.string(renamingIdentifier ?? name),
        ]
        if let modifier { fields["NSVersionHashModifier"] = archive.string(modifier) }
        if !userInfo.isEmpty { fields["NSUserInfo"] = self.userInfo(userInfo) }
        return fields
    }

    /// The YES-only flag keys and the packed `_P` word. Bits of `_P`, as Apple's caches show them: 0x2
    /// optional, 0x4 read-only, 0x8 transient, 0x400 ordered; 0x10 and 0x20 mean "no validation
    /// predicates" and "no validation warnings", 0x40 "no user info", 0x80 "no version hash modifier";
    /// 0x1 is set in every property of the corpus.
    private func setFlags(
        _ fields: inout [String: PropertyListValue], isOptional: Bool, isTransient: Bool, isReadOnly: Bool,
        isOrdered: Bool, modifier: String?, userInfo: [String: String]
    ) {
        var packed: Int64 = 0x1 | 0x10 | 0x20
        if isOptional {
            fields["NSIsOptional"] = .boolean(true)
            packed |= 0x2
        }
        if isReadOnly {
            fields["NSIsReadOnly"] = .boolean(true)
            packed |= 0x4
        }
        if isTransient {
            fields["NSIsTransient"] = .boolean(true)
            packed |= 0x8
        }
        if isOrdered {
            fields["NSIsOrdered"] = .boolean(true)
            packed |= 0x400
        }
        if userInfo.isEmpty { packed |= 0x40 }
        if modifier == nil { packed |= 0x80 }
        fields["_P"] = .integer(packed)
    }

    /// `NSAttributeValueClassName`: the class Core Data hands values out as (nil for Undefined, and for a
    /// Transformable without a custom class).
    private func valueClassName(_ attribute: Attribute) -> String? {
        switch attribute.type {
        case .integer16, .integer32, .integer64, .double, .float, .boolean: "NSNumber"
        case .decimal: "NSDecimalNumber"
        case .string: "NSString"
        case .date: "NSDate"
        case .binary: "NSData"
        case .uuid: "NSUUID"
        case .uri: "NSURL"
        case .transformable: attribute.customClassName
        case .undefined, .objectID, .composite: nil
        }
    }
}
