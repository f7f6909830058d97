import Foundation

/// Removes what killed runs left beside a store — temporaries, snapshot folders, parked files, half-written
/// journals, staging folders, run markers — and the partial backups in its backup roots, recording each
/// killed run (known by its marker) as `interrupted` in its history log. The caller holds the store's lock
/// and has already resolved any journal, so nothing here belongs to a live run or a pending swap.
struct LeftoverSweep {
    let storePath: String

    func run() throws(ExecutionError) {
        let paths = StorePaths(storePath: storePath)
        let leftovers = try paths.leftovers()
        var roots: Set<String> = [paths.defaultBackupRoot]
        let markers = leftovers.filter { $0.hasSuffix("-run") }.compactMap { RunMarker.read($0, of: paths) }
        for marker in markers {
            roots.insert(marker.backupRoot)
            let removed = leftovers.filter { $0.hasPrefix(paths.prefix + marker.run + "-") }.count
            try RunHistory(root: marker.backupRoot).append(
                RunRecord(
                    run: marker.run, action: marker.action, storePath: paths.storePath, started: marker.started,
                    finished: Date(), from: nil, to: nil, steps: [], result: .interrupted,
                    detail:
                        "the process was killed; the process was killed before the run finished; \(removed) leftover file(s) were removed",
                    backup: nil))
        }
        for path in leftovers { try DurableFile.removeTree(path) }
        for root in roots.sorted() { try BackupStore(root: root).removePartialBackups() }
    }
}
