import Foundation
import GRDB

/// A consistent, private, read-only copy of a store: its database file plus `-wal` (and a leftover
/// `-journal`) copied into a fresh `0700` temporary folder and opened there.
///
/// The original files are only ever read: they stay byte-identical with the same modification time, and no
/// `-shm` appears beside them (opening a WAL store in place would create one and might checkpoint). Committed
/// data that lives only in the `-wal` is visible, because SQLite replays the copied log when it opens the copy.
/// The copy is retaken when the original changes while being copied, and refused when another process holds
/// SQLite's write lock. The folder is removed by ``remove()`` or when the snapshot is released.
package final class StoreSnapshot: Sendable {
    /// The original database file.
    package let originalPath: String
    /// The original's files, as found when the snapshot was taken.
    package let originalFiles: StoreFileSet
    /// The private folder holding the copy.
    package let directory: URL
    /// The copied database file inside ``directory``.
    package let path: String
    /// What checking the copied `-wal` found; lost transactions are only possible with `acceptWALLoss`.
    package let writeAheadLog: WriteAheadLogCheck
    /// What ``SnapshotOptions/repairsHeader`` changed in the copy's header, one note each.
    package let headerRepairs: [String]
    /// Why the copy's `-wal` was set aside (beside the copy, named with ``setAsideLogSuffix``) and the database
    /// left to be read alone (only with ``SnapshotOptions/readsDatabaseAloneWhenLogRefused``);
    /// ``writeAheadLog`` still counts what it held.
    package let setAsideLog: String?
    /// What the copy's name is followed by when its `-wal` is set aside.
    static let setAsideLogSuffix = "-wal.set-aside"
    /// With ``SnapshotOptions/digestsCopies``, each file copied (database, `-wal`, `-journal`) with the
    /// digest of the bytes written, the original's stamp and inode change time while it was copied and the
    /// copy's once written: a run's backup takes a copy that still has them, and refuses an original that
    /// does not (``SnapshotBackup``). Empty otherwise.
    package let copiedFiles: [CopiedFile]

    /// One store file and its copy in the snapshot.
    package struct CopiedFile: Sendable, Hashable {
        /// What follows the store's file name in the original's name: `""`, `-wal` or `-journal`.
        package var suffix: String
        /// The copy.
        package var copy: String
        /// The hex SHA-256 of the bytes written to the copy, hashed as they were copied.
        package var digest: String
        /// The store's file's stamp, the same before and after it was copied.
        package var originalStamp: FileStamp
        /// The store's file's inode change time then (nanoseconds since 1970), the same before and after it
        /// was copied: a write with its modification time set back since changes it all the same.
        package var originalChanged: Int64
        /// The copy's stamp once written, before anything opened it.
        package var copyStamp: FileStamp
        /// The copy's inode change time then (nanoseconds since 1970): unlike the stamp, no one can set it back
        /// after writing to the file.
        package var copyChanged: Int64

        /// Whether `now`, a file's stamp and inode change time, are the original's as it was copied: nothing
        /// has written to it since, even with its modification time set back.
        package func isOriginal(_ now: (stamp: FileStamp, changed: Int64)?) -> Bool {
            now.map { $0.stamp == originalStamp && $0.changed == originalChanged } ?? false
        }
    }

    private init(
        originalPath: String, originalFiles: StoreFileSet, directory: URL, path: String, writeAheadLog: WriteAheadLogCheck,
        headerRepairs: [String] = [], setAsideLog: String? = nil, copiedFiles: [CopiedFile] = []
    ) {
        self.copiedFiles = copiedFiles
        self.headerRepairs = headerRepairs
        self.setAsideLog = setAsideLog
        self.originalPath = originalPath
        self.originalFiles = originalFiles
        self.directory = directory
        self.path = path
        self.writeAheadLog = writeAheadLog
    }

    deinit { remove() }

    /// Takes a snapshot of the store at `path`.
    ///
    /// A symbolic link is followed: SQLite keeps the `-wal` beside the link's target, so that is the store.
    ///
    /// - Parameters:
    ///   - path: The store's database file; only read.
    ///   - parent: Where to create the private folder (by default this user's ``SnapshotFolder``).
    ///   - options: whether a `-wal` SQLite would apply only in part is accepted (refused by default,
    ///     naming the committed transactions that would be lost).
    /// - Returns: The snapshot; its folder goes when it is released or ``remove()`` is called.
    /// - Throws: ``StoreError`` `.notFound` or `.notSQLite` for the file (`.damaged` for an overwritten header,
    ///   unless `options` repairs it), `.locked` when another process holds
    ///   the write lock or the store keeps changing while copied, `.damaged` for a `-wal` that would lose
    ///   committed data (unless accepted), `.unreadable` when the copy cannot be made.
    package static func take(of path: String, in parent: URL? = nil, options: SnapshotOptions = .init()) throws(StoreError)
        -> StoreSnapshot
    {
        do {
            try StoreFileProbe.checkDatabaseFile(path)
        } catch  where (error.code == .notSQLite || error.code == .damaged) && options.repairsHeader {
            // The copy's header is rebuilt below, or the file is refused then.
        }
        // Before any connection opens a copy, so that opening it leaves its inode change time alone.
        _ = HardenedConnection.chownsOnlyWhenDifferent
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if StoreLockProbe.hasWriter(databasePath: resolved) {
            throw StoreError(.locked, path: path, message: "another process is writing this store")
        }
        let directory = try makePrivateDirectory(in: parent ?? SnapshotFolder.resolve(), for: path)
        let copy = directory.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path
        if let problem = SQLitePathLimit.problem(copy) {
            try? FileManager.default.removeItem(at: directory)
            throw StoreError(.unreadable, path: path, message: "cannot take a snapshot: \(problem)")
        }
        for _ in 0..<5 {
            let before = StoreFileSet.scan(resolved)
            let stamps = modificationStamps(resolved)
            var copied: [(original: String, copy: CopiedFile)] = []
            do throws(SnapshotFileCopy.Failure) {
                // An earlier attempt's files go first, so a -wal gone from the store is gone from the copy.
                TemporaryFile.remove(copy)
                for file in before.files where [.database, .wal, .journal].contains(file.role) {
                    let target = copy + (file.role.suffix ?? "")
                    let original = FileStamp.withChangeTime(file.path)
                    let digest = try SnapshotFileCopy.copy(from: file.path, to: target, digesting: options.digestsCopies)
                    if let original, let digest, let written = FileStamp.withChangeTime(target) {
                        copied.append(
                            (
                                file.path,
                                CopiedFile(
                                    suffix: file.role.suffix ?? "", copy: target, digest: digest,
                                    originalStamp: original.stamp, originalChanged: original.changed,
                                    copyStamp: written.stamp, copyChanged: written.changed)
                            ))
                    }
                }
            } catch  where error.vanished && error.path != resolved {
                // An app closed the store (removing its -wal) or finished a transaction (its -journal) while
                // it was copied: the store is busy, not unreadable, so copy it again.
                continue
            } catch {
                try? FileManager.default.removeItem(at: directory)
                throw StoreError(.unreadable, path: path, message: "cannot copy the store: \(error)")
            }
            if modificationStamps(resolved) == stamps, StoreFileSet.scan(resolved) == before {
                let log: WriteAheadLogCheck
                let repairs: [String]
                do throws(StoreError) {
                    repairs = options.repairsHeader ? try SnapshotHeaderRepair.repair(copy, store: path) : []
                    log = try WriteAheadLogCheck.check(walPath: copy + "-wal", databasePath: copy)
                } catch {
                    try? FileManager.default.removeItem(at: directory)
                    throw StoreError(error.code == .notSQLite ? .notSQLite : .unreadable, path: path, message: error.message)
                }
                if log.losesCommittedData && !options.acceptWALLoss {
                    try? FileManager.default.removeItem(at: directory)
                    throw StoreError(.damaged, path: path, message: log.summary, remedy: .acceptWriteAheadLogLoss)
                }
                var setAside: String?
                if log.foreignReason == nil, log.appliedTransactions > 0, before[.journal] == nil {
                    setAside = try refuseForeignLog(
                        copy: copy, originalPath: path, directory: directory,
                        dropping: options.readsDatabaseAloneWhenLogRefused)
                }
                let snapshot = StoreSnapshot(
                    originalPath: path, originalFiles: before, directory: directory, path: copy, writeAheadLog: log,
                    headerRepairs: repairs, setAsideLog: setAside,
                    copiedFiles: copied.filter { $0.copy.isOriginal(FileStamp.withChangeTime($0.original)) }.map(\.copy))
                if before[.journal] != nil { try snapshot.rollBackJournal() }
                return snapshot
            }
        }
        try? FileManager.default.removeItem(at: directory)
        throw StoreError(.locked, path: path, message: "the store kept changing while it was being copied")
    }

    /// Throws when the copied `-wal` was written for another database (see ``WriteAheadLogOwnership``); no
    /// flag accepts it, since applying it would migrate pages of another store. With `dropping` (salvage),
    /// the copy's log is moved to ``setAsideLogSuffix`` instead, so only the database is read, and the reason
    /// is returned.
    private static func refuseForeignLog(copy: String, originalPath: String, directory: URL, dropping: Bool)
        throws(StoreError) -> String?
    {
        let problem: String?
        do throws(StoreError) {
            problem = try WriteAheadLogOwnership.problem(databaseCopy: copy, originalPath: originalPath)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        guard let problem else { return nil }
        if dropping {
            do {
                if FileManager.default.fileExists(atPath: copy + "-shm") {
                    try FileManager.default.removeItem(atPath: copy + "-shm")
                }
                try FileManager.default.moveItem(atPath: copy + "-wal", toPath: copy + setAsideLogSuffix)
            } catch {
                try? FileManager.default.removeItem(at: directory)
                throw StoreError(
                    .unreadable, path: originalPath, message: "cannot set the -wal copy aside: \(error.localizedDescription)")
            }
            return problem
        }
        try? FileManager.default.removeItem(at: directory)
        // The log holds committed transactions (the only case checked): another store's, or this store's over a
        // database damaged under it (a WAL store cut short), when every object may live in the log. Moving it
        // aside would throw those away; salvage reads what the log and the database still give, either way.
        throw StoreError(
            .damaged, path: originalPath,
            message: "the -wal does not belong to this store, or the database under it is damaged: \(problem)",
            remedy: .salvage)
    }

    /// Opens the copy read-only with GRDB. SQLite may create a `-shm` beside the copy, never beside the original.
    package func openReadOnly() throws(StoreError) -> DatabaseQueue {
        do {
            return try HardenedConnection.open(path, readonly: true, label: "snapshot of \(originalPath)")
        } catch {
            throw StoreError.reading(error, path: originalPath)
        }
    }

    /// A `-journal` left by a writer that died mid-transaction must be rolled back before the database reads
    /// consistently; a read-only connection cannot do that, so a writable one does it — on the copy only.
    private func rollBackJournal() throws(StoreError) {
        do {
            let queue = try HardenedConnection.open(path)
            _ = try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM sqlite_master") }
            try queue.close()
        } catch {
            throw StoreError.reading(error, path: originalPath)
        }
    }

    /// Deletes the private folder. Safe to call more than once.
    package func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The folder-name prefix of snapshots: it carries the creating process's id, so a snapshot left by a
    /// killed process can be told from one in use (see ``removeOrphans(in:)``).
    static let folderPrefix = "cdmigrate-snapshot-"

    /// Removes the snapshot folders in `parent` (by default this user's ``SnapshotFolder``) whose process is
    /// gone: what a killed plan, verify or inspect left behind. Returns how many were removed.
    @discardableResult
    package static func removeOrphans(in parent: URL? = nil) -> Int {
        let folder = parent ?? SnapshotFolder.resolve()
        var removed = 0
        for name in snapshotFolderNames(in: folder.path) {
            let fields = name.dropFirst(folderPrefix.count).split(separator: "-")
            guard fields.count == 2, let pid = pid_t(fields[0]), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }

    /// The names in `folder` that start with ``folderPrefix``, read with `readdir`: when snapshots fall back to
    /// the system temporary folder, it may hold thousands of entries, and listing them all as strings
    /// (`FileManager`) cost more than the rest of a plan. Only the matching names become strings. Empty when
    /// the folder cannot be read.
    private static func snapshotFolderNames(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        let prefix = Array(folderPrefix.utf8)
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes -> String? in
                guard bytes.starts(with: prefix) else { return nil }
                return String(decoding: bytes.prefix(bytes.firstIndex(of: 0) ?? bytes.count), as: UTF8.self)
            }
            if let name { names.append(name) }
        }
        return names
    }

    private static func makePrivateDirectory(in parent: URL, for path: String) throws(StoreError) -> URL {
        var template = Array(parent.appendingPathComponent(folderPrefix + "\(getpid())-XXXXXX").path.utf8CString)
        guard let created = mkdtemp(&template) else {
            throw StoreError(.unreadable, path: path, message: "cannot create a private folder in \(parent.path)")
        }
        return URL(fileURLWithPath: String(cString: created))
    }

    private static func modificationStamps(_ path: String) -> [String: Date] {
        var stamps: [String: Date] = [:]
        for suffix in StoreFileList.databaseAndLogs {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path + suffix)
            stamps[suffix] = attributes?[.modificationDate] as? Date
        }
        return stamps
    }
}
