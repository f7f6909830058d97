import GRDB

/// What a mapped step works out once, before stage 1, and never changes while it runs: both stores' tables,
/// the resolved mappings and their policies, which mappings keep their source objects' keys, the faster paths
/// it may take and where its inputs are. ``MappingSession`` holds it apart from what changes as objects are
/// made (key counters, the row being mapped, what has been linked), as swift-format's `Context` is apart from
/// its visitors' state.
struct MappedStepPlan {
    /// The source store's tables (attached as `src`).
    let source: MappedStoreTables
    /// The destination store's tables (`main`).
    let destination: MappedStoreTables
    /// The mappings, in the file's order.
    let mappings: [ResolvedEntityMapping]
    /// The mappings by name (the first of a name), as relationship lookups name them.
    let mappingsByName: [String: ResolvedEntityMapping]
    /// The functions expressions may call.
    let functions: ExpressionFunctions
    /// Each mapping's policy, by mapping number.
    let policies: [MappingNumber: any MigrationPolicy]
    /// The faster paths the step may take (``MappedStep/strategies``).
    let strategies: MappedStepStrategies
    /// The mapping file, for error locations.
    let mappingPath: String?
    /// What the step's connection attached the source as (its path or URI), for a connection of stage 1's own
    /// to attach too.
    let sourceAttachment: String?
    /// Rows per entity number in each source table (by table name), counted before stage 1: progress totals
    /// that need no scan of their own.
    let sourceRowCounts: [String: [Int: Int]]
    /// Mapping numbers whose objects keep their source `Z_PK` (``keyPlan(_:source:destination:mappings:)``).
    let keyPreserving: Set<MappingNumber>
    /// For each destination table those mappings fill, the largest key of their source table: other objects
    /// of the table get keys above it.
    let firstKeys: [SQLIdentifier: Int64]
    /// The most objects a merge numbers in a fused pass before its own pass runs instead
    /// (``MappedStep/fusedMergeCapacity``).
    let mergeCapacity: Int

    init(
        _ db: Database, source: MappedStoreTables, destination: MappedStoreTables, mappings: [ResolvedEntityMapping],
        functions: ExpressionFunctions, policies: [MappingNumber: any MigrationPolicy], strategies: MappedStepStrategies = .all,
        mappingPath: String? = nil, sourceAttachment: String? = nil, sourceRowCounts: [String: [Int: Int]] = [:],
        mergeCapacity: Int = MergeNumbering.defaultCapacity
    ) throws {
        self.source = source
        self.destination = destination
        self.mappings = mappings
        self.mappingsByName = Dictionary(mappings.map { ($0.mapping.name, $0) }, uniquingKeysWith: { a, _ in a })
        self.functions = functions
        self.policies = policies
        self.strategies = strategies
        self.mappingPath = mappingPath
        self.sourceAttachment = sourceAttachment
        self.sourceRowCounts = sourceRowCounts
        self.mergeCapacity = mergeCapacity
        (keyPreserving, firstKeys) = try Self.keyPlan(db, source: source, destination: destination, mappings: mappings)
    }

    /// Decides which mappings keep their source objects' `Z_PK`: those filling a destination table alone —
    /// one mapping, or one per entity of a single source table (an inheritance tree copied as it is) — without
    /// merge keys. Other objects in those tables get keys above the largest source key.
    private static func keyPlan(
        _ db: Database, source: MappedStoreTables, destination: MappedStoreTables, mappings: [ResolvedEntityMapping]
    ) throws -> (keyPreserving: Set<MappingNumber>, firstKeys: [SQLIdentifier: Int64]) {
        var writers: [SQLIdentifier: [ResolvedEntityMapping]] = [:]
        for mapping in mappings where mapping.mapping.kind.readsSource {
            guard let entity = mapping.destinationEntity, let table = destination.entities[entity.name] else { continue }
            writers[table.name, default: []].append(mapping)
        }
        var keyPreserving: Set<MappingNumber> = []
        var firstKeys: [SQLIdentifier: Int64] = [:]
        for (table, list) in writers {
            let sourceTables = list.compactMap { $0.sourceEntity.flatMap { source.entities[$0.name] } }
            let sourceEntities = Set(list.compactMap(\.sourceEntity?.name))
            guard sourceTables.count == list.count, Set(sourceTables.map(\.name)).count == 1,
                sourceEntities.count == list.count, list.allSatisfy({ $0.mapping.mergeKey == nil }),
                let sourceTable = sourceTables.first?.table
            else { continue }
            keyPreserving.formUnion(list.map(\.index))
            let highest: SQLFragment = "SELECT IFNULL(MAX(Z_PK), 0) FROM \(sourceTable)"
            firstKeys[table] = try Int64.fetchOne(db, highest.request) ?? 0
        }
        return (keyPreserving, firstKeys)
    }
}
