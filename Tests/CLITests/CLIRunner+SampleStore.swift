import Foundation
import TestSupport

extension CLIRunner {
    /// The sample app's model (Examples/Journal.xcdatamodeld).
    static var sampleModel: String { JournalFixture.modelPath }

    /// A generated sample-app store at `Journal <version>` with `entries` entries, alone in a new folder.
    static func sampleStore(version: Int, entries: Int) throws -> String {
        try JournalFixture.store(version: version, entries: entries)
    }
}
