import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("Rename in place")
struct InPlaceRenameTests {
    /// A Journal 2 store with a few entries, NULLs and non-ASCII text among them.
    static func journal2(extraSQL: [String] = []) throws -> String {
        let path = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try StoreWriter(model: SampleJournalStore.version(2)).create(
            at: path, options: .init(uuid: "3F2A0C1E-0000-4000-8000-00000000002A"))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO ZENTRY (Z_PK, Z_ENT, Z_OPT, ZFAVORITE, ZMOOD, ZCREATED, ZAUTHOR, ZBODY, ZTITLE) VALUES
                    (1, 1, 1, 0, 2, 700000000, 'Ann', 'first body', 'One'),
                    (2, 1, 3, 1, NULL, NULL, NULL, NULL, 'Two'),
                    (7, 1, 2, 0, 5, 700000123.5, 'Zoë', 'naïve — ünïcode', NULL)
                    """)
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 9 WHERE Z_NAME = 'Entry'")
            for statement in extraSQL { try db.execute(sql: statement) }
        }
        try queue.close()
        return path
    }

    /// Whether the step ran in place: each entity's progress then comes in one event, complete (a copy
    /// reports none done first, then each batch).
    static func ranInPlace(_ events: StepRunner.Events) -> Bool {
        let progress = events.all.compactMap { event -> (Int, Int)? in
            if case .entityProgress(_, _, let done, let total) = event { (done, total) } else { nil }
        }
        return !progress.isEmpty && progress.allSatisfy { $0.0 == $0.1 && $0.1 > 0 }
    }

    static func step(_ from: Int, _ to: Int, inPlace: Bool = true) -> InferredStep {
        var step = InferredStep(sourceModel: SampleJournalStore.version(from), destinationModel: SampleJournalStore.version(to))
        step.renamesInPlace = inPlace
        return step
    }

    /// Everything the two results must share: schema, settings, every table's columns and rows.
    static func contents(_ path: String) throws -> [String] {
        // Read-write: a WAL-mode result opens without a -shm beside it.
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            var lines = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
                .map { "\($0)" }
            for pragma in ["page_size", "auto_vacuum", "user_version", "application_id", "journal_mode", "encoding"] {
                lines.append(pragma + " " + (try String.fetchOne(db, sql: "PRAGMA \(pragma)") ?? ""))
            }
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
                lines += try Row.fetchAll(db, sql: "PRAGMA table_info(\(SQLIdentifier(table).quoted))").map { "\(table) \($0)" }
                lines += try Row.fetchAll(db, sql: "SELECT * FROM \(SQLIdentifier(table).quoted) ORDER BY rowid").map {
                    "\(table) \($0)"
                }
            }
            return lines
        }
    }

    @Test("A rename done in place gives the store the copy gives: schema, column order, rows, metadata")
    func sameAsCopy() throws {
        let source = try Self.journal2()
        let events = StepRunner.Events()
        let inPlace = try StepRunner.run(Self.step(2, 3), sourcePath: source, events: events)
        let copied = try StepRunner.run(Self.step(2, 3, inPlace: false), sourcePath: source)
        #expect(try Self.contents(inPlace) == Self.contents(copied))
        #expect(try Self.contents(inPlace).contains { $0.contains("ZTEXT VARCHAR") })
        #expect(Self.ranInPlace(events))
        try StoreValidator(model: SampleJournalStore.version(3)).validate(inPlace, expectedCounts: ["Entry": 3])
        #expect(!FileManager.default.fileExists(atPath: inPlace + "-empty"))
    }

    @Test("Only a pure rename qualifies: an added column (Apple's order puts it mid-table) is copied")
    func onlyRenames() throws {
        let source = try Self.journal2()
        let facts = try SourceStoreFacts(path: source)
        func qualifies(_ from: Int, _ to: Int) -> InPlaceRename? {
            let step = Self.step(from, to)
            let sourceSchema = SchemaBuilder(model: step.sourceModel).build()
            let destinationSchema = SchemaBuilder(model: step.destinationModel).build()
            let keys = KeyRemapping(
                mapping: step.mapping, sourceSchema: sourceSchema, destinationSchema: destinationSchema, facts: facts)
            let plan = InferredCopyPlan(
                mapping: step.mapping, source: step.sourceModel, destination: step.destinationModel,
                sourceSchema: sourceSchema, destinationSchema: destinationSchema, keys: keys)
            return InPlaceRename(plan: plan, sourceSchema: sourceSchema, destinationSchema: destinationSchema, facts: facts)
        }
        #expect(qualifies(2, 3)?.renames == [.init(table: "ZENTRY", from: "ZBODY", to: "ZTEXT")])
        #expect(qualifies(1, 2) == nil)
        #expect(qualifies(1, 3) == nil)
        #expect(qualifies(3, 4) == nil)
    }

    @Test("A source whose schema differs from what the copy writes falls back to the copy, leaving nothing behind")
    func fallsBack() throws {
        // An index the model does not declare: renamed in place the schema would not be the fresh store's.
        let source = try Self.journal2(extraSQL: ["CREATE INDEX ZEXTRA ON ZENTRY (ZAUTHOR)"])
        let events = StepRunner.Events()
        let result = try StepRunner.run(Self.step(2, 3), sourcePath: source, events: events)
        #expect(!Self.ranInPlace(events))
        let copied = try StepRunner.run(Self.step(2, 3, inPlace: false), sourcePath: source)
        #expect(try Self.contents(result) == Self.contents(copied))
        #expect(!FileManager.default.fileExists(atPath: result + "-empty"))
    }

    @Test("A WAL-mode source with rows only in its -wal is renamed in place with the log folded in, as the copy")
    func walSource() throws {
        let source = try Self.journal2(extraSQL: [])
        let queue = try DatabaseQueue(path: source)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "INSERT INTO ZENTRY (Z_PK, Z_ENT, Z_OPT, ZFAVORITE, ZBODY) VALUES (8, 1, 1, 1, 'logged')")
        }
        // A copy taken while the row is only in the -wal, as a snapshot takes it.
        let folder = try TemporaryDirectory.make().path
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: folder + "/J.sqlite" + suffix)
        }
        try queue.close()
        let copy = folder + "/J.sqlite"
        #expect(StoreFileList.size(copy + "-wal") > 0)
        let events = StepRunner.Events()
        let inPlace = try StepRunner.run(Self.step(2, 3), sourcePath: copy, events: events)
        #expect(Self.ranInPlace(events))
        #expect(StoreFileList.size(inPlace + "-wal") == 0)
        let copied = try StepRunner.run(Self.step(2, 3, inPlace: false), sourcePath: copy)
        #expect(try Self.contents(inPlace) == Self.contents(copied))
        #expect(try Self.contents(inPlace).contains("journal_mode wal"))
        try StoreValidator(model: SampleJournalStore.version(3)).validate(inPlace, expectedCounts: ["Entry": 4])
    }

    @Test("A whole run of the rename migrates, validates and swaps in the renamed store")
    func wholeRun() throws {
        let source = try Self.journal2()
        let plan = MigrationPlan(
            from: "Journal 2", to: "Journal 3",
            steps: [StepCandidate(from: "Journal 2", to: "Journal 3", origin: .inferred, factory: { Self.step(2, 3) })])
        let events = StepRunner.Events()
        try ChainExecutor(
            options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path),
            report: { event in events.events.withLock { $0.append(event) } }
        )
        .run([MigrationJob(storePath: source, plan: plan)])
        #expect(Self.ranInPlace(events))
        #expect(events.all.contains(.log(ChainRunner.integrityCheckedLine)))
        let queue = try DatabaseQueue(path: source)
        defer { try? queue.close() }
        let texts = try queue.read { try String?.fetchAll($0, sql: "SELECT ZTEXT FROM ZENTRY ORDER BY Z_PK") }
        #expect(texts == ["first body", nil, "naïve — ünïcode"])
        #expect(try queue.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"])
    }
}
