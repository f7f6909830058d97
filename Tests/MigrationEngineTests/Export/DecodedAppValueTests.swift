import Foundation
import MigrationEngine
import Testing

/// Issue 33 item 1, continued: colors as UIKit and AppKit archive them, app classes as their name and
/// fields, plain binary and XML plists, and bytes that must fall back to base64 rather than fail.
@Suite("Archived app values, colors and plists decoded as JSON")
struct DecodedAppValueTests {
    static func decoded(_ bytes: Data) throws -> Any { try DecodedValueTests.decoded(bytes) }

    @Test("UIColor and NSColor: color space and components; a named color by its name")
    func colors() throws {
        let uiColor = DecodedValueTests.archive { builder in
            builder.object(
                classes: ["UIColor", "NSObject"],
                fields: [
                    "UIColorComponentCount": .integer(4), "UIRed": .real(1), "UIGreen": .real(0.5), "UIBlue": .real(0),
                    "UIAlpha": .real(1), "NSRGB": .data(Data("1 0.5 0\0".utf8)), "NSColorSpace": .integer(2),
                ])
        }
        let ui = try #require(try Self.decoded(uiColor) as? [String: Any])
        #expect(ui["$class"] as? String == "UIColor")
        #expect(ui["colorSpace"] as? String == "deviceRGB")
        #expect(ui["components"] as? [Double] == [1, 0.5, 0, 1])
        let nsColor = DecodedValueTests.archive { builder in
            builder.object(
                classes: ["NSColor", "NSObject"],
                fields: ["NSColorSpace": .integer(3), "NSWhite": .data(Data("0.25 0.5\0".utf8))])
        }
        let ns = try #require(try Self.decoded(nsColor) as? [String: Any])
        #expect(ns["colorSpace"] as? String == "calibratedWhite")
        #expect(ns["components"] as? [Double] == [0.25, 0.5])
        let named = DecodedValueTests.archive { builder in
            let (catalog, name) = (builder.string("System"), builder.string("controlColor"))
            return builder.object(
                classes: ["NSColor", "NSObject"],
                fields: ["NSColorSpace": .integer(6), "NSCatalogName": catalog, "NSColorName": name])
        }
        let namedJSON = try #require(try Self.decoded(named) as? [String: String])
        #expect(namedJSON == ["$class": "NSColor", "colorSpace": "named", "catalog": "System", "name": "controlColor"])
    }

    @Test("An app's class: its name and archived fields, nested objects too")
    func appClasses() throws {
        let data = DecodedValueTests.archive { builder in
            let point = builder.object(classes: ["MyApp.Point", "NSObject"], fields: ["x": .integer(1), "y": .integer(2)])
            let label = builder.string("origin")
            return builder.object(
                classes: ["MyApp.Pin", "NSObject"], fields: ["at": point, "label": label, "gone": KeyedArchiveBuilder.null])
        }
        let json = try #require(DecodedValue.json(data))
        #expect(json == #"{"$class":"MyApp.Pin","at":{"$class":"MyApp.Point","x":1,"y":2},"gone":null,"label":"origin"}"#)
    }

    @Test("An object inside itself is written once, then named as a cycle")
    func cycle() throws {
        let data = DecodedValueTests.archive { builder in
            let node = builder.reserve()
            builder.fill(node, classes: ["Node", "NSObject"], fields: ["next": node])
            return node
        }
        #expect(DecodedValue.json(data) == #"{"$class":"Node","next":{"$cycle":"Node"}}"#)
    }

    @Test("A dictionary key that is not a string is written as its JSON text")
    func nonStringKeys() throws {
        let dictionary: NSDictionary = [NSNumber(value: 7): "seven"]
        let data = try NSKeyedArchiver.archivedData(withRootObject: dictionary, requiringSecureCoding: false)
        #expect(try Self.decoded(data) as? [String: String] == ["7": "seven"])
    }

    @Test("Plain binary and XML plists decode as the same JSON")
    func plainPlists() throws {
        let plist: [String: Any] = ["name": "Ada", "count": 3, "flags": [true, false], "bytes": Data([1, 2])]
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
            let json = try #require(DecodedValue.json(data), "\(format)")
            #expect(json == #"{"bytes":"AQI=","count":3,"flags":[true,false],"name":"Ada"}"#, "\(format)")
        }
    }

    @Test("An XML keyed archive decodes as a binary one does")
    func xmlArchive() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.outputFormat = .xml
        archiver.encode(NSArray(array: ["a", 1]), forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        #expect(XMLPropertyList.hasPrefix(archiver.encodedData))
        #expect(try Self.decoded(archiver.encodedData) as? [AnyHashable] == ["a", 1])
    }

    @Test("Bytes that are not a plist, a damaged plist, and a reference bomb fall back (nil), quickly")
    func fallbacks() throws {
        #expect(DecodedValue.json(Data("just some text".utf8)) == nil)
        #expect(DecodedValue.json(Data("bplist00 but nothing after".utf8)) == nil)
        #expect(DecodedValue.json(Data("<?xml version=\"1.0\"?><plist><dict><key>a</key></dict></plist>".utf8)) == nil)
        // 40 arrays, each holding the one before twice: a few kilobytes whose JSON would be 2^40 elements.
        let bomb = DecodedValueTests.archive { builder in
            var inner = builder.string("x")
            for _ in 0..<40 { inner = builder.collection([inner, inner], classes: ["NSArray", "NSObject"]) }
            return inner
        }
        let start = Date()
        #expect(DecodedValue.json(bomb) == nil)
        #expect(Date().timeIntervalSince(start) < 5)
        // Nested deeper than any app writes: refused rather than exhausting the stack.
        let deep = DecodedValueTests.archive { builder in
            var inner = builder.string("x")
            for _ in 0..<1000 { inner = builder.collection([inner], classes: ["NSArray", "NSObject"]) }
            return inner
        }
        #expect(DecodedValue.json(deep) == nil)
        // A plist larger than decoding allows is left as bytes, one just under it decodes.
        let plist = { (count: Int) in Data("<plist><string>\(String(repeating: "a", count: count))</string></plist>".utf8) }
        #expect(DecodedValue.json(plist(DecodedValue.maximumInput - 100))?.count == DecodedValue.maximumInput - 98)
        #expect(DecodedValue.json(plist(DecodedValue.maximumInput)) == nil)
    }
}
