import Crypto

/// Property hashes already computed, by property: the versions of one model repeat most of their properties
/// unchanged, and hashing each once for all of them is most of what hashing a long model costs. Keyed by the
/// whole property, so a property that differs in anything at all is hashed on its own.
struct PropertyDigests {
    var attributes: [Attribute: SHA256.Digest] = [:]
    var relationships: [Relationship: SHA256.Digest] = [:]
}
