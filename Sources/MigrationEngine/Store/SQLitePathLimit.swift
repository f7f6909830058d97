/// SQLite's own limit on a file's path: its Unix file layer opens no file whose full path, with the
/// `-journal` or `-wal` suffix of its sidecars, is 512 bytes or more, and says only "unable to open database
/// file". A run makes its temporary stores beside the store under longer names than the store's own, so a
/// store deep in folders can be read but not migrated; the reason is given up front instead.
enum SQLitePathLimit {
    /// The longest path SQLite's Unix file layer accepts, in bytes.
    static let maximum = 511

    /// Why SQLite cannot open `path` (or its sidecars), or nil when it can.
    static func problem(_ path: String) -> String? {
        let length = path.utf8.count + "-journal".utf8.count
        guard length > maximum else { return nil }
        return "the path of \(path) with its -journal suffix is \(length) bytes; SQLite opens no file whose path is "
            + "longer than \(maximum) bytes (move the store to a folder with a shorter path)"
    }
}
