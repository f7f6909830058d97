import Crypto
import Foundation

/// SHA-256 of a file's bytes, read sequentially in large pieces so large stores neither have to fit in
/// memory nor cost a system call per page.
enum FileDigest {
    /// Bytes read per call.
    static let pieceSize = 4 << 20

    /// The hex digest of the file, or nil when it does not exist or cannot be read.
    static func sha256(_ path: String) -> String? {
        withOpenFile(path) { sha256(descriptor: $0) }
    }

    /// Runs `body` on the file opened for reading; nil when it cannot be opened.
    static func withOpenFile<Result>(_ path: String, _ body: (Int32) -> Result?) -> Result? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return body(descriptor)
    }

    /// The hex digest of an open file's bytes from its current offset to the end, or nil on a read error.
    static func sha256(descriptor: Int32) -> String? {
        var hasher = SHA256()
        do {
            try pump(descriptor) { piece in
                hasher.update(bufferPointer: piece)
                return true
            }
        } catch {
            return nil
        }
        return hex(hasher.finalize())
    }

    /// Which side of a copy failed, with the system's error number (`errno`), so that the error names the
    /// file that failed: a source that cannot be read is not a target that cannot be written.
    enum CopyFailure: Error {
        /// Reading the source failed.
        case reading(Int32)
        /// Writing the target failed.
        case writing(Int32)
    }

    /// Copies an open file's bytes from its current offset to the end into another open file, and returns
    /// the hex digest of the bytes written. One read of the source serves both the copy and its digest, so
    /// the digest describes exactly what the copy holds.
    /// - Throws: ``CopyFailure`` naming the side that failed.
    static func sha256(copying source: Int32, into target: Int32) throws(CopyFailure) -> String {
        var hasher = SHA256()
        try pump(source) { piece in
            hasher.update(bufferPointer: piece)
            return DurableFile.writeAll(target, piece)
        }
        return hex(hasher.finalize())
    }

    /// Copies an open file's bytes from its current offset to the end into another open file, hashing
    /// nothing.
    /// - Throws: ``CopyFailure`` naming the side that failed.
    static func copy(_ source: Int32, into target: Int32) throws(CopyFailure) {
        try pump(source) { DurableFile.writeAll(target, $0) }
    }

    /// Reads an open file to its end in pieces, handing each to `each` (false when it could not use it, with
    /// `errno` saying why): the one read loop of every copy and digest.
    /// - Throws: ``CopyFailure`` naming the side that failed.
    private static func pump(_ descriptor: Int32, each: (UnsafeRawBufferPointer) -> Bool) throws(CopyFailure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let got = read(descriptor, buffer.baseAddress, pieceSize)
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw .reading(errno) }
            if got == 0 { return }
            guard each(UnsafeRawBufferPointer(rebasing: buffer[0..<got])) else { throw .writing(errno) }
        }
    }

    /// The hex digest of bytes in memory.
    static func sha256(of data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
