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
}
