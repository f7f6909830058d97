/// Property hashes already computed, by property: the versions of one model repeat most of their properties
/// unchanged, and hashing each once for all of them is most of what hashing a long model costs. Keyed by all
/// that a property's hash covers, so a property that differs in any of it is hashed on its own.
struct PropertyDigests: Sendable {
    /// A digest's 32 bytes as they are hashed into an entity's hash.
    typealias Bytes = SIMD4<UInt64>

    var attributes: [VersionHasher.AttributeInput: Bytes] = [:]
    var relationships: [VersionHasher.RelationshipInput: Bytes] = [:]
}
