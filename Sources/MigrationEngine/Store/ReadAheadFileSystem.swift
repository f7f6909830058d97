import CSQLiteGuard
import Foundation

/// An SQLite VFS for reading a store where it lies: the default VFS, with the main database file's reads in
/// order served from a buffer that one `pread` fills with 64 KiB at a time.
///
/// Counting a table without an index reads every leaf page of its b-tree, one 4 KiB `pread` each: on a
/// million-row store 57,000 system calls, most of `inspect`'s time. Reading 16 pages per call costs a fraction
/// of that. Mapping the file (`mmap_size`) would cost less still, but a store truncated by another process
/// while it is mapped kills the reader with `SIGBUS`; a `pread` of a truncated file only comes back short, and
/// SQLite reports an error. So this VFS never maps the file: its files offer no `xFetch` (version 1 methods)
/// and refuse `SQLITE_FCNTL_MMAP_SIZE`.
///
/// The buffer keeps what one read saw, as SQLite's own page cache does; it is only for connections that
/// treat the file as unchanging (``StoreFileView``'s `immutable` ones, which compare the files afterwards, and
/// ``PrivateStoreConnection``'s, on files only the run writes).
package enum ReadAheadFileSystem {
    /// The name connections ask for (`vfs=` in a URI file name).
    package static let name = "cdmigrate-readahead"

    /// How much one read of the database file fetches: 16 pages of 4 KiB. Larger buffers cost more (the copy
    /// out of the kernel no longer stays in the processor's cache), smaller ones more system calls.
    static let chunkSize = 64 * 1024

    /// Whether the VFS is registered (registering it the first time this is asked); when it is not, callers
    /// read through the default VFS, page by page.
    package static var isAvailable: Bool { registration }

    private static let registration: Bool = register()

    /// `SQLITE_IOERR_SHORT_READ`, a macro Swift does not import.
    private static let shortRead = SQLITE_IOERR | (2 << 8)

    /// A wrapped file: SQLite's `sqlite3_file` (our methods), a pointer to the ``Buffer`` at `bufferOffset`,
    /// then the default VFS's own file at `headerSize`.
    private static let bufferOffset = MemoryLayout<sqlite3_file>.stride
    private static let headerSize = bufferOffset + MemoryLayout<UnsafeMutablePointer<Buffer>>.stride

    /// The methods of a wrapped main database file.
    nonisolated(unsafe) private static let methods: UnsafeMutablePointer<sqlite3_io_methods> = makeMethods()

    private static func register() -> Bool {
        guard let base = sqlite3_vfs_find(nil) else { return false }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        // The default VFS's other entry points ignore the `sqlite3_vfs` they are handed but for `xOpen`, which
        // is called with the default VFS itself.
        vfs.initialize(to: base.pointee)
        vfs.pointee.szOsFile = base.pointee.szOsFile + Int32(headerSize)
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.pAppData = UnsafeMutableRawPointer(base)
        vfs.pointee.pNext = nil
        vfs.pointee.xOpen = { vfs, name, file, flags, outFlags in
            guard let vfs, let file else { return SQLITE_MISUSE }
            let base = vfs.pointee.pAppData.assumingMemoryBound(to: sqlite3_vfs.self)
            guard let open = base.pointee.xOpen else { return SQLITE_MISUSE }
            // Journals and temporary files are the default VFS's own, unwrapped.
            guard flags & SQLITE_OPEN_MAIN_DB != 0 else { return open(base, name, file, flags, outFlags) }
            file.pointee.pMethods = nil
            let inner = ReadAheadFileSystem.inner(file)
            inner.pointee.pMethods = nil
            let result = open(base, name, inner, flags, outFlags)
            guard result == SQLITE_OK else {
                if let close = inner.pointee.pMethods?.pointee.xClose { _ = close(inner) }
                return result
            }
            let buffer = UnsafeMutablePointer<Buffer>.allocate(capacity: 1)
            buffer.initialize(to: Buffer(capacity: ReadAheadFileSystem.chunkSize))
            (UnsafeMutableRawPointer(file) + ReadAheadFileSystem.bufferOffset).storeBytes(
                of: buffer, as: UnsafeMutablePointer<Buffer>.self)
            file.pointee.pMethods = UnsafePointer(ReadAheadFileSystem.methods)
            return SQLITE_OK
        }
        return sqlite3_vfs_register(vfs, 0) == SQLITE_OK
    }

    private static func inner(_ file: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutablePointer<sqlite3_file> {
        (UnsafeMutableRawPointer(file) + headerSize).assumingMemoryBound(to: sqlite3_file.self)
    }

    private static func buffer(_ file: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutablePointer<Buffer> {
        (UnsafeMutableRawPointer(file) + bufferOffset).load(as: UnsafeMutablePointer<Buffer>.self)
    }

    /// Hands `body` the inner file and its methods, which SQLite set when it opened the file and keeps until
    /// it is closed.
    private static func forward(
        _ file: UnsafeMutablePointer<sqlite3_file>?,
        _ body: (sqlite3_io_methods, UnsafeMutablePointer<sqlite3_file>) -> Int32
    ) -> Int32 {
        guard let file else { return SQLITE_MISUSE }
        let inner = inner(file)
        return body(inner.pointee.pMethods.pointee, inner)
    }

    private static func makeMethods() -> UnsafeMutablePointer<sqlite3_io_methods> {
        var methods = sqlite3_io_methods()
        // Version 1: no `xFetch`, so SQLite never maps the file, and no shared memory (an `immutable` connection
        // has none).
        methods.iVersion = 1
        methods.xClose = { file in
            let result = ReadAheadFileSystem.forward(file) { $0.xClose!($1) }
            if let file {
                let buffer = ReadAheadFileSystem.buffer(file)
                buffer.pointee.deallocate()
                buffer.deinitialize(count: 1)
                buffer.deallocate()
                file.pointee.pMethods = nil
            }
            return result
        }
        methods.xRead = { file, data, amount, offset in
            guard let file, let data else { return SQLITE_MISUSE }
            return ReadAheadFileSystem.read(file, into: data, count: Int(amount), at: offset)
        }
        methods.xWrite = { file, data, amount, offset in
            if let file { ReadAheadFileSystem.buffer(file).pointee.forget() }
            return ReadAheadFileSystem.forward(file) { $0.xWrite!($1, data, amount, offset) }
        }
        methods.xTruncate = { file, size in
            if let file { ReadAheadFileSystem.buffer(file).pointee.forget() }
            return ReadAheadFileSystem.forward(file) { $0.xTruncate!($1, size) }
        }
        methods.xSync = { file, flags in ReadAheadFileSystem.forward(file) { $0.xSync!($1, flags) } }
        methods.xFileSize = { file, size in ReadAheadFileSystem.forward(file) { $0.xFileSize!($1, size) } }
        methods.xLock = { file, lock in ReadAheadFileSystem.forward(file) { $0.xLock!($1, lock) } }
        methods.xUnlock = { file, lock in
            // Another connection may write once the lock is gone; what the buffer holds may then be stale.
            if let file { ReadAheadFileSystem.buffer(file).pointee.forget() }
            return ReadAheadFileSystem.forward(file) { $0.xUnlock!($1, lock) }
        }
        methods.xCheckReservedLock = { file, result in
            ReadAheadFileSystem.forward(file) { $0.xCheckReservedLock!($1, result) }
        }
        methods.xFileControl = { file, operation, argument in
            guard operation != SQLITE_FCNTL_MMAP_SIZE else { return SQLITE_NOTFOUND }
            return ReadAheadFileSystem.forward(file) { $0.xFileControl!($1, operation, argument) }
        }
        methods.xSectorSize = { file in ReadAheadFileSystem.forward(file) { $0.xSectorSize!($1) } }
        methods.xDeviceCharacteristics = { file in
            ReadAheadFileSystem.forward(file) { $0.xDeviceCharacteristics!($1) }
        }
        let pointer = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        pointer.initialize(to: methods)
        return pointer
    }

    /// Serves `count` bytes at `offset` from the buffer, refilling it with the chunk that holds them when the
    /// read is next to the one before (see ``chunkToFill(count:at:previous:shortChunk:)``); any other read
    /// goes to the file as it is.
    private static func read(
        _ file: UnsafeMutablePointer<sqlite3_file>, into data: UnsafeMutableRawPointer, count: Int, at offset: Int64
    ) -> Int32 {
        let buffer = buffer(file)
        let previous = buffer.pointee.previousRead
        buffer.pointee.previousRead = offset..<offset + Int64(count)
        if buffer.pointee.copy(count, at: offset, to: data) { return SQLITE_OK }
        let inner = inner(file)
        let innerRead = inner.pointee.pMethods.pointee.xRead!
        if let start = chunkToFill(count: count, at: offset, previous: previous, shortChunk: buffer.pointee.shortChunk) {
            buffer.pointee.forget()
            let result = innerRead(inner, buffer.pointee.bytes, Int32(chunkSize), start)
            if result == SQLITE_OK {
                buffer.pointee.filled(from: start)
                _ = buffer.pointee.copy(count, at: offset, to: data)
                return SQLITE_OK
            }
            guard result == shortRead else { return result }
            // The file ends inside this chunk: its pages are read one by one, as the default VFS reads them.
            buffer.pointee.shortChunk = start
        }
        return innerRead(inner, data, Int32(count), offset)
    }

    /// Where the chunk to fill for a read of `count` bytes at `offset` starts, or nil to read just those bytes:
    /// only a read next to the one before (`previous`), starting where it ended or ending where it started,
    /// fills a chunk. A count or a row check reads a table's leaves in file order, and SQLite's integrity check
    /// in reverse; 16 pages per call cost far less than 16 calls. A lookup that seeks a page elsewhere (a key
    /// in another table, a to-one's target) would use little of the chunk around it, and 64 KiB copied out of
    /// the kernel cost several times what its one page does. A read larger than a chunk, or in the chunk the
    /// file ends inside (`shortChunk`), also goes to the file as it is.
    static func chunkToFill(count: Int, at offset: Int64, previous: Range<Int64>, shortChunk: Int64) -> Int64? {
        let start = offset - offset % Int64(chunkSize)
        let isNext = offset == previous.upperBound || offset + Int64(count) == previous.lowerBound
        guard isNext, offset + Int64(count) <= start + Int64(chunkSize), start != shortChunk else { return nil }
        return start
    }

    /// The bytes one read of a database file fetched, and where they lie in the file.
    private struct Buffer {
        let bytes: UnsafeMutableRawPointer
        let capacity: Int
        /// Where the buffered bytes start in the file; `count` is 0 when the buffer holds nothing.
        private var start: Int64 = 0
        private var count = 0
        /// The chunk a read came back short in, read page by page from then on.
        var shortChunk: Int64 = -1
        /// The bytes the last read of the file asked for, whether the buffer served them or not.
        var previousRead: Range<Int64> = -1 ..< -1

        init(capacity: Int) {
            bytes = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            self.capacity = capacity
        }

        /// Copies `length` bytes at `offset` to `data` when the buffer holds all of them.
        func copy(_ length: Int, at offset: Int64, to data: UnsafeMutableRawPointer) -> Bool {
            guard offset >= start, offset + Int64(length) <= start + Int64(count) else { return false }
            data.copyMemory(from: bytes + Int(offset - start), byteCount: length)
            return true
        }

        mutating func filled(from offset: Int64) {
            start = offset
            count = capacity
        }

        mutating func forget() {
            count = 0
            shortChunk = -1
        }

        func deallocate() {
            bytes.deallocate()
        }
    }
}
