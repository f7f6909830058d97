import CSQLiteGuard
import GRDB

/// Opens every SQLite connection the engine makes, with SQLite's defensive settings applied before the first
/// statement runs.
///
/// Every byte of a store may be hostile, and a schema is code: a trigger or view fires SQL that the store's
/// author wrote. So the connection refuses what no migration needs — writing the schema or shadow tables
/// directly (`SQLITE_DBCONFIG_DEFENSIVE`), running functions with side effects from inside a schema
/// (`trusted_schema` off), loading extensions, and attaching more than the one source a step reads.
package enum HardenedConnection {
    /// The most databases a connection may attach: a step attaches its source as `src`, nothing else.
    package static let attachedDatabaseLimit: Int32 = 1

    /// Opens `path` with the defensive settings.
    package static func open(_ path: String, readonly: Bool = false, label: String? = nil) throws -> DatabaseQueue {
        try DatabaseQueue(path: path, configuration: configuration(path: path, readonly: readonly, label: label))
    }

    /// Whether SQLite hands a journal or `-wal` it opens to its database's owner only when the owner differs
    /// (``cdm_sqlite3_chown_only_when_different``): run as root, it otherwise changes the inode change time of
    /// a snapshot's `-wal` copy by merely opening it, and the copy can no longer prove it is unwritten
    /// (``SnapshotBackup``; the file is then copied again, which is safe but reads the store twice). Installed
    /// once, before the first connection opens and before a snapshot is copied.
    static let chownsOnlyWhenDifferent: Bool = cdm_sqlite3_chown_only_when_different() == SQLITE_OK

    /// A GRDB configuration that hardens each connection as it opens.
    package static func configuration(path: String, readonly: Bool = false, label: String? = nil) -> GRDB.Configuration {
        _ = chownsOnlyWhenDifferent
        var configuration = GRDB.Configuration()
        configuration.readonly = readonly
        configuration.label = label
        configuration.prepareDatabase { db in try harden(db, path: path) }
        return configuration
    }

    /// Applies the settings to an open connection; throws when SQLite refuses any of them.
    package static func harden(_ db: Database, path: String) throws(StoreError) {
        guard let handle = db.sqliteConnection else {
            throw StoreError(.unreadable, path: path, message: "the SQLite connection is closed")
        }
        let options: [(Int32, Int32, String)] = [
            (SQLITE_DBCONFIG_DEFENSIVE, 1, "defensive mode"),
            (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, "untrusted schema"),
            (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, "no extension loading"),
            (SQLITE_DBCONFIG_WRITABLE_SCHEMA, 0, "read-only schema"),
        ]
        for (option, value, name) in options where cdm_sqlite3_db_config_flag(handle, option, value) != SQLITE_OK {
            throw StoreError(.unreadable, path: path, message: "SQLite refused \(name); the store is not opened without it")
        }
        sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, attachedDatabaseLimit)
        guard sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, -1) == attachedDatabaseLimit else {
            throw StoreError(.unreadable, path: path, message: "SQLite refused the limit on attached databases")
        }
    }
}
