import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("Binary property lists")
struct BinaryPropertyListTests {
    /// Property lists written by Foundation's own binary writer, the writer metadata writing can use.
    static func foundationBinary(_ object: Any) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    }

    @Test("Every value type Foundation writes reads back with its exact type")
    func foundationRoundTrip() throws {
        let date = Date(timeIntervalSinceReferenceDate: 123_456.5)
        let data = try Self.foundationBinary(
            [
                "int": 1048, "negative": -5, "big": Int64.max, "real": 2.5, "true": true, "false": false,
                "ascii": "SQLite", "unicode": "Café ☕️", "date": date, "data": Data([1, 2, 3]),
                "array": ["a", "b"], "nested": ["Post": Data(repeating: 9, count: 32)],
            ] as [String: Any])
        let value = try BinaryPropertyList.read(data)
        #expect(value["int"] == .integer(1048))
        #expect(value["negative"] == .integer(-5))
        #expect(value["big"] == .integer(Int64.max))
        #expect(value["real"] == .real(2.5))
        #expect(value["true"] == .boolean(true))
        #expect(value["false"] == .boolean(false))
        #expect(value["ascii"] == .string("SQLite"))
        #expect(value["unicode"] == .string("Café ☕️"))
        #expect(value["date"] == .date(date))
        #expect(value["data"] == .data(Data([1, 2, 3])))
        #expect(value["array"] == .array([.string("a"), .string("b")]))
        #expect(value["nested"]?["Post"] == .data(Data(repeating: 9, count: 32)))
    }

    @Test("Foundation's binary writer keeps metadata types: framework version an integer, hashes data")
    func foundationWriterKeepsMetadataTypes() throws {
        let metadata: [String: Any] = [
            "NSPersistenceFrameworkVersion": 1048, "NSStoreModelVersionHashesVersion": 3,
            "NSStoreModelVersionHashes": ["Post": Data(repeating: 1, count: 32)],
            "NSStoreModelVersionIdentifiers": [""], "_NSAutoVacuumLevel": "2", "NSStoreType": "SQLite",
        ]
        let value = try BinaryPropertyList.read(try Self.foundationBinary(metadata))
        #expect(value["NSPersistenceFrameworkVersion"]?.typeName == "integer")
        #expect(value["NSStoreModelVersionHashesVersion"] == .integer(3))
        #expect(value["NSStoreModelVersionHashes"]?["Post"]?.typeName == "data")
        #expect(value["_NSAutoVacuumLevel"] == .string("2"))
        #expect(value["NSStoreModelVersionIdentifiers"] == .array([.string("")]))
    }

    @Test("Hand-built lists: CF$UID, null, 16-byte integers, sets")
    func handBuilt() throws {
        // Objects: 0 array [1, 2, 3, 4]; 1 UID 300; 2 null; 3 128-bit integer 7; 4 set {1}.
        let objects: [[UInt8]] = [
            [0xA4, 1, 2, 3, 4], [0x81, 0x01, 0x2C], [0x00], [0x14] + [UInt8](repeating: 0, count: 15) + [7], [0xC1, 1],
        ]
        let value = try BinaryPropertyList.read(BinaryPropertyListBuilder.build(objects))
        #expect(value == .array([.uid(300), .null, .integer(7), .array([.uid(300)])]))
    }

    @Test("A list that contains itself throws instead of recursing forever")
    func cycle() {
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.read(BinaryPropertyListBuilder.build([[0xA1, 0]])) }
    }

    @Test("Every truncation and every single-byte corruption throws or reads, never crashes")
    func damagedBytes() throws {
        let data = try Self.foundationBinary(
            ["hashes": ["Post": Data(repeating: 1, count: 32)], "list": [1, 2, "x"]] as [String: Any])
        for length in 0..<data.count {
            #expect(throws: PropertyListError.self) { try BinaryPropertyList.read(data.prefix(length)) }
        }
        for position in 0..<data.count {
            for replacement: UInt8 in [0x00, 0x0F, 0x7F, 0xFF] {
                var damaged = data
                damaged[position] = replacement
                _ = try? BinaryPropertyList.read(damaged)
            }
        }
    }

    @Test(
        "Every corpus store's metadata survives Foundation's binary writer unchanged", Corpus.required,
        arguments: CorpusStoreCase.all)
    func corpusMetadataRoundTrip(_ testCase: CorpusStoreCase) throws {
        let metadata = try StoreReader.read(path: try Corpus.copyStore(testCase.store)).metadata
        let object = try #require(PropertyListValue.dictionary(metadata.plist).foundationObject)
        #expect(try BinaryPropertyList.read(try Self.foundationBinary(object)) == .dictionary(metadata.plist))
        #expect(PropertyListValue.array([.uid(1)]).foundationObject == nil)
    }

    @Test("Every corpus store's Z_PLIST reads with exact types", Corpus.required, arguments: CorpusStoreCase.all)
    func corpusMetadata(_ testCase: CorpusStoreCase) throws {
        let metadata = try StoreReader.read(path: try Corpus.copyStore(testCase.store)).metadata
        #expect(metadata.plist["NSPersistenceFrameworkVersion"]?.typeName == "integer")
        #expect(metadata.versionHashes.count == testCase.rows.count)
        #expect(metadata.versionHashes.values.allSatisfy { $0.count == 32 })
        #expect(metadata.plist["_NSAutoVacuumLevel"] == .string("2"))
    }
}

/// Assembles a `bplist00` from raw object bytes, with one-byte offsets and references.
enum BinaryPropertyListBuilder {
    static func build(_ objects: [[UInt8]], top: UInt8 = 0) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let tableOffset = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)]
        bytes += [0, 0, 0, 0, 0, 0, 0, top]
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(tableOffset)]
        return Data(bytes)
    }
}
