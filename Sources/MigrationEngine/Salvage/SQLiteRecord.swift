import Foundation
import GRDB

/// SQLite's record format, read from raw page bytes: a header of serial types, then the values.
enum SQLiteRecord {
    /// A varint at `offset` (1 to 9 bytes, big-endian, seven bits a byte but all eight in the ninth), with its
    /// length; nil when it runs past `end`.
    static func varint(_ bytes: [UInt8], at offset: Int, end: Int) -> (value: Int64, length: Int)? {
        var value: UInt64 = 0
        for index in 0..<9 {
            guard offset + index < end else { return nil }
            let byte = bytes[offset + index]
            if index == 8 { return (Int64(bitPattern: value << 8 | UInt64(byte)), 9) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return (Int64(bitPattern: value), index + 1) }
        }
        return nil
    }

    /// The values of the record in `payload`, or nil when it is not a well-formed record.
    static func values(_ payload: [UInt8]) -> [DatabaseValue]? {
        guard let values = values(payload, total: payload.count) else { return nil }
        return values.compactMap { $0 }
    }

    /// The values of the record whose first bytes are `payload` and whose size is `total`: nil for each
    /// value whose bytes lie past `payload` (on an overflow page lost); nil when the header itself is not all
    /// there or the record is not well formed.
    static func values(_ payload: [UInt8], total: Int) -> [DatabaseValue?]? {
        guard let (headerSize, first) = varint(payload, at: 0, end: payload.count), headerSize >= 1,
            headerSize <= payload.count, payload.count <= total
        else { return nil }
        var types: [Int64] = []
        var offset = first
        while offset < Int(headerSize) {
            guard let (type, length) = varint(payload, at: offset, end: Int(headerSize)), type >= 0, type != 10, type != 11
            else { return nil }
            types.append(type)
            offset += length
        }
        var values: [DatabaseValue?] = []
        var position = Int(headerSize)
        for type in types {
            let size = Self.size(of: type)
            guard position + size <= total else { return nil }
            guard position + size <= payload.count else {
                // On the part of the payload that is not there.
                values.append(nil)
                position += size
                continue
            }
            let bytes = payload[position..<position + size]
            position += size
            switch type {
            case 0: values.append(.null)
            case 1...6:
                var integer = Int64(Int8(bitPattern: bytes.first ?? 0))
                for byte in bytes.dropFirst() { integer = integer << 8 | Int64(byte) }
                values.append(integer.databaseValue)
            case 7: values.append(Double(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }).databaseValue)
            case 8: values.append(Int64(0).databaseValue)
            case 9: values.append(Int64(1).databaseValue)
            default:
                guard type % 2 == 1 else {
                    values.append(Data(bytes).databaseValue)
                    continue
                }
                guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
                values.append(text.databaseValue)
            }
        }
        return position == total ? values : nil
    }

    /// The size in bytes of a value of serial type `type`.
    static func size(of type: Int64) -> Int {
        switch type {
        case 0, 8, 9: 0
        case 1...4: Int(type)
        case 5: 6
        case 6, 7: 8
        default: Int((type - 12) / 2)
        }
    }
}

/// Where one cell of a table-leaf page lies on its page (SQLite's file format, "B-tree pages"): its row id,
/// then the part of its payload kept on the page, then the first overflow page's number when it overflows.
struct TableLeafCell {
    /// The row id.
    let id: Int64
    /// The payload's size in all.
    let payloadSize: Int
    /// Where the payload starts on the page.
    let payloadStart: Int
    /// How much of the payload is on the page.
    let localSize: Int

    /// Where the cell ends on the page (after its overflow page number, when it has one).
    var end: Int { payloadStart + localSize + (localSize < payloadSize ? 4 : 0) }

    /// The cell at `offset` of `page`, whose usable size is `pageSize`; nil when its varints run past `limit`
    /// (the page's end, or where its bytes stop) or its size is out of bounds.
    init?(_ page: [UInt8], at offset: Int, pageSize: Int, limit: Int) {
        guard offset > 0, let (size, first) = SQLiteRecord.varint(page, at: offset, end: limit),
            let (id, second) = SQLiteRecord.varint(page, at: offset + first, end: limit), size >= 0, size < 1 << 30
        else { return nil }
        let maxLocal = pageSize - 35
        let minLocal = (pageSize - 12) * 32 / 255 - 23
        var local = Int(size)
        if local > maxLocal {
            let candidate = minLocal + (Int(size) - minLocal) % (pageSize - 4)
            local = candidate <= maxLocal ? candidate : minLocal
        }
        self.id = id
        payloadSize = Int(size)
        payloadStart = offset + first + second
        localSize = local
    }
}
