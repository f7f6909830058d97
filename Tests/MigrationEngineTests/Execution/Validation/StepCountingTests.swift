import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("Each step says which counts its result is held to")
struct StepCountingTests {
    @Test("An inferred step holds every entity it carries over; an entity new in the destination has no count")
    func inferred() throws {
        let step = InferredStep(sourceModel: try JournalFixture.version(3), destinationModel: try JournalFixture.version(4))
        guard case .everyCarriedEntity(let held) = step.counting else {
            Issue.record("an inferred step holds every carried entity, not \(step.counting)")
            return
        }
        #expect(held == [.init(destination: "Entry", source: "Entry")])
        #expect(step.counting.expected(from: ["Entry": 60]) == ["Entry": 60])
    }

    @Test("A bookkeeping repair is held to no count; a step that says nothing is held to none but read row by row")
    func noneAndDefault() throws {
        let model = try JournalFixture.version(4)
        let repair = BookkeepingRepairStep(model: model)
        guard case .none = repair.counting else {
            Issue.record("a bookkeeping repair copies pages whose Z_MAX it repairs: \(repair.counting)")
            return
        }
        #expect(repair.counting.expected(from: ["Entry": 5]).isEmpty)
        let other = RenameColumnStep(sourceModel: model, destinationModel: model)
        guard case .someEntities(let held) = other.counting else {
            Issue.record("a step that says nothing reads its source row by row: \(other.counting)")
            return
        }
        #expect(held.isEmpty)
        #expect(other.counting.heldSources.isEmpty)
    }

    @Test("Only a bookkeeping repair rewrites its source's bookkeeping; its changes are read once it has run")
    func bookkeeping() throws {
        let (three, four) = (try JournalFixture.version(3), try JournalFixture.version(4))
        #expect(InferredStep(sourceModel: three, destinationModel: four).bookkeeping.isTrusted)
        #expect(RenameColumnStep(sourceModel: four, destinationModel: four).bookkeeping.isTrusted)
        let repair = BookkeepingRepairStep(model: four)
        guard case .rewritten(let changes) = repair.bookkeeping else {
            Issue.record("a bookkeeping repair rewrites the hashes and Z_MAX the run would otherwise hold against it")
            return
        }
        #expect(changes().total == 0)
        repair.changes.report.withLock {
            $0.add(.init(entity: "Entry", primaryKey: 9, property: "Z_MAX", rule: "below", action: .raised, old: "1", new: "9"))
        }
        #expect(changes().total == 1)
    }

    @Test("Held counts of several sources add up in their destination")
    func sums() {
        let counting = StepCounting.someEntities([
            .init(destination: "Person", source: "Author"), .init(destination: "Person", source: "Editor"),
        ])
        #expect(counting.expected(from: ["Author": 3, "Editor": 4, "Entry": 9]) == ["Person": 7])
        #expect(counting.heldSources == ["Author", "Editor"])
    }
}
