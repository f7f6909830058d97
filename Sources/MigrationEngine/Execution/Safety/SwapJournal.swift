import Foundation

/// The record that makes a swap recoverable: written (durably) beside every store of a run before the first
/// file moves, removed after the last. Whoever finds one later knows a swap was interrupted and has what it
/// needs to finish it or undo it (see ``Recovery``).
///
/// On disk the JSON body is preceded by one line with its SHA-256, so a torn or altered journal is refused;
/// every path it names is checked against the run's own naming form before it is used (``validated(beside:bytes:)``).
package struct SwapJournal: Sendable, Hashable, Codable {
    /// One store of the run.
    package struct Member: Sendable, Hashable, Codable {
        /// The store's database file.
        package var storePath: String
        /// The validated new store waiting beside it.
        package var temporaryPath: String
        /// SHA-256 of the new store.
        package var newDigest: String
        /// SHA-256 of the original database file.
        package var originalDigest: String
        /// The original's state when the journal was written; recovery keeps newer data if it has changed.
        package var original: StoreFingerprint
        /// The backup of the original file set.
        package var backupFolder: String
        /// Where each sidecar (`-wal`, `-journal`) of the original is parked while the new file moves in.
        package var parked: [String: String]
    }

    /// The run's identifier.
    package var run: String
    /// What the run was doing: a migration or a restore.
    package var action: RunRecord.Action
    /// When the swap began.
    package var started: Date
    /// Every store of the run: they are swapped all together or not at all.
    package var members: [Member]

    static let checksumLabel = "cdmigrate-journal sha256="

    /// The bytes written to disk: the checksum line, then the JSON body.
    func encoded() throws(ExecutionError) -> Data {
        let body: Data
        do {
            body = try JSONCoding.encoder.encode(self)
        } catch {
            throw ExecutionError(.io, path: members.first?.storePath ?? "", message: "cannot encode the swap journal")
        }
        return Data((Self.checksumLabel + FileDigest.sha256(of: body) + "\n").utf8) + body
    }

    /// Writes the journal beside every member store.
    package func write() throws(ExecutionError) {
        let data = try encoded()
        for member in members {
            try DurableFile.write(data, to: StorePaths(storePath: member.storePath).journal)
        }
    }

    /// Removes the journal beside every member store; the swap (or its recovery) is over.
    package func remove() throws(ExecutionError) {
        for member in members {
            try DurableFile.remove(StorePaths(storePath: member.storePath).journal)
        }
    }

    /// The journal beside this store, if a swap was interrupted: checked against its checksum and validated.
    package static func find(besideStore storePath: String) throws(ExecutionError) -> SwapJournal? {
        let path = StorePaths(storePath: storePath).journal
        guard let data = FileManager.default.contents(atPath: path) else {
            if access(path, F_OK) == 0 { throw ExecutionError(.io, path: path, message: "the swap journal cannot be read") }
            return nil
        }
        return try decode(data, path: path).validated(beside: storePath, bytes: data)
    }

    /// Decodes journal bytes, refusing them unless the checksum line matches the body.
    static func decode(_ data: Data, path: String) throws(ExecutionError) -> SwapJournal {
        let refused = ExecutionError(
            .backupDamaged, path: path, message: "the swap journal is torn or altered (checksum mismatch); restore from a backup")
        guard let newline = data.firstIndex(of: 0x0A) else { throw refused }
        let line = String(decoding: data[data.startIndex..<newline], as: UTF8.self)
        let body = Data(data[data.index(after: newline)...])
        guard line == checksumLabel + FileDigest.sha256(of: body) else { throw refused }
        do {
            return try JSONCoding.decoder.decode(SwapJournal.self, from: body)
        } catch {
            throw ExecutionError(.backupDamaged, path: path, message: "the swap journal is unreadable; restore from a backup")
        }
    }
}
