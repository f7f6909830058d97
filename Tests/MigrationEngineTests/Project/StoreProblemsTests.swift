import Foundation
import MigrationEngine
import TestSupport
import Testing

/// `verify` listing every problem of a store (issue 33 item 5): each object breaking a rule by itself, then
/// the problems no object explains, each the failure it would be alone; the throwing `verify` gives the first.
@Suite("Every problem of a store, listed")
struct StoreProblemsTests {
    @Test("Each broken object, then the schema's problem, each naming the store; verify throws the first")
    func listsEveryProblem() throws {
        let store = try JournalFixture.journal4WithProblems()
        let project = try MigrationProject(bundle: JournalFixture.bundle())
        let result = try project.problems(of: store)
        #expect(!result.valid)
        #expect(result.version == "Journal 4")
        #expect(!result.moreBrokenObjects)
        let objects = result.problems.compactMap(\.object).map { "\($0.entity) \($0.primaryKey) \($0.property)" }
        #expect(Set(objects) == ["Entry 3 favorite", "Entry 7 favorite", "Entry 5 author"])
        #expect(result.problems.prefix(3).allSatisfy { $0.object != nil && $0.failure.code == .brokenObject })
        let others = result.problems.dropFirst(3)
        #expect(others.map(\.failure.code) == [.validationFailed], "\(result.problems.map(\.failure.message))")
        // Only the list that has columns is named (no "missing: ;").
        #expect(others.first?.failure.message.hasSuffix("ZAUTHOR columns differ (unexpected: ZNICKNAME)") == true)
        #expect(result.problems.prefix(3).allSatisfy { $0.failure.remedy == .repairBrokenObjects })
        #expect(result.problems.allSatisfy { $0.failure.path == store && $0.failure.category == .migrationFailed })
        let thrown = try #require(throws: ExecutionError.self) { try project.verify(store: store) }
        #expect(thrown == result.problems.first?.failure)
    }

    @Test("Objects beyond the limit are counted as more, not listed")
    func limitsObjects() throws {
        let store = try JournalFixture.journal4WithProblems()
        let result = try MigrationProject(bundle: JournalFixture.bundle()).problems(of: store, objectLimit: 2)
        #expect(result.problems.compactMap(\.object).count == 2)
        #expect(result.moreBrokenObjects)
        #expect(result.problems.count == 3)
    }

    @Test("A valid store has no problems")
    func validStore() throws {
        let store = try JournalFixture.journal4(entries: 12)
        let result = try MigrationProject(bundle: JournalFixture.bundle()).problems(of: store)
        #expect(result.valid)
        #expect(result.problems.isEmpty)
    }
}
