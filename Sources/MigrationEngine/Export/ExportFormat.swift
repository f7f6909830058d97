/// How `export` writes objects: CSV with a header row, one JSON array, or one JSON object per line.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    /// RFC 4180 CSV: a header row, fields quoted when they hold a comma, quote or line break; NULL is empty.
    case csv
    /// One JSON array of objects.
    case json
    /// One JSON object per line (JSON Lines).
    case jsonl

    /// The file extension used for one entity's file when a whole store is exported into a folder.
    public var fileExtension: String { rawValue }
}
