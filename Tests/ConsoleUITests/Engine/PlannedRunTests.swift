import Foundation
import GRDB
import MigrationEngine
import Synchronization
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 12: the run the user confirms executes the plan the console showed, without reading the whole store
/// again, but only while the store's files are exactly as they were when it was planned.
@Suite struct PlannedRunTests {
    static func project() throws -> MigrationProject {
        try MigrationProject(modelPath: JournalFixture.modelPath)
    }

    @Test("The plan is reused for its store and target only, while the store is untouched")
    func reusedWhileUntouched() throws {
        let store = try JournalFixture.store(version: 1, entries: 5)
        let planned = PlannedRun()
        #expect(planned.reusable(store: store, target: "Journal 3") == nil, "nothing planned yet")
        let planning = try planned.plan(try Self.project(), store: store, target: "Journal 3")
        #expect(planned.reusable(store: store, target: "Journal 3")?.plan.steps.map(\.to) == planning.plan.steps.map(\.to))
        #expect(planned.reusable(store: store, target: "Journal 2") == nil, "another target")
        let other = try JournalFixture.store(version: 1, entries: 5)
        #expect(planned.reusable(store: other, target: "Journal 3") == nil, "another store")
        // A write in place (same file, same inode) is enough to plan again.
        try DatabaseQueue(path: store).write { try $0.execute(sql: "UPDATE ZENTRY SET ZTITLE = ZTITLE || '!' WHERE Z_PK = 1") }
        #expect(planned.reusable(store: store, target: "Journal 3") == nil, "the store was written")
    }

    @Test("A store replaced after it was planned is planned again, and the run starts from its real version")
    func replacedStoreIsPlannedAgain() throws {
        let store = try JournalFixture.store(version: 1, entries: 5)
        let planner = ProjectPlanner(project: try Self.project())
        #expect(try planner.plan(storePath: store, target: "Journal 3").source == "Journal 1")
        let second = try JournalFixture.store(version: 2, entries: 7)
        try FileManager.default.removeItem(atPath: store)
        try FileManager.default.copyItem(atPath: second, toPath: store)
        let events = Mutex<[MigrationEvent]>([])
        try planner.migrate(
            storePath: store, target: "Journal 3", dryRun: false, report: { event in events.withLock { $0.append(event) } },
            cancellation: CancellationFlag())
        let steps = events.withLock { $0 }.compactMap { event -> [String]? in
            if case .planReady(let steps) = event { return steps.map(\.from) }
            return nil
        }
        #expect(steps == [["Journal 2"]], "planned again from the store as it is now")
        let contents = try StoreReader.read(path: store)
        #expect(
            CompatibilityCheck.check(try JournalFixture.bundle(), metadata: contents.metadata).compatibleVersion == "Journal 3")
    }

    @Test("The plan the console showed was integrity-checked, so the run that reuses it does not check again")
    func shownPlanIsChecked() throws {
        let store = try JournalFixture.store(version: 1, entries: 5)
        let planned = PlannedRun()
        #expect(try planned.plan(try Self.project(), store: store, target: "Journal 3").isIntegrityChecked)
        #expect(planned.reusable(store: store, target: "Journal 3")?.isIntegrityChecked == true)
    }

    @Test("A store damaged after its plan was shown is planned again and refused by the run as damaged, untouched")
    func damagedAfterPlanning() throws {
        let store = try JournalFixture.store(version: 1, entries: 50)
        let planner = ProjectPlanner(project: try Self.project())
        _ = try planner.plan(storePath: store, target: "Journal 3")
        try HeaderDamage.claimMissingFreePages(store)
        let damaged = try Data(contentsOf: URL(fileURLWithPath: store))
        let checked = #expect(throws: StoreError.self) { try Self.project().plan(store: store, target: "Journal 3") }
        let refused = #expect(throws: StoreError.self) {
            try planner.migrate(
                storePath: store, target: "Journal 3", dryRun: false, report: { _ in }, cancellation: CancellationFlag())
        }
        #expect(refused == checked && refused?.code == .damaged)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == damaged)
    }
}
