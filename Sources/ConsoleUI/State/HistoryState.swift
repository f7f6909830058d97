/// The history screen: the store's backups and runs, the backup selected, and the restore question.
public struct HistoryState: Sendable, Hashable {
    /// What was read, `nil` while it loads.
    public var info: HistoryInfo?
    /// Why it could not be read.
    public var error: String?
    /// The selected backup.
    public var selected = 0
    /// Whether the "Restore?" question is open, and whether its Restore button is highlighted (it opens on
    /// Cancel: putting an older store in place needs an explicit choice).
    public var confirm: Bool?

    /// A history about to be read.
    public init() {}

    /// The selected backup, if any.
    public var selectedBackup: HistoryInfo.Backup? {
        guard let backups = info?.backups, backups.indices.contains(selected) else { return nil }
        return backups[selected]
    }
}
