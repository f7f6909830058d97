import Foundation
import GRDB

/// Builds, beside the store, the single database file a restore swaps in: the backup's database, with the
/// backup's `-wal` (or hot `-journal`) applied to it by SQLite on the copy, so the swap moves one complete
/// file and never an old log beside a new database. A backup without sidecars is copied byte for byte.
struct RestoreStaging {
    let backups: BackupStore
    let manifest: BackupManifest
    let paths: StorePaths

    func build(at temporary: String) throws(ExecutionError) {
        let source = backups.folder(of: manifest.id) + "/"
        let logs = StoreFileList.logs.filter { suffix in manifest.files.contains { $0.name == paths.fileName + suffix } }
        TemporaryFile.remove(temporary)
        try DurableFile.copy(source + paths.fileName, to: temporary)
        for suffix in logs { try DurableFile.copy(source + paths.fileName + suffix, to: temporary + suffix) }
        if !logs.isEmpty {
            do {
                let queue = try DatabaseQueue(path: temporary)
                try queue.writeWithoutTransaction { db in
                    _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master")
                    try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                }
                try queue.close()
            } catch {
                TemporaryFile.remove(temporary)
                throw ExecutionError(
                    .backupDamaged, path: source + paths.fileName, message: "the backup's log cannot be applied: \(error)")
            }
            TemporaryFile.removeSidecars(of: temporary)
        }
        try TemporaryFile.matchPermissions(temporary, of: paths.storePath)
        try DurableFile.sync(temporary)
    }
}
