import Foundation

/// Checks a store's database file before anything opens it: present, a readable regular file, and SQLite.
enum StoreFileProbe {
    /// The 16-byte signature every SQLite 3 database starts with.
    static let signature = Array("SQLite format 3\0".utf8)

    /// Throws the ``StoreError`` that says why `path` cannot be a store, or returns its 100-byte header.
    @discardableResult
    static func checkDatabaseFile(_ path: String) throws(StoreError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw StoreError(.notFound, path: path, message: "no such file") }
            throw StoreError(.unreadable, path: path, message: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw StoreError(.unreadable, path: path, message: "not a regular file")
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw StoreError(.unreadable, path: path, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = read(descriptor, &header, 100)
        guard count >= 0 else {
            throw StoreError(.unreadable, path: path, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        guard count > 0 else { throw StoreError(.notSQLite, path: path, message: "empty file, not an SQLite database") }
        guard count == 100, Array(header.prefix(16)) == signature else {
            throw StoreError(.notSQLite, path: path, message: "not an SQLite database (no SQLite header)")
        }
        return header
    }
}
