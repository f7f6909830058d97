import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("Mapping file reader")
struct MappingFileReaderTests {
    static let examples = Corpus.packageRoot.appendingPathComponent("Examples")

    @Test("a split with a merge, a filter and relationship lookups")
    func split() throws {
        let path = Self.examples.appendingPathComponent("Mappings/journal-3-to-4.yaml").path
        let model = try MappingFileReader.read(path: path)
        #expect(model.sourceVersion == "Journal 3" && model.destinationVersion == "Journal 4")
        #expect(model.entityMappings.map(\.name) == ["EntryToEntry", "EntryToAuthor"])
        let author = try #require(model.mapping(named: "EntryToAuthor"))
        #expect(author.kind == .transform)
        #expect(author.mergeKey?.text == "trim($source.author)")
        #expect(author.filter?.position == SourcePosition(line: 16, column: 13))
        let link = try #require(model.mapping(named: "EntryToEntry")?.relationship("author"))
        #expect(
            link.value?.text
                == #"FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "EntryToAuthor", $source)"#)
    }

    @Test("JSON is read too, and kinds follow from source, destination and policy")
    func json() throws {
        let text = """
            {"from": "A", "to": "B", "unmapped": "drop", "mappings": [
              {"source": "Old"}, {"destination": "New"}, {"source": "Item", "destination": "Item", "policy": "P"},
              {"source": "Item", "destination": "Item", "name": "Plain", "kind": "copy"}]}
            """
        let model = try MappingFileReader.read(text, path: "m.json")
        #expect(model.entityMappings.map(\.kind) == [.remove, .add, .custom, .copy])
        #expect(model.entityMappings.map(\.name) == ["Old", "New", "ItemToItem", "Plain"])
        #expect(!model.copiesUnmappedEntities)
        #expect(model.requiredPolicies == ["P"])
    }

    @Test(
        "bad files point at file, line and column",
        arguments: [
            (
                "from: A\nto: B\nmapings: []\n",
                "m.yaml:3:1: unknown key \"mapings\" in the mapping file; expected one of: format, from, to, mappings, unmapped"
            ),
            ("from: A\n", "m.yaml:1:1: the mapping file needs \"from\" and \"to\" (the source and destination version names)"),
            (
                "from: A\nto: B\nmappings:\n  - source: Post\n    destination: Post\n    attributes:\n      title: $source.title +\n",
                "m.yaml:7:29: attribute title: expected a value but found end of expression"
            ),
            (
                "from: A\nto: B\nmappings:\n  - source: Post\n    attributes:\n      x: \"'a' * \"\n",
                "m.yaml:6:17: attribute x: expected a value but found end of expression"
            ),
            (
                "from: A\nto: B\nmappings:\n  - source: Post\n    kind: merge\n",
                "m.yaml:5:11: unknown mapping kind \"merge\"; expected copy, add, remove, transform or custom"
            ),
            (
                "from: A\nto: B\nmappings:\n  - source: Post\n    kind: copy\n",
                "m.yaml:5:11: a copy mapping needs both source and destination"
            ),
            (
                "from: A\nto: B\nmappings: [{source: P, name: X}, {source: Q, name: X}]\n",
                "m.yaml:3:34: a mapping named \"X\" is already defined at line 3"
            ),
            (
                "from: A\nto: B\nmappings:\n  - source: Post\n    destination: Post\n    source: Tag\n",
                "m.yaml:4:5: not valid YAML: the key \"source\" appears more than once in the same mapping"
            ),
            (
                "from: A\nto: B\nmappings:\n  - source: Post\n     destination: Post\n",
                "m.yaml:5:17: not valid YAML: mapping values are not allowed in this context"
            ),
            (
                "from: A\nto: B\nmappings:\n  - source: Post\n    destination: Post\n    relationships:\n      tags: {from: $source}\n",
                "m.yaml:7:13: relationship tags needs \"mapping\": the entity mapping whose objects it links to"
            ),
        ])
    func errors(text: String, message: String) {
        #expect {
            try MappingFileReader.read(text, path: "m.yaml")
        } throws: { error in
            (error as? MappingFileError)?.description == message
        }
    }

    @Test("a missing file is reported with its path")
    func missing() {
        #expect(throws: MappingFileError(path: "/nonexistent/m.yaml", at: nil, "cannot read the mapping file")) {
            try MappingFileReader.read(path: "/nonexistent/m.yaml")
        }
    }

    @Test("the sample app's model has five versions and its mapping files read")
    func sampleApp() throws {
        let bundle = try ModelLoader.load(path: Self.examples.appendingPathComponent("Journal.xcdatamodeld").path)
        #expect(bundle.versions.map(\.name) == (1...5).map { "Journal \($0)" })
        #expect(bundle.currentVersionName == "Journal 5")
        #expect(
            bundle.version(named: "Journal 3")?.entity(named: "Entry")?.attribute(named: "text")?.renamingIdentifier == "body")
        let policyStep = try MappingFileReader.read(
            path: Self.examples.appendingPathComponent("Mappings/journal-4-to-5.yaml").path)
        #expect(policyStep.requiredPolicies == ["WordCount"])
    }
}
