import Foundation

/// A small file a run keeps beside each of its stores while it works (`.App.sqlite.cdmigrate-<run>-run`).
/// It is removed when the run ends; one found later means the process was killed, and tells the next run
/// what to record in which history log before it sweeps the run's leftovers.
struct RunMarker: Sendable, Hashable, Codable {
    /// The run's identifier.
    var run: String
    /// A migration, dry run or restore.
    var action: RunRecord.Action
    /// When it started.
    var started: Date
    /// The store's backup root (where its history log is).
    var backupRoot: String

    /// Writes the marker beside the store.
    func write(beside storePath: String) throws(ExecutionError) {
        let data: Data
        do {
            data = try JSONCoding.encoder.encode(self)
        } catch {
            throw ExecutionError(.io, path: storePath, message: "cannot encode the run marker")
        }
        try DurableFile.write(data, to: StorePaths(storePath: storePath).marker(run: run))
    }

    /// Removes the marker beside the store.
    func remove(beside storePath: String) throws(ExecutionError) {
        try DurableFile.remove(StorePaths(storePath: storePath).marker(run: run))
    }

    /// The marker at `path`, or nil when it is not a complete marker of this store (a torn write).
    static func read(_ path: String, of paths: StorePaths) -> RunMarker? {
        guard let data = FileManager.default.contents(atPath: path),
            let marker = try? JSONCoding.decoder.decode(RunMarker.self, from: data),
            SwapJournal.isIdentifier(marker.run), BackupLocation.isRoot(marker.backupRoot, of: paths)
        else { return nil }
        return marker
    }
}
