import GRDB

extension MappingSession: MigrationPolicyContext {
    func value(_ key: String, of object: ObjectReference) throws -> ExpressionValue {
        try value(forKey: key, of: object)
    }

    func evaluate(_ expression: String, source: ObjectReference?, destination: ObjectReference?) throws
        -> ExpressionValue
    {
        try flushPendingInsert()
        guard let mapping = current?.mapping ?? mappings.first else {
            throw ExpressionEvaluationError("no mapping is running")
        }
        let parsed = try MappingExpression(parsing: expression)
        try functions.check(parsed.expression)
        return try evaluate(parsed, mapping: mapping, source: source, destination: destination)
    }

    func insert(_ entity: String, values: [String: ExpressionValue]) throws -> ObjectReference {
        try insert(entity, values: values, mapping: current?.mapping.index, source: current?.source)
    }

    func link(_ object: ObjectReference, _ relationship: String, to targets: [ObjectReference]) throws {
        // The order a policy gives is its own (it may sort the objects anew): the check that an ordered
        // relationship kept its source's order leaves this one, and its inverse, alone.
        policyLinks.insert(relationship)
        if let declared = destination.entities[object.entity]?.relationships[relationship],
            let inverse = destination.model.inverse(of: declared)
        {
            policyLinks.insert(inverse.name)
        }
        try setRelationship(object, relationship, to: targets)
    }

    func destinationInstances(mapping: String, sources: [ObjectReference]) throws -> [ObjectReference] {
        guard let target = mappingsByName[mapping] else {
            throw ExpressionEvaluationError("there is no entity mapping named \(mapping)")
        }
        return try destinations(of: target, for: sources)
    }

    func count(_ entity: String, side: ObjectReference.Side) throws -> Int {
        let table = try tables(side).table(entity)
        // The source does not change while the step runs, and its rows per entity were counted before it.
        if side == .source, let counted = sourceRowCounts[table.name.name] {
            return table.familyNumbers.reduce(0) { $0 + (counted[$1.rawValue] ?? 0) }
        }
        try flushPendingInsert()
        if side == .destination { try createIndexes() }
        // Every destination row was written by this step with its own entity's number: where the family is
        // every entity of the table, its rows are the table's, and SQLite counts them from the smallest index.
        let whole =
            side == .destination
            && destination.entities.values.allSatisfy { $0.name != table.name || table.familyNumbers.contains($0.number) }
        let count: SQLFragment =
            whole
            ? "SELECT COUNT(*) FROM \(table.table)"
            : "SELECT COUNT(*) FROM \(table.table) WHERE Z_ENT IN (\(values: table.familyNumbers))"
        return try Int.fetchOne(db, count.request) ?? 0
    }

    @discardableResult
    func createDefaultDestinationInstance(for source: ObjectReference, mapping: EntityMapping) throws
        -> ObjectReference?
    {
        // The mapping running row by row, its values computed by the batch query: the common case, quickly.
        if let plan = defaultInstancePlan, let computed = row?.computedFor(plan.index, source), mapping.name == plan.name {
            row?.precomputed = nil
            return try insert(
                plan.table, stored: computed.values, mapping: plan.index, source: source,
                preservedKey: plan.preservesKeys ? source.primaryKey : nil)
        }
        guard let resolved = mappingsByName[mapping.name], let entity = resolved.destinationEntity else { return nil }
        if current?.mapping.index != resolved.index { madeByOtherMappings.insert(resolved.index) }
        let computed = row?.computedFor(resolved.index, source)
        // Used once: a second default instance of the same object evaluates again (`uuid()` differs).
        if computed != nil { row?.precomputed = nil }
        var mergeKey: String?
        if let merge = resolved.mapping.mergeKey {
            if let computed {
                mergeKey = String.fromDatabaseValue(computed.key)
            } else {
                let key = try evaluate(merge, mapping: resolved, source: source, destination: nil)
                mergeKey = key.isNull ? nil : ColumnValueCoding.mergeKey(key)
            }
            if let mergeKey, let (existing, number) = try association.merged(mapping: resolved.index, key: mergeKey) {
                try association.record(
                    mapping: resolved.index, source: source.primaryKey, destination: existing, entity: number)
                return ObjectReference(
                    side: .destination, entity: destination.numbers[number] ?? entity.name, primaryKey: existing)
            }
        }
        let preserved = keyPreserving.contains(resolved.index) ? source.primaryKey : nil
        let made: ObjectReference
        if let computed {
            made = try insert(
                try destination.table(entity.name), stored: computed.values, mapping: resolved.index, source: source,
                preservedKey: preserved)
        } else {
            var values: [String: ExpressionValue] = [:]
            for (attribute, expression) in resolved.attributes {
                guard let expression else { continue }
                let value = try evaluate(expression, mapping: resolved, source: source, destination: nil)
                do {
                    values[attribute.name] = try ValueCoercion.coerce(value, to: attribute.type)
                } catch {
                    throw failure(error, mapping: resolved, object: source, expression: expression)
                }
            }
            made = try insert(entity.name, values: values, mapping: resolved.index, source: source, preservedKey: preserved)
        }
        if let mergeKey {
            try association.recordMerge(
                mapping: resolved.index, key: mergeKey, destination: made.primaryKey,
                entity: try destination.table(entity.name).number)
        }
        return made
    }

    func createDefaultRelationships(for destination: ObjectReference, source: ObjectReference, mapping: EntityMapping)
        throws
    {
        guard let resolved = mappingsByName[mapping.name] else { return }
        try linkDefaults(resolved, destination: destination, source: source)
    }

    /// Sets the relationships `resolved` lists on one object it made (objects of other entities are skipped).
    func linkDefaults(_ resolved: ResolvedEntityMapping, destination: ObjectReference, source: ObjectReference) throws {
        guard destination.entity == resolved.destinationEntity?.name else { return }
        linkedObjectByObject.insert(resolved.index)
        for (relationship, expression) in resolved.relationships {
            let value = try evaluate(expression, mapping: resolved, source: source, destination: destination)
            do {
                try setRelationship(destination, relationship.name, to: value.objects)
            } catch {
                throw failure(error, mapping: resolved, object: source, expression: expression)
            }
        }
    }

    /// Evaluates a mapping's expression for one object, turning failures into ``MappingRuntimeError``s.
    func evaluate(
        _ expression: MappingExpression, mapping: ResolvedEntityMapping, source: ObjectReference?,
        destination: ObjectReference?
    ) throws -> ExpressionValue {
        let environment = ObjectEnvironment(session: self, mapping: mapping, source: source, destination: destination)
        do {
            return try ExpressionEvaluator.evaluate(expression.expression, in: environment)
        } catch {
            throw failure(error, mapping: mapping, object: source ?? destination, expression: expression)
        }
    }

    /// `error` as a ``MappingRuntimeError`` naming the mapping, entity, object and expression.
    func failure(_ error: Error, mapping: ResolvedEntityMapping, object: ObjectReference?, expression: MappingExpression?)
        -> Error
    {
        if error is MappingRuntimeError || error is MigrationCancelled { return error }
        let location = expression?.position.flatMap { position in
            mappingPath.map { "\($0):\(position.line):\(position.column)" }
        }
        return MappingRuntimeError(
            mapping: mapping.mapping.name, entity: object?.entity ?? mapping.sourceEntity?.name ?? "?",
            primaryKey: object?.primaryKey ?? 0, expression: expression?.text, location: location,
            message: (error as? ExpressionEvaluationError)?.message ?? "\(error)")
    }
}
