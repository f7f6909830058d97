import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite(
    "plan text on a chain with an explicit mapping",
    .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct PlanTextTests {
    @Test("Each operation of an explicit step is listed once; inferred steps are labelled once")
    func operationsListedOnce() throws {
        let store = try JournalFixture.store(version: 1, entries: 20)
        // The mappings folder is named by the project file beside the model.
        let result = try CLIRunner.run(["plan", store, "--model", JournalFixture.modelPath, "--to", "Journal 4"])
        #expect(result.status == 0)
        let operations = result.stdout.split(separator: "\n").filter { $0.hasPrefix("     transform") }
        #expect(operations.count == 2)
        #expect(Set(operations).count == operations.count)
        #expect(result.stdout.contains("[inferred]"))
        #expect(!result.stdout.contains("inferred: inferred"))
    }
}
