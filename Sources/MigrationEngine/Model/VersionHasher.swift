import Crypto
import Foundation

/// Computes Core Data's version hashes, the model checksum and the hashes digest (FORMAT.md §2).
///
/// Core Data decides whether a store fits a model by these hashes alone, so they must match Apple's
/// bit for bit: every byte layout below is part of the contract.
public struct VersionHasher: Sendable {
    /// The model version whose hashes are computed.
    public let model: ObjectModel

    /// Creates a hasher for one model version.
    public init(model: ObjectModel) {
        self.model = model
    }

    /// The 32-byte version hash of every entity, keyed by entity name.
    public var entityHashes: [String: Data] {
        var digests: PropertyDigests?
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
    public var checksum: String {
        let hashes = entityHashes
        var buffer = Data()
        for entity in model.entitiesByName { buffer.append(hashes[entity.name]!) }
        return Data(SHA256.hash(data: buffer)).base64EncodedString()
    }

    /// `NSStoreModelVersionHashesDigest`: base64 of SHA-512 over `name ‖ hash` in entity-name order.
    public var digest: String {
        Self.digest(of: entityHashes)
    }

    /// The digest of any set of entity hashes (as found in a store's metadata).
    public static func digest(of hashes: [String: Data]) -> String {
        var buffer = Data()
        for name in hashes.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            buffer.append(Data(name.utf8))
            buffer.append(hashes[name]!)
        }
        return Data(SHA512.hash(data: buffer)).base64EncodedString()
    }

    /// The version hash of one attribute. A derived attribute's hash is SHA-256 over its derivation
    /// expression's text alone (see ``derivationHashText(_:)``): name, flags and type are not part of it.
    public static func hash(of attribute: Attribute) -> Data {
        Data(digest(of: attribute))
    }

    /// The version hash of one relationship. The delete rule is deliberately not part of it.
    public static func hash(of relationship: Relationship) -> Data {
        Data(digest(of: relationship))
    }

    /// The text of a derivation as Core Data hashes it: the expression's own description, in which a
    /// trailing `@count` is a function (`pages.@count` hashes as `count:(pages)`). Any other text, such
    /// as a plain key path, is hashed as written.
    static func derivationHashText(_ derivation: String) -> String {
        let suffix = ".@count"
        guard derivation.hasSuffix(suffix), derivation.count > suffix.count else { return derivation }
        return "count:(\(derivation.dropLast(suffix.count)))"
    }

    // The digests below feed their bytes straight into SHA-256 instead of assembling `Data` buffers: the
    // bytes hashed are the same, and loading a model of many versions spent most of its hashing time on
    // those buffers.

    private static func digest(of attribute: Attribute) -> SHA256.Digest {
        var sha = SHA256()
        if attribute.isDerived, let derivation = attribute.derivationExpression {
            sha.update(utf8: derivationHashText(derivation))
            return sha.finalize()
        }
        sha.update(digest: propertyBase(
            name: attribute.name, isOptional: attribute.isOptional, isTransient: attribute.isTransient,
            isReadOnly: attribute.isReadOnly, modifier: attribute.versionHashModifier))
        sha.update(littleEndian: attribute.type.code)
        if attribute.allowsExternalBinaryDataStorage { sha.update(littleEndian: UInt8(1)) }
        if attribute.preservesValueInHistoryOnDeletion { sha.update(littleEndian: UInt8(1)) }
        return sha.finalize()
    }

    private static func digest(of relationship: Relationship) -> SHA256.Digest {
        var sha = SHA256()
        sha.update(digest: propertyBase(
            name: relationship.name, isOptional: relationship.isOptional, isTransient: relationship.isTransient,
            isReadOnly: relationship.isReadOnly, modifier: relationship.versionHashModifier))
        sha.update(utf8: relationship.destinationEntity)
        if let inverse = relationship.inverseName,
            inverse != relationship.name
                || (relationship.inverseEntity ?? relationship.destinationEntity) != relationship.destinationEntity
        {
            sha.update(utf8: inverse)
        }
        sha.update(littleEndian: Int32(relationship.maxCount))
        sha.update(littleEndian: Int32(relationship.minCount))
        if relationship.isOrdered { sha.update(littleEndian: Int16(1)) }
        return sha.finalize()
    }

    private static func propertyBase(
        name: String, isOptional: Bool, isTransient: Bool, isReadOnly: Bool, modifier: String?
    ) -> SHA256.Digest {
        var sha = SHA256()
        sha.update(utf8: name)
        let flags: Int16 = (isOptional ? 1 : 0) | (isTransient ? 2 : 0) | (isReadOnly ? 4 : 0)
        sha.update(littleEndian: flags)
        if let modifier, !modifier.isEmpty { sha.update(utf8: modifier) }
        return sha.finalize()
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
        var propertyHashes: [(name: String, hash: SHA256.Digest)] = []
        for attribute in model.allAttributes(of: entity) where !attribute.isTransient {
            let known = digests?.attributes[attribute]
            let digest = known ?? Self.digest(of: attribute)
            if known == nil { digests?.attributes[attribute] = digest }
            propertyHashes.append((attribute.name, digest))
        }
        for relationship in model.allRelationships(of: entity) where !relationship.isTransient {
            let known = digests?.relationships[relationship]
            let digest = known ?? Self.digest(of: relationship)
            if known == nil { digests?.relationships[relationship] = digest }
            propertyHashes.append((relationship.name, digest))
        }
        propertyHashes.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        for property in propertyHashes { sha.update(digest: property.hash) }
        if let modifier = entity.versionHashModifier, !modifier.isEmpty { sha.update(utf8: modifier) }
        for constraint in entity.uniquenessConstraints.map({ $0.joined(separator: ".") }).sorted() {
            sha.update(utf8: constraint)
        }
        let result = Data(sha.finalize())
        cache[entity.name] = result
        return result
    }
}

extension SHA256 {
    /// Feeds a string's UTF-8 bytes.
    fileprivate mutating func update(utf8 text: String) {
        var text = text
        text.withUTF8 { update(bufferPointer: UnsafeRawBufferPointer($0)) }
    }

    /// Feeds a fixed-width integer in little-endian byte order.
    fileprivate mutating func update<T: FixedWidthInteger>(littleEndian value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { update(bufferPointer: $0) }
    }

    /// Feeds another digest's 32 bytes.
    fileprivate mutating func update(digest: SHA256.Digest) {
        digest.withUnsafeBytes { update(bufferPointer: $0) }
    }
}
