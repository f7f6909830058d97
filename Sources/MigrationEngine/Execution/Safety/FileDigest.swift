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
        sha256(reading: descriptor) { _ in true }
    }

    /// Copies an open file's bytes from its current offset to the end into another open file, and returns
    /// the hex digest of the bytes written; nil on a read or write error. One read of the source serves
    /// both the copy and its digest, so the digest describes exactly what the copy holds.
    static func sha256(copying source: Int32, into target: Int32) -> String? {
        sha256(reading: source) { DurableFile.writeAll(target, $0) }
    }

    /// Copies an open file's bytes from its current offset to the end into another open file, hashing
    /// nothing; false on a read or write error.
    static func copy(_ source: Int32, into target: Int32) -> Bool {
        pump(source, hashing: false) { DurableFile.writeAll(target, $0) } != nil
    }

    /// Reads an open file to its end in pieces, hashing each and handing it to `each`; nil on a read error
    /// or when `each` returns false.
    private static func sha256(reading descriptor: Int32, each: (UnsafeRawBufferPointer) -> Bool) -> String? {
        pump(descriptor, hashing: true, each: each)?.map(hex)
    }

    /// Reads an open file to its end in pieces, handing each to `each`: the one read loop of every copy and
    /// digest. Returns the digest of what was read (nil inside when not `hashing`), or nil on a read error or
    /// when `each` returns false.
    private static func pump(
        _ descriptor: Int32, hashing: Bool, each: (UnsafeRawBufferPointer) -> Bool
    ) -> SHA256.Digest?? {
        var hasher = hashing ? SHA256() : nil
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let got = read(descriptor, buffer.baseAddress, pieceSize)
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            let piece = UnsafeRawBufferPointer(rebasing: buffer[0..<got])
            hasher?.update(bufferPointer: piece)
            guard each(piece) else { return nil }
        }
        return .some(hasher?.finalize())
    }

    /// The hex digest of bytes in memory.
    static func sha256(of data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
