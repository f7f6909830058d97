import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 30 item 8: a stored composite attribute (Xcode 15) has columns whose layout cdmigrate cannot confirm,
/// so a model with one is refused by name instead of being read without them.
@Suite("Composite attributes")
struct CompositeAttributeTests {
    static func source(transient: Bool) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Quake" representedClassName="Quake" syncable="YES">
                    <attribute name="place" optional="YES" attributeType="String"/>
                    <attribute name="magnitude" optional="YES" \(transient ? #"transient="YES" "# : "")attributeType="Composite" composite="Magnitude"/>
                </entity>
                <composite name="Magnitude">
                    <attribute name="richter" optional="YES" attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"/>
                </composite>
            </model>
            """.utf8)
    }

    @Test("a model source with a stored composite is refused, naming the attribute and the line")
    func sourceRefused() throws {
        let error = #expect(throws: ModelError.self) {
            try ModelSourceReader.read(Self.source(transient: false), name: "Quakes", path: "Quakes.xcdatamodel")
        }
        #expect(error?.code == .unsupportedFormat)
        #expect(error?.description.hasPrefix("Quakes.xcdatamodel:5: attribute Quake.magnitude is a composite attribute") == true)
        let model = try ModelSourceReader.read(Self.source(transient: true), name: "Quakes", path: "Quakes.xcdatamodel")
        #expect(model.entity(named: "Quake")?.attribute(named: "magnitude")?.type == .composite)
    }

    @Test("a compiled model or store cache with a stored composite is refused the same way")
    func archiveRefused() throws {
        let model = ObjectModel(
            name: "Quakes",
            entities: [Entity(name: "Quake", attributes: [Attribute(name: "magnitude", type: .composite)])])
        let error = #expect(throws: ModelError.self) {
            try ModelArchiveDecoder.decode(ModelArchiveEncoder.encode(model), name: "Quakes", path: "Quakes.mom")
        }
        #expect(error?.message.hasPrefix("attribute Quake.magnitude is a composite attribute") == true)
    }
}
