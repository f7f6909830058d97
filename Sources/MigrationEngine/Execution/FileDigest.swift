import Crypto
import Foundation

/// SHA-256 of a file's bytes, read in chunks so large stores do not have to fit in memory.
enum FileDigest {
    /// The hex digest of the file, or nil when it does not exist or cannot be read.
    static func sha256(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hasher = SHA256()
        while true {
            guard let chunk = try? handle.read(upToCount: 1 << 20) else { return nil }
            if chunk.isEmpty { break }
            hasher.update(data: chunk)
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
