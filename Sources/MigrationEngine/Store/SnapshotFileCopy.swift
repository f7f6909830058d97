import Foundation

/// Copies one store file into a snapshot: bytes only, into a new regular `0600` file.
///
/// `FileManager.copyItem` would copy a symbolic link as a link, and SQLite opening that "copy" would reach
/// the original; reading the bytes through the link and writing a fresh file cannot. On Linux the kernel
/// moves the bytes (`sendfile`), so a large store is not pulled through the process in small pieces.
enum SnapshotFileCopy {
    /// Bytes the kernel moves per call.
    static let pieceSize = 8 << 20

    /// Why a copy failed: the file and the system's own reason (`errno`), never a guess at one.
    struct Failure: Error, CustomStringConvertible {
        /// The file that could not be read or written.
        let path: String
        /// The system's error number.
        let code: Int32
        /// Whether the file to copy was not there: a sidecar an app removed (closing a WAL store removes its
        /// `-wal`) between looking at the store and copying it.
        var vanished: Bool { code == ENOENT }

        /// Captures `errno` for `path`.
        init(_ path: String) {
            self.init(path, code: errno)
        }

        /// The failure `code` for `path`.
        init(_ path: String, code: Int32) {
            self.path = path
            self.code = code
        }

        /// The failure of a copy from `source` to `target`, naming the file whose read or write failed.
        init(_ failure: FileDigest.CopyFailure, source: String, target: String) {
            switch failure {
            case .reading(let code): self.init(source, code: code)
            case .writing(let code): self.init(target, code: code)
            }
        }

        var description: String { "\(path): \(String(cString: strerror(code)))" }
    }

    /// Copies `source` into the new file `target`.
    /// - Parameters:
    ///   - source: The store's file; only read.
    ///   - target: The copy to create (never over a file already there).
    ///   - digesting: Whether to hash the bytes while they pass through the process (a run whose backup may be
    ///     this copy, ``SnapshotBackup``); without it the kernel moves them and nothing is hashed.
    /// - Returns: The hex SHA-256 of the bytes written when `digesting`, else nil.
    /// - Throws: ``Failure`` naming the file that cannot be opened, read or written.
    @discardableResult
    static func copy(from source: String, to target: String, digesting: Bool = false) throws(Failure) -> String? {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Failure(source) }
        defer { close(input) }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw Failure(target) }
        defer { close(output) }
        do throws(FileDigest.CopyFailure) {
            if digesting {
                // One read serves the copy and its digest, which therefore describes exactly the bytes written.
                return try FileDigest.sha256(copying: input, into: output)
            }
            #if os(Linux)
                while true {
                    let moved = sendfile(output, input, nil, pieceSize)
                    if moved < 0 && errno == EINTR { continue }
                    // Not supported here, or failed: its error does not say whether reading or writing did. A
                    // failed call moved nothing, so the copy below goes on from there and names the file.
                    if moved < 0 { break }
                    if moved == 0 { return nil }
                }
            #endif
            // Through the process, as the digesting copy reads, without hashing.
            try FileDigest.copy(input, into: output)
            return nil
        } catch {
            throw Failure(error, source: source, target: target)
        }
    }
}
