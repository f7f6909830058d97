import Foundation
import GRDB
import MigrationEngine
import Synchronization
import TestSupport
import Testing

/// Every pair of the corpus in which Apple's Core Data migrated one store into the other (``ApplePair``): the
/// older store migrated by cdmigrate to the newer store's version equals Apple's result table by table, with
/// differences only where `docs/guide/store-schema.md` documents them as history.
@Suite("Apple pairs: cdmigrate's migration equals Core Data's, table by table", Corpus.required)
struct ApplePairConformanceTests {
    @Test("The pairs are Apple's migrations: one store UUID, and every wire fixture from 2.6 on is in the chain")
    func pairsAreMigrations() throws {
        // The counts docs/coverage.md and the store schema guide give: 2 + 4 Moody steps + 59 of wire.
        #expect(ApplePair.all.count == 65)
        #expect(ApplePair.wire.count == 59)
        for pair in ApplePair.all {
            let (older, newer) = (try StoreDump(Corpus.copyStore(pair.older)), try StoreDump(Corpus.copyStore(pair.newer)))
            #expect(try older.metadata().uuid == newer.metadata().uuid, "\(pair)")
        }
        let chained = Set(ApplePair.wire.flatMap { [$0.older, $0.newer] })
        #expect(chained.contains("wire/stores/store2-6.wiredatabase"))
        #expect(chained.contains("wire/stores/store2-101-0.wiredatabase"))
        #expect(!chained.contains("wire/stores/store2-54-0.wiredatabase"))
    }

    @Test("Migrated by cdmigrate: Apple's schema, Z_PRIMARYKEY, metadata and every row", arguments: ApplePair.all)
    func pair(_ pair: ApplePair) throws {
        let migrated = try StoreDump(try Self.migrate(pair))
        let apple = try StoreDump(try Corpus.copyStore(pair.newer))

        let (ours, theirs) = (try Self.metadata(migrated), try Self.metadata(apple))
        let schema = try SchemaComparison(
            apple: apple, ours: migrated, store: pair.newer, otherFramework: ours.frameworkVersion != theirs.frameworkVersion)
        #expect(schema.unexplained.isEmpty, "\(pair):\n\(schema.unexplained.joined(separator: "\n"))")

        #expect(ours.uuid == theirs.uuid)
        #expect(ours.versionHashes == theirs.versionHashes)
        #expect(ours.versionIdentifiers == theirs.versionIdentifiers)
        #expect(ours.hashesVersion == theirs.hashesVersion)
        #expect(ours.storeType == theirs.storeType)
        #expect(ours.unknownKeys == theirs.unknownKeys, "the app's own metadata keys")
        for key in ours.unknownKeys { #expect(ours.plist[key] == theirs.plist[key], "\(key)") }

        switch pair.keys {
        case .kept:
            #expect(try migrated.primaryKeys() == apple.primaryKeys())
            let tables = try Self.dataTables(apple)
            #expect(try Self.dataTables(migrated) == tables)
            let model = try #require(try Self.bundle(pair.model).version(named: pair.to))
            let owners = Self.ownedColumns(model)
            let edited = ApplePair.editedAfterMigration[pair.newer] ?? []
            var seen: Set<String> = []
            for table in tables {
                let ours = try Self.rows(migrated, table, owners: owners[table])
                var theirs = try Self.rows(apple, table, owners: owners[table])
                theirs.rows = theirs.rows.map { row in
                    edited.reduce(row) { row, cell in
                        guard cell.table == table, row.hasPrefix("Z_PK=\(cell.key),") else { return row }
                        seen.insert(cell.description)
                        return row.replacingOccurrences(of: "\(cell.column)=\(cell.apple)", with: "\(cell.column)=\(cell.ours)")
                    }
                }
                // Compared first, so that a failure prints the first differing row rather than whole tables.
                let same = ours.rows == theirs.rows
                #expect(same, "\(table): \(Self.firstDifference(ours.rows, theirs.rows))")
                #expect(ours.stray.isEmpty, "\(table): values in columns of another entity: \(ours.stray.prefix(3))")
            }
            #expect(seen == Set(edited.map(\.description)), "every listed edit is in Apple's store")
        case .renumbered:
            #expect(try migrated.primaryKeys(includeMax: false) == apple.primaryKeys(includeMax: false))
            let model = try #require(try Self.bundle(pair.model).version(named: pair.to))
            let (ourObjects, appleObjects) = (
                try StoreObjectGraph.lines(at: migrated.path, model: model),
                try StoreObjectGraph.lines(at: apple.path, model: model)
            )
            #expect(!appleObjects.isEmpty)
            let same = ourObjects == appleObjects
            #expect(same, "\(Self.firstDifference(ourObjects, appleObjects))")
        }
    }

    /// For each entity table, the columns each entity number's rows hold: `Z_PK`, `Z_ENT`, `Z_OPT`, the keys of
    /// to-manys without an inverse, and what the entity and its ancestors declare. The rest of a shared table
    /// belongs to other entities; Core Data never reads it for this row.
    static func ownedColumns(_ model: ObjectModel) -> [String: [Int: Set<String>]] {
        let schema = SchemaBuilder(model: model).build()
        var owners: [String: [Int: Set<String>]] = [:]
        for entity in schema.entities {
            guard let table = schema.table(for: entity.name), let declared = model.entity(named: entity.name) else { continue }
            let chain = Set(([declared] + model.ancestors(of: declared)).map(\.name))
            owners[table.name, default: [:]][entity.number] = Set(
                table.columns.filter { column in
                    switch column.role {
                    case .primaryKey, .entityNumber, .saveCounter, .toManyKey: true
                    case .attribute(let owner, _), .foreignKey(let owner, _), .foreignEntity(let owner, _),
                        .foreignOrder(let owner, _):
                        chain.contains(owner)
                    }
                }.map(\.name))
        }
        return owners
    }

    /// A table's rows as `COLUMN=value` text (``StoreDump/namedRows(_:)``); in an entity table each row keeps only
    /// the columns of its own entity, and `stray` lists the values it holds in the others.
    static func rows(_ store: StoreDump, _ table: String, owners: [Int: Set<String>]?) throws -> (rows: [String], stray: [String])
    {
        guard let owners else { return (try store.namedRows(table), []) }
        var stray: [String] = []
        let rows = try store.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM \(SQLIdentifier(table).quoted)").map { row in
                let entity: Int = row["Z_ENT"]
                let owned = owners[entity] ?? []
                let pairs = zip(row.columnNames, row.databaseValues).filter { column, value in
                    if owned.contains(column) { return true }
                    if !value.isNull { stray.append("Z_PK \(row["Z_PK"] as Int) \(column)=\(value.storage)") }
                    return false
                }
                let key: Int = row["Z_PK"]
                return "Z_PK=\(key), "
                    + pairs.filter { $0.0 != "Z_PK" }.sorted { $0.0 < $1.0 }.map { "\($0)=\($1.storage)" }
                    .joined(separator: ", ")
            }.sorted()
        }
        return (rows, stray)
    }

    /// A copy of the pair's older store, migrated along the chain cdmigrate plans to the newer's version.
    static func migrate(_ pair: ApplePair) throws -> String {
        let graph = try graphs.withLock { cache in
            let key = pair.model + "|" + (pair.mappings ?? "")
            if let known = cache[key] { return known }
            let bundle = try bundle(pair.model)
            let explicit = try pair.mappings.map {
                try MappingDirectoryReader().candidates(in: Corpus.path($0), bundle: bundle)
            }
            let graph = try VersionGraph(
                bundle: bundle, settings: PlanningSettings(), explicit: explicit ?? [], inference: InferredStepProvider())
            cache[key] = graph
            return graph
        }
        let plan = try PathPlanner(graph: graph).plan(from: pair.from, to: pair.to)
        let copy = try Corpus.copyStore(pair.older)
        try ChainExecutor(options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
            .run([MigrationJob(storePath: copy, plan: plan)])
        return copy
    }

    private static let graphs = Mutex<[String: VersionGraph]>([:])
    private static let bundles = Mutex<[String: ModelBundle]>([:])

    static func bundle(_ model: String) throws -> ModelBundle {
        try bundles.withLock { cache in
            if let known = cache[model] { return known }
            let bundle = try ModelLoader.load(path: Corpus.path(model))
            cache[model] = bundle
            return bundle
        }
    }

    static func metadata(_ store: StoreDump) throws -> StoreMetadata {
        try store.queue.read { db in try StoreMetadata.read(db, path: store.path) }
    }

    /// The tables that hold objects and links: entity and join tables, not Core Data's bookkeeping.
    static func dataTables(_ store: StoreDump) throws -> [String] {
        try store.schema().filter { $0.type == "table" && !["Z_METADATA", "Z_PRIMARYKEY", "Z_MODELCACHE"].contains($0.name) }
            .map(\.name)
    }

    /// The first row only one side has, to say what differs without printing whole tables.
    static func firstDifference(_ ours: [String], _ apple: [String]) -> String {
        if let row = zip(ours, apple).first(where: { $0 != $1 }) { return "ours \(row.0)\nApple \(row.1)" }
        return "ours \(ours.count) rows, Apple \(apple.count)"
    }
}
