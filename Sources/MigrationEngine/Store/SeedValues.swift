import Foundation
import GRDB

/// The synthetic value ``StoreSeeder`` stores for one attribute of one object, in the bytes Core Data would
/// store it as (FORMAT.md): numbers within the attribute's minimum and maximum, dates as seconds since 2001,
/// UUIDs as 16 bytes, URIs as text, Transformable values as a keyed archive of a string, and values of an
/// attribute that allows external storage behind Core Data's marker byte (inline `0x01`, or `0x02` and the
/// name of a file in the store's `_EXTERNAL_DATA` folder).
struct SeedValues {
    /// Every value written to an external-storage attribute is kept outside the database with this chance
    /// (one in n), so both of Core Data's forms appear in a store of a few objects.
    static let externalShare: UInt64 = 3

    /// Words strings are made of.
    static let words = [
        "amber", "birch", "cedar", "delta", "ember", "fjord", "grove", "harbor", "iris", "juniper", "kelp", "lumen",
        "maple", "nectar", "opal", "pebble", "quartz", "river", "sable", "tundra", "umber", "violet", "willow", "yarrow",
        "zephyr", "émigré", "日本", "naïve",
    ]

    /// A value that is a file in the external data folder: the column's bytes and the file's.
    struct External {
        var uuid: String
        var contents: Data
    }

    /// The column value for `attribute` of the object with key `key`, and the external file it names, if any.
    /// `unique` asks for a value no other object of the table has (a uniqueness constraint covers it).
    static func value(
        for attribute: Attribute, key: Int, unique: Bool, random: inout SeededGenerator
    ) -> (value: DatabaseValue, external: External?) {
        if attribute.isOptional, !unique, random.oneIn(6) { return (.null, nil) }
        switch attribute.type {
        case .integer16: return (integer(attribute, key: key, unique: unique, limit: Int(Int16.max), &random), nil)
        case .integer32: return (integer(attribute, key: key, unique: unique, limit: Int(Int32.max), &random), nil)
        case .integer64: return (integer(attribute, key: key, unique: unique, limit: Int.max, &random), nil)
        case .boolean: return (Int(random.next() % 2).databaseValue, nil)
        case .decimal:
            // Core Data stores an NSDecimalNumber as a REAL (coredataplus-books' prices): cents keep it exact.
            let cents = unique ? key * 100 + Int(random.next() % 100) : Int(random.next() % 10_000_000)
            return (clamped(Double(cents) / 100, attribute).databaseValue, nil)
        case .double:
            let number = unique ? Double(key) + 0.5 : (Double(random.next() % 2_000_000) - 1_000_000) / 64
            return (clamped(number, attribute).databaseValue, nil)
        case .float:
            let number = unique ? Double(key) + 0.25 : Double(Float(Double(random.next() % 200_000) / 8 - 12_500))
            return (clamped(number, attribute).databaseValue, nil)
        case .string: return (string(attribute, key: key, unique: unique, &random).databaseValue, nil)
        case .date:
            // Seconds since 2001-01-01, within 2001…2031, at millisecond precision as apps store them.
            let seconds = unique ? Double(key) * 3_600 : Double(random.next() % 946_080_000_000) / 1000
            return (seconds.databaseValue, nil)
        case .uuid: return (uuidBytes(&random).databaseValue, nil)
        case .uri:
            return ("https://example.com/\(attribute.name.lowercased())/\(key)-\(random.next() % 1000)".databaseValue, nil)
        case .binary:
            let count = Int(random.next() % 48) + (unique ? 0 : 1)
            var bytes = Data((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            if unique { bytes += withUnsafeBytes(of: Int64(key).bigEndian) { Data($0) } }
            return stored(bytes, attribute, &random)
        case .transformable:
            return stored(archivedString(string(attribute, key: key, unique: unique, &random)), attribute, &random)
        case .objectID:
            // Only a derived or transient attribute may have this type in Core Data; a stored one holds the
            // object's URI, as an NSManagedObjectID archives it.
            return (Data("x-coredata:///\(attribute.name)/p\(key)".utf8).databaseValue, nil)
        case .undefined, .composite:
            return (.null, nil)
        }
    }

    /// Bytes of an attribute that may hold them outside the database take Core Data's marker byte.
    private static func stored(_ bytes: Data, _ attribute: Attribute, _ random: inout SeededGenerator)
        -> (value: DatabaseValue, external: External?)
    {
        guard attribute.allowsExternalBinaryDataStorage else { return (bytes.databaseValue, nil) }
        guard random.oneIn(externalShare) else { return ((Data([1]) + bytes).databaseValue, nil) }
        let uuid = UUID(uuid: uuidTuple(&random)).uuidString
        return ((Data([2]) + Data(uuid.utf8) + Data([0])).databaseValue, External(uuid: uuid, contents: bytes))
    }

    private static func integer(_ attribute: Attribute, key: Int, unique: Bool, limit: Int, _ random: inout SeededGenerator)
        -> DatabaseValue
    {
        let low = attribute.minValue.flatMap { Int($0) } ?? (limit == Int.max ? -(1 << 40) : -min(limit, 1_000_000))
        let high = attribute.maxValue.flatMap { Int($0) } ?? (limit == Int.max ? 1 << 40 : min(limit, 1_000_000))
        guard low <= high else { return low.databaseValue }
        if unique { return (low + key).databaseValue }
        let span = UInt64(high - low) &+ 1
        return (low + Int(span == 0 ? random.next() >> 1 : random.next() % span)).databaseValue
    }

    private static func clamped(_ number: Double, _ attribute: Attribute) -> Double {
        let low = attribute.minValue.flatMap { Double($0) } ?? -Double.greatestFiniteMagnitude
        let high = attribute.maxValue.flatMap { Double($0) } ?? Double.greatestFiniteMagnitude
        return low <= high ? min(max(number, low), high) : low
    }

    /// A few words and, for a unique value, the object's key; within the attribute's length bounds.
    private static func string(_ attribute: Attribute, key: Int, unique: Bool, _ random: inout SeededGenerator) -> String {
        let count = Int(random.next() % 4) + 1
        var text = (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        if unique { text = "\(key) \(text)" }
        let shortest = attribute.minValue.flatMap { Int($0) } ?? 0
        let longest = attribute.maxValue.flatMap { Int($0) } ?? Int.max
        while text.count < shortest { text += " \(words[text.count % words.count])" }
        return longest >= shortest && text.count > longest ? String(text.prefix(max(longest, 0))) : text
    }

    /// A keyed archive of `text`, as NSSecureUnarchiveFromData (the default transformer) archives an NSString.
    static func archivedString(_ text: String) -> Data {
        var builder = KeyedArchiveBuilder()
        let root = builder.string(text)
        return BinaryPropertyListWriter.write(builder.archive(root: root))
    }

    static func uuidBytes(_ random: inout SeededGenerator) -> Data {
        withUnsafeBytes(of: uuidTuple(&random)) { Data($0) }
    }

    /// A version 4 UUID from the generator.
    static func uuidTuple(_ random: inout SeededGenerator) -> uuid_t {
        var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        )
    }
}
