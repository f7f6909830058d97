import GRDB

extension MappingSession {
    /// A to-one relationship written with the object's row in stage 1 rather than by stage 2.
    struct InsertLink {
        var relationship: Relationship
        /// The mapping whose objects it points to (already made).
        var target: ResolvedEntityMapping
    }

    /// The mapping a to-one relationship of `mapping` looks up ("the object it made from `$source`"), when
    /// it reads the same source table. Only in a step without policies (a policy can write any foreign key
    /// at any time).
    private func sourceLookup(_ mapping: ResolvedEntityMapping, _ relationship: Relationship, _ value: MappingExpression)
        -> ResolvedEntityMapping?
    {
        guard policies.isEmpty, !relationship.isToMany,
            case .function(let manager, SelectorCall.entityMappingLookup, let arguments) = value.expression.kind,
            manager.kind == .variable("manager"), arguments.count == 2, arguments[1].kind == .variable("source"),
            case .literal(.string(let name)) = arguments[0].kind, let target = mappingsByName[name],
            target.mapping.kind.readsSource, target.index != mapping.index,
            // A lookup finds only objects made from the target's own source table.
            let read = target.sourceEntity.flatMap({ source.entities[$0.name]?.name }),
            mapping.sourceEntity.flatMap({ source.entities[$0.name]?.name }) == read
        else { return nil }
        return target
    }

    /// Stage 1's order: the mappings in order, except that a mapping another one's to-one lookup of `$source`
    /// needs runs just before it, so that the foreign key is written with the row. It moves only when that
    /// changes nothing else: no policies, its expressions compile (so it reads nothing a mapping makes), and
    /// no mapping it moves past writes its destination table (so its keys are the same).
    func stageOneOrder() -> [ResolvedEntityMapping] {
        var order = mappings
        guard policies.isEmpty else { return order }
        var index = 0
        while index < order.count {
            let mapping = order[index]
            for (relationship, value) in mapping.relationships {
                guard let target = sourceLookup(mapping, relationship, value),
                    let position = order.firstIndex(where: { $0.index == target.index }), position > index,
                    let table = destinationTable(target), compiles(target),
                    order[index..<position].allSatisfy({ destinationTable($0) != table })
                else { continue }
                order.remove(at: position)
                order.insert(target, at: index)
                index += 1
            }
            index += 1
        }
        return order
    }

    /// The to-one relationships of `mapping` that stage 1 can write with its rows: lookups of a mapping that
    /// already ran, whose inverse (if any) is to-many (so no row of the target needs writing), and that no
    /// earlier mapping's stage 2 also writes (it would be overwritten in stage 2 in the row-by-row order).
    func insertLinks(_ mapping: ResolvedEntityMapping, into table: MappedEntityTable) -> [InsertLink] {
        let model = destination.model
        let earlier = mappings.prefix { $0.index != mapping.index }
        return mapping.relationships.compactMap { relationship, value in
            guard let target = sourceLookup(mapping, relationship, value), stageOneDone.contains(target.index),
                table.columns[relationship.name] != nil, model.inverse(of: relationship)?.isToMany ?? true
            else { return nil }
            // Conservatively by name: the same relationship, or one whose inverse has its name.
            let writers = earlier.contains { other in
                other.relationships.contains { $0.0.name == relationship.name || $0.0.inverseName == relationship.name }
            }
            return writers ? nil : InsertLink(relationship: relationship, target: target)
        }
    }

    private func destinationTable(_ mapping: ResolvedEntityMapping) -> SQLIdentifier? {
        mapping.destinationEntity.flatMap { destination.entities[$0.name]?.name }
    }

    private func compiles(_ mapping: ResolvedEntityMapping) -> Bool {
        guard let from = mapping.sourceEntity.flatMap({ source.entities[$0.name] }),
            let to = mapping.destinationEntity.flatMap({ destination.entities[$0.name] })
        else { return false }
        return SetBasedEntityMapper(session: self).plan(mapping, from: from, to: to) != nil
    }
}
