import Foundation

/// Writes Apple binary property lists (`bplist00`), the counterpart of ``BinaryPropertyList``.
///
/// Foundation's `PropertyListSerialization` on Linux cannot write `CF$UID` values, which every keyed
/// archive is made of, so the format is written here. Equal scalars (strings, numbers, data, UIDs) are
/// stored once, as Apple's writer does; dictionary keys are written in sorted order so that the same
/// value always gives the same bytes.
public enum BinaryPropertyListWriter {
    /// The bytes of `value` as a binary property list.
    ///
    /// - Parameter value: The top object.
    /// - Returns: A complete `bplist00` file; the same value always gives the same bytes.
    public static func write(_ value: PropertyListValue) -> Data {
        var objects = ObjectTable()
        let top = objects.add(value)
        return objects.serialized(top: top)
    }

    /// The flattened objects, each encoded with references as indices (sized once the count is known).
    private struct ObjectTable {
        enum Entry {
            case scalar([UInt8])
            case array(marker: UInt8, [Int])
            case dictionary(keys: [Int], values: [Int])
        }

        var entries: [Entry] = []
        var scalars: [PropertyListValue: Int] = [:]

        mutating func add(_ value: PropertyListValue) -> Int {
            switch value {
            case .array(let items):
                let references = items.map { add($0) }
                entries.append(.array(marker: 0xA, references))
                return entries.count - 1
            case .dictionary(let members):
                let names = members.keys.sorted()
                let keys = names.map { add(.string($0)) }
                let values = names.map { add(members[$0]!) }
                entries.append(.dictionary(keys: keys, values: values))
                return entries.count - 1
            default:
                if let known = scalars[value] { return known }
                entries.append(.scalar(Self.scalar(value)))
                scalars[value] = entries.count - 1
                return entries.count - 1
            }
        }

        static func scalar(_ value: PropertyListValue) -> [UInt8] {
            switch value {
            case .string(let text):
                if text.utf8.allSatisfy({ $0 < 0x80 }) { return marker(0x5, text.utf8.count) + Array(text.utf8) }
                let units = Array(text.utf16)
                return marker(0x6, units.count) + units.flatMap { bigEndian(UInt64($0), 2) }
            case .integer(let number): return integer(number)
            case .real(let number): return [0x23] + bigEndian(number.bitPattern, 8)
            case .boolean(let flag): return [flag ? 0x09 : 0x08]
            case .date(let date): return [0x33] + bigEndian(date.timeIntervalSinceReferenceDate.bitPattern, 8)
            case .data(let bytes): return marker(0x4, bytes.count) + Array(bytes)
            case .uid(let reference):
                let size = byteCount(reference)
                return [0x80 | UInt8(size - 1)] + bigEndian(reference, size)
            case .null, .array, .dictionary: return [0x00]
            }
        }

        /// Non-negative integers take 1, 2 or 4 unsigned bytes when they fit; anything else 8 signed bytes.
        static func integer(_ number: Int64) -> [UInt8] {
            guard number >= 0, number <= Int64(UInt32.max) else { return [0x13] + bigEndian(UInt64(bitPattern: number), 8) }
            let size = byteCount(UInt64(number))
            let exponent: UInt8 = size == 1 ? 0 : size == 2 ? 1 : 2
            return [0x10 | exponent] + bigEndian(UInt64(number), size)
        }

        /// A marker with its count: in the low nibble below 15, else as a following integer object.
        static func marker(_ kind: UInt8, _ count: Int) -> [UInt8] {
            count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0xF] + integer(Int64(count))
        }

        /// The bytes needed for an unsigned value: 1, 2, 4 or 8.
        static func byteCount(_ value: UInt64) -> Int {
            switch value {
            case 0...0xFF: 1
            case 0x100...0xFFFF: 2
            case 0x1_0000...0xFFFF_FFFF: 4
            default: 8
            }
        }

        static func bigEndian(_ value: UInt64, _ size: Int) -> [UInt8] {
            (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> UInt64($0 * 8)) }
        }

        func serialized(top: Int) -> Data {
            let referenceSize = Self.byteCount(UInt64(entries.count))
            var bytes = Array("bplist00".utf8)
            var offsets: [Int] = []
            offsets.reserveCapacity(entries.count)
            for entry in entries {
                offsets.append(bytes.count)
                switch entry {
                case .scalar(let encoded):
                    bytes += encoded
                case .array(let kind, let references):
                    bytes += Self.marker(kind, references.count)
                    for reference in references { bytes += Self.bigEndian(UInt64(reference), referenceSize) }
                case .dictionary(let keys, let values):
                    bytes += Self.marker(0xD, keys.count)
                    for reference in keys + values { bytes += Self.bigEndian(UInt64(reference), referenceSize) }
                }
            }
            let tableStart = bytes.count
            let offsetSize = Self.byteCount(UInt64(tableStart))
            for offset in offsets { bytes += Self.bigEndian(UInt64(offset), offsetSize) }
            bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
            bytes += Self.bigEndian(UInt64(entries.count), 8) + Self.bigEndian(UInt64(top), 8)
            bytes += Self.bigEndian(UInt64(tableStart), 8)
            return Data(bytes)
        }
    }
}
