import Foundation
import JournalSample
import MigrationEngine
import TestSupport

extension CLIRunner {
    /// The sample app's model (Examples/Journal.xcdatamodeld).
    static var sampleModel: String { SampleApp.examplesFolder.appendingPathComponent(SampleApp.modelName).path }

    /// A generated sample-app store at `Journal <version>` with `entries` entries, alone in a new folder.
    static func sampleStore(version: Int, entries: Int) throws -> String {
        let bundle = try ModelLoader.load(path: sampleModel)
        guard let model = bundle.version(named: "Journal \(version)") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Journal \(version)"])
        }
        let store = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try SampleStoreGenerator(model: model, entries: entries).write(to: store)
        return store
    }
}
