/// How primary keys and entity numbers change between a source store and its migrated copy.
///
/// `Z_PK` values carry over. Only when a destination table takes rows from more than one source table
/// (entities moving into another inheritance tree) are the later tables' keys shifted past the
/// earlier ones', so that keys stay unique; references to shifted rows shift with them.
struct KeyRemapping: Sendable {
    /// Source entity number → destination entity number, for entities that carry over.
    let entityNumbers: [Int: Int]
    /// Shift per (source table, destination table).
    private let offsets: [Pair: Int]
    /// Destination table of each carried-over source entity number.
    private let destinationTables: [Int: String]
    /// `Z_MAX` per destination root entity.
    let maxPrimaryKeys: [String: Int]
    /// `Z_NAME` per destination entity whose source row records another name: Core Data's lightweight
    /// migration keeps a renamed entity's old name (`coredataplus-cars` V2 still says `ExpensiveSportCar`).
    let recordedNames: [String: String]
    private let sourceSchema: StoreSchema

    private struct Pair: Hashable {
        var source: String
        var destination: String
    }

    init(mapping: InferredMapping, sourceSchema: StoreSchema, destinationSchema: StoreSchema, facts: SourceStoreFacts) {
        self.sourceSchema = sourceSchema
        var numbers: [Int: Int] = [:]
        var tables: [Int: String] = [:]
        var contributors: [String: [String]] = [:]
        var names: [String: String] = [:]
        let destinationNames = Set(destinationSchema.entities.map(\.name))
        for entity in sourceSchema.entities {
            guard let target = mapping.destination(ofSourceEntity: entity.name),
                let destination = destinationSchema.entity(named: target.destination)
            else { continue }
            if let recorded = facts.primaryKeys.first(where: { $0.number == entity.number })?.name,
                recorded != destination.name, !destinationNames.contains(recorded)
            {
                names[destination.name] = recorded
            }
            numbers[entity.number] = destination.number
            tables[entity.number] = destination.table
            if !(contributors[destination.table]?.contains(entity.table) ?? false) {
                contributors[destination.table, default: []].append(entity.table)
            }
        }
        var offsets: [Pair: Int] = [:]
        var maxima: [String: Int] = [:]
        for (table, sources) in contributors {
            var shift = 0
            for source in sources {
                offsets[Pair(source: source, destination: table)] = shift
                shift += facts.maxPrimaryKey(table: source, schema: sourceSchema)
            }
            if let root = destinationSchema.tables.first(where: { $0.name == table })?.rootEntity {
                maxima[root] = shift
            }
        }
        entityNumbers = numbers
        destinationTables = tables
        self.offsets = offsets
        maxPrimaryKeys = maxima
        recordedNames = names
    }

    /// The shift for rows of `sourceTable` landing in `destinationTable`.
    func offset(from sourceTable: String, to destinationTable: String) -> Int {
        offsets[Pair(source: sourceTable, destination: destinationTable)] ?? 0
    }

    /// SQL for a reference (`Z_PK` of a row in `targetTable` of the source) as it reads after the move.
    func reference(_ expression: SQLFragment, targetTable: String) -> SQLFragment {
        var shifts: [(number: Int, shift: Int)] = []
        for entity in sourceSchema.entities where entity.table == targetTable {
            guard let destination = destinationTables[entity.number] else { continue }
            shifts.append((entity.number, offset(from: targetTable, to: destination)))
        }
        let values = Set(shifts.map(\.shift))
        if values.isEmpty || values == [0] { return expression }
        if let shift = values.first, values.count == 1 { return "(\(expression) + \(value: shift))" }
        let cases = SQLFragment.joined(shifts.map { "WHEN \(value: $0.number) THEN \(value: $0.shift)" }, separator: " ")
        return """
            (\(expression) + COALESCE((SELECT CASE t."Z_ENT" \(cases) ELSE 0 END \
            FROM \(SQLIdentifier.source).\(SQLIdentifier(targetTable)) t WHERE t."Z_PK" = \(expression)), 0))
            """
    }

    /// SQL renumbering an entity-number expression (`Z_ENT` or a `Z<n>_` column).
    func entityNumber(_ expression: SQLFragment) -> SQLFragment {
        if entityNumbers.allSatisfy({ $0.key == $0.value }) { return expression }
        let cases = entityNumbers.sorted { $0.key < $1.key }.map {
            "WHEN \(value: $0.key) THEN \(value: $0.value)" as SQLFragment
        }
        return "CASE \(expression) \(SQLFragment.joined(cases, separator: " ")) END"
    }
}
