import Foundation
import GRDB
import JournalSample
import MigrationEngine
import TestSupport
import Testing

@Suite("Salvage of damaged stores")
struct StoreSalvageTests {
    static func sampleStore(version: Int, entries: Int) throws -> String {
        let store = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try SampleStoreGenerator(model: try #require(SampleJournalStore.bundle.version(named: "Journal \(version)")), entries: entries)
            .write(to: store)
        return store
    }

    @Test("Zeroed leaf pages: every row on the other pages is recovered", DamageScript.required)
    func leafPages() throws {
        let store = try Self.sampleStore(version: 3, entries: 3000)
        let damage = try DamageScript.damage(store, ["leaf", "--table", "ZENTRY", "--pages", "2", "--at", "40"])
        let lost = try #require(damage.hit?["ZENTRY"]).leafCells
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let project = try MigrationProject(bundle: SampleJournalStore.bundle)
        do {
            let report = try project.salvage(store: damage.output, to: output)
            #expect(report.recovered == 3000 - lost, "\(report.tables) \(damage.pages ?? [])")
        } catch {
            Issue.record("\(error)")
        }
    }
}
