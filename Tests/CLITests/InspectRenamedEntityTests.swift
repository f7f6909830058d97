import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("inspect: an entity Core Data renamed but recorded under its old name", .enabled(if: CLIRunner.isAvailable))
struct InspectRenamedEntityTests {
    static let store = "coredataplus-cars/stores/SampleModel_V2.sqlite"

    @Test("With and without --model, a Journal 4 store whose Z_PRIMARYKEY says Post for Entry: matched, model name noted")
    func renamedSampleEntityMatches() throws {
        let store = try JournalFixture.journal4(entries: 12)
        try DatabaseQueue(path: store).write { db in
            try db.execute(sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_NAME" = 'Post' WHERE "Z_NAME" = 'Entry'"#)
        }
        for arguments in [["inspect", store, "--json"], ["inspect", store, "--model", JournalFixture.modelPath, "--json"]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let report = try result.decoded(StoreReport.self)
            #expect(report.compatibility?.compatibleVersion != nil, "\(arguments)")
            let renamed = try #require(report.entities.first { $0.number == 2 })
            #expect(renamed.name == "Post" && renamed.modelName == "Entry" && renamed.matchesModel == true)
            #expect(renamed.hash != nil)
            #expect(renamed.rows == 12)
            let author = try #require(report.entities.first { $0.number == 1 })
            #expect(author.name == "Author" && author.modelName == nil && author.matchesModel == true)
        }
        let text = try CLIRunner.run(["inspect", store, "--model", JournalFixture.modelPath])
        let row = try #require(text.stdout.split(separator: "\n").first { $0.contains("Post") })
        #expect(row.contains("Post (model: Entry)"))
        #expect(row.hasSuffix("✓"))
    }

    @Test(
        "With and without --model, cars V2's ExpensiveSportCar row is LuxuryCar's: matched, hash shown, model name noted",
        Corpus.required)
    func renamedEntityMatches() throws {
        let store = try Corpus.copyStore(Self.store)
        let model = Corpus.path("coredataplus-cars/SampleModel.xcdatamodeld")
        for arguments in [["inspect", store, "--json"], ["inspect", store, "--model", model, "--json"]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let report = try result.decoded(StoreReport.self)
            let renamed = try #require(report.entities.first { $0.number == 3 })
            #expect(renamed.name == "ExpensiveSportCar")
            #expect(renamed.modelName == "LuxuryCar")
            #expect(renamed.matchesModel == true)
            #expect(renamed.hash != nil)
            #expect(report.entities.filter { $0.number != 3 }.allSatisfy { $0.modelName == nil && $0.matchesModel == true })
        }
        let text = try CLIRunner.run(["inspect", store, "--model", model])
        let row = try #require(text.stdout.split(separator: "\n").first { $0.contains("ExpensiveSportCar") })
        #expect(row.contains("ExpensiveSportCar (model: LuxuryCar)"))
        #expect(row.hasSuffix("✓"))
    }
}
