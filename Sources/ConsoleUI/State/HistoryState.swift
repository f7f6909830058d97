/// The history screen: the store's backups and runs, the backup selected, and the restore question.
package struct HistoryState: Sendable, Hashable {
    /// What was read, `nil` while it loads.
    package var info: HistoryInfo?
    /// Why it could not be read.
    package var error: String?
    /// The selected backup.
    package var selected = 0
    /// Whether the "Restore?" question is open, and whether its Restore button is highlighted (it opens on
    /// Cancel: putting an older store in place needs an explicit choice).
    package var confirm: Bool?

    /// A history about to be read.
    package init() {}

    /// The selected backup, if any.
    package var selectedBackup: HistoryInfo.Backup? {
        guard let backups = info?.backups, backups.indices.contains(selected) else { return nil }
        return backups[selected]
    }
}
