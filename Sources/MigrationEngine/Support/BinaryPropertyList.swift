import Foundation

/// Reads Apple binary property lists (`bplist00`) into ``PropertyListValue``.
///
/// Every offset, count and reference is checked against the data before use, and reference cycles are
/// refused, so damaged bytes (a truncated `Z_PLIST`, a corrupt model cache) throw instead of crashing.
public struct BinaryPropertyList {
    private let bytes: [UInt8]
    private let offsets: [Int]
    private let referenceSize: Int
    private let topObject: Int

    /// Parses a whole binary property list and returns its top object.
    public static func read(_ data: Data) throws(PropertyListError) -> PropertyListValue {
        let list = try BinaryPropertyList(data)
        var visiting = Set<Int>()
        return try list.object(list.topObject, visiting: &visiting)
    }

    /// Whether the data starts with the binary property list signature.
    public static func hasSignature(_ data: Data) -> Bool {
        data.starts(with: Array("bplist00".utf8))
    }

    private init(_ data: Data) throws(PropertyListError) {
        bytes = [UInt8](data)
        guard bytes.count >= 40, Self.hasSignature(data) else { throw PropertyListError("not a binary property list") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.unsigned(bytes[(trailer + 8)..<(trailer + 16)])
        let top = Self.unsigned(bytes[(trailer + 16)..<(trailer + 24)])
        let tableStart = Self.unsigned(bytes[(trailer + 24)..<(trailer + 32)])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw PropertyListError("invalid offset or reference size in the trailer")
        }
        guard count > 0, top < count, tableStart >= 8,
            count <= UInt64(trailer), tableStart <= UInt64(trailer) - count * UInt64(offsetSize)
        else { throw PropertyListError("the offset table does not fit in the data") }
        var table: [Int] = []
        table.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let start = Int(tableStart) + index * offsetSize
            let offset = Self.unsigned(bytes[start..<(start + offsetSize)])
            guard offset >= 8, offset < UInt64(Int(tableStart)) else {
                throw PropertyListError("object \(index) has an offset outside the object area")
            }
            table.append(Int(offset))
        }
        offsets = table
        topObject = Int(top)
    }

    private static func unsigned(_ slice: ArraySlice<UInt8>) -> UInt64 {
        slice.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private func slice(_ start: Int, _ length: Int, object index: Int) throws(PropertyListError) -> ArraySlice<UInt8> {
        guard length >= 0, start >= 0, start <= bytes.count, length <= bytes.count - start else {
            throw PropertyListError("object \(index) runs past the end of the data")
        }
        return bytes[start..<(start + length)]
    }

    /// Reads the count that follows a marker: the low nibble, or an integer object when it is 0xF.
    private func count(at offset: Int, nibble: UInt8, object index: Int) throws(PropertyListError) -> (count: Int, start: Int) {
        guard nibble == 0xF else { return (Int(nibble), offset + 1) }
        let marker = try slice(offset + 1, 1, object: index).first!
        guard marker >> 4 == 0x1, marker & 0xF <= 3 else { throw PropertyListError("object \(index) has a bad length") }
        let size = 1 << Int(marker & 0xF)
        let value = Self.unsigned(try slice(offset + 2, size, object: index))
        guard value <= UInt64(bytes.count) else { throw PropertyListError("object \(index) claims \(value) elements") }
        return (Int(value), offset + 2 + size)
    }

    private func references(_ start: Int, _ count: Int, object index: Int) throws(PropertyListError) -> [Int] {
        guard count <= bytes.count / referenceSize else { throw PropertyListError("object \(index) claims too many elements") }
        let raw = try slice(start, count * referenceSize, object: index)
        return stride(from: raw.startIndex, to: raw.endIndex, by: referenceSize).map {
            Int(truncatingIfNeeded: Self.unsigned(raw[$0..<($0 + referenceSize)]))
        }
    }

    private func object(_ index: Int, visiting: inout Set<Int>) throws(PropertyListError) -> PropertyListValue {
        guard index >= 0, index < offsets.count else { throw PropertyListError("reference to missing object \(index)") }
        guard visiting.insert(index).inserted else { throw PropertyListError("object \(index) contains itself") }
        guard visiting.count <= 512 else { throw PropertyListError("objects are nested more than 512 deep") }
        defer { visiting.remove(index) }
        let offset = offsets[index]
        let marker = bytes[offset]
        let nibble = marker & 0xF
        switch marker >> 4 {
        case 0x0:
            switch nibble {
            case 0x0: return .null
            case 0x8: return .boolean(false)
            case 0x9: return .boolean(true)
            default: throw PropertyListError("object \(index) has unknown marker 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            guard nibble <= 4 else { throw PropertyListError("object \(index) is an integer of unsupported size") }
            let size = 1 << Int(nibble)
            let raw = try slice(offset + 1, size, object: index)
            let low = Self.unsigned(raw.suffix(min(size, 8)))
            return .integer(size >= 8 ? Int64(bitPattern: low) : Int64(low))
        case 0x2:
            let raw = try slice(offset + 1, 1 << Int(nibble), object: index)
            switch nibble {
            case 2: return .real(Double(Float(bitPattern: UInt32(Self.unsigned(raw)))))
            case 3: return .real(Double(bitPattern: Self.unsigned(raw)))
            default: throw PropertyListError("object \(index) is a real of unsupported size")
            }
        case 0x3:
            guard nibble == 3 else { throw PropertyListError("object \(index) is a date of unsupported size") }
            let seconds = Double(bitPattern: Self.unsigned(try slice(offset + 1, 8, object: index)))
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 0x4:
            let (length, start) = try count(at: offset, nibble: nibble, object: index)
            return .data(Data(try slice(start, length, object: index)))
        case 0x5:
            let (length, start) = try count(at: offset, nibble: nibble, object: index)
            let raw = try slice(start, length, object: index)
            guard let text = String(bytes: raw, encoding: .isoLatin1) else { throw PropertyListError("object \(index) is not ASCII") }
            return .string(text)
        case 0x6:
            let (length, start) = try count(at: offset, nibble: nibble, object: index)
            guard length <= bytes.count / 2 else { throw PropertyListError("object \(index) claims too many characters") }
            let raw = try slice(start, length * 2, object: index)
            let units = stride(from: raw.startIndex, to: raw.endIndex, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            return .uid(Self.unsigned(try slice(offset + 1, Int(nibble) + 1, object: index)))
        case 0xA, 0xB, 0xC:
            let (length, start) = try count(at: offset, nibble: nibble, object: index)
            var elements: [PropertyListValue] = []
            for reference in try references(start, length, object: index) {
                elements.append(try object(reference, visiting: &visiting))
            }
            return .array(elements)
        case 0xD:
            let (length, start) = try count(at: offset, nibble: nibble, object: index)
            let keys = try references(start, length, object: index)
            let values = try references(start + length * referenceSize, length, object: index)
            var entries: [String: PropertyListValue] = [:]
            for (key, value) in zip(keys, values) {
                guard case .string(let name) = try object(key, visiting: &visiting) else {
                    throw PropertyListError("object \(index) is a dictionary with a key that is not a string")
                }
                entries[name] = try object(value, visiting: &visiting)
            }
            return .dictionary(entries)
        default:
            throw PropertyListError("object \(index) has unknown marker 0x\(String(marker, radix: 16))")
        }
    }
}
