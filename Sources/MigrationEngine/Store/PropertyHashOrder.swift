/// The order Core Data meets an entity's properties in when it lays out many-to-many join tables and `Z_FOK_`
/// columns: the slot order of a CoreFoundation hash table keyed by each stored property's column name (`Z` +
/// upper-cased name), inherited properties included, relationships placed first, then attributes, each in
/// code-unit order (the placing order only decides collisions).
///
/// Of a self-referencing many-to-many pair, the relationship met first names the join table
/// (`docs/guide/store-schema.md`). Every wire store from 2.4 on shows it: `UserClient` has `trustedClients` /
/// `trustedByClients` and `ignoredClients` / `ignoredByClients`; up to 2.95.0 its 32 stored properties fill a
/// 41-slot table where `ZTRUSTEDCLIENTS` (slot 21) precedes `ZTRUSTEDBYCLIENTS` (37), and 2.96.0's one new
/// attribute grows the table to 71 slots, where `ZTRUSTEDBYCLIENTS` (22) comes first — so Core Data's own
/// migration to 2.96.0 renamed the table. Only the model decides it, never the store's history. Several
/// `Z_FOK_` columns of one entity come in this order too (`Z_FOK_VISIBLEINCONVERSATION` before
/// `Z_FOK_HIDDENINCONVERSATION` in every wire `ZMESSAGE` that has both; in 2.59.0 only because relationships
/// are placed before attributes).
///
/// The table is CoreFoundation's: the 64-bit CFString hash of the key, a bucket count taken from CF's list of
/// sizes (the smallest whose capacity holds every key), linear probing.
enum PropertyHashOrder {
    /// Bucket counts and the number of keys each may hold, as CoreFoundation grows a hash table.
    private static let tableSizes: [(buckets: Int, capacity: Int)] = [
        (3, 3), (7, 6), (13, 11), (23, 19), (41, 32), (71, 52), (127, 85), (191, 118), (251, 155), (383, 237),
        (631, 390), (1087, 672), (1723, 1065), (2803, 1732), (4523, 2795), (7351, 4543), (11959, 7391),
        (19447, 12019), (31231, 19302), (50683, 31324), (81919, 50629), (132607, 81956),
    ]

    /// The column names of the entity's stored properties (its own and inherited ones) in slot order.
    ///
    /// - Parameters:
    ///   - entity: An entity of `model`.
    ///   - model: The model version.
    /// - Returns: `Z<NAME>` for each stored attribute and relationship, in the order Core Data meets them.
    static func columnOrder(of entity: Entity, in model: ObjectModel) -> [String] {
        let relationships = model.allRelationships(of: entity).filter { !$0.isTransient }.map(\.name)
        let attributes = model.allAttributes(of: entity).filter { !$0.isTransient }.map(\.name)
        var seen: Set<String> = []
        let keys = [relationships, attributes].flatMap { names in
            names.map(CoreDataName.column(for:)).sorted { SchemaBuilder.precedes($0, $1) }
        }
        return slotOrder(of: keys.filter { seen.insert($0).inserted })
    }

    /// The keys in the order a CoreFoundation dictionary enumerates them after they were added in this order.
    ///
    /// - Parameter keys: Distinct strings, in the order they are added.
    /// - Returns: `keys` in slot order; as given when there are more than any table size holds (no model comes
    ///   near).
    static func slotOrder(of keys: [String]) -> [String] {
        guard let buckets = tableSizes.first(where: { $0.capacity >= keys.count })?.buckets else { return keys }
        var slots = [String?](repeating: nil, count: buckets)
        for key in keys {
            var slot = Int(stringHash(key) % UInt64(buckets))
            while slots[slot] != nil { slot = (slot + 1) % buckets }
            slots[slot] = key
        }
        return slots.compactMap { $0 }
    }

    /// CoreFoundation's hash of a string on a 64-bit platform, over its UTF-16 code units (all of them up to
    /// 96, else the first, middle and last 32): from `h = length`, four units at a time
    /// `h = h × 67503105 + u0 × 257³ + u1 × 257² + u2 × 257 + u3`, then one at a time `h = h × 257 + u`, and
    /// finally `h + h << (length & 31)`. 67503105 is 257⁴ modulo 2³², so on 64 bits the four-at-a-time step is
    /// not four single steps: it must be kept as CF writes it.
    static func stringHash(_ string: String) -> UInt64 {
        let units = Array(string.utf16)
        let length = units.count
        let hashed =
            length <= 96
            ? units
            : Array(units[..<32]) + Array(units[(length / 2 - 16)..<(length / 2 + 16)]) + Array(units[(length - 32)...])
        var result = UInt64(length)
        var index = 0
        while index + 4 <= hashed.count {
            let (u0, u1, u2, u3) = (
                UInt64(hashed[index]), UInt64(hashed[index + 1]), UInt64(hashed[index + 2]), UInt64(hashed[index + 3])
            )
            result = result &* 67_503_105 &+ u0 &* 16_974_593 &+ u1 &* 66_049 &+ u2 &* 257 &+ u3
            index += 4
        }
        while index < hashed.count {
            result = result &* 257 &+ UInt64(hashed[index])
            index += 1
        }
        return result &+ (result << UInt64(length & 31))
    }
}
