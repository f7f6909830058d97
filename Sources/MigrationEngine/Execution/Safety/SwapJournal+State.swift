extension SwapJournal.Member {
    /// Whether this store's new file is in place. Either the database is byte-identical to the new store,
    /// or the temporary has gone (only the swap's rename removes it while the journal exists) and the
    /// database is no longer the original: an app may have opened and written the new store since.
    var isSwapped: Bool {
        let current = FileDigest.sha256(storePath)
        if current == newDigest { return true }
        return !StoreFileList.isFile(temporaryPath) && current != nil && current != originalDigest
    }

    /// Whether the swap of this store can still be finished: it is done, or its new file waits intact.
    var canFinish: Bool {
        isSwapped || FileDigest.sha256(temporaryPath) == newDigest
    }

    /// Whether the new store, in place, was written since the swap: its bytes are no longer the new store's,
    /// or a log lies beside it (the swap parked the original's logs, so any log there now is an app's).
    var newStoreIsWritten: Bool {
        FileDigest.sha256(storePath) != newDigest || StoreFileList.logs.contains { StoreFileList.size(storePath + $0) > 0 }
    }

    /// Whether the original (not yet replaced) is still as the journal recorded it: same database size,
    /// change counter and bytes (a WAL-mode checkpoint rewrites pages without bumping the counter), same log
    /// (parked or live) by size and salts, and no new log begun after parking. When it is not, an app wrote
    /// to it after the crash, and that data must be kept.
    func originalIsUnchanged() throws(ExecutionError) -> Bool {
        // A log begun beside the database after its own was parked is an app's write.
        for (suffix, path) in parked where StoreFileList.isFile(path) && StoreFileList.isFile(storePath + suffix) {
            return false
        }
        let live = storePath + "-wal"
        let parkedLog = parked["-wal"].flatMap { StoreFileList.isFile($0) ? $0 : nil }
        guard try StoreFingerprint.take(database: storePath, wal: parkedLog ?? live) == original else { return false }
        return FileDigest.sha256(storePath) == originalDigest
    }
}
