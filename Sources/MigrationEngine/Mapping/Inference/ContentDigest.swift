import Crypto

/// A SHA-256 digest of what one part of a model version contributes to a judgement, fed field by field with
/// nothing that could make two different contents read the same: each string with its length, an absent
/// optional apart from an empty one. Two parts with equal digests are judged alike, so a judgement computed
/// for one can be remembered for the other across the versions of a model (see ``LossScreen``).
struct ContentDigest {
    typealias Bytes = PropertyDigests.Bytes

    private var sha = SHA256()

    /// Feeds a string, preceded by its length in bytes.
    mutating func add(_ text: String) {
        sha.update(littleEndian: UInt64(text.utf8.count))
        sha.update(utf8: text)
    }

    /// Feeds an optional string: a marker byte for absent, another before a present one.
    mutating func add(_ text: String?) {
        guard let text else {
            sha.update(littleEndian: UInt8(0))
            return
        }
        sha.update(littleEndian: UInt8(1))
        add(text)
    }

    /// Feeds a flag or a count.
    mutating func add(_ value: Int) {
        sha.update(littleEndian: Int64(value))
    }

    /// The digest's 32 bytes.
    func finalize() -> Bytes {
        VersionHasher.bytes(sha.finalize())
    }
}
