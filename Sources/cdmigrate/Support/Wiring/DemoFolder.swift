import Foundation
import JournalSample
import MigrationEngine

/// The sample app laid out for the demo: its model, mappings and project file copied from `Examples/`, and a
/// generated store at the oldest version.
struct DemoFolder: Encodable {
    /// The folder holding everything.
    let directory: String
    /// The generated store.
    let store: String
    /// The copied model.
    let model: String

    /// Copies the sample app into `parent` (a new temporary folder when nil); the store is not written yet.
    static func prepare(in parent: String?) throws -> DemoFolder {
        let examples = SampleApp.examplesFolder
        guard FileManager.default.fileExists(atPath: examples.appendingPathComponent(SampleApp.modelName).path) else {
            throw DemoError(
                category: .notFound, path: examples.path,
                message: "the sample app's Examples folder is missing (the demo runs from a checkout)")
        }
        let folder = try parent.map { URL(fileURLWithPath: $0) } ?? makeTemporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in [SampleApp.modelName, SampleApp.mappingsName, "cdmigrate.yaml"] {
            let target = folder.appendingPathComponent(name)
            guard !FileManager.default.fileExists(atPath: target.path) else { continue }
            try FileManager.default.copyItem(at: examples.appendingPathComponent(name), to: target)
        }
        return DemoFolder(
            directory: folder.path, store: folder.appendingPathComponent("Journal.sqlite").path,
            model: folder.appendingPathComponent(SampleApp.modelName).path)
    }

    /// Whether the store has been generated already (a reused `--directory`).
    var hasStore: Bool { FileManager.default.fileExists(atPath: store) }

    /// Writes the store at the oldest version with `entries` journal entries.
    func generateStore(entries: Int) throws {
        guard let oldest = try ModelLoader.load(path: model).version(named: SampleApp.oldestVersion) else {
            throw DemoError(category: .notFound, path: model, message: "no version \(SampleApp.oldestVersion)")
        }
        try SampleStoreGenerator(model: oldest, entries: entries).write(to: store)
    }

    private static func makeTemporaryFolder() throws -> URL {
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("cdmigrate-demo-XXXXXX").path.utf8CString)
        guard let created = mkdtemp(&template) else {
            throw DemoError(
                category: .io, path: FileManager.default.temporaryDirectory.path, message: "cannot create the demo folder")
        }
        return URL(fileURLWithPath: String(cString: created))
    }
}
