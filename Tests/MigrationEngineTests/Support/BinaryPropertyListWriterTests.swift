import Foundation
import MigrationEngine
import Testing

@Suite("BinaryPropertyListWriter: bplist00 that our reader and Foundation's read back")
struct BinaryPropertyListWriterTests {
    static let sample: PropertyListValue = .dictionary([
        "ascii": .string("Post"), "unicode": .string("Café ☕︎ 日本"), "empty": .string(""),
        "small": .integer(7), "byte": .integer(255), "short": .integer(65_535), "word": .integer(4_294_967_295),
        "large": .integer(1 << 40), "negative": .integer(-3), "min": .integer(.min),
        "real": .real(-0.25), "yes": .boolean(true), "no": .boolean(false),
        "date": .date(Date(timeIntervalSinceReferenceDate: 388_411_200)), "data": .data(Data([0, 1, 2, 0xFF])),
        "long": .array((0..<40).map { .string("item \($0)") }),
        "nested": .dictionary(["a": .array([.integer(1), .dictionary([:])])]),
    ])

    @Test("Every kind of value reads back through BinaryPropertyList equal")
    func roundTrip() throws {
        #expect(try BinaryPropertyList.read(BinaryPropertyListWriter.write(Self.sample)) == Self.sample)
    }

    @Test("Foundation's PropertyListSerialization reads what we write")
    func foundationReads() throws {
        let object = try PropertyListSerialization.propertyList(
            from: BinaryPropertyListWriter.write(Self.sample), options: [], format: nil)
        let dictionary = try #require(object as? [String: Any])
        #expect(dictionary["unicode"] as? String == "Café ☕︎ 日本")
        #expect((dictionary["word"] as? NSNumber)?.int64Value == 4_294_967_295)
        #expect((dictionary["min"] as? NSNumber)?.int64Value == .min)
        #expect((dictionary["long"] as? [String])?.last == "item 39")
    }

    @Test("UIDs of every width and more than 255 objects (two-byte references) survive")
    func wideReferences() throws {
        let value = PropertyListValue.array((0..<300).map { .uid(UInt64($0) * 300) } + [.uid(1 << 33)])
        let data = BinaryPropertyListWriter.write(value)
        #expect(data[data.count - 25] == 2, "object references take two bytes")
        #expect(try BinaryPropertyList.read(data) == value)
    }
}
