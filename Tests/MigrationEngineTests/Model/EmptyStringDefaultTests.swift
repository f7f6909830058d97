import Foundation
import MigrationEngine
import TestSupport
import Testing

/// Xcode writes `defaultValueString=""` for a String attribute whose default is the empty string.
@Suite("Empty-string defaults in model sources")
struct EmptyStringDefaultTests {
    static func source(withNote: Bool) -> Data {
        let note = #"<attribute name="note" attributeType="String" defaultValueString=""/>"#
        return Data(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Event" representedClassName="Event" syncable="YES">
                    <attribute name="title" optional="YES" attributeType="String"/>
                    \(withNote ? note : "")
                </entity>
            </model>
            """.utf8)
    }

    @Test("is a default, kept as written: a new required String with it is inferred and filled with \"\"")
    func inferredStepFillsEmptyString() throws {
        let v1 = try ModelSourceReader.read(Self.source(withNote: false), name: "v1", path: "v1.xcdatamodel")
        let v2 = try ModelSourceReader.read(Self.source(withNote: true), name: "v2", path: "v2.xcdatamodel")
        let note = try #require(v2.entity(named: "Event")?.attribute(named: "note"))
        #expect(note.defaultValue == "")
        #expect(DefaultLiteral(attribute: note) == .text(""))
        let step = InferredStep(sourceModel: v1, destinationModel: v2)
        #expect(step.mapping.isInferable)
        #expect(step.mapping.operations == [#"add Event.note (default "")"#])
        let source = try InferredStepTests.makeStore(
            v1,
            sql: [
                "INSERT INTO ZEVENT (Z_PK, Z_ENT, Z_OPT, ZTITLE) VALUES (1, 1, 1, 'launch'), (2, 1, 1, NULL)",
                "UPDATE Z_PRIMARYKEY SET Z_MAX = 2",
            ])
        let out = try StoreDump(StepRunner.run(step, sourcePath: source))
        #expect(try out.integer("SELECT COUNT(*) FROM ZEVENT WHERE ZNOTE = ''") == 2)
    }

    @Test("a String default keeps its spaces; other types still read an empty default as none")
    func writtenText() {
        let spaced = Attribute(name: "a", type: .string, defaultValue: " x ")
        #expect(DefaultLiteral(attribute: spaced) == .text(" x "))
        #expect(DefaultLiteral(attribute: Attribute(name: "n", type: .integer32, defaultValue: "")) == nil)
        #expect(DefaultLiteral(attribute: Attribute(name: "s", type: .string)) == nil)
    }
}
