import Foundation

/// The record that makes a swap recoverable: written (durably) beside every store of a run before the first
/// file moves, removed after the last. Whoever finds one later knows a swap was interrupted and has what it
/// needs to finish it or undo it (see ``Recovery``).
public struct SwapJournal: Sendable, Hashable, Codable {
    /// One store of the run.
    public struct Member: Sendable, Hashable, Codable {
        /// The store's database file.
        public var storePath: String
        /// The validated new store waiting beside it.
        public var temporaryPath: String
        /// SHA-256 of the new store.
        public var newDigest: String
        /// SHA-256 of the original database file.
        public var originalDigest: String
        /// The backup of the original file set.
        public var backupFolder: String
        /// Where each sidecar (`-wal`, `-journal`) of the original is parked while the new file moves in.
        public var parked: [String: String]
    }

    /// The run's identifier.
    public var run: String
    /// When the swap began.
    public var started: Date
    /// Every store of the run: they are swapped all together or not at all.
    public var members: [Member]

    /// Writes the journal beside every member store.
    public func write() throws(ExecutionError) {
        let data: Data
        do {
            data = try JSONCoding.encoder.encode(self)
        } catch {
            throw ExecutionError(.io, path: members.first?.storePath ?? "", message: "cannot encode the swap journal")
        }
        for member in members {
            try DurableFile.write(data, to: StorePaths(storePath: member.storePath).journal)
        }
    }

    /// Removes the journal beside every member store; the swap (or its recovery) is over.
    public func remove() throws(ExecutionError) {
        for member in members {
            try DurableFile.remove(StorePaths(storePath: member.storePath).journal)
        }
    }

    /// The journal beside this store, if a swap was interrupted.
    public static func find(besideStore storePath: String) throws(ExecutionError) -> SwapJournal? {
        let path = StorePaths(storePath: storePath).journal
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            return try JSONCoding.decoder.decode(SwapJournal.self, from: data)
        } catch {
            throw ExecutionError(.io, path: path, message: "the swap journal is unreadable; restore from a backup")
        }
    }
}
