import Foundation

/// The pages SQLite reads through a copy's `-wal`, laid over a copy of its database file: what a checkpoint
/// would write, done byte by byte without SQLite (which cannot open a store whose schema is lost).
///
/// Salvage reads a store whose schema is lost page by page (``LoosePageScan``); without this, the rows and
/// changes committed only to the log would be lost, and the file's older copies of the pages the log replaced
/// read in their place.
enum LoggedPages {
    /// Writes the copy at `database` with the frames of `log` SQLite applies laid over it, at `path` (which must
    /// not exist), sized as the last of their commits says. The frames are those `check` found when the log was
    /// checked (``WriteAheadLogCheck/appliedPages``, up to its last valid commit): only their page images are
    /// read here, the log's headers and checksums are not parsed again. Returns nil when the log's page size is
    /// not the file's (SQLite ignores such a log). A frame or commit naming a page past the file's pages plus
    /// the frames is no frame of this file's log and is not laid, so the copy stays within that many pages.
    static func write(database: String, log: String, check: WriteAheadLogCheck, to path: String, store: String)
        throws(StoreError) -> String?
    {
        do {
            try FileManager.default.copyItem(atPath: database, toPath: path)
            guard let input = FileHandle(forReadingAtPath: log), let output = FileHandle(forUpdatingAtPath: path) else {
                throw StoreError(.unreadable, path: store, message: "cannot read the -wal copy")
            }
            let fileHeader = [UInt8](try output.read(upToCount: 18) ?? Data())
            let size = check.pageSize
            guard fileHeader.count == 18, size >= 512, size <= 65536,
                size == Self.pageSize(Int(fileHeader[16]) << 8 | Int(fileHeader[17]))
            else { return nil }
            // Each frame adds at most one page to the file's, so no genuine frame or commit names a page past
            // `most`; a hostile one naming page 2^32 would make a sparse file the page scan then walks for hours.
            let most = Int(try output.seekToEnd()) / size + check.appliedPages.count
            for (index, number) in check.appliedPages.enumerated() {
                guard number > 0, Int(number) <= most else { continue }
                try input.seek(toOffset: check.imageOffset(ofFrame: index))
                let image = try input.read(upToCount: size) ?? Data()
                guard image.count == size else { break }
                try output.seek(toOffset: UInt64(number - 1) * UInt64(size))
                try output.write(contentsOf: image)
            }
            // The last commit says how many pages the database has: a log may shrink it (a vacuum) or grow it.
            let pages = min(check.committedPages, most)
            if pages > 0 { try output.truncate(atOffset: UInt64(pages) * UInt64(size)) }
            try output.close()
            return path
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(
                .unreadable, path: store, message: "cannot lay the -wal's pages over the file: \(error.localizedDescription)")
        }
    }

    private static func pageSize(_ raw: Int) -> Int { raw == 1 ? 65536 : raw }
}
