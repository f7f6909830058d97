import Foundation
import MigrationEngine

/// What a restore discards, as `restore` says it before asking.
enum RestorePreviewText {
    static func text(_ preview: RestorePreview) -> String {
        let backup = preview.backup
        let version = backup.version.map { ", at \($0)" } ?? ""
        var out = "restore  \(preview.storePath)\nbackup   \(backup.id) (taken \(time(backup.created))\(version))\n"
        if let finished = preview.runFinished { out += "run      the migration that took it ended \(time(finished))\n" }
        if let modified = preview.storeModified { out += "store    last written \(time(modified))\n" }
        switch preview.isWrittenSinceBackup {
        case true?: out += "\nThe store was written after the backup's run: a restore discards those writes.\n"
        case false?: out += "\nThe store was not written after the backup's run.\n"
        case nil: break
        }
        let changed = preview.changedEntities
        if preview.problems.isEmpty, !preview.entities.isEmpty {
            out += changed.isEmpty ? "Every entity has as many rows as in the backup.\n" : "Rows, backup → now:\n"
        }
        for entity in changed {
            guard let before = entity.inBackup, let now = entity.now else { continue }
            let delta = now - before
            out += "  \(entity.entity): \(before) → \(now) (\(delta > 0 ? "+" : "")\(delta))\n"
        }
        for problem in preview.problems { out += "warning: \(problem)\n" }
        return out
    }

    /// `2026-11-29T03:08:09Z`, as `history` writes times.
    private static func time(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
