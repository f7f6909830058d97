import Foundation
import JournalSample
import MigrationEngine

/// Generated sample-app stores for test targets that do not link the sample app themselves.
public enum SampleStoreFile {
    /// The sample app's model (`Examples/Journal.xcdatamodeld`).
    public static var modelPath: String { SampleApp.examplesFolder.appendingPathComponent(SampleApp.modelName).path }

    /// A generated store at `Journal <version>` (1 to 3) with `entries` entries, as `Journal.sqlite` in a new folder.
    public static func make(version: Int, entries: Int) throws -> String {
        guard let model = try ModelLoader.load(path: modelPath).version(named: "Journal \(version)") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Journal \(version)"])
        }
        let store = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try SampleStoreGenerator(model: model, entries: entries).write(to: store)
        return store
    }
}
