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

    /// Whether the original (not yet replaced) is still as the journal recorded it: same database size,
    /// change counter and bytes (a WAL-mode checkpoint rewrites pages without bumping the counter), same log
    /// (parked or live) by size and salts, and no new log begun after parking. When it is not, an app wrote
    /// to it after the crash, and that data must be kept.
    func originalIsUnchanged() throws(ExecutionError) -> Bool {
        let live = storePath + "-wal"
        let parkedLog = parked["-wal"].flatMap { StoreFileList.isFile($0) ? $0 : nil }
        if parkedLog != nil, StoreFileList.isFile(live) { return false }
        guard try StoreFingerprint.take(database: storePath, wal: parkedLog ?? live) == original else { return false }
        return FileDigest.sha256(storePath) == originalDigest
    }
}
