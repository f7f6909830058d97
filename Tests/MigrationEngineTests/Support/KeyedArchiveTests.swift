import Foundation
import MigrationEngine
import TestSupport
import Testing

/// Apple's archives (model caches Core Data wrote, an NSExpression Xcode archived) read generically; the
/// refusals of damaged or oversized input, on a cache of the project's own store.
@Suite("Keyed archives and raw DEFLATE")
struct KeyedArchiveTests {
    static func archive(_ store: String) throws -> KeyedArchive {
        let contents = try StoreReader.read(path: try Corpus.copyStore(store))
        return try KeyedArchive(data: try RawInflate.inflate(try #require(contents.modelCache)))
    }

    @Test("The model cache inflates to a keyed archive whose root is NSManagedObjectModel", Corpus.required)
    func root() throws {
        let archive = try Self.archive("wibosco-sections/stores/CoreDataMigration_Example_3.sqlite")
        #expect(archive.top["root"] == .uid(1))
        let model = try archive.root()
        #expect(model.className == "NSManagedObjectModel")
        #expect(model.isKind(of: "NSObject"))
        #expect(model.keys == ["NSEntities", "NSFetchRequestTemplates", "NSVersionIdentifiers"])
        #expect(model["NSFetchRequestTemplates"] == nil, "$null resolves to nil")
        #expect(model["NSVersionIdentifiers"]?.className == "NSSet")
        #expect(model["NSVersionIdentifiers"]?.elements?.map(\.string) == [""])
        let entities = try #require(model["NSEntities"])
        #expect(entities.classHierarchy.contains("NSDictionary"))
        #expect(entities["searchMapping"]?["keys"]?.elements?.compactMap(\.string) == ["Post", "Section"])
    }

    @Test("Dictionaries, inline numbers, Booleans and back references resolve", Corpus.required)
    func dictionaries() throws {
        let model = try Self.archive("wibosco-sections/stores/CoreDataMigration_Example_3.sqlite").root()
        let section = try #require(model["NSEntities"]?["values"]?.elements?.last)
        #expect(section["NSEntityName"]?.string == "Section")
        let properties = try #require(section["NSProperties"]?.dictionary)
        #expect(properties.keys.sorted() == ["body", "index", "post", "title"])
        let index = try #require(properties["index"])
        #expect(index.className == "NSAttributeDescription")
        #expect(index["NSAttributeType"]?.integer == 100)
        #expect(index["NSIsOptional"]?.boolean == true)
        #expect(index["NSDefaultValue"]?.integer == 0)
        #expect(index["NSEntity"]?.index == section.index, "the back reference is the same object")
        #expect(properties["post"]?["NSDestinationEntity"]?["NSEntityName"]?.string == "Post")
    }

    @Test("NSMutableString values read as strings", Corpus.required)
    func mutableString() throws {
        let model = try Self.archive("rename-chain/stores/Example_v1.1.0.sqlite").root()
        let entity = try #require(model["NSEntities"]?["values"]?.elements?.first)
        let identifier = try #require(entity["NSProperties"]?.dictionary?["v1_1_0_name"]?["NSRenamingIdentifier"])
        #expect(identifier.className == "NSMutableString")
        #expect(identifier.string == "v1_0_0_name")
    }

    @Test("A model cache cut short or inflating past the limit is refused")
    func refusals() throws {
        let contents = try StoreReader.read(path: try JournalFixture.store(version: 3, entries: 1))
        let blob = try #require(contents.modelCache)
        #expect(throws: PropertyListError.self) { try RawInflate.inflate(blob.prefix(blob.count / 2)) }
        #expect(throws: PropertyListError.self) { try RawInflate.inflate(blob, limit: 100) }
        #expect(try RawInflate.inflate(blob).starts(with: Array("bplist00".utf8)))
    }

    @Test("An NSExpression archived in an Xcode mapping model reads generically ($source.color)", Corpus.required)
    func mappingExpression() throws {
        let xml = try String(
            contentsOfFile: Corpus.path("wibosco-colors/mappings/Migration1to2.xcmappingmodel/xcmapping.xml"), encoding: .utf8)
        let marker = #"<attribute name="valueexpressiondata" type="binary">"#
        let start = try #require(xml.range(of: marker)).upperBound
        let end = try #require(xml[start...].range(of: "<")).lowerBound
        let bytes = try #require(Data(base64Encoded: String(xml[start..<end]), options: .ignoreUnknownCharacters))
        let expression = try KeyedArchive(data: bytes).root()
        #expect(expression.className == "NSKeyPathExpression")
        #expect(expression.isKind(of: "NSExpression"))
        #expect(expression["NSExpressionType"]?.integer == 4)
        #expect(expression["NSSelectorName"]?.string == "valueForKeyPath:")
        #expect(expression["NSOperand"]?["NSVariable"]?.string == "source")
        let arguments = try #require(expression["NSArguments"]?.elements)
        #expect(arguments.map(\.className) == ["NSKeyPathSpecifierExpression"])
        #expect(arguments.first?["NSKeyPath"]?.string == "color")
    }
}
