import Foundation

/// Reads a store's `-wal` the way SQLite's recovery does, to find committed transactions SQLite would drop.
///
/// SQLite applies the frames from the start of the log while each one carries the header's salts and a valid
/// cumulative checksum, up to the last commit frame among them; everything after the first bad frame is
/// ignored without a word. A frame after that point that still carries the current salts belongs to this
/// log's generation: a commit frame there is a transaction that was committed and would vanish. Frames with
/// other salts are left over from before a checkpoint restarted the log, and a bad frame at the very end is a
/// write torn by a crash, never committed; neither loses anything.
package struct WriteAheadLogCheck: Sendable, Hashable {
    /// Frames SQLite applies (up to and including the last valid commit frame).
    package var appliedFrames = 0
    /// Commit frames among ``appliedFrames``.
    package var appliedTransactions = 0
    /// Frames of the current generation after the first bad frame.
    package var lostFrames = 0
    /// Commit frames among ``lostFrames``: committed transactions SQLite would drop.
    package var lostTransactions = 0
    /// The 1-based number of the first frame SQLite would not apply, if any frame of this generation follows.
    package var firstBadFrame: Int?
    /// Why the whole log would be ignored (a damaged header, another page size, a database not in WAL mode).
    package var foreignReason: String?
    /// The log's page size, when its header is valid.
    package var pageSize = 0
    /// The page number each of the ``appliedFrames`` holds, in the log's order (frame `i` at byte
    /// `32 + i × (24 + pageSize)`, its image at ``imageOffset(ofFrame:)``): what salvage lays over the file
    /// (``LoggedPages``) and reads row ids from (``LoosePageScan``) without reading the log's headers and
    /// checksums again. Four bytes a frame.
    package var appliedPages: [UInt32] = []
    /// The database's size in pages after the last applied commit (0 when none).
    package var committedPages = 0

    /// Where the page image of frame `index` (0-based, one of ``appliedPages``) starts in the log: after the
    /// log's 32-byte header, `index` frames of a 24-byte header and a page each, and its own header.
    package func imageOffset(ofFrame index: Int) -> UInt64 {
        32 + UInt64(index) * UInt64(24 + pageSize) + 24
    }

    /// Whether the log can be used as SQLite would use it without losing a committed transaction.
    package var losesCommittedData: Bool { lostTransactions > 0 || foreignReason != nil }

    /// Checks `walPath` against the database at `databasePath`. A missing or empty log is fine.
    package static func check(walPath: String, databasePath: String) throws(StoreError) -> WriteAheadLogCheck {
        guard FileManager.default.fileExists(atPath: walPath) else { return WriteAheadLogCheck() }
        let databaseHeader = try StoreFileProbe.checkDatabaseFile(databasePath)
        guard let input = FileHandle(forReadingAtPath: walPath) else {
            throw StoreError(.unreadable, path: walPath, message: "cannot read the -wal file")
        }
        defer { try? input.close() }
        do {
            let header = try input.read(upToCount: 32) ?? Data()
            guard header.count == 32 else { return WriteAheadLogCheck() }
            var scanner = WriteAheadLogScanner(header: [UInt8](header))
            var result = WriteAheadLogCheck()
            if let problem = scanner.headerProblem {
                // A header alone holds no data; frames behind a damaged one are all ignored.
                let size = try input.seekToEnd()
                result.foreignReason = size > 32 ? problem : nil
                return result
            }
            result.pageSize = scanner.pageSize
            try scanner.scan(input, into: &result)
            if result.appliedTransactions + result.lostTransactions > 0 {
                result.foreignReason = foreignReason(scanner, databaseHeader)
            }
            return result
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.unreadable, path: walPath, message: "cannot read the -wal file: \(error.localizedDescription)")
        }
    }

    /// A valid log that cannot be this database's: another page size, or a database not in WAL mode.
    private static func foreignReason(_ scanner: WriteAheadLogScanner, _ databaseHeader: [UInt8]) -> String? {
        guard databaseHeader.count >= 20 else { return nil }
        let raw = Int(databaseHeader[16]) << 8 | Int(databaseHeader[17])
        let pageSize = raw == 1 ? 65536 : raw
        if pageSize != scanner.pageSize {
            return
                "its page size is \(scanner.pageSize) bytes but the database's is \(pageSize): it was written for another database"
        }
        if databaseHeader[18] != 2 || databaseHeader[19] != 2 {
            return "the database is not in WAL mode, so SQLite ignores the -wal beside it"
        }
        return nil
    }

    /// One line for an error or warning: what would be lost.
    package var summary: String {
        if let foreignReason { return "the -wal does not belong to this store or is damaged (\(foreignReason))" }
        return
            "the -wal is damaged at frame \(firstBadFrame ?? 0): \(lostTransactions) committed transaction(s) in \(lostFrames) frame(s) after it would be lost (\(appliedTransactions) before it are kept)"
    }
}
