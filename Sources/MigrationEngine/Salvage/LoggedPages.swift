import Foundation

/// The pages SQLite reads through a copy's `-wal`, laid over a copy of its database file: what a checkpoint
/// would write, done byte by byte without SQLite (which cannot open a store whose schema is lost).
///
/// Salvage reads a store whose schema is lost page by page (``LoosePageScan``); without this, the rows and
/// changes committed only to the log would be lost, and the file's older copies of the pages the log replaced
/// read in their place.
enum LoggedPages {
    /// Writes the copy at `database` with the first `frames` frames of `log` (the frames SQLite applies, up to
    /// its last valid commit, ``WriteAheadLogCheck/appliedFrames``) laid over it, at `path` (which must not
    /// exist), sized as the last of those commits says. Returns nil when the log's page size is not the file's
    /// (SQLite ignores such a log). A frame or commit naming a page past the file's pages plus `frames` is no
    /// frame of this file's log and is not laid, so the copy stays within that many pages.
    static func write(database: String, log: String, frames: Int, to path: String, store: String) throws(StoreError)
        -> String?
    {
        do {
            try FileManager.default.copyItem(atPath: database, toPath: path)
            guard let input = FileHandle(forReadingAtPath: log), let output = FileHandle(forUpdatingAtPath: path) else {
                throw StoreError(.unreadable, path: store, message: "cannot read the -wal copy")
            }
            let header = [UInt8](try input.read(upToCount: 32) ?? Data())
            let fileHeader = [UInt8](try output.read(upToCount: 18) ?? Data())
            guard header.count == 32, fileHeader.count == 18 else { return nil }
            let size = Self.pageSize(Int(header[8]) << 24 | Int(header[9]) << 16 | Int(header[10]) << 8 | Int(header[11]))
            guard size >= 512, size <= 65536, size == Self.pageSize(Int(fileHeader[16]) << 8 | Int(fileHeader[17])) else {
                return nil
            }
            // Each frame adds at most one page to the file's, so no genuine frame or commit names a page past
            // `most`; a hostile one naming page 2^32 would make a sparse file the page scan then walks for hours.
            let most = Int(try output.seekToEnd()) / size + frames
            var pages = 0
            for _ in 0..<frames {
                let frame = [UInt8](try input.read(upToCount: 24 + size) ?? Data())
                guard frame.count == 24 + size else { break }
                let number = Self.integer(frame, 0)
                let committed = Self.integer(frame, 4)
                if committed > 0 { pages = min(committed, most) }
                guard number > 0, number <= most else { continue }
                try output.seek(toOffset: UInt64(number - 1) * UInt64(size))
                try output.write(contentsOf: Data(frame[24...]))
            }
            // The last commit says how many pages the database has: a log may shrink it (a vacuum) or grow it.
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

    private static func integer(_ bytes: [UInt8], _ offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
}
