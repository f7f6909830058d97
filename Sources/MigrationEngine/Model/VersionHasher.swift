import Crypto
import Foundation

/// Computes Core Data's version hashes, the model checksum and the hashes digest (FORMAT.md §2).
///
/// Core Data decides whether a store fits a model by these hashes alone, so they must match Apple's
/// bit for bit: every byte layout below is part of the contract.
package struct VersionHasher: Sendable {
    /// The model version whose hashes are computed.
    package let model: ObjectModel

    /// Creates a hasher for one model version.
    package init(model: ObjectModel) {
        self.model = model
    }

    /// The 32-byte version hash of every entity, keyed by entity name.
    package var entityHashes: [String: Data] {
        // Every entity hashes its inherited properties again: remembering each property's digest makes a
        // deep chain cost a look-up per inherited property, not a digest.
        var digests: PropertyDigests? = PropertyDigests()
        return entityHashes(remembering: &digests)
    }

    /// ``entityHashes``, taking the hash of every property already in `digests` from there and adding the
    /// others (when `digests` is not nil): shared across the versions of one model.
    func entityHashes(remembering digests: inout PropertyDigests?) -> [String: Data] {
        var cache: [String: Data] = [:]
        for entity in model.entities { _ = hash(of: entity, cache: &cache, digests: &digests) }
        return cache
    }

    /// `NSStoreModelVersionChecksumKey`: base64 of SHA-256 over the entity hashes in entity-name order.
    package var checksum: String {
        Self.checksum(of: entityHashes, in: model)
    }

    /// The checksum of `model` from its entity hashes, computed already (see ``checksum``).
    package static func checksum(of hashes: [String: Data], in model: ObjectModel) -> String {
        var buffer = Data()
        for entity in model.entitiesByName { buffer.append(hashes[entity.name] ?? Data()) }
        return Data(SHA256.hash(data: buffer)).base64EncodedString()
    }

    /// `NSStoreModelVersionHashesDigest`: base64 of SHA-512 over `name ‖ hash` in entity-name order.
    package var digest: String {
        Self.digest(of: entityHashes)
    }

    /// The digest of any set of entity hashes (as found in a store's metadata).
    package static func digest(of hashes: [String: Data]) -> String {
        var buffer = Data()
        for name in hashes.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            buffer.append(Data(name.utf8))
            buffer.append(hashes[name]!)
        }
        return Data(SHA512.hash(data: buffer)).base64EncodedString()
    }

    /// The version hash of one attribute. A derived attribute's hash is SHA-256 over its derivation
    /// expression's text alone (see ``derivationHashText(_:)``): name, flags and type are not part of it.
    package static func hash(of attribute: Attribute) -> Data {
        Data(AttributeInput(attribute).digest)
    }

    /// The version hash of one relationship. The delete rule is deliberately not part of it.
    package static func hash(of relationship: Relationship) -> Data {
        Data(RelationshipInput(relationship).digest)
    }

    /// The text of a derivation as Core Data hashes it: the expression's own description, in which a
    /// trailing `@count` is a function (`pages.@count` hashes as `count:(pages)`). Any other text, such
    /// as a plain key path, is hashed as written.
    static func derivationHashText(_ derivation: String) -> String {
        let suffix = ".@count"
        guard derivation.hasSuffix(suffix), derivation.count > suffix.count else { return derivation }
        return "count:(\(derivation.dropLast(suffix.count)))"
    }

    private func hash(of entity: Entity, cache: inout [String: Data], digests: inout PropertyDigests?) -> Data {
        if let known = cache[entity.name] { return known }
        var sha = SHA256()
        sha.update(utf8: entity.name)
        sha.update(littleEndian: UInt8(entity.isAbstract ? 1 : 0))
        if let parentName = entity.parentName, let parent = model.entity(named: parentName) {
            let parentHash = hash(of: parent, cache: &cache, digests: &digests)
            parentHash.withUnsafeBytes { sha.update(bufferPointer: $0) }
        }
        var propertyHashes: [(name: String, hash: PropertyDigests.Bytes)] = []
        for attribute in model.allAttributes(of: entity) where !attribute.isTransient {
            let input = AttributeInput(attribute)
            let known = digests?.attributes[input]
            let digest = known ?? Self.bytes(input.digest)
            if known == nil { digests?.attributes[input] = digest }
            propertyHashes.append((attribute.name, digest))
        }
        for relationship in model.allRelationships(of: entity) where !relationship.isTransient {
            let input = RelationshipInput(relationship)
            let known = digests?.relationships[input]
            let digest = known ?? Self.bytes(input.digest)
            if known == nil { digests?.relationships[input] = digest }
            propertyHashes.append((relationship.name, digest))
        }
        propertyHashes.sort { Self.utf8Precedes($0.name, $1.name) }
        // One update for all of them: each update call costs far more than hashing 32 bytes.
        propertyHashes.map(\.hash).withUnsafeBytes { sha.update(bufferPointer: $0) }
        if let modifier = entity.versionHashModifier, !modifier.isEmpty { sha.update(utf8: modifier) }
        for constraint in entity.uniquenessConstraints.map({ $0.joined(separator: ".") }).sorted() {
            sha.update(utf8: constraint)
        }
        let result = Data(sha.finalize())
        cache[entity.name] = result
        return result
    }
}

extension VersionHasher {
    /// A digest's bytes, in order, as a value that is cheap to keep and to feed to the next hash.
    static func bytes(_ digest: SHA256.Digest) -> PropertyDigests.Bytes {
        digest.withUnsafeBytes { $0.loadUnaligned(as: PropertyDigests.Bytes.self) }
    }

    /// Whether `lhs` sorts before `rhs` in plain UTF-8 byte order (the order Core Data hashes names in).
    static func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
        var (lhs, rhs) = (lhs, rhs)
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
    }
}

extension SHA256 {
    /// Feeds a string's UTF-8 bytes.
    mutating func update(utf8 text: String) {
        var text = text
        text.withUTF8 { update(bufferPointer: UnsafeRawBufferPointer($0)) }
    }

    /// Feeds a fixed-width integer in little-endian byte order.
    mutating func update<T: FixedWidthInteger>(littleEndian value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { update(bufferPointer: $0) }
    }

    /// Feeds another digest's 32 bytes.
    mutating func update(digest: SHA256.Digest) {
        digest.withUnsafeBytes { update(bufferPointer: $0) }
    }
}

extension VersionHasher {
    /// What an entity's hash input is made of, short of the bytes hashed: whether it is abstract and how many
    /// bytes are hashed. Two entities with equal hashes had equal inputs (short of a SHA-256 collision, which
    /// the hashes themselves rule out), so they have equal shapes.
    package struct EntityInputShape: Hashable, Sendable {
        var isAbstract: Bool
        var byteCount: Int
    }

    /// The shape of every entity's hash input, keyed by entity name as ``entityHashes`` is: cheap to compute
    /// (no digest, no property looked at past its transient flag), and equal for any two versions whose entity
    /// hashes are equal, so versions of different shapes need not be hashed to be told apart.
    package static func inputShape(of model: ObjectModel) -> [String: EntityInputShape] {
        // Each entity's own non-transient properties, counted once by name (the first entity of a name, as
        // ``ObjectModel/entity(named:)`` finds it) and summed up its parent chain: flattening every entity's
        // inheritance into lists of properties to count them was half of what this cost over wire's 90 versions.
        var own: [String: Int] = [:]
        func ownCount(_ entity: Entity) -> Int {
            if let known = own[entity.name] { return known }
            let count = entity.attributes.count { !$0.isTransient } + entity.relationships.count { !$0.isTransient }
            own[entity.name] = count
            return count
        }
        var shapes: [String: EntityInputShape] = [:]
        for entity in model.entities where shapes[entity.name] == nil {
            // The same input as `hash(of:cache:digests:)` feeds: name, abstract flag, the parent's hash,
            // a 32-byte hash per non-transient property (inherited ones included), modifier, constraints.
            var bytes = entity.name.utf8.count + 1
            if let parentName = entity.parentName, model.entity(named: parentName) != nil { bytes += 32 }
            // The ancestors ``ObjectModel/allAttributes(of:)`` lists, their properties counted, not listed.
            bytes += 32 * model.ancestors(of: entity).reduce(ownCount(entity)) { $0 + ownCount($1) }
            if let modifier = entity.versionHashModifier { bytes += modifier.utf8.count }
            for constraint in entity.uniquenessConstraints { bytes += constraint.joined(separator: ".").utf8.count }
            shapes[entity.name] = EntityInputShape(isAbstract: entity.isAbstract, byteCount: bytes)
        }
        return shapes
    }
}
