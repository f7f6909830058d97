import Foundation
import MigrationEngine
import Testing

/// Hand-built keyed archives for encodings the corpus does not contain.
@Suite("Archived objects built by hand")
struct ArchivedObjectTests {
    static func archive(_ objects: [PropertyListValue]) -> Data {
        BinaryPropertyListWriter.write(
            .dictionary([
                "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100000),
                "$top": .dictionary(["root": .uid(1)]), "$objects": .array([.string("$null")] + objects),
            ]))
    }

    static func classInfo(_ names: String...) -> PropertyListValue {
        .dictionary(["$classname": .string(names[0]), "$classes": .array(names.map(PropertyListValue.string))])
    }

    @Test("NSData, NSDate, NSUUID and NS.bytes strings decode")
    func foundationEncodings() throws {
        let uuid = UUID()
        let bytes = withUnsafeBytes(of: uuid.uuid) { Data($0) }
        let data = Self.archive([
            .dictionary(["data": .uid(2), "date": .uid(3), "uuid": .uid(4), "text": .uid(5), "$class": .uid(6)]),
            .dictionary(["NS.data": .data(Data([1, 2])), "$class": .uid(6)]),
            .dictionary(["NS.time": .real(60), "$class": .uid(6)]),
            .dictionary(["NS.uuidbytes": .data(bytes), "$class": .uid(6)]),
            .dictionary(["NS.bytes": .data(Data("héllo".utf8)), "$class": .uid(6)]),
            Self.classInfo("Thing", "NSObject"),
        ])
        let root = try KeyedArchive(data: data).root()
        #expect(root.className == "Thing")
        #expect(root["data"]?.data == Data([1, 2]))
        #expect(root["date"]?.date == Date(timeIntervalSinceReferenceDate: 60))
        #expect(root["uuid"]?.uuid == uuid)
        #expect(root["text"]?.string == "héllo")
        #expect(root["missing"] == nil)
    }

    @Test("Plain property lists and damaged DEFLATE data are refused")
    func refusals() throws {
        let plain = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)
        #expect(throws: PropertyListError.self) { try KeyedArchive(data: plain) }
        #expect(throws: PropertyListError.self) { try RawInflate.inflate(Data("not deflate at all".utf8)) }
        #expect(throws: PropertyListError.self) { try RawInflate.inflate(Data()) }
    }

    @Test("References outside $objects resolve to nil instead of trapping")
    func danglingReference() throws {
        let root = try KeyedArchive(data: Self.archive([.dictionary(["x": .uid(99), "$class": .uid(0)])])).root()
        #expect(root["x"] == nil)
        #expect(root.className == nil)
    }

    @Test("An entity that inherits from itself is refused, not hashed for ever")
    func inheritanceCycle() throws {
        let data = Self.archive([
            .dictionary(["NSEntities": .uid(2), "$class": .uid(6)]),
            .dictionary(["NS.keys": .array([.uid(3)]), "NS.objects": .array([.uid(4)]), "$class": .uid(7)]),
            .string("Loop"),
            .dictionary(["NSEntityName": .uid(3), "NSSuperentity": .uid(4), "$class": .uid(5)]),
            Self.classInfo("NSEntityDescription", "NSObject"),
            Self.classInfo("NSManagedObjectModel", "NSObject"),
            Self.classInfo("NSDictionary", "NSObject"),
        ])
        let error = try #require(throws: ModelError.self) { try ModelArchiveDecoder.decode(data, name: "m", path: "m.mom") }
        #expect(error.message == "entity Loop inherits from itself")
    }
}
