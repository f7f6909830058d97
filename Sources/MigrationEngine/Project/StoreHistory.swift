/// A store's recorded runs and the backups kept of it.
public struct StoreHistory: Sendable {
    /// The folder holding the history log and the backups.
    public var root: String
    /// Every run recorded, oldest first.
    public var records: [RunRecord]
    /// Every backup, oldest first.
    public var backups: [BackupManifest]
}
