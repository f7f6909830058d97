import Foundation
import GRDB
import MigrationEngine

/// A random pair of model versions from one seed, with what the change between them predicts: a source model
/// using every attribute type and relationship kind (to-one ↔ to-many, ordered, many-to-many, ordered
/// many-to-many, one-to-one, without an inverse either way, reflexive, across a sub-entity) and indexes (an
/// attribute's flag, fetch indexes, compound indexes), derived counts (`<to-many>.@count`), a third of the time
/// a second configuration the store does not hold, and a destination made of a few changes inference accepts
/// (attributes added, added required with a default, removed, renamed by renaming identifier, made required
/// with a default, widened; entities renamed; relationships added and removed) and one change of shape
/// (``reshape(_:)``: an entity added or removed, a to-one made to-many, a relationship renamed).
struct GeneratedModelPair: CustomStringConvertible {
    var seed: UInt64
    var source: ObjectModel
    var destination: ObjectModel
    /// Source entity name → destination entity name, for every entity kept.
    var entityNames: [String: String] = [:]
    /// Source "Entity.property" → destination property name, for every property kept (renamed or not).
    var propertyNames: [String: String] = [:]
    /// Destination "Entity.attribute" → the value every object without one gets (added or made required).
    var defaults: [String: DatabaseValue] = [:]
    /// Destination "Entity.relationship" → the destination to-one it is now the many-to-many inverse of: the
    /// source kept its links only on the to-one side, so its facts are that side's, inverted.
    var inverted: [String: String] = [:]
    /// What was changed, for a failure's message.
    var changes: [String] = []
    /// The relationship kinds (0…7, see ``relate(_:_:_:name:kind:)``) and change kinds (0…8) drawn.
    var relationshipKinds: Set<Int> = []
    var changeKinds: Set<Int> = []
    /// The configuration the store holds, when the models have two (``addIsland()``): its entities alone, in
    /// each version.
    var sourceConfiguration: ModelConfiguration?
    var destinationConfiguration: ModelConfiguration?

    /// The entities a store of each version holds: the whole model, or its configuration's.
    var storedSource: ObjectModel { sourceConfiguration.map { source.restricted(to: $0) } ?? source }
    var storedDestination: ObjectModel { destinationConfiguration.map { destination.restricted(to: $0) } ?? destination }

    var description: String {
        "seed \(seed)\(sourceConfiguration.map { " (a store of configuration \($0.name))" } ?? ""): "
            + changes.joined(separator: "; ")
    }

    static let types: [AttributeType] = [
        .integer16, .integer32, .integer64, .decimal, .double, .float, .string, .boolean, .date, .binary, .uuid, .uri,
        .transformable,
    ]
    static let names = ["Album", "Book", "Card", "Dish", "Envelope", "Flag"]

    init(seed: UInt64) {
        self.seed = seed
        var random = SeededGenerator(seed: seed)
        var entities: [Entity] = []
        let count = 3 + Int(random.next() % 3)
        for name in Self.names.prefix(count) {
            var attributes: [Attribute] = []
            for index in 0..<(2 + Int(random.next() % 4)) {
                let type = Self.types[Int(random.next() % UInt64(Self.types.count))]
                attributes.append(
                    Attribute(
                        name: "a\(index)", type: type, isOptional: !random.oneIn(4),
                        allowsExternalBinaryDataStorage: (type == .binary || type == .transformable) && random.oneIn(2)))
            }
            entities.append(Entity(name: name, attributes: attributes))
        }
        // A uniqueness constraint (the seeder makes the values unique; a step must keep them so).
        if let position = entities[2].attributes.firstIndex(where: { $0.type == .string || $0.type == .integer64 }) {
            entities[2].uniquenessConstraints = [[entities[2].attributes[position].name]]
        }
        // An abstract parent half the time: its objects are its sub-entity's only.
        if random.oneIn(2) {
            entities[0].isAbstract = true
            entities.append(
                Entity(
                    name: entities[0].name + "Kind", parentName: entities[0].name,
                    attributes: [Attribute(name: "kind", type: .integer16)]))
        }
        // A sub-entity with its own attribute: relationships to its parent reach its objects too.
        entities.append(
            Entity(
                name: entities[1].name + "Special", parentName: entities[1].name,
                attributes: [Attribute(name: "extra", type: .string)]))
        for index in 0..<(4 + Int(random.next() % 4)) {
            let kind = Int(random.next() % 8)
            relationshipKinds.insert(kind)
            let from = Int(random.next() % UInt64(entities.count))
            let to = kind == 7 ? from : Int(random.next() % UInt64(entities.count))
            Self.relate(&entities, from, to, name: "r\(index)", kind: kind == 7 ? Int(random.next() % 5) : kind)
        }
        Self.index(&entities, seed: seed)
        // Derived counts and configurations from a third stream, so that every other draw stays what it was.
        var more = SeededGenerator(seed: seed &* 0x2545_F491 &+ 0x7A3)
        Self.deriveCounts(&entities, &more)
        let island = more.oneIn(3)
        source = ObjectModel(name: "Generated\(seed)A", entities: entities)
        destination = source
        for entity in entities {
            entityNames[entity.name] = entity.name
            for property in entity.attributes.map(\.name) + entity.relationships.map(\.name) {
                propertyNames["\(entity.name).\(property)"] = property
            }
        }
        for _ in 0..<(2 + Int(random.next() % 3)) { change(&random) }
        // One change of the model's shape from a fourth stream, so that every earlier draw stays what it was.
        var shape = SeededGenerator(seed: seed &* 0x5851_F42D &+ 0x2B9)
        reshape(&shape)
        destination.name = "Generated\(seed)B"
        if island { addIsland() }
    }

    /// A derived count (`<relationship>.@count`, as Core Data keeps one with triggers) on about half the
    /// entities holding a to-many whose inverse is a to-one.
    static func deriveCounts(_ entities: inout [Entity], _ random: inout SeededGenerator) {
        for index in entities.indices {
            for relationship in entities[index].relationships
            where relationship.isToMany && relationship.inverseName != nil && random.oneIn(2) {
                guard
                    let other = entities.first(where: { $0.name == relationship.destinationEntity }),
                    let inverse = other.relationships.first(where: { $0.name == relationship.inverseName }), !inverse.isToMany
                else { continue }
                entities[index].attributes.append(
                    Attribute(
                        name: relationship.name + "Count", type: .integer64, isDerived: true,
                        derivationExpression: relationship.name + ".@count"))
            }
        }
    }

    /// Two more entities related only to each other, in a configuration of their own (`Island`), the others in
    /// `Shelf`: the store holds `Shelf`'s entities alone, numbered among themselves, while `Aisle` sorts first
    /// and so moves every entity's number in the whole model.
    private mutating func addIsland() {
        let island = [
            Entity(
                name: "Aisle", attributes: [Attribute(name: "label", type: .string)],
                relationships: [
                    Relationship(
                        name: "zones", destinationEntity: "Zone", inverseName: "aisle", inverseEntity: "Zone", isToMany: true)
                ]),
            Entity(
                name: "Zone", attributes: [Attribute(name: "width", type: .double)],
                relationships: [
                    Relationship(name: "aisle", destinationEntity: "Aisle", inverseName: "zones", inverseEntity: "Aisle")
                ]),
        ]
        for entity in island { entityNames[entity.name] = entity.name }
        let islandConfiguration = ModelConfiguration(name: "Island", entityNames: island.map(\.name))
        sourceConfiguration = ModelConfiguration(name: "Shelf", entityNames: source.entities.map(\.name))
        destinationConfiguration = ModelConfiguration(name: "Shelf", entityNames: destination.entities.map(\.name))
        source.entities += island
        destination.entities += island
        source.configurations = [islandConfiguration, sourceConfiguration!]
        destination.configurations = [islandConfiguration, destinationConfiguration!]
        changes.append("in configuration Shelf beside Island")
    }

    /// Indexes on about half the entities, drawn from a second stream so that every other draw stays what it
    /// was for each seed: an attribute indexed by its own flag, a fetch index over one or two attributes (the
    /// first ascending or not), or a compound index over two. (Each to-one's key column is indexed by Core Data
    /// whatever the model says.)
    static func index(_ entities: inout [Entity], seed: UInt64) {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 0x1D3E)
        for index in entities.indices where random.oneIn(2) {
            let names = entities[index].attributes.map(\.name)
            guard let first = names.first else { continue }
            switch Int(random.next() % 3) {
            case 0:
                entities[index].attributes[Int(random.next() % UInt64(names.count))].isIndexed = true
            case 1:
                let second = names.count > 1 ? [FetchIndex.Element(property: names[1])] : []
                entities[index].fetchIndexes.append(
                    FetchIndex(
                        name: "by\(entities[index].name)",
                        elements: [FetchIndex.Element(property: first, ascending: random.oneIn(2))] + second))
            default:
                if names.count > 1 { entities[index].compoundIndexes.append([first, names[1]]) }
            }
        }
    }

    /// Adds a relationship of one kind (and its inverse) between two entities: 0 to-one ↔ to-many, 1 to-one ↔
    /// ordered to-many, 2 many-to-many, 3 ordered ↔ unordered many-to-many, 4 one-to-one, 5 to-one without an
    /// inverse, 6 to-many without an inverse (7, drawn by the caller, makes one of 0…4 reflexive).
    static func relate(_ entities: inout [Entity], _ from: Int, _ to: Int, name: String, kind: Int) {
        let back = name + "Back"
        let (a, b) = (entities[from].name, entities[to].name)
        var forward = Relationship(name: name, destinationEntity: b, inverseName: back, inverseEntity: b)
        var inverse = Relationship(name: back, destinationEntity: a, inverseName: name, inverseEntity: a)
        switch kind {
        case 0: inverse.isToMany = true
        case 1: (inverse.isToMany, inverse.isOrdered) = (true, true)
        case 2: (forward.isToMany, inverse.isToMany) = (true, true)
        case 3: (forward.isToMany, forward.isOrdered, inverse.isToMany) = (true, true, true)
        case 4: break
        case 5: (forward.inverseName, forward.inverseEntity) = (nil, nil)
        default:
            forward = Relationship(name: name, destinationEntity: b, isToMany: true)
        }
        forward.maxCount = forward.isToMany ? 0 : 1
        inverse.maxCount = inverse.isToMany ? 0 : 1
        entities[from].relationships.append(forward)
        if forward.inverseName != nil { entities[to].relationships.append(inverse) }
    }

    private mutating func change(_ random: inout SeededGenerator) {
        var entities = destination.entities
        let index = Int(random.next() % UInt64(entities.count))
        let name = entities[index].name
        let kind = Int(random.next() % 9)
        changeKinds.insert(kind)
        switch kind {
        case 0:
            entities[index].attributes.append(Attribute(name: "added\(changes.count)", type: .string))
            changes.append("add \(name).added\(changes.count)")
        case 1:
            let attribute = "required\(changes.count)"
            entities[index].attributes.append(
                Attribute(name: attribute, type: .integer32, isOptional: false, defaultValue: "7"))
            defaults["\(name).\(attribute)"] = 7.databaseValue
            changes.append("add required \(name).\(attribute) = 7")
        case 2:
            guard let attribute = entities[index].attributes.first(where: { !$0.name.hasPrefix("required") }) else { return }
            entities[index].attributes.removeAll { $0.name == attribute.name }
            entities[index].uniquenessConstraints.removeAll { $0.contains(attribute.name) }
            entities[index].compoundIndexes.removeAll { $0.contains(attribute.name) }
            entities[index].fetchIndexes.removeAll { $0.elements.contains { $0.property == attribute.name } }
            forget(name, attribute.name)
            changes.append("remove \(name).\(attribute.name)")
        case 3:
            guard let position = entities[index].attributes.firstIndex(where: { $0.renamingIdentifier == nil && !$0.isDerived })
            else { return }
            let old = entities[index].attributes[position].name
            entities[index].attributes[position].name = old + "Renamed"
            entities[index].attributes[position].renamingIdentifier = old
            entities[index].uniquenessConstraints = entities[index].uniquenessConstraints.map { names in
                names.map { $0 == old ? old + "Renamed" : $0 }
            }
            entities[index].compoundIndexes = entities[index].compoundIndexes.map { names in
                names.map { $0 == old ? old + "Renamed" : $0 }
            }
            for position in entities[index].fetchIndexes.indices {
                for element in entities[index].fetchIndexes[position].elements.indices
                where entities[index].fetchIndexes[position].elements[element].property == old {
                    entities[index].fetchIndexes[position].elements[element].property = old + "Renamed"
                }
            }
            rename(name, old, to: old + "Renamed")
            changes.append("rename \(name).\(old)")
        case 4:
            guard
                let position = entities[index].attributes.firstIndex(where: {
                    $0.isOptional && !$0.isDerived && ($0.type == .string || $0.type.isInteger && $0.type != .boolean)
                })
            else { return }
            let attribute = entities[index].attributes[position]
            let value = attribute.type == .string ? "none" : "3"
            entities[index].attributes[position].isOptional = false
            entities[index].attributes[position].defaultValue = value
            defaults["\(name).\(attribute.name)"] = attribute.type == .string ? value.databaseValue : 3.databaseValue
            changes.append("make \(name).\(attribute.name) required, default \(value)")
        case 5:
            guard entities[index].renamingIdentifier == nil, !name.hasSuffix("Renamed") else { return }
            let new = name + "Renamed"
            entities[index].name = new
            entities[index].renamingIdentifier = name
            for other in entities.indices {
                if entities[other].parentName == name { entities[other].parentName = new }
                for position in entities[other].relationships.indices {
                    if entities[other].relationships[position].destinationEntity == name {
                        entities[other].relationships[position].destinationEntity = new
                    }
                    if entities[other].relationships[position].inverseEntity == name {
                        entities[other].relationships[position].inverseEntity = new
                    }
                }
            }
            for (old, current) in entityNames where current == name { entityNames[old] = new }
            let renamed = defaults.filter { $0.key.hasPrefix(name + ".") }
            for (key, value) in renamed {
                defaults[key] = nil
                defaults[new + key.dropFirst(name.count)] = value
            }
            changes.append("rename entity \(name) → \(new)")
        case 6:
            guard let relationship = entities[index].relationships.first else { return }
            entities[index].relationships.removeAll { $0.name == relationship.name }
            forget(name, relationship.name)
            uncount(&entities, index, relationship.name)
            if let inverse = relationship.inverseName,
                let other = entities.firstIndex(where: { $0.name == relationship.destinationEntity })
            {
                entities[other].relationships.removeAll { $0.name == inverse }
                forget(entities[other].name, inverse)
                uncount(&entities, other, inverse)
            }
            changes.append("remove \(name).\(relationship.name)")
        case 7:
            // A type change inference converts: a narrower integer widened keeps every value.
            guard let position = entities[index].attributes.firstIndex(where: { $0.type == .integer16 || $0.type == .integer32 })
            else { return }
            let old = entities[index].attributes[position].type
            entities[index].attributes[position].type = .integer64
            changes.append("widen \(name).\(entities[index].attributes[position].name) from \(old.rawValue) to Integer 64")
        default:
            let target = entities[Int(random.next() % UInt64(entities.count))].name
            entities[index].relationships.append(Relationship(name: "link\(changes.count)", destinationEntity: target))
            changes.append("add \(name).link\(changes.count) → \(target)")
        }
        destination = ObjectModel(name: destination.name, entities: entities)
    }

    /// One change of shape (kinds 9…12): an entity added (`Canvas`, which sorts before most entities and so
    /// renumbers them, related to an existing one), a root entity without sub-entities removed with every
    /// relationship to it, a to-one whose inverse is an unordered to-many made to-many (a many-to-many: each
    /// object keeps its one member, now in a join table), or a relationship renamed by renaming identifier (its
    /// inverse and derived counts follow).
    private mutating func reshape(_ random: inout SeededGenerator) {
        var entities = destination.entities
        let kind = 9 + Int(random.next() % 4)
        switch kind {
        case 9:
            let target = entities[Int(random.next() % UInt64(entities.count))].name
            var owner = Relationship(name: "owner", destinationEntity: target, inverseName: "canvases", inverseEntity: target)
            owner.maxCount = 1
            var canvases = Relationship(
                name: "canvases", destinationEntity: "Canvas", inverseName: "owner", inverseEntity: "Canvas", isToMany: true)
            canvases.maxCount = 0
            entities.append(
                Entity(
                    name: "Canvas",
                    attributes: [Attribute(name: "label", type: .string), Attribute(name: "width", type: .double)],
                    relationships: [owner]))
            guard let position = entities.firstIndex(where: { $0.name == target }) else { return }
            entities[position].relationships.append(canvases)
            changes.append("add entity Canvas, owner → \(target)")
        case 10:
            let candidates = entities.indices.filter { index in
                let name = entities[index].name
                return entities[index].parentName == nil && !entities[index].isAbstract
                    && !entities.contains { $0.parentName == name }
            }
            guard entities.count > 3, !candidates.isEmpty else { return }
            let removed = entities[candidates[Int(random.next() % UInt64(candidates.count))]].name
            for index in entities.indices where entities[index].name != removed {
                for relationship in entities[index].relationships where relationship.destinationEntity == removed {
                    forget(entities[index].name, relationship.name)
                    uncount(&entities, index, relationship.name)
                }
                entities[index].relationships.removeAll { $0.destinationEntity == removed }
            }
            entities.removeAll { $0.name == removed }
            for key in propertyNames.keys where entityNames[String(key.prefix { $0 != "." })] == removed {
                propertyNames[key] = nil
            }
            for key in defaults.keys where key.hasPrefix(removed + ".") { defaults[key] = nil }
            for (old, current) in entityNames where current == removed { entityNames[old] = nil }
            changes.append("remove entity \(removed)")
        case 11:
            for index in entities.indices {
                for position in entities[index].relationships.indices {
                    let relationship = entities[index].relationships[position]
                    guard !relationship.isToMany, let inverseName = relationship.inverseName,
                        let other = entities.firstIndex(where: { $0.name == relationship.destinationEntity }),
                        let inverse = entities[other].relationships.firstIndex(where: { $0.name == inverseName }),
                        entities[other].relationships[inverse].isToMany, !entities[other].relationships[inverse].isOrdered
                    else { continue }
                    entities[index].relationships[position].isToMany = true
                    entities[index].relationships[position].maxCount = 0
                    // A derived count is laid out for a to-many whose inverse is a to-one only.
                    uncount(&entities, other, inverseName)
                    inverted["\(entities[other].name).\(inverseName)"] = "\(entities[index].name).\(relationship.name)"
                    changes.append("make \(entities[index].name).\(relationship.name) to-many (many-to-many)")
                    changeKinds.insert(kind)
                    destination = ObjectModel(name: destination.name, entities: entities)
                    return
                }
            }
            return
        default:
            guard
                let index = entities.indices.first(where: { index in
                    entities[index].relationships.contains { $0.renamingIdentifier == nil }
                }),
                let position = entities[index].relationships.firstIndex(where: { $0.renamingIdentifier == nil })
            else { return }
            let relationship = entities[index].relationships[position]
            let (old, new) = (relationship.name, relationship.name + "Renamed")
            entities[index].relationships[position].name = new
            entities[index].relationships[position].renamingIdentifier = old
            if let inverseName = relationship.inverseName,
                let other = entities.firstIndex(where: { $0.name == relationship.destinationEntity }),
                let inverse = entities[other].relationships.firstIndex(where: { $0.name == inverseName })
            {
                entities[other].relationships[inverse].inverseName = new
            }
            for position in entities[index].attributes.indices
            where entities[index].attributes[position].derivationExpression == old + ".@count" {
                entities[index].attributes[position].derivationExpression = new + ".@count"
            }
            rename(entities[index].name, old, to: new)
            changes.append("rename \(entities[index].name).\(old) → \(new)")
        }
        changeKinds.insert(kind)
        destination = ObjectModel(name: destination.name, entities: entities)
    }

    /// A derived count of a relationship removed goes with it.
    private mutating func uncount(_ entities: inout [Entity], _ index: Int, _ relationship: String) {
        let counts = entities[index].attributes.filter { $0.derivationExpression == relationship + ".@count" }
        for count in counts {
            entities[index].attributes.removeAll { $0.name == count.name }
            forget(entities[index].name, count.name)
        }
    }

    /// The source property that became `entity.property` in the destination drops out of the prediction.
    private mutating func forget(_ entity: String, _ property: String) {
        defaults["\(entity).\(property)"] = nil
        for (key, current) in propertyNames where current == property && entityNames[String(key.prefix { $0 != "." })] == entity {
            propertyNames[key] = nil
        }
    }

    private mutating func rename(_ entity: String, _ property: String, to new: String) {
        defaults["\(entity).\(new)"] = defaults.removeValue(forKey: "\(entity).\(property)")
        for (key, current) in propertyNames where current == property && entityNames[String(key.prefix { $0 != "." })] == entity {
            propertyNames[key] = new
        }
    }
}
