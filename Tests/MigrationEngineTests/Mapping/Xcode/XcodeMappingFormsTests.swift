import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// Every form of property mapping Xcode writes in `xcmapping.xml`, read as Xcode compiles it, and the forms
/// that cannot be honoured failing the import with the mapping model, entity mapping and property named.
@Suite("Xcode mapping model property forms", Corpus.required)
struct XcodeMappingFormsTests {
    static let moody23 = "moody/mappings/Moody 2-Moody 3.xcmappingmodel"
    static let moody34 = "moody/mappings/Moody 3-Moody 4.xcmappingmodel"

    /// A copy of a corpus mapping model's XML with `old` replaced by `new`, in a fresh folder of its own.
    static func edited(_ relative: String, replacing old: String, with new: String) throws -> String {
        let text = try String(contentsOfFile: Corpus.path(relative + "/xcmapping.xml"), encoding: .utf8)
        let changed = text.replacingOccurrences(of: old, with: new)
        #expect(changed != text, "the edit must change the mapping model")
        let folder = try TemporaryDirectory.make().appendingPathComponent(URL(fileURLWithPath: relative).lastPathComponent)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try changed.write(to: folder.appendingPathComponent("xcmapping.xml"), atomically: true, encoding: .utf8)
        return folder.path
    }

    @Test("a key path with an entity mapping name becomes the mapping manager's lookup, collection operators kept")
    func keyPathAndMappingName() throws {
        let mapping = try XcodeMappingImporter.read(path: Corpus.path(Self.moody23))
        let lookup = #"FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "#
        let mood = try #require(mapping.mapping(named: "MoodToMood"))
        #expect(mood.relationship("continent")?.value?.text == lookup + #""ContinentToContinent", $source.country.continent)"#)
        #expect(mood.relationship("country")?.value?.text == lookup + #""CountryToCountry", $source.country)"#)
        #expect(mood.attributes.isEmpty)
        let continent = try #require(mapping.mapping(named: "ContinentToContinent"))
        #expect(continent.relationships.map(\.name) == ["moods"])
        #expect(
            continent.relationship("moods")?.value?.text
                == lookup + #""MoodToMood", $source.countries.@distinctUnionOfSets.moods)"#)
    }

    @Test("a blank relationship gets Xcode's generated lookup, by entity mapping name when one mapping makes its objects")
    func generatedLookup() throws {
        let mapping = try XcodeMappingImporter.read(path: Corpus.path(Self.moody34))
        let step = try MappedStep(
            mapping: mapping, sourceModel: try MappedStepFixtures.model("moody/Moody.xcdatamodeld", version: "Moody 3"),
            destinationModel: try MappedStepFixtures.model("moody/Moody.xcdatamodeld", version: "Moody 4"))
        let mood = try #require(step.resolved.first { $0.mapping.name == "MoodToMood" })
        #expect(
            mood.relationships.map { $0.value.text }.sorted() == [
                #"FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "ContinentToContinent", $source.continent)"#,
                #"FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "CountryToCountry", $source.country)"#,
            ])
        #expect(mood.attributes.allSatisfy { $0.value?.text == "$source.\($0.attribute.name)" })
    }

    @Test("a relationship that cannot be honoured fails the import and the plan, naming model, entity mapping and property")
    func unhonouredRelationship() throws {
        let path = try Self.edited(
            Self.moody23,
            replacing:
                "id=\"z124\">\n        <attribute name=\"sourcemappingname\" type=\"string\">ContinentToContinent</attribute>\n",
            with: "id=\"z124\">\n")
        let expected = "Moody 2-Moody 3.xcmappingmodel/xcmapping.xml:"
        let message =
            "entity mapping MoodToMood, relationship continent: the key path $source.country.continent names no "
            + "entity mapping, so its destination objects are unknown"
        #expect { try XcodeMappingImporter.read(path: path) } throws: { error in
            let text = "\(error)"
            return text.contains(expected) && text.contains(message)
        }
        let bundle = try ModelLoader.load(path: Corpus.path("moody/Moody.xcdatamodeld"))
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        // The folder still plans: the mapping model's own step is the one that cannot be built.
        let candidate = try #require(try MappingDirectoryReader().candidates(in: folder, bundle: bundle).first)
        #expect(candidate.sourceVersion == "Moody 2" && candidate.destinationVersion == "Moody 3")
        let (source, destination) = (
            try #require(bundle.version(named: "Moody 2")), try #require(bundle.version(named: "Moody 3"))
        )
        #expect { try candidate.makeStep(source, destination) } throws: { error in "\(error)".contains(message) }
    }

    @Test("a field Xcode's compiler would use but the importer does not know fails instead of being dropped")
    func unknownField() throws {
        let path = try Self.edited(
            Self.moody23, replacing: "id=\"z128\">\n",
            with: "id=\"z128\">\n        <attribute name=\"userinfo\" type=\"binary\">AAAA</attribute>\n")
        #expect { try XcodeMappingImporter.read(path: path) } throws: { error in
            "\(error)".contains("entity mapping MoodToMood, relationship country: the field userinfo is not understood")
        }
    }

    @Test("a blank property with autogenerateexpression 0 stays unset instead of getting a generated value")
    func notGenerated() throws {
        let path = try Self.edited(
            Self.moody34,
            replacing:
                "<attribute name=\"autogenerateexpression\" type=\"bool\">1</attribute>\n        <attribute name=\"name\" type=\"string\">country</attribute>",
            with:
                "<attribute name=\"autogenerateexpression\" type=\"bool\">0</attribute>\n        <attribute name=\"name\" type=\"string\">country</attribute>"
        )
        let mapping = try XcodeMappingImporter.read(path: path)
        let unset = mapping.entityMappings.flatMap(\.relationships).filter { $0.value == nil }.map(\.name)
        #expect(!unset.isEmpty && Set(unset) == ["country"])
        let step = try MappedStep(
            mapping: mapping, sourceModel: try MappedStepFixtures.model("moody/Moody.xcdatamodeld", version: "Moody 3"),
            destinationModel: try MappedStepFixtures.model("moody/Moody.xcdatamodeld", version: "Moody 4"))
        let mood = try #require(step.resolved.first { $0.mapping.name == "MoodToMood" })
        #expect(mood.relationships.map { $0.relationship.name } == ["continent"])
    }
}
