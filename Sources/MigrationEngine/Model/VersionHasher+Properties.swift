import Crypto

/// The version hashes of properties. Each is computed from an input that holds everything of the property
/// the hash covers and nothing else, so that the versions of one model can share the hash of a property
/// they repeat (``PropertyDigests``) by that input alone. The bytes go straight into SHA-256: assembling
/// `Data` buffers for them took most of the time of hashing a long model.
extension VersionHasher {
    /// What an attribute's version hash covers.
    struct AttributeInput: Hashable {
        /// For a derived attribute, the derivation's text: its hash covers nothing else.
        let derivation: String?
        let name: String
        let flags: Int16
        let modifier: String?
        let typeCode: Int32
        let allowsExternalStorage: Bool
        let preservesValueInHistory: Bool

        init(_ attribute: Attribute) {
            derivation = attribute.isDerived ? attribute.derivationExpression.map(VersionHasher.derivationHashText) : nil
            name = attribute.name
            flags = VersionHasher.flags(attribute.isOptional, attribute.isTransient, attribute.isReadOnly)
            modifier = attribute.versionHashModifier
            typeCode = attribute.type.code
            allowsExternalStorage = attribute.allowsExternalBinaryDataStorage
            preservesValueInHistory = attribute.preservesValueInHistoryOnDeletion
        }

        /// SHA-256 over the derivation's text; otherwise over the name-and-flags hash, the type code (little
        /// endian) and a 1 byte for each of external storage and preserve-after-deletion that is set.
        var digest: SHA256.Digest {
            var sha = SHA256()
            if let derivation {
                sha.update(utf8: derivation)
                return sha.finalize()
            }
            sha.update(digest: VersionHasher.propertyBase(name: name, flags: flags, modifier: modifier))
            sha.update(littleEndian: typeCode)
            if allowsExternalStorage { sha.update(littleEndian: UInt8(1)) }
            if preservesValueInHistory { sha.update(littleEndian: UInt8(1)) }
            return sha.finalize()
        }
    }

    /// What a relationship's version hash covers (not its delete rule).
    struct RelationshipInput: Hashable {
        let name: String
        let flags: Int16
        let modifier: String?
        let destination: String
        /// The inverse's name when it is hashed: unless it has the relationship's own name and entity.
        let hashedInverse: String?
        let maxCount: Int32
        let minCount: Int32
        let isOrdered: Bool

        init(_ relationship: Relationship) {
            name = relationship.name
            flags = VersionHasher.flags(relationship.isOptional, relationship.isTransient, relationship.isReadOnly)
            modifier = relationship.versionHashModifier
            destination = relationship.destinationEntity
            if let inverse = relationship.inverseName,
                inverse != relationship.name
                    || (relationship.inverseEntity ?? relationship.destinationEntity) != relationship.destinationEntity
            {
                hashedInverse = inverse
            } else {
                hashedInverse = nil
            }
            maxCount = Int32(relationship.maxCount)
            minCount = Int32(relationship.minCount)
            isOrdered = relationship.isOrdered
        }

        /// SHA-256 over the name-and-flags hash, the destination, the hashed inverse, the maximum and minimum
        /// counts (32-bit little endian) and, when ordered, a 16-bit 1.
        var digest: SHA256.Digest {
            var sha = SHA256()
            sha.update(digest: VersionHasher.propertyBase(name: name, flags: flags, modifier: modifier))
            sha.update(utf8: destination)
            if let hashedInverse { sha.update(utf8: hashedInverse) }
            sha.update(littleEndian: maxCount)
            sha.update(littleEndian: minCount)
            if isOrdered { sha.update(littleEndian: Int16(1)) }
            return sha.finalize()
        }
    }

    /// A property's optional, transient and read-only flags as Core Data hashes them.
    static func flags(_ isOptional: Bool, _ isTransient: Bool, _ isReadOnly: Bool) -> Int16 {
        (isOptional ? 1 : 0) | (isTransient ? 2 : 0) | (isReadOnly ? 4 : 0)
    }

    /// SHA-256 over a property's name, its flags (16-bit little endian) and its non-empty hash modifier.
    static func propertyBase(name: String, flags: Int16, modifier: String?) -> SHA256.Digest {
        var sha = SHA256()
        sha.update(utf8: name)
        sha.update(littleEndian: flags)
        if let modifier, !modifier.isEmpty { sha.update(utf8: modifier) }
        return sha.finalize()
    }
}
