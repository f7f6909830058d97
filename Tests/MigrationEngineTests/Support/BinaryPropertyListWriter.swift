import Foundation
import MigrationEngine

/// A minimal `bplist00` writer for tests that need shapes Foundation cannot write (CF$UID values, keyed
/// archives with chosen references). Objects are written without uniquing; offsets and references use 2 bytes.
enum BinaryPropertyListWriter {
    static func write(_ value: PropertyListValue) -> Data {
        var objects: [[UInt8]] = []
        _ = add(value, to: &objects)
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += be(offset, 2) }
        bytes += [0, 0, 0, 0, 0, 0, 2, 2] + be(objects.count, 8) + be(0, 8) + be(table, 8)
        return Data(bytes)
    }

    private static func add(_ value: PropertyListValue, to objects: inout [[UInt8]]) -> Int {
        let index = objects.count
        objects.append([])
        var encoded: [UInt8]
        switch value {
        case .dictionary(let entries):
            let keys = entries.keys.sorted()
            let keyRefs = keys.map { add(.string($0), to: &objects) }
            let valueRefs = keys.map { add(entries[$0]!, to: &objects) }
            encoded = marker(0xD, keys.count) + (keyRefs + valueRefs).flatMap { be($0, 2) }
        case .array(let items):
            encoded = marker(0xA, items.count) + items.map { add($0, to: &objects) }.flatMap { be($0, 2) }
        case .string(let text):
            encoded = marker(0x5, text.utf8.count) + Array(text.utf8)
        case .integer(let number):
            encoded = [0x13] + be(Int(number), 8)
        case .real(let number):
            encoded = [0x23] + be(Int(bitPattern: UInt(number.bitPattern)), 8)
        case .boolean(let flag):
            encoded = [flag ? 0x09 : 0x08]
        case .date(let date):
            encoded = [0x33] + be(Int(bitPattern: UInt(date.timeIntervalSinceReferenceDate.bitPattern)), 8)
        case .data(let bytes):
            encoded = marker(0x4, bytes.count) + Array(bytes)
        case .uid(let reference):
            encoded = [0x81] + be(Int(reference), 2)
        case .null:
            encoded = [0x00]
        }
        objects[index] = encoded
        return index
    }

    private static func marker(_ kind: UInt8, _ count: Int) -> [UInt8] {
        count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0xF, 0x11] + be(count, 2)
    }

    private static func be(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
