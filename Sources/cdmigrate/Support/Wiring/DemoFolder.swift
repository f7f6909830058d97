import Foundation
import JournalSample
import MigrationEngine

/// The sample app laid out for the demo: its model, mappings and project file written from the copies built
/// into the binary (``SampleApp/files``, generated from `Examples/`), so the demo works from a binary copied
/// anywhere, and a generated store at the oldest version.
struct DemoFolder: Encodable {
    /// The folder holding everything.
    let directory: String
    /// The generated store.
    let store: String
    /// The written model.
    let model: String

    /// Writes the sample app into `parent` (a new temporary folder when nil), keeping files already there
    /// (a reused `--directory`); the store is not written yet.
    static func prepare(in parent: String?) throws -> DemoFolder {
        let folder = try parent.map { URL(fileURLWithPath: $0) } ?? makeTemporaryFolder()
        for file in SampleApp.files {
            let target = folder.appendingPathComponent(file.path)
            guard !FileManager.default.fileExists(atPath: target.path) else { continue }
            do {
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: target)
            } catch {
                throw DemoError(
                    category: .io, path: target.path, message: "cannot write the sample app: \(error.localizedDescription)")
            }
        }
        return DemoFolder(
            directory: folder.path, store: folder.appendingPathComponent("Journal.sqlite").path,
            model: folder.appendingPathComponent(SampleApp.modelName).path)
    }

    /// Whether the store has been generated already (a reused `--directory`).
    var hasStore: Bool { FileManager.default.fileExists(atPath: store) }

    /// Writes the store at the oldest version with `entries` journal entries.
    func generateStore(entries: Int) throws {
        let bundle = try MigrationProject(modelPath: model, settings: PlanningSettings()).bundle
        guard let oldest = bundle?.version(named: SampleApp.oldestVersion) else {
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
