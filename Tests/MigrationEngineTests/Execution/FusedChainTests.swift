import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// Consecutive inferred steps run as one (issue 34.2): the fused chain gives the store the steps give one after
/// the other, reading and writing the rows once.
@Suite("Fused inferred steps")
struct FusedChainTests {
    /// Every event of a run, in order.
    final class Events: Sendable {
        let all = Mutex<[MigrationEvent]>([])
        func append(_ event: MigrationEvent) { all.withLock { $0.append(event) } }
        var list: [MigrationEvent] { all.withLock { $0 } }
    }

    /// Migrates a copy of `store` along `planning`'s chain, fused or not; returns the migrated copy and the events.
    static func migrate(
        _ store: String, _ project: MigrationProject, fused: Bool
    ) throws -> (path: String, events: [MigrationEvent]) {
        let copy = try TemporaryDirectory.make().appendingPathComponent("Notes.sqlite").path
        try FileManager.default.copyItem(atPath: store, toPath: copy)
        var planning = try project.plan(store: copy)
        if !fused { planning.plan.fused = [] }
        let events = Events()
        try project.migrate([planning], report: events.append)
        return (copy, events.list)
    }

    /// What Core Data reads of a store: its schema, every table's rows in key order (a join table's in the
    /// order of its columns), and `Z_METADATA`'s plist decoded, with the settings of the file.
    static func contents(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            var lines = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
                .map { "\($0)" }
            for pragma in ["page_size", "auto_vacuum", "user_version", "application_id", "journal_mode", "encoding"] {
                lines.append(pragma + " " + (try String.fetchOne(db, sql: "PRAGMA \(pragma)") ?? ""))
            }
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
                let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(SQLIdentifier(table).quoted))")
                lines += columns.map { "\(table) \($0)" }
                let order = (1...columns.count).map(String.init).joined(separator: ", ")
                lines += try Row.fetchAll(db, sql: "SELECT * FROM \(SQLIdentifier(table).quoted) ORDER BY \(order)").map {
                    "\(table) \($0)"
                }
            }
            return lines
        }
    }

    /// The rows each pass of the run reported it reads and writes, pass by pass.
    static func passes(_ events: [MigrationEvent]) -> [Int] {
        events.compactMap { if case .stepRows(_, let rows) = $0 { rows } else { nil } }
    }

    @Test("Two lossless steps (renames, then additions and a new entity) fused give the store the steps give")
    func sameStoreAsSteps() throws {
        let (store, project) = try FusionFixture.store()
        let planning = try project.plan(store: store)
        #expect(planning.plan.description == "F 1-inf-F 2, F 2-inf-F 3")
        #expect(planning.plan.fused.map(\.steps) == [0...1])
        let fused = try Self.migrate(store, project, fused: true)
        let stepped = try Self.migrate(store, project, fused: false)
        let contents = try Self.contents(fused.path)
        #expect(contents == (try Self.contents(stepped.path)))
        // The values came through: the renamed text, the filled defaults, every link of every kind.
        #expect(contents.contains { $0.hasPrefix("ZNOTE ") && $0.contains("ZTEXT:\"") })
        #expect(contents.contains { $0.hasPrefix("ZPAGE ") && $0.contains("ZCAPTION:\"none\"") })
        #expect(contents.contains { $0.hasPrefix("ZPAGE ") && $0.contains("Z_FOK_BOOK:") && !$0.contains("Z_FOK_BOOK:NULL") })
        #expect(contents.contains { $0.hasPrefix("Z_") && $0.contains("TAGS") && !$0.contains("CREATE") })
        let verification = try project.verify(store: fused.path)
        #expect(verification.version == "F 3")
        // The schema is the one a new store at F 3 gets.
        let fresh = try TemporaryDirectory.make().appendingPathComponent("Fresh.sqlite").path
        let model = try #require(try ModelLoader.load(path: try FusionFixture.model()).version(named: "F 3"))
        try StoreWriter(model: model).create(at: fresh)
        let schema = { (lines: [String]) in lines.filter { $0.hasPrefix("[type:") && !$0.contains("sqlite_autoindex") } }
        #expect(schema(contents) == schema(try Self.contents(fresh)))
    }

    @Test("The fused chain reads and writes the rows once: one copy where the steps make two")
    func copiesOnce() throws {
        let (store, project) = try FusionFixture.store(objects: 30)
        let rows = 30 * 4
        let fused = try Self.migrate(store, project, fused: true)
        let stepped = try Self.migrate(store, project, fused: false)
        #expect(Self.passes(fused.events) == [rows])
        #expect(Self.passes(stepped.events) == [rows, rows])
    }

    @Test("A fused run makes its one step once, and none of the steps it runs as one")
    func makesOnlyTheFusedStep() throws {
        let (store, project) = try FusionFixture.store(objects: 5)
        var planning = try project.plan(store: store)
        let fused = try #require(planning.plan.fused.first)
        let made = Mutex<[String]>([])
        // Each step made is named as it is made; the steps themselves are the plan's own.
        let counted = { (candidate: StepCandidate, name: String) in
            StepCandidate(
                from: candidate.from, to: candidate.to, origin: candidate.origin, isLossy: candidate.isLossy,
                operations: candidate.operations, warnings: candidate.warnings,
                factory: {
                    made.withLock { $0.append(name) }
                    return try candidate.makeStep()
                })
        }
        planning.plan.steps = planning.plan.steps.enumerated().map { counted($1, "step \($0)") }
        planning.plan.fused = [FusedSteps(steps: fused.steps, step: counted(fused.step, "fused"))]
        try project.migrate([planning])
        // The store's version was checked against the fused step's source, the first step's own.
        #expect(made.withLock { $0 } == ["fused"])
        #expect(try project.verify(store: store).version == "F 3")
    }

    @Test("Progress names every planned step, says they ran as one, and validates each")
    func progress() throws {
        let (store, project) = try FusionFixture.store(objects: 5)
        let events = try Self.migrate(store, project, fused: true).events
        let started = events.compactMap {
            if case .stepStarted(let index, let step) = $0 { "\(index) \(step.from) → \(step.to)" } else { nil }
        }
        #expect(started == ["0 F 1 → F 2", "1 F 2 → F 3"])
        let validated = events.compactMap { if case .stepValidated(let index, _) = $0 { index } else { nil } }
        #expect(validated == [0, 1])
        #expect(events.contains(.log("steps 1–2 run as one inferred step, F 1 → F 3, in one pass over the rows")))
    }

    @Test("A chain of renames by identifier, each naming only the one before, runs as one rename in place")
    func renameChainInPlace() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let project = try MigrationProject(modelPath: RenameChainFixture.modelPath, settings: PlanningSettings())
        let planning = try project.plan(store: store)
        #expect(planning.plan.steps.count == 4)
        #expect(planning.plan.fused.map(\.steps) == [0...3])
        let fused = try Self.migrate(store, project, fused: true)
        let stepped = try Self.migrate(store, project, fused: false)
        #expect(try Self.contents(fused.path) == Self.contents(stepped.path))
        let value = try DatabaseQueue(path: fused.path).read { db in
            try String.fetchOne(db, sql: "SELECT ZV2_0_0_NAME FROM ZBASICENTITY")
        }
        #expect(value == RenameChainFixture.knownValue)
        #expect(Self.passes(fused.events) == [1])
        #expect(Self.passes(stepped.events) == [1, 1, 1, 1])
        // In place: each entity's progress comes in one event, complete (a copy reports none done first).
        let progress = fused.events.compactMap { event -> (Int, Int)? in
            if case .entityProgress(_, _, let done, let total) = event { (done, total) } else { nil }
        }
        #expect(!progress.isEmpty && progress.allSatisfy { $0.0 == $0.1 })
    }
}
