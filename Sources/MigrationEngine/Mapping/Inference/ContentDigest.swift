import Crypto

/// A SHA-256 digest of what one part of a model version contributes to a judgement, fed field by field with
/// nothing that could make two different contents read the same: each string with its length, an absent
/// optional apart from an empty one. Two parts with equal digests are judged alike, so a judgement computed
/// for one can be remembered for the other across the versions of a model (see ``LossScreen``).
struct ContentDigest {
    typealias Bytes = PropertyDigests.Bytes

    /// What is fed, hashed once by ``finalize()``: a digest is fed a few bytes at a time, and each update of
    /// the hash cost far more than the bytes it took (building wire's 70 indexes a search reads fed ~40,000).
    private var bytes: [UInt8] = []

    /// Feeds a string, preceded by its length in bytes.
    mutating func add(_ text: String) {
        append(UInt64(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    /// Feeds an optional string: a marker byte for absent, another before a present one.
    mutating func add(_ text: String?) {
        guard let text else {
            bytes.append(0)
            return
        }
        bytes.append(1)
        add(text)
    }

    /// Feeds a flag or a count.
    mutating func add(_ value: Int) {
        append(Int64(value))
    }

    /// The digest's 32 bytes.
    func finalize() -> Bytes {
        VersionHasher.bytes(SHA256.hash(data: bytes))
    }

    /// Feeds a fixed-width integer in little-endian byte order.
    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
