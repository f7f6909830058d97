import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("wire: every corpus store reaches zmessaging2.101.0 with every row and join row", Corpus.required)
struct WireChainTests {
    static let target = "zmessaging2.101.0"
    /// The graph of all 90 versions, built once: every store plans its chain in it.
    static let graph = Result {
        try VersionGraph(
            bundle: try RealAppStoreCase.wire[0].bundle(), settings: PlanningSettings(), explicit: [],
            inference: InferredStepProvider())
    }

    @Test(
        "Migrated to 2.101.0: the tables, columns and indexes of Apple's 2.101.0 store, the same Z_PKs per entity, the same pairs per join table",
        arguments: RealAppStoreCase.wire.filter { $0.version != target })
    func reachesCurrentVersion(_ testCase: RealAppStoreCase) throws {
        let bundle = try testCase.bundle()
        let plan = try PathPlanner(graph: try Self.graph.get()).plan(from: testCase.version, to: Self.target)
        let original = try Corpus.copyStore(testCase.store)
        let migrated = try Corpus.copyStore(testCase.store)
        try ChainExecutor(options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
            .run([MigrationJob(storePath: migrated, plan: plan)])
        let apple = try StoreDump(try Corpus.copyStore("wire/stores/store2-101-0.wiredatabase"))
        // Apple's 2.101.0 store carries what its own history left (see LogicalSchema); everything else is equal.
        let (ours, theirs) = (try LogicalSchema(StoreDump(migrated)), try LogicalSchema(apple))
        #expect(ours.entityTables == theirs.entityTables)
        #expect(ours.joinTables == theirs.joinTables)
        #expect(ours.indexes.isSubset(of: theirs.indexes), "\(ours.indexes.subtracting(theirs.indexes).sorted())")
        // The one index only Apple's store has: the one its reflexive UserClient table had while it was named
        // after `trustedClients`, kept by Core Data's own rename to `Z_…TRUSTEDBYCLIENTS` at 2.96.0
        // (store-schema.md, "Which relationship names the table").
        #expect(
            theirs.indexes.subtracting(ours.indexes) == [
                "Z_24TRUSTEDBYCLIENTS,Z_24TRUSTEDCLIENTS (Z_24TRUSTEDCLIENTS, Z_24TRUSTEDBYCLIENTS)"
            ])

        let source = try WireStoreRows(path: original, model: try #require(bundle.version(named: testCase.version)))
        let destination = try WireStoreRows(path: migrated, model: try #require(bundle.version(named: Self.target)))
        for entity in source.model.entities where destination.model.entity(named: entity.name) != nil {
            #expect(try destination.keys(of: entity.name) == source.keys(of: entity.name), "\(entity.name)")
        }
        var compared = 0
        for join in source.schema.joinTables {
            guard destination.schema.joinTable(entity: join.owner.entity, relationship: join.owner.relationship) != nil
            else { continue }
            #expect(
                try destination.pairs(join.owner) == source.pairs(join.owner), "\(join.owner.entity).\(join.owner.relationship)")
            compared += 1
        }
        #expect(compared >= 5, "the relationships that survive to 2.101.0 were compared")
    }
}

/// Rows of one wire store read through the schema its version implies.
private struct WireStoreRows {
    let model: ObjectModel
    let schema: StoreSchema
    let queue: DatabaseQueue

    init(path: String, model: ObjectModel) throws {
        self.model = model
        var configuration = Configuration()
        configuration.readonly = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
        let tables = try queue.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        schema = SchemaBuilder(model: model, existingTableNames: Set(tables)).build()
    }

    /// The `Z_PK`s of the entity's own objects.
    func keys(of entity: String) throws -> [Int] {
        guard let row = schema.entity(named: entity) else { return [] }
        return try queue.read {
            try Int.fetchAll(
                $0, sql: "SELECT Z_PK FROM \(SQLIdentifier(row.table).quoted) WHERE Z_ENT = ? ORDER BY Z_PK",
                arguments: [row.number])
        }
    }

    /// The linked pairs of a many-to-many relationship as (object on `side`, object it points to).
    func pairs(_ side: JoinTable.Side) throws -> [[Int]] {
        guard let join = schema.joinTable(entity: side.entity, relationship: side.relationship) else { return [] }
        let (from, to) = join.owner == side ? (join.ownerColumn, join.targetColumn) : (join.targetColumn, join.ownerColumn)
        let sql =
            "SELECT \(SQLIdentifier(from).quoted), \(SQLIdentifier(to).quoted) FROM \(SQLIdentifier(join.name).quoted) ORDER BY 1, 2"
        return try queue.read { try Row.fetchAll($0, sql: sql).map { [$0[0], $0[1]] } }
    }
}
