/// A file's SHA-256 together with the file's stamp, the same before and after it was read: a digest taken
/// ahead of time (on another thread, while the run does something else) that is used only while the file
/// still carries that stamp, so it always describes the bytes it is used for.
struct StampedDigest: Sendable, Hashable {
    /// The hex SHA-256.
    let digest: String
    /// The file's stamp while it was read.
    let stamp: FileStamp

    /// Digests the file at `path`; nil when it cannot be read or changed while it was read.
    static func compute(_ path: String) -> StampedDigest? {
        FileDigest.withOpenFile(path) { descriptor in
            guard let before = FileStamp.of(descriptor: descriptor), let digest = FileDigest.sha256(descriptor: descriptor),
                FileStamp.of(descriptor: descriptor) == before
            else { return nil }
            return StampedDigest(digest: digest, stamp: before)
        }
    }

    /// The digest, if the file at `path` (the one digested) is unchanged since.
    func digest(ifUnchanged path: String) -> String? {
        FileStamp.of(path) == stamp ? digest : nil
    }
}
