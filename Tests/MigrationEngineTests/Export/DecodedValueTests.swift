import Foundation
import MigrationEngine
import Testing

/// Issue 33 item 1: Transformable and Binary values holding a keyed archive or a plist read as JSON, one
/// Foundation class at a time. Archives are written by Foundation's own `NSKeyedArchiver` where it runs
/// here, and with ``KeyedArchiveBuilder`` in the encodings Apple's Foundation, UIKit and AppKit write
/// for the classes this Foundation lacks (colors, attributed strings) or encodes otherwise.
@Suite("Archived values decoded as JSON")
struct DecodedValueTests {
    /// The decoded JSON, parsed back (fragments allowed), so tests compare structure rather than spelling.
    static func decoded(_ bytes: Data) throws -> Any {
        let json = try #require(DecodedValue.json(bytes), "does not decode")
        return try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
    }

    /// An archive built with `body`, which returns the root.
    static func archive(_ body: (inout KeyedArchiveBuilder) -> PropertyListValue) -> Data {
        var builder = KeyedArchiveBuilder()
        let root = body(&builder)
        return BinaryPropertyListWriter.write(builder.archive(root: root))
    }

    static func archived(_ object: Any) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false)
    }

    @Test("Strings, numbers, Booleans, dates, data and NSNull from Foundation's archiver")
    func scalars() throws {
        #expect(try Self.decoded(Self.archived(NSString(string: "Rain, \"again\"\n"))) as? String == "Rain, \"again\"\n")
        #expect(try Self.decoded(Self.archived(NSMutableString(string: "mutable"))) as? String == "mutable")
        #expect(try Self.decoded(Self.archived(NSNumber(value: 42))) as? Int == 42)
        #expect(try Self.decoded(Self.archived(NSNumber(value: 2.5))) as? Double == 2.5)
        #expect(try Self.decoded(Self.archived(NSNumber(value: true))) as? Bool == true)
        let date = Date(timeIntervalSinceReferenceDate: 477_742_530.25)
        #expect(try Self.decoded(Self.archived(date as NSDate)) as? String == "2016-02-21T10:15:30.25Z")
        #expect(try Self.decoded(Self.archived(Data([0, 1, 2, 255]) as NSData)) as? String == "AAEC/w==")
        #expect(try Self.decoded(Self.archived(NSNull())) is NSNull)
    }

    @Test("UUIDs and URLs, relative ones with their base")
    func identifiers() throws {
        let uuid = UUID()
        #expect(try Self.decoded(Self.archived(uuid as NSUUID)) as? String == uuid.uuidString)
        let url = try #require(URL(string: "https://example.com/a?b=1"))
        #expect(try Self.decoded(Self.archived(url as NSURL)) as? String == "https://example.com/a?b=1")
        let base = try #require(URL(string: "https://example.com/dir/"))
        let relative = try #require(NSURL(string: "file.txt", relativeTo: base))
        let decoded = try #require(try Self.decoded(Self.archived(relative)) as? [String: String])
        #expect(decoded == ["base": "https://example.com/dir/", "relative": "file.txt"])
    }

    @Test("Arrays, sets and dictionaries nest, with their members decoded")
    func collections() throws {
        let dictionary: NSDictionary = [
            "name": "Ada", "tags": NSArray(array: ["a", "b"]), "score": 3,
            "set": NSSet(array: [1, 2]), "nested": ["when": Date(timeIntervalSinceReferenceDate: 0) as NSDate],
        ]
        let decoded = try #require(try Self.decoded(Self.archived(dictionary)) as? [String: Any])
        #expect(decoded["name"] as? String == "Ada")
        #expect(decoded["tags"] as? [String] == ["a", "b"])
        #expect(decoded["score"] as? Int == 3)
        #expect((decoded["set"] as? [Int])?.sorted() == [1, 2])
        #expect((decoded["nested"] as? [String: String]) == ["when": "2001-01-01T00:00:00Z"])
        let mutable = NSMutableArray(array: ["x", NSNull(), 1])
        let items = try #require(try Self.decoded(Self.archived(mutable)) as? [Any])
        #expect(items.count == 3)
        #expect(items[0] as? String == "x")
        #expect(items[1] is NSNull)
    }

    @Test("Ordered sets, whichever way their members are keyed")
    func orderedSets() throws {
        #expect(try Self.decoded(Self.archived(NSOrderedSet(array: ["b", "a", "c"]))) as? [String] == ["b", "a", "c"])
        let numbered = Self.archive { builder in
            let (first, second) = (builder.string("one"), builder.string("two"))
            return builder.object(
                classes: ["NSMutableOrderedSet", "NSOrderedSet", "NSObject"],
                fields: ["NS.object.0": first, "NS.object.1": second])
        }
        #expect(try Self.decoded(numbered) as? [String] == ["one", "two"])
        let listed = Self.archive { builder in
            let members = [builder.string("x"), builder.string("y")]
            return builder.collection(members, classes: ["NSOrderedSet", "NSObject"])
        }
        #expect(try Self.decoded(listed) as? [String] == ["x", "y"])
    }

    @Test("An attributed string reads as its text")
    func attributedString() throws {
        let data = Self.archive { builder in
            let text = builder.object(
                classes: ["NSMutableString", "NSString", "NSObject"], fields: ["NS.string": .string("Bold move")])
            let attributes = builder.dictionary([], classes: ["NSDictionary", "NSObject"])
            return builder.object(
                classes: ["NSMutableAttributedString", "NSAttributedString", "NSObject"],
                fields: ["NSString": text, "NSAttributes": attributes])
        }
        #expect(try Self.decoded(data) as? String == "Bold move")
    }
}
