import Foundation
import GRDB
import JournalSample
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// Steps create every index once their rows are in (``StoreWriter/installIndexes(_:path:)``): after the
/// tables in `sqlite_master`, before anything reads the destination by them, and a duplicate under a
/// `UNIQUE` one fails the step naming the rows.
@Suite("Steps: indexes made after the rows")
struct StepIndexTests {
    /// Whether `index` comes after every table in `sqlite_master`: made once the rows were in.
    static func createdLast(_ index: String, in path: String) throws -> Bool {
        try DatabaseQueue(path: path).read { db in
            let made = try Int.fetchOne(db, sql: "SELECT rowid FROM sqlite_master WHERE name = ?", arguments: [index])
            let tables = try Int.fetchOne(db, sql: "SELECT MAX(rowid) FROM sqlite_master WHERE type = 'table'")
            return made.map { $0 > (tables ?? .max) } ?? false
        }
    }

    /// What SQLite plans for `sql` and whether the store passes `integrity_check` (which checks every index
    /// against its table).
    static func plan(_ sql: String, in path: String) throws -> (plan: String, integrity: String?) {
        try DatabaseQueue(path: path).read { db in
            let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String? ?? "" }
            return (plan.joined(separator: "; "), try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
    }

    @Test("The split (3 → 4): its author index made after the entries, and used")
    func mappedSplit() throws {
        let source = try SampleJournalStore.journal3(MappedStepDifferentialTests.entries(seed: 11, count: 300))
        let step = try MappedStep(
            mapping: try SampleJournalStore.mapping("journal-3-to-4.yaml"), sourceModel: SampleJournalStore.version(3),
            destinationModel: SampleJournalStore.version(4), policies: SampleApp.policies)
        let result = try SampleJournalStore.run(step, source: source)
        #expect(try StoreLayoutTests.shape(result) == ["bookkeeping", "tables", "indexes"])
        #expect(try Self.createdLast("ZENTRY_ZAUTHOR_INDEX", in: result))
        let (plan, integrity) = try Self.plan("SELECT Z_PK FROM ZENTRY WHERE ZAUTHOR = 1", in: result)
        #expect(plan.contains("ZENTRY_ZAUTHOR_INDEX"))
        #expect(integrity == "ok")
    }

    /// The sample's `WordCount`, which also reads a destination author's entries (through
    /// `ZENTRY_ZAUTHOR_INDEX`) now and then, noting whether the index existed just before and just after.
    final class IndexCheckingPolicy: MigrationPolicy {
        let wrapped: any MigrationPolicy
        /// `(before, after)` for every read.
        let seen = Mutex<[(Bool, Bool)]>([])
        let readsEvery: Int64
        /// Whether it reads, or only looks at the schema.
        let reads: Bool

        init(wrapped: any MigrationPolicy, readsEvery: Int64, reads: Bool = true) {
            self.wrapped = wrapped
            self.readsEvery = readsEvery
            self.reads = reads
        }

        func createDestinationInstances(
            for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
        ) throws {
            try wrapped.createDestinationInstances(for: source, mapping: mapping, context: context)
            guard source.primaryKey % readsEvery == 0, let session = context as? MappingSession else { return }
            let exists = {
                try Int.fetchOne(session.db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name = 'ZENTRY_ZAUTHOR_INDEX'") == 1
            }
            let before = try exists()
            if reads {
                _ = try context.value("entries", of: ObjectReference(side: .destination, entity: "Author", primaryKey: 1))
            }
            let after = try exists()
            seen.withLock { $0.append((before, after)) }
        }

        func createRelationships(
            for destination: ObjectReference, source: ObjectReference, mapping: EntityMapping,
            context: some MigrationPolicyContext
        ) throws {
            try wrapped.createRelationships(for: destination, source: source, mapping: mapping, context: context)
        }

        func validate(mapping: EntityMapping, context: some MigrationPolicyContext) throws {
            try wrapped.validate(mapping: mapping, context: context)
        }

        func function(named name: String) -> ExpressionFunction? { wrapped.function(named: name) }

        var customizesRelationships: Bool { wrapped.customizesRelationships }
    }

    /// Journal 4 → 5 (the `WordCount` policy, row by row, after the set-based authors) with `policy`.
    static func policyStep(_ policy: IndexCheckingPolicy) throws -> String {
        let source = try SampleJournalStore.journal3(MappedStepDifferentialTests.entries(seed: 12, count: 60))
        let split = try SampleJournalStore.run(
            try MappedStep(
                mapping: try SampleJournalStore.mapping("journal-3-to-4.yaml"), sourceModel: SampleJournalStore.version(3),
                destinationModel: SampleJournalStore.version(4), policies: SampleApp.policies),
            source: source)
        var policies = MigrationPolicyRegistry()
        policies.register(policy, named: "WordCount")
        let step = try MappedStep(
            mapping: try SampleJournalStore.mapping("journal-4-to-5.yaml"), sourceModel: SampleJournalStore.version(4),
            destinationModel: SampleJournalStore.version(5), policies: policies)
        return try SampleJournalStore.run(step, source: split)
    }

    @Test("A policy's first read of the destination by an indexed column finds the indexes made, not before")
    func policyReadGetsIndexes() throws {
        let policy = IndexCheckingPolicy(
            wrapped: try #require(SampleApp.policies.policy(named: "WordCount")), readsEvery: 20)
        let result = try Self.policyStep(policy)
        // Entries 20, 40 and 60 read: rows 1-19 were written without indexes, the first read made them.
        #expect(policy.seen.withLock { $0.map { [$0.0, $0.1] } } == [[false, true], [true, true], [true, true]])
        let (plan, integrity) = try Self.plan(
            "SELECT Z_PK, Z_ENT FROM ZENTRY WHERE ZAUTHOR = 1 ORDER BY Z_PK", in: result)
        #expect(plan.contains("ZENTRY_ZAUTHOR_INDEX"))
        #expect(integrity == "ok")
        #expect(try StoreLayoutTests.shape(result) == ["bookkeeping", "tables", "indexes"])
    }

    @Test("A policy that only makes objects writes them all before the indexes are made")
    func policyWithoutReads() throws {
        let policy = IndexCheckingPolicy(
            wrapped: try #require(SampleApp.policies.policy(named: "WordCount")), readsEvery: 20, reads: false)
        let result = try Self.policyStep(policy)
        #expect(policy.seen.withLock { $0.map { [$0.0, $0.1] } } == [[false, false], [false, false], [false, false]])
        #expect(try Self.createdLast("ZENTRY_ZAUTHOR_INDEX", in: result))
        #expect(try Self.plan("SELECT 1", in: result).integrity == "ok")
    }

    @Test("An inferred copy: its indexes made after the rows, before the order fills, and used")
    func inferredCopy() throws {
        let source = try InferredStepTests.makeStore(InferredStepTests.v1, sql: InferredStepTests.rows)
        var step = InferredStep(sourceModel: InferredStepTests.v1, destinationModel: InferredStepTests.v2)
        step.renamesInPlace = false
        let result = try StepRunner.run(step, sourcePath: source)
        #expect(try StoreLayoutTests.shape(result) == ["bookkeeping", "tables", "indexes"])
        let (plan, integrity) = try Self.plan("SELECT Z_PK FROM ZNOTE WHERE ZFOLDER = 1", in: result)
        #expect(plan.contains("ZNOTE_ZFOLDER_INDEX"))
        #expect(integrity == "ok")
    }

    /// Tags whose labels become unique in `v2`.
    static let tags = ObjectModel(
        name: "v1",
        entities: [
            Entity(name: "Note", attributes: [Attribute(name: "title", type: .string)]),
            Entity(
                name: "Tag", attributes: [Attribute(name: "label", type: .string), Attribute(name: "kind", type: .integer16)]),
        ])
    static let uniqueTags: ObjectModel = {
        var model = tags
        model.name = "v2"
        model.entities[1].uniquenessConstraints = [["label", "kind"]]
        return model
    }()

    @Test("Rows breaking a new uniqueness constraint fail the step naming the table, columns and two rows")
    func duplicateUnderUniqueIndex() throws {
        let folder = try TemporaryDirectory.make()
        let store = folder.appendingPathComponent("Tags.sqlite").path
        try StoreWriter(model: Self.tags).create(at: store)
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    INSERT INTO ZTAG (Z_PK, Z_ENT, Z_OPT, ZLABEL, ZKIND) VALUES (1, 2, 1, 'red', 1), (2, 2, 1, 'red', 2), \
                    (3, 2, 1, NULL, 1), (4, 2, 1, NULL, 1), (5, 2, 1, 'blue', 1), (6, 2, 1, 'red', 2)
                    """)
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 6 WHERE Z_NAME = 'Tag'")
        }
        let before = try ExecutionFixture.fingerprint(folder.path)
        let (tags, uniqueTags) = (Self.tags, Self.uniqueTags)
        let plan = MigrationPlan(
            from: "v1", to: "v2",
            steps: [
                StepCandidate(
                    from: "v1", to: "v2", origin: .inferred,
                    factory: { InferredStep(sourceModel: tags, destinationModel: uniqueTags) })
            ])
        let error = #expect(throws: ExecutionError.self) {
            try ChainExecutor(options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path)).run([
                MigrationJob(storePath: store, plan: plan)
            ])
        }
        let message = try #require(error?.description)
        #expect(
            message.contains(
                "rows Z_PK 2 and 6 of ZTAG have the same ZLABEL, ZKIND, which the uniqueness constraint Z_Tag_UNIQUE_label_kind forbids"
            ), "\(message)")
        #expect(!message.contains("\n"))
        #expect(ExecutionFixture.same(before, try ExecutionFixture.fingerprint(folder.path)))
    }

    @Test("Indexes are sorted with a helper thread per core beyond the first")
    func sortHelpers() throws {
        let model = SampleJournalStore.version(4)
        let writer = StoreWriter(model: model)
        let path = try TemporaryDirectory.make().appendingPathComponent("J.sqlite").path
        try writer.create(at: path, options: StoreCreationOptions(layout: .migrated))
        let queue = try DatabaseQueue(path: path)
        let indexes = try queue.writeWithoutTransaction { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA threads") == 0)
            try writer.installIndexes(db, path: path)
            #expect(try Int.fetchOne(db, sql: "PRAGMA threads") == StoreWriter.sortHelperThreads)
            return try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name")
        }
        try queue.close()
        #expect(StoreWriter.sortHelperThreads == min(3, ProcessInfo.processInfo.activeProcessorCount - 1))
        #expect(indexes == ["ZENTRY_ZAUTHOR_INDEX"])
    }
}
