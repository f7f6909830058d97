import GRDB

extension MappingSession {
    /// Stage 3 for one mapping: its policy's checks.
    func validate(_ mapping: ResolvedEntityMapping) throws {
        guard let policy = policies[mapping.index] else { return }
        current = nil
        do {
            try policy.validate(mapping: mapping.mapping, context: self)
        } catch {
            throw failure(error, mapping: mapping, object: nil, expression: nil)
        }
    }

    /// Every required attribute and to-one relationship of the destination has a value.
    func checkRequiredValues() throws {
        for table in destination.entities.values.sorted(by: { $0.number < $1.number }) where !table.entity.isAbstract {
            let model = destination.model
            let required =
                model.allAttributes(of: table.entity).filter { !$0.isOptional && !$0.isTransient }.map(\.name)
                + model.allRelationships(of: table.entity).filter { !$0.isOptional && !$0.isToMany && !$0.isTransient }.map(
                    \.name)
            for name in required {
                guard let column = table.columns[name] else { continue }
                let empty: SQLFragment =
                    "SELECT Z_PK FROM \(table.table) WHERE Z_ENT = \(value: table.number) AND \(column) IS NULL LIMIT 1"
                let missing = try Int64.fetchOne(db, empty.request)
                if let missing {
                    throw MappingRuntimeError(
                        mapping: "validation", entity: table.entity.name, primaryKey: missing, expression: nil,
                        location: mappingPath, message: "required \(name) has no value in the migrated store")
                }
            }
        }
    }
}
