import Foundation
import Synchronization

/// The entity hashes of each version of one bundle, computed when first asked for and then shared: finding a
/// store's version, matching explicit mappings to versions and the console's checks all need the same
/// hashes, and hashing every version of a long model is most of what planning costs.
final class VersionHashMemo: Sendable {
    private let hashes = Mutex<[Int: [String: Data]]>([:])
    /// The property hashes of every version hashed so far, which the next version mostly repeats.
    private let digests = Mutex<PropertyDigests?>(PropertyDigests())

    /// How many versions are remembered.
    var count: Int { hashes.withLock { $0.count } }

    /// The remembered hashes of `version` (at `index` in its bundle), or its freshly computed ones,
    /// remembered from now on.
    func entityHashes(of version: ObjectModel, at index: Int) -> [String: Data] {
        if let known = hashes.withLock({ $0[index] }) { return known }
        // Two threads asking at once may both hash; both get the same answer.
        let computed = digests.withLock { VersionHasher(model: version).entityHashes(remembering: &$0) }
        return hashes.withLock { known in
            if let first = known[index] { return first }
            known[index] = computed
            return computed
        }
    }
}
