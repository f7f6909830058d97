import Foundation

extension BinaryPropertyList {
    /// Decodes object `index`; `visiting` holds the objects being decoded, to refuse cycles.
    func object(_ index: Int, visiting: inout Set<Int>) throws(PropertyListError) -> PropertyListValue {
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
            guard let text = String(bytes: raw, encoding: .isoLatin1) else {
                throw PropertyListError("object \(index) is not ASCII")
            }
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
