import Foundation
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("Expected row counts of mapped steps")
struct CountExpectationTests {
    @Test("One object per source object for plain copies and transforms; merged entities are not predicted")
    func journalThreeToFour() throws {
        let bundle = try ModelLoader.load(path: Corpus.packageRoot.appendingPathComponent("Examples/Journal.xcdatamodeld").path)
        let (three, four) = (try #require(bundle.version(named: "Journal 3")), try #require(bundle.version(named: "Journal 4")))
        let store = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try SampleStoreGenerator(model: three, entries: 60).write(to: store)
        let mapping = try MappingFileReader.read(
            path: Corpus.packageRoot.appendingPathComponent("Examples/Mappings/journal-3-to-4.yaml").path)
        let step = try MappedStep(mapping: mapping, sourceModel: three, destinationModel: four)
        let expected = step.counting.expected(from: try CountExpectation.sourceCounts(three, store).byEntity)
        #expect(expected["Entry"] == 60)
        #expect(expected["Author"] == nil) // authors are merged by name: how many depends on the data
    }
}
