import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 31, item 8: binary plists (`Z_METADATA`, `Z_MODELCACHE`, model archives) that repeat references
/// decode each object once, and one that expands past its cap is refused with one error, quickly.
@Suite("Property list reference bombs")
struct PropertyListBombTests {
    /// A `bplist00` of `objects` (each already encoded), with `top` as its top object.
    static func plist(_ objects: [[UInt8]], top: Int, referenceSize: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let tableStart = bytes.count
        for offset in offsets { bytes += bigEndian(UInt64(offset), size: 4) }
        bytes += [0, 0, 0, 0, 0, 0, 4, UInt8(referenceSize)]
        bytes += bigEndian(UInt64(objects.count), size: 8) + bigEndian(UInt64(top), size: 8)
        bytes += bigEndian(UInt64(tableStart), size: 8)
        return Data(bytes)
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A container marker (`0xA` array) with `count` references of `referenceSize` bytes.
    static func array(_ references: [Int], referenceSize: Int) -> [UInt8] {
        let header: [UInt8] =
            references.count < 15
            ? [0xA0 | UInt8(references.count)] : [0xAF, 0x13] + bigEndian(UInt64(references.count), size: 8)
        return header + references.flatMap { bigEndian(UInt64($0), size: referenceSize) }
    }

    /// One array referring 20,000 times to one 100 KB string: 2 MB of bytes that expand to 2 GB.
    static let sharedString: Data = {
        let text = [0x5F, 0x13] + bigEndian(100_000, size: 8) + [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)
        return plist([array(Array(repeating: 1, count: 20_000), referenceSize: 1), text], top: 0, referenceSize: 1)
    }()

    /// Forty arrays, each holding the one before twice: 2^40 strings once expanded.
    static let doubling: Data = {
        let levels = 40
        let objects = [[0x51, UInt8(ascii: "x")]] + (1...levels).map { array([$0 - 1, $0 - 1], referenceSize: 1) }
        return plist(objects, top: levels, referenceSize: 1)
    }()

    @Test("20,000 references to one 100 KB string, and 40 doubling levels, are refused with one line", .timeLimit(.minutes(1)))
    func bombsRefused() {
        for bomb in [Self.sharedString, Self.doubling] {
            let started = ContinuousClock.now
            let error = #expect(throws: PropertyListError.self) { try BinaryPropertyList.read(bomb) }
            #expect(error?.message.contains("expands past 64 MiB") == true, "\(String(describing: error))")
            #expect(error?.message.contains("\n") == false)
            #expect(ContinuousClock.now - started < .seconds(10))
        }
    }

    @Test("Shared references within the cap decode once and read back whole")
    func sharedReferencesWithinTheCap() throws {
        // Twenty doubling levels: a million strings expanded, 8 MB — under the cap, decoded from 21 objects.
        let objects = [[0x51, UInt8(ascii: "x")]] + (1...20).map { Self.array([$0 - 1, $0 - 1], referenceSize: 1) }
        let value = try BinaryPropertyList.read(Self.plist(objects, top: 20, referenceSize: 1))
        var level = value
        for _ in 0..<20 {
            let elements = try #require(level.array)
            #expect(elements.count == 2 && elements[0] == elements[1])
            level = elements[0]
        }
        #expect(level == .string("x"))
    }

    @Test("A store whose Z_METADATA is such a bomb is refused as damaged, naming the store")
    func metadataBombRefused() throws {
        let store = try JournalFixture.store(version: 1, entries: 3)
        try DatabaseQueue(path: store).write { db in
            try db.execute(sql: "UPDATE Z_METADATA SET Z_PLIST = ?", arguments: [Self.doubling])
        }
        let error = #expect(throws: StoreError.self) { try StoreReader.read(path: store) }
        #expect(error?.description.hasPrefix(store) == true)
        #expect(error?.description.contains("expands past") == true, "\(String(describing: error))")
    }
}
