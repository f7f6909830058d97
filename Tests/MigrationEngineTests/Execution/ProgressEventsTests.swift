import Foundation
import JournalSample
import MigrationEngine
import Synchronization
import TestSupport
import Testing

/// The events a front end needs for honest progress: each step's total once, before its first row, and
/// every stage (snapshot, validation, backup, swap) as it begins.
@Suite("Progress events")
struct ProgressEventsTests {
    static func migrateSample(entries: Int) throws -> [MigrationEvent] {
        let folder = try TemporaryDirectory.make()
        let store = folder.appendingPathComponent("Journal.sqlite").path
        let project = try MigrationProject(
            modelPath: SampleApp.examplesFolder.appendingPathComponent(SampleApp.modelName).path, policies: SampleApp.policies)
        try SampleStoreGenerator(model: try project.bundle!.requireVersion(named: SampleApp.oldestVersion), entries: entries)
            .write(to: store)
        let events = Mutex<[MigrationEvent]>([])
        try project.migrate([try project.plan(store: store)]) { event in events.withLock { $0.append(event) } }
        return events.withLock { $0 }
    }

    @Test("Each step, inferred or mapped, reports its total once, before its first row, and its rows add up to it")
    func stepTotals() throws {
        let events = try Self.migrateSample(entries: 300)
        var steps = 0
        for case .stepStarted(let index, _) in events {
            steps += 1
            let start = try #require(events.firstIndex { if case .stepStarted(index, _) = $0 { true } else { false } })
            let own = events[start...]
            let totals = own.compactMap { event -> Int? in if case .stepRows(index, let rows) = event { rows } else { nil } }
            #expect(totals.count == 1, "step \(index) reports its total once")
            let firstRow = own.firstIndex { if case .entityProgress(index, _, _, _) = $0 { true } else { false } }
            let total = own.firstIndex { if case .stepRows(index, _) = $0 { true } else { false } }
            #expect(try #require(total) < (firstRow ?? .max), "step \(index): the total comes before the rows")
            var last: [String: (done: Int, total: Int)] = [:]
            for case .entityProgress(index, let entity, let done, let entityTotal) in own { last[entity] = (done, entityTotal) }
            #expect(last.values.map(\.total).reduce(0, +) == totals.first, "step \(index): the entities' totals")
            #expect(last.values.map(\.done).reduce(0, +) == totals.first, "step \(index): every row counted")
        }
        #expect(steps == 3, "Journal 1 → 3 inferred, 3 → 4 and 4 → 5 mapped")
    }

    @Test("Stages come in order: snapshot, each step's validation before it is declared valid, backup, swap, commit")
    func stagesInOrder() throws {
        let events = try Self.migrateSample(entries: 20)
        let names = events.compactMap { event -> String? in
            switch event {
            case .stageStarted(let stage):
                if case .validation(let step) = stage { return "validation \(step)" }
                return stage.name
            case .stepStarted(let index, _): return "step \(index)"
            case .stepValidated(let index, _): return "valid \(index)"
            case .committed: return "committed"
            default: return nil
            }
        }
        #expect(
            names == [
                "snapshot", "step 0", "validation 0", "valid 0", "step 1", "validation 1", "valid 1", "step 2",
                "validation 2", "valid 2", "backup", "swap", "committed",
            ])
    }
}
