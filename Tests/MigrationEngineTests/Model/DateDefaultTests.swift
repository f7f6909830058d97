import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("Date defaults in model sources")
struct DateDefaultTests {
    /// Xcode writes a Date default twice: exact seconds since 2001 and display text in its own time zone.
    static func source(withCreated: Bool) -> Data {
        let created =
            #"<attribute name="created" attributeType="Date" defaultDateTimeInterval="388411200" defaultValueString="23/04/2013, 14:00" usesScalarValueType="NO"/>"#
        return Data(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Event" representedClassName="Event" syncable="YES">
                    <attribute name="title" optional="YES" attributeType="String"/>
                    \(withCreated ? created : "")
                </entity>
            </model>
            """.utf8)
    }

    @Test("A Date's default, minimum and maximum are its seconds since 2001; other types keep their text", Corpus.required)
    func momcom() throws {
        let bundle = try ModelLoader.load(path: Corpus.path("models-only/momcom/momcomTests.xcdatamodeld"))
        for version in bundle.versions {
            let entity = try #require(version.entity(named: "Entity"))
            let date = try #require(entity.attribute(named: "dateAttribute"))
            #expect(date.defaultValue == "388411200.0")
            #expect(date.minValue == "284000400.0")
            #expect(date.maxValue == "602395200.0")
            #expect(DefaultLiteral(attribute: date) == .real(388_411_200))
            let decimal = try #require(entity.attribute(named: "decimalAttribute"))
            #expect(decimal.defaultValue == "0.0")
            #expect(decimal.minValue == "-4.5")
        }
    }

    @Test("A Date's bounds are read from their seconds since 2001, not their display text; a Decimal keeps its text")
    func boundsFromSeconds() throws {
        let source = Data(
            #"""
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Event" representedClassName="Event" syncable="YES">
                    <attribute name="due" optional="YES" attributeType="Date" minDateTimeInterval="284000400" minValueString="1/1/10, 01:00" maxDateTimeInterval="602395200" maxValueString="3/2/20, 04:00" defaultDateTimeInterval="388411200" defaultValueString="23/04/2013, 14:00" usesScalarValueType="NO"/>
                    <attribute name="price" optional="YES" attributeType="Decimal" minValueString="-4.5" maxValueString="4.5" defaultValueString="0.0"/>
                </entity>
            </model>
            """#.utf8)
        let entity = try #require(try ModelSourceReader.read(source, name: "v", path: "v.xcdatamodel").entity(named: "Event"))
        let date = try #require(entity.attribute(named: "due"))
        #expect(date.defaultValue == "388411200.0")
        #expect(date.minValue == "284000400.0")
        #expect(date.maxValue == "602395200.0")
        #expect(DefaultLiteral(attribute: date) == .real(388_411_200))
        let decimal = try #require(entity.attribute(named: "price"))
        #expect(decimal.defaultValue == "0.0")
        #expect(decimal.minValue == "-4.5")
    }

    @Test("An inferred step fills a new required Date column with the model's default")
    func inferredStepFillsDate() throws {
        let v1 = try ModelSourceReader.read(Self.source(withCreated: false), name: "v1", path: "v1.xcdatamodel")
        let v2 = try ModelSourceReader.read(Self.source(withCreated: true), name: "v2", path: "v2.xcdatamodel")
        let source = try InferredStepTests.makeStore(
            v1,
            sql: [
                "INSERT INTO ZEVENT (Z_PK, Z_ENT, Z_OPT, ZTITLE) VALUES (1, 1, 1, 'launch'), (2, 1, 1, NULL)",
                "UPDATE Z_PRIMARYKEY SET Z_MAX = 2",
            ])
        let step = InferredStep(sourceModel: v1, destinationModel: v2)
        #expect(step.mapping.isInferable)
        let out = try StoreDump(StepRunner.run(step, sourcePath: source))
        #expect(try out.integer("SELECT COUNT(*) FROM ZEVENT WHERE ZCREATED = 388411200.0") == 2)
    }

    @Test("A mapped step fills a Date its mapping leaves unset with the model's default", arguments: [false, true])
    func mappedStepFillsDate(objectByObject: Bool) throws {
        let v1 = try ModelSourceReader.read(Self.source(withCreated: false), name: "v1", path: "v1.xcdatamodel")
        let v2 = try ModelSourceReader.read(Self.source(withCreated: true), name: "v2", path: "v2.xcdatamodel")
        let source = try InferredStepTests.makeStore(
            v1,
            sql: [
                "INSERT INTO ZEVENT (Z_PK, Z_ENT, Z_OPT, ZTITLE) VALUES (1, 1, 1, 'launch'), (2, 1, 1, NULL)",
                "UPDATE Z_PRIMARYKEY SET Z_MAX = 2",
            ])
        let text = """
            from: v1
            to: v2
            mappings:
              - name: EventToEvent
                source: Event
                destination: Event
                attributes: { title: $source.title }
            \(objectByObject ? "    policy: Plain" : "")
            """
        var policies = MigrationPolicyRegistry()
        policies.register(PlainPolicy(), named: "Plain")
        let step = try MappedStep(
            mapping: try MappingFileReader.read(text, path: "events.yaml"), sourceModel: v1, destinationModel: v2,
            policies: policies)
        let out = try StoreDump(SampleJournalStore.run(step, source: source))
        #expect(try out.integer("SELECT COUNT(*) FROM ZEVENT WHERE ZCREATED = 388411200.0") == 2)
    }
}
