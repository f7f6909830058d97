import Crypto
import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("Explicit mappings in full chains")
struct MappedChainTests {
    /// Plans and runs the chain for a copy of a corpus store to the model's current version.
    private func migrate(_ store: String, model: String, mappings: String) throws -> (path: String, plan: MigrationPlan) {
        let path = try Corpus.copyStore(store)
        let bundle = try ModelLoader.load(path: Corpus.path(model))
        let directory = MappedStepFixtures.fixtures.appendingPathComponent("Mappings/\(mappings)").path
        var settings = PlanningSettings()
        settings.mappingDirectories = [directory]
        let planning = try StorePlanning(
            storePath: path, bundle: bundle, settings: settings,
            explicit: try MappingDirectoryReader().candidates(in: directory, bundle: bundle),
            inference: InferredStepProvider(), target: nil)
        let backups = try TemporaryDirectory.make().path
        try ChainExecutor(options: ExecutionOptions(backupRoot: backups))
            .run([MigrationJob(storePath: path, plan: planning.plan)])
        return (path, planning.plan)
    }

    @Test("colors store 1 → version 4: 1001 Posts, each linked to its own Color holding its original colour", Corpus.required)
    func colors() throws {
        let store = "wibosco-colors/stores/CoreDataMigration_Example_1.sqlite"
        let original = try DatabaseQueue(path: try Corpus.copyStore(store))
            .read { try Row.fetchAll($0, sql: "SELECT Z_PK, ZCOLOR FROM ZPOST ORDER BY Z_PK") }
        let (path, plan) = try migrate(
            store, model: "wibosco-colors/CoreDataMigration_Example.xcdatamodeld", mappings: "wibosco-colors")
        #expect(plan.steps.map(\.kind) == [.explicit, .explicit, .inferred])
        let migrated = try DatabaseQueue(path: path).read { db in
            (
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT p.Z_PK, c.ZHEX, c.Z_PK AS color, c.ZPOST AS back, p.ZHIDE FROM ZPOST p LEFT JOIN ZCOLOR c ON c.Z_PK = p.ZCOLOR
                        ORDER BY p.Z_PK
                        """),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZCOLOR")
            )
        }
        #expect(original.count == 1001)
        #expect(migrated.0.map { [$0[0], $0[1]] as [DatabaseValue] } == original.map { [$0[0], $0[1]] as [DatabaseValue] })
        #expect(Set(migrated.0.compactMap { $0["color"] as Int64? }).count == 1001)
        #expect(migrated.0.allSatisfy { ($0["back"] as Int64?) == ($0["Z_PK"] as Int64) })
        #expect(migrated.1 == 1001)
    }

    @Test("sections store 2 → version 4: every Post has exactly one Section and softDeleted = 0", Corpus.required)
    func sections() throws {
        let store = "wibosco-sections/stores/CoreDataMigration_Example_2.sqlite"
        let original = try DatabaseQueue(path: try Corpus.copyStore(store))
            .read { try Row.fetchAll($0, sql: "SELECT Z_PK, ZCONTENT FROM ZPOST ORDER BY Z_PK") }
        let (path, plan) = try migrate(
            store, model: "wibosco-sections/CoreDataMigration_Example.xcdatamodeld", mappings: "wibosco-sections")
        #expect(plan.steps.map(\.kind) == [.explicit, .inferred])
        let rows = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT p.Z_PK, p.ZSOFTDELETED, COUNT(s.Z_PK) AS n, MAX(s.ZTITLE) AS title, MAX(s.ZBODY) AS body,
                           MAX(s.ZINDEX) AS idx
                    FROM ZPOST p LEFT JOIN ZSECTION s ON s.ZPOST = p.Z_PK GROUP BY p.Z_PK ORDER BY p.Z_PK
                    """)
        }
        #expect(rows.count == original.count && original.count == 10)
        for (row, post) in zip(rows, original) {
            let content: String = post["ZCONTENT"]
            #expect(row["n"] == 1)
            #expect(row["ZSOFTDELETED"] == 0)
            #expect(row["title"] == String(content.prefix(4)) + "...")
            #expect(row["body"] == content)
            #expect(row["idx"] == 0)
        }
    }

    @Test("a failing expression in a chain fails the run and leaves the original store byte for byte")
    func failingChain() throws {
        let path = try JournalFixture.store(version: 2, entries: 20)
        let digest = { Data(SHA256.hash(data: try Data(contentsOf: URL(fileURLWithPath: path)))) }
        let before = try digest()
        let directory = try TemporaryDirectory.make()
        try """
        from: Journal 2
        to: Journal 3
        mappings:
          - source: Entry
            destination: Entry
            attributes:
              text: $source.body * 2
        """.write(to: directory.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let bundle = try JournalFixture.bundle()
        var settings = PlanningSettings()
        settings.mappingDirectories = [directory.path]
        let planning = try StorePlanning(
            storePath: path, bundle: bundle, settings: settings,
            explicit: try MappingDirectoryReader().candidates(in: directory.path, bundle: bundle),
            inference: InferredStepProvider(), target: "Journal 3")
        #expect(planning.plan.steps.map(\.kind) == [.explicit])
        #expect {
            try ChainExecutor(options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
                .run([MigrationJob(storePath: path, plan: planning.plan)])
        } throws: { error in
            "\(error)".contains("mapping EntryToEntry, Entry Z_PK 1, expression `$source.body * 2`: type mismatch")
        }
        #expect(try digest() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        #expect(leftovers.filter { !$0.hasPrefix(".") }.sorted() == ["Journal.sqlite"])
    }
}
