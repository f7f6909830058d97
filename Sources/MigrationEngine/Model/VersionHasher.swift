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
        var cache: [String: Data] = [:]
        for entity in model.entities { _ = hash(of: entity, cache: &cache) }
        return cache
    }

    /// `NSStoreModelVersionChecksumKey`: base64 of SHA-256 over the entity hashes in entity-name order.
    package var checksum: String {
        let hashes = entityHashes
        var buffer = Data()
        for entity in model.entitiesByName { buffer.append(hashes[entity.name]!) }
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
        if attribute.isDerived, let derivation = attribute.derivationExpression {
            return Data(SHA256.hash(data: Data(derivationHashText(derivation).utf8)))
        }
        var buffer = propertyBase(
            name: attribute.name, isOptional: attribute.isOptional, isTransient: attribute.isTransient,
            isReadOnly: attribute.isReadOnly, modifier: attribute.versionHashModifier)
        buffer.appendLittleEndian(attribute.type.code)
        if attribute.allowsExternalBinaryDataStorage { buffer.append(1) }
        if attribute.preservesValueInHistoryOnDeletion { buffer.append(1) }
        return Data(SHA256.hash(data: buffer))
    }

    /// The version hash of one relationship. The delete rule is deliberately not part of it.
    package static func hash(of relationship: Relationship) -> Data {
        var buffer = propertyBase(
            name: relationship.name, isOptional: relationship.isOptional, isTransient: relationship.isTransient,
            isReadOnly: relationship.isReadOnly, modifier: relationship.versionHashModifier)
        buffer.append(Data(relationship.destinationEntity.utf8))
        if let inverse = relationship.inverseName,
            inverse != relationship.name
                || (relationship.inverseEntity ?? relationship.destinationEntity) != relationship.destinationEntity
        {
            buffer.append(Data(inverse.utf8))
        }
        buffer.appendLittleEndian(Int32(relationship.maxCount))
        buffer.appendLittleEndian(Int32(relationship.minCount))
        if relationship.isOrdered { buffer.appendLittleEndian(Int16(1)) }
        return Data(SHA256.hash(data: buffer))
    }

    /// The text of a derivation as Core Data hashes it: the expression's own description, in which a
    /// trailing `@count` is a function (`pages.@count` hashes as `count:(pages)`). Any other text, such
    /// as a plain key path, is hashed as written.
    static func derivationHashText(_ derivation: String) -> String {
        let suffix = ".@count"
        guard derivation.hasSuffix(suffix), derivation.count > suffix.count else { return derivation }
        return "count:(\(derivation.dropLast(suffix.count)))"
    }

    private static func propertyBase(
        name: String, isOptional: Bool, isTransient: Bool, isReadOnly: Bool, modifier: String?
    ) -> Data {
        var base = Data(name.utf8)
        let flags: Int16 = (isOptional ? 1 : 0) | (isTransient ? 2 : 0) | (isReadOnly ? 4 : 0)
        base.appendLittleEndian(flags)
        if let modifier, !modifier.isEmpty { base.append(Data(modifier.utf8)) }
        return Data(SHA256.hash(data: base))
    }

    private func hash(of entity: Entity, cache: inout [String: Data]) -> Data {
        if let known = cache[entity.name] { return known }
        var buffer = Data(entity.name.utf8)
        buffer.append(entity.isAbstract ? 1 : 0)
        if let parentName = entity.parentName, let parent = model.entity(named: parentName) {
            buffer.append(hash(of: parent, cache: &cache))
        }
        var propertyHashes: [(name: String, hash: Data)] = []
        for attribute in model.allAttributes(of: entity) where !attribute.isTransient {
            propertyHashes.append((attribute.name, Self.hash(of: attribute)))
        }
        for relationship in model.allRelationships(of: entity) where !relationship.isTransient {
            propertyHashes.append((relationship.name, Self.hash(of: relationship)))
        }
        propertyHashes.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        for property in propertyHashes { buffer.append(property.hash) }
        if let modifier = entity.versionHashModifier, !modifier.isEmpty { buffer.append(Data(modifier.utf8)) }
        for constraint in entity.uniquenessConstraints.map({ $0.joined(separator: ".") }).sorted() {
            buffer.append(Data(constraint.utf8))
        }
        let result = Data(SHA256.hash(data: buffer))
        cache[entity.name] = result
        return result
    }
}

extension Data {
    /// Appends a fixed-width integer in little-endian byte order.
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
