import Foundation

extension SwapJournal {
    /// The journal, if every path it names is one this run could have written: each store is a real path
    /// carrying this same journal (or already in one of the two states the journal knows), and each temporary,
    /// parked file and backup folder has the run's own name inside that store's folder or backup folder.
    /// Anything else is a forged or foreign journal, and nothing it names is touched.
    func validated(beside storePath: String, bytes: Data) throws(ExecutionError) -> SwapJournal {
        let found = StorePaths(storePath: storePath)
        func refuse(_ why: String) -> ExecutionError {
            ExecutionError(
                .backupDamaged, path: found.journal,
                message: "the swap journal is not one cdmigrate wrote (\(why)); nothing was changed")
        }
        guard Self.isIdentifier(run) else { throw refuse("bad run identifier") }
        guard members.contains(where: { $0.storePath == found.storePath }) else {
            throw refuse("it does not name the store it lies beside")
        }
        for member in members {
            let paths = StorePaths(storePath: member.storePath)
            guard member.storePath.hasPrefix("/"), paths.storePath == member.storePath else {
                throw refuse("\(member.storePath) is not a real store path")
            }
            guard Self.isTemporary(member.temporaryPath, of: paths, run: run) else {
                throw refuse("\(member.temporaryPath) is not a temporary of this run")
            }
            guard
                member.parked.allSatisfy({
                    StoreFileList.logs.contains($0.key) && $0.value == paths.parked(run: run, suffix: $0.key)
                })
            else {
                throw refuse("a parked file of \(member.storePath) is not named by this run")
            }
            guard BackupLocation.isBackupFolder(member.backupFolder, of: paths) else {
                throw refuse("\(member.backupFolder) is not a backup folder of \(member.storePath)")
            }
            if FileManager.default.contents(atPath: paths.journal) != bytes {
                // Only a store the journal already knows may lack it (a crash between writing or removing copies).
                let digest = FileDigest.sha256(member.storePath)
                guard digest == member.newDigest || digest == member.originalDigest else {
                    throw refuse("\(member.storePath) carries no copy of it")
                }
            }
        }
        return self
    }

    /// Whether a run identifier has the form cdmigrate gives it (lowercase letters and digits).
    static func isIdentifier(_ run: String) -> Bool {
        !run.isEmpty && run.count <= 40 && run.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }
    }

    private static func isTemporary(_ path: String, of paths: StorePaths, run: String) -> Bool {
        let head = paths.prefix + run + "-step"
        guard path.hasPrefix(head), path.hasSuffix(".sqlite") else { return false }
        let step = path.dropFirst(head.count).dropLast(".sqlite".count)
        return !step.isEmpty && step.allSatisfy(\.isNumber) && step.count < 5
    }
}
