import Foundation

extension BinaryPropertyList {
    /// What decoding one list keeps between objects.
    struct Decoding {
        /// The objects being decoded, to refuse cycles.
        var visiting: Set<Int> = []
        /// Every object decoded so far with its expanded size, so an object many others refer to is decoded
        /// once and shared (its value is copied by reference).
        var decoded: [Int: (value: PropertyListValue, size: Int)] = [:]
        /// The largest expanded size accepted.
        let limit: Int
    }

    /// Object `index`, decoded once, with its expanded size: roughly the bytes a walk of its whole value
    /// meets, every shared reference counted each time. Bytes that share one 100 KB string 20,000 times,
    /// or nest arrays each holding the one before twice, are small but expand without bound for whoever
    /// walks the value (hashing it, printing it); past `state.limit` they are refused.
    func object(_ index: Int, _ state: inout Decoding) throws(PropertyListError) -> (value: PropertyListValue, size: Int) {
        guard index >= 0, index < offsets.count else { throw PropertyListError("reference to missing object \(index)") }
        if let known = state.decoded[index] { return known }
        guard state.visiting.insert(index).inserted else { throw PropertyListError("object \(index) contains itself") }
        guard state.visiting.count <= 512 else { throw PropertyListError("objects are nested more than 512 deep") }
        defer { state.visiting.remove(index) }
        let result = try decode(index, &state)
        state.decoded[index] = result
        return result
    }

    /// Adds `size` to `total`, refusing a total past the limit.
    private func expand(_ total: inout Int, by size: Int, _ state: Decoding) throws(PropertyListError) {
        total += size
        guard total <= state.limit else {
            throw PropertyListError(
                "the property list expands past \(state.limit >> 20) MiB: its objects repeat shared references too often")
        }
    }

    /// Decodes object `index` itself; ``object(_:_:)`` remembers it.
    private func decode(_ index: Int, _ state: inout Decoding) throws(PropertyListError) -> (
        value: PropertyListValue, size: Int
    ) {
        let offset = offsets[index]
        let marker = bytes[offset]
        let nibble = marker & 0xF
        switch marker >> 4 {
        case 0x0:
            switch nibble {
            case 0x0: return (.null, 8)
            case 0x8: return (.boolean(false), 8)
            case 0x9: return (.boolean(true), 8)
            default: throw PropertyListError("object \(index) has unknown marker 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            guard nibble <= 4 else { throw PropertyListError("object \(index) is an integer of unsupported size") }
            let size = 1 << Int(nibble)
            let raw = try slice(offset + 1, size, object: index)
            let low = Self.unsigned(raw.suffix(min(size, 8)))
            return (.integer(size >= 8 ? Int64(bitPattern: low) : Int64(low)), 8)
        case 0x2:
            let raw = try slice(offset + 1, 1 << Int(nibble), object: index)
            switch nibble {
            case 2: return (.real(Double(Float(bitPattern: UInt32(Self.unsigned(raw))))), 8)
            case 3: return (.real(Double(bitPattern: Self.unsigned(raw))), 8)
            default: throw PropertyListError("object \(index) is a real of unsupported size")
            }
        case 0x3:
            guard nibble == 3 else { throw PropertyListError("object \(index) is a date of unsupported size") }
            let seconds = Double(bitPattern: Self.unsigned(try slice(offset + 1, 8, object: index)))
            return (.date(Date(timeIntervalSinceReferenceDate: seconds)), 8)
        case 0x4:
            let (length, start) = try count(at: offset, nibble: nibble, object: index)
            return (.data(Data(try slice(start, length, object: index))), max(length, 8))
        case 0x5:
            let (length, start) = try count(at: offset, nibble: nibble, object: index)
            let raw = try slice(start, length, object: index)
            guard let text = String(bytes: raw, encoding: .isoLatin1) else {
                throw PropertyListError("object \(index) is not ASCII")
            }
            return (.string(text), max(length, 8))
        case 0x6:
            let (length, start) = try count(at: offset, nibble: nibble, object: index)
            guard length <= bytes.count / 2 else { throw PropertyListError("object \(index) claims too many characters") }
            let raw = try slice(start, length * 2, object: index)
            let units = stride(from: raw.startIndex, to: raw.endIndex, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
            return (.string(String(decoding: units, as: UTF16.self)), max(length * 2, 8))
        case 0x8:
            return (.uid(Self.unsigned(try slice(offset + 1, Int(nibble) + 1, object: index))), 8)
        case 0xA, 0xB, 0xC:
            let (length, start) = try count(at: offset, nibble: nibble, object: index)
            var elements: [PropertyListValue] = []
            var total = 8
            for reference in try references(start, length, object: index) {
                let element = try object(reference, &state)
                try expand(&total, by: element.size, state)
                elements.append(element.value)
            }
            return (.array(elements), total)
        case 0xD:
            let (length, start) = try count(at: offset, nibble: nibble, object: index)
            let keys = try references(start, length, object: index)
            let values = try references(start + length * referenceSize, length, object: index)
            var entries: [String: PropertyListValue] = [:]
            var total = 8
            for (key, value) in zip(keys, values) {
                let name = try object(key, &state)
                guard case .string(let text) = name.value else {
                    throw PropertyListError("object \(index) is a dictionary with a key that is not a string")
                }
                let element = try object(value, &state)
                try expand(&total, by: name.size, state)
                try expand(&total, by: element.size, state)
                entries[text] = element.value
            }
            return (.dictionary(entries), total)
        default:
            throw PropertyListError("object \(index) has unknown marker 0x\(String(marker, radix: 16))")
        }
    }
}
