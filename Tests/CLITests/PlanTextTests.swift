import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite(
    "plan text on a chain with an explicit mapping", Corpus.required,
    .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct PlanTextTests {
    @Test("Each operation of an explicit step is listed once; inferred steps are labelled once")
    func operationsListedOnce() throws {
        let store = try Corpus.copyStore("wibosco-sections/stores/CoreDataMigration_Example_2.sqlite")
        let mappings = Corpus.packageRoot.appendingPathComponent("Tests/MigrationEngineTests/Fixtures/Mappings/wibosco-sections")
            .path
        let result = try CLIRunner.run([
            "plan", store, "--model", Corpus.path("wibosco-sections/CoreDataMigration_Example.xcdatamodeld"),
            "--mappings", mappings,
        ])
        #expect(result.status == 0)
        let operations = result.stdout.split(separator: "\n").filter { $0.hasPrefix("     transform") }
        #expect(operations.count == 2)
        #expect(Set(operations).count == operations.count)
        #expect(result.stdout.contains("[inferred]"))
        #expect(!result.stdout.contains("inferred: inferred"))
    }
}
