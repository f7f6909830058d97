import Foundation

/// Checks a store's database file before anything opens it: present, a readable regular file, and SQLite.
enum StoreFileProbe {
    /// The 16-byte signature every SQLite 3 database starts with.
    static let signature = Array("SQLite format 3\0".utf8)

    /// Whether `path` is a regular file starting with SQLite's signature (opened without blocking, so a FIFO
    /// named like a store holds nothing up).
    static func hasSignature(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: signature.count)
        return read(descriptor, &header, header.count) == header.count && header == signature
    }

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
            throw overwrittenHeader(descriptor, path: path, size: UInt64(max(0, info.st_size)))
                ?? StoreError(.notSQLite, path: path, message: "not an SQLite database (no SQLite header)")
        }
        return header
    }

    /// The error for a file whose header is overwritten but whose pages are an SQLite database's, which
    /// salvage reads by rebuilding the header in its private copy; nil for a file that is not SQLite at all.
    /// Told apart by the same test salvage makes (``DetectedPageSize``), so whatever is called damaged here
    /// salvage can read.
    private static func overwrittenHeader(_ descriptor: Int32, path: String, size: UInt64) -> StoreError? {
        var start = [UInt8](repeating: 0, count: 65536 + 100)
        let count = pread(descriptor, &start, start.count, 0)
        guard count > 0, let pageSize = DetectedPageSize.detect(Array(start.prefix(count)), fileSize: size) else { return nil }
        return StoreError(
            .damaged, path: path,
            message: "damaged database: its SQLite header is overwritten, though its pages are an SQLite database's "
                + "(\(pageSize)-byte pages)", remedy: .salvage)
    }
}
