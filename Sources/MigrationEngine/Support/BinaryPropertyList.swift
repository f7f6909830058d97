import Foundation

/// Reads Apple binary property lists (`bplist00`) into ``PropertyListValue``.
///
/// Every offset, count and reference is checked against the data before use, and reference cycles are
/// refused, so damaged bytes (a truncated `Z_PLIST`, a corrupt model cache) throw instead of crashing.
package struct BinaryPropertyList {
    let bytes: [UInt8]
    let offsets: [Int]
    let referenceSize: Int
    private let topObject: Int

    /// The most a decoded list may expand to (see ``object(_:_:)``), whatever its own size: far above any
    /// store metadata or model archive, far below what would exhaust memory.
    static let expansionFloor = 64 << 20

    /// Parses a whole binary property list and returns its top object.
    ///
    /// Each object is decoded once however many others refer to it, and a list whose expanded size (shared
    /// references counted each time) passes 64 MiB or 16 times its own size, whichever is more, is refused.
    package static func read(_ data: Data) throws(PropertyListError) -> PropertyListValue {
        let list = try BinaryPropertyList(data)
        var state = Decoding(limit: max(expansionFloor, 16 * data.count))
        return try list.object(list.topObject, &state).value
    }

    /// Whether the data starts with the binary property list signature.
    package static func hasSignature(_ data: Data) -> Bool {
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
        guard count > 0, top < count, tableStart >= 8, tableStart <= UInt64(trailer),
            count <= (UInt64(trailer) - tableStart) / UInt64(offsetSize)
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

    static func unsigned(_ slice: ArraySlice<UInt8>) -> UInt64 {
        slice.reduce(0) { $0 << 8 | UInt64($1) }
    }

    func slice(_ start: Int, _ length: Int, object index: Int) throws(PropertyListError) -> ArraySlice<UInt8> {
        guard length >= 0, start >= 0, start <= bytes.count, length <= bytes.count - start else {
            throw PropertyListError("object \(index) runs past the end of the data")
        }
        return bytes[start..<(start + length)]
    }

    /// Reads the count that follows a marker: the low nibble, or an integer object when it is 0xF.
    func count(at offset: Int, nibble: UInt8, object index: Int) throws(PropertyListError) -> (count: Int, start: Int) {
        guard nibble == 0xF else { return (Int(nibble), offset + 1) }
        let marker = try slice(offset + 1, 1, object: index).first!
        guard marker >> 4 == 0x1, marker & 0xF <= 3 else { throw PropertyListError("object \(index) has a bad length") }
        let size = 1 << Int(marker & 0xF)
        let value = Self.unsigned(try slice(offset + 2, size, object: index))
        guard value <= UInt64(bytes.count) else { throw PropertyListError("object \(index) claims \(value) elements") }
        return (Int(value), offset + 2 + size)
    }

    func references(_ start: Int, _ count: Int, object index: Int) throws(PropertyListError) -> [Int] {
        guard count <= bytes.count / referenceSize else { throw PropertyListError("object \(index) claims too many elements") }
        let raw = try slice(start, count * referenceSize, object: index)
        return stride(from: raw.startIndex, to: raw.endIndex, by: referenceSize).map {
            Int(truncatingIfNeeded: Self.unsigned(raw[$0..<($0 + referenceSize)]))
        }
    }
}
