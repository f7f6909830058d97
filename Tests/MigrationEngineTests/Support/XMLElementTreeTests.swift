import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("XML element trees (libxml2's SAX2 parser)")
struct XMLElementTreeTests {
    static func parse(_ text: String) throws(XMLTreeError) -> XMLElementTree {
        try XMLElementTree.parse(Data(text.utf8))
    }

    static func failure(_ text: String) -> XMLTreeError? {
        #expect(throws: XMLTreeError.self) { try parse(text) }
    }

    @Test("Elements, attributes, text and lines come out as written, XML's own entities decoded")
    func tree() throws {
        let root = try Self.parse(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple" note="a &amp; b &lt;c&gt; &#233;">
                <entity name="Entry" syncable="YES">
                    <attribute name="title"
                        optional="YES"/>
                </entity>
                <value>1 &lt; 2<![CDATA[ & <3>]]></value>
                <p:item xmlns:p="urn:x" p:kind="k"/>
            </model>
            """)
        #expect(root.name == "model")
        #expect(root.line == 2)
        #expect(root.attributes["note"] == "a & b <c> é")
        #expect(root.attributes["missing"] == nil)
        #expect(root.children.map(\.name) == ["entity", "value", "p:item"])
        let entity = try #require(root.child("entity"))
        #expect(entity.flag("syncable"))
        #expect(entity.line == 3)
        let attribute = try #require(entity.child("attribute"))
        // The line of a start tag is where the tag ends, as Foundation's parser reported it.
        #expect(attribute.line == 5)
        #expect(attribute.attributes["optional"] == "YES")
        #expect(root.child("value")?.text == "1 < 2 & <3>")
        let item = try #require(root.child("p:item"))
        #expect(item.attributes["p:kind"] == "k")
        #expect(item.attributes["xmlns:p"] == "urn:x")
    }

    @Test("A mapping file's external DTD is neither loaded nor needed")
    func externalDTDNotLoaded() throws {
        // If the parser read the DTD, the default it declares would appear on <database>.
        let folder = try TemporaryDirectory.make()
        let dtd = folder.appendingPathComponent("CoreData.dtd")
        try Data("<!ATTLIST database injected CDATA \"from the DTD\">".utf8).write(to: dtd)
        let root = try Self.parse(
            """
            <?xml version="1.0" standalone="yes"?>
            <!DOCTYPE database SYSTEM "\(dtd.absoluteString)">
            <database><databaseInfo><version>134481920</version></databaseInfo></database>
            """)
        #expect(root.name == "database")
        #expect(root.attributes["injected"] == nil)
        #expect(root.child("databaseInfo")?.child("version")?.text == "134481920")
    }

    @Test("Entities a document declares are never expanded, internal or external")
    func declaredEntitiesRefused() throws {
        let folder = try TemporaryDirectory.make()
        let secret = folder.appendingPathComponent("secret.txt")
        try Data("SECRET".utf8).write(to: secret)
        let external = Self.failure(
            """
            <?xml version="1.0"?>
            <!DOCTYPE model [ <!ENTITY leak SYSTEM "\(secret.absoluteString)"> ]>
            <model><entity name="&leak;"/><text>&leak;</text></model>
            """)
        #expect(external?.line == 3)
        #expect(external?.message.contains("SECRET") == false)
        // Exponential expansion ("billion laughs") cannot happen when nothing is expanded.
        var declarations = "<!ENTITY l0 \"lol\">"
        for level in 1...30 { declarations += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">" }
        let laughs = Self.failure("<?xml version=\"1.0\"?>\n<!DOCTYPE m [\(declarations)]>\n<m>&l30;</m>")
        #expect(laughs?.line == 3)
        // With an external DTD named, an unknown entity is only a warning to libxml2; it is refused all the same.
        let withDTD = Self.failure("<?xml version=\"1.0\"?>\n<!DOCTYPE m SYSTEM \"none.dtd\">\n<m>\n&unknown;</m>")
        #expect(withDTD?.line == 4)
        // The same in attribute values, where libxml2 would otherwise keep or expand the reference.
        #expect(Self.failure("<!DOCTYPE m SYSTEM \"none.dtd\">\n<m a=\"&unknown;\"/>")?.line == 2)
        #expect(Self.failure("<!DOCTYPE m [<!ENTITY e \"x\">]>\n<m a=\"&e;\"/>")?.line == 2)
    }

    @Test("Malformed XML names the line and libxml2's reason, on one line")
    func malformed() throws {
        let error = try #require(Self.failure("<?xml version=\"1.0\"?>\n<model>\n  <entity name=\"A\">\n</model>\n"))
        #expect(error.line == 4)
        #expect(error.message.hasPrefix("malformed XML: "))
        #expect(error.message.contains("mismatch"))
        #expect(!error.message.contains("\n"))
        #expect(Self.failure("")?.message.hasPrefix("malformed XML: ") == true)
        #expect(Self.failure("<a></a><b/>")?.message.hasPrefix("malformed XML: ") == true)
        #expect(Self.failure("<a x=\"1\" x=\"2\"/>")?.message.hasPrefix("malformed XML: ") == true)
    }

    @Test("Processing instructions and over-deep nesting are refused where they occur")
    func refusedConstructs() throws {
        let instruction = Self.failure("<?xml version=\"1.0\"?>\n<model>\n\n<?pi data?>\n</model>")
        #expect(instruction?.line == 4)
        #expect(instruction?.message == "processing instructions other than the XML declaration are not supported")
        let depth = XMLTreeBuilder.maximumDepth
        let deep = String(repeating: "<a>\n", count: depth + 1) + String(repeating: "</a>", count: depth + 1)
        let error = Self.failure(deep)
        #expect(error?.message == "elements nest deeper than \(depth) levels")
        #expect(error?.line == depth + 1)
        let deepest = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect(throws: Never.self) { try Self.parse(deepest) }
    }

    @Test("Documents parse on several threads at once, each into its own tree")
    func concurrentParses() async throws {
        let results = await withTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<32 {
                group.addTask {
                    let tree = try? Self.parse("<model><entity name=\"E\(index)\"/></model>")
                    return (index, tree?.child("entity")?.attributes["name"])
                }
            }
            return await group.reduce(into: [Int: String?]()) { $0[$1.0] = $1.1 }
        }
        for index in 0..<32 { #expect(results[index] == "E\(index)") }
    }
}
