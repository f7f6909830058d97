import Foundation

/// Moves validated new stores into place under a ``SwapJournal``: for each store, the original's `-wal` and
/// `-journal` are parked (renamed aside, so SQLite can never replay an old log into the new file), its `-shm`
/// is removed (SQLite rebuilds it), and the new file is renamed over the old one in one atomic step.
struct StoreSwap {
    let journal: SwapJournal
    /// Called at each stage; tests use it to crash the process there.
    let stageHook: @Sendable (SwapStage) -> Void
    /// Stops the swap dead at a stage, leaving the files as a crash there would (tests only).
    var interruption: (SwapStage) -> Bool = { _ in false }

    /// Runs the swap from the start; the journal must not exist yet.
    func run() throws(ExecutionError) {
        try journal.write()
        try reach(.journalWritten)
        // Nothing has moved since this run wrote the journal, so no store needs its bytes digested to learn
        // whether it was already swapped (a full read of every original).
        try rollForward(fresh: true)
    }

    private func reach(_ stage: SwapStage) throws(ExecutionError) {
        stageHook(stage)
        if interruption(stage) {
            throw ExecutionError(
                .io, path: journal.members.first?.storePath ?? "", message: "swap interrupted at \(stage.rawValue)")
        }
    }

    /// Finishes the swap from whatever point it reached: every store not yet replaced is replaced, then
    /// parked files and the journal are removed. Every action is idempotent.
    /// - Parameter fresh: the journal was just written by this process and no file has moved yet.
    /// - Throws: ``ExecutionError`` when a file cannot be parked, renamed, flushed or removed.
    func rollForward(fresh: Bool = false) throws(ExecutionError) {
        for member in journal.members {
            if !fresh && member.isSwapped { continue }
            try park(member)
            try reach(.sidecarsParked)
            try DurableFile.rename(member.temporaryPath, to: member.storePath)
            try reach(.databaseReplaced)
        }
        try reach(.swapped)
        for member in journal.members {
            for parked in member.parked.values { try DurableFile.remove(parked) }
        }
        try journal.remove()
    }

    private func park(_ member: SwapJournal.Member) throws(ExecutionError) {
        for (suffix, parked) in member.parked.sorted(by: { $0.key < $1.key }) {
            let live = member.storePath + suffix
            if StoreFileList.isFile(live) { try DurableFile.rename(live, to: parked) }
        }
        try DurableFile.remove(member.storePath + "-shm")
    }
}
