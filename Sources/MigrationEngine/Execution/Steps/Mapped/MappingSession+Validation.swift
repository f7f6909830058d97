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

    /// Every required attribute and to-one relationship of the destination has a value: one pass over each
    /// entity's rows finds the first row leaving any of them empty (a pass per attribute read the table as
    /// many times).
    func checkRequiredValues() throws {
        for table in destination.entities.values.sorted(by: { $0.number < $1.number }) where !table.entity.isAbstract {
            let model = destination.model
            let names =
                model.allAttributes(of: table.entity).filter { !$0.isOptional && !$0.isTransient }.map(\.name)
                + model.allRelationships(of: table.entity).filter { !$0.isOptional && !$0.isToMany && !$0.isTransient }.map(
                    \.name)
            let required = names.compactMap { name in
                table.columns[name].map { (name: name, empty: "\($0) IS NULL" as SQLFragment) }
            }
            guard !required.isEmpty else { continue }
            let query: SQLFragment = """
                SELECT Z_PK, \(SQLFragment.joined(required.map(\.empty))) FROM \(table.table) \
                WHERE Z_ENT = \(value: table.number) AND (\(SQLFragment.joined(required.map(\.empty), separator: " OR "))) LIMIT 1
                """
            guard let row = try Row.fetchOne(db, query.request) else { continue }
            let name = required.indices.first { (row[$0 + 1] as Bool?) == true }.map { required[$0].name } ?? required[0].name
            throw MappingRuntimeError(
                mapping: "validation", entity: table.entity.name, primaryKey: row[0], expression: nil,
                location: mappingPath, message: "required \(name) has no value in the migrated store")
        }
    }
}
