import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("Loading model sources")
struct ModelLoaderTests {
    static var modelsOnly: [String] {
        let root = Corpus.root.appendingPathComponent("models-only")
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".xcdatamodeld") }.sorted()
    }

    @Test("Every model in corpus/models-only loads", Corpus.required)
    func modelsOnlyLoad() throws {
        #expect(Self.modelsOnly.count == 6)
        for model in Self.modelsOnly {
            let bundle = try ModelLoader.load(path: Corpus.path("models-only/" + model))
            #expect(!bundle.versions.isEmpty, "\(model)")
            #expect(bundle.currentVersion != nil, "\(model)")
            for version in bundle.versions {
                #expect(!version.entities.isEmpty, "\(model) \(version.name)")
                #expect(VersionHasher(model: version).entityHashes.count == version.entities.count)
            }
        }
    }

    @Test("momcom's model keeps inheritance, abstract parents, fetched properties and configurations", Corpus.required)
    func momcom() throws {
        let bundle = try ModelLoader.load(path: Corpus.path("models-only/momcom/momcomTests.xcdatamodeld"))
        let versions = bundle.versions
        #expect(versions.contains { $0.entities.contains(where: \.isAbstract) })
        #expect(versions.contains { $0.entities.contains { $0.parentName != nil } })
        #expect(versions.contains { $0.entities.contains { !$0.fetchedProperties.isEmpty } })
        #expect(versions.contains { !$0.configurations.isEmpty })
    }

    @Test("Malformed XML names the file and the line")
    func malformedXML() throws {
        let version = try TemporaryDirectory.make().appendingPathComponent("Broken.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        let contents = version.appendingPathComponent("contents")
        try Data(
            "<?xml version=\"1.0\"?>\n<model>\n  <entity name=\"A\">\n    <attribute name=\"x\" attributeType=\"String\"\n</model>\n"
                .utf8
        )
        .write(to: contents)
        let error = try #require(throws: ModelError.self) { try ModelLoader.load(path: version.path) }
        #expect(error.code == .malformedXML)
        #expect(error.path == contents.path)
        #expect((4...5).contains(error.line ?? 0))
        #expect(error.description.hasPrefix("\(contents.path):\(error.line ?? 0): "))
    }

    @Test("Versions are named after their folders, and read from the model's absolute path however it was named")
    func versionPaths() throws {
        let folder = try TemporaryDirectory.make()
        let model = folder.appendingPathComponent("App.xcdatamodeld")
        for name in ["A.b.xcdatamodel", "V 2.xcdatamodel"] {
            let version = model.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: JournalFixture.modelPath + "/Journal 1.xcdatamodel/contents",
                toPath: version.appendingPathComponent("contents").path)
        }
        let bundle = try ModelLoader.load(path: model.path + "/")
        #expect(bundle.path == model.path)
        #expect(bundle.versions.map(\.name) == ["A.b", "V 2"])
        let bare = try ModelLoader.load(path: model.appendingPathComponent("V 2.xcdatamodel").path + "/")
        #expect(bare.versions.map(\.name) == ["V 2"])
        #expect(ModelLoader.versionName(".xcdatamodel") == ".xcdatamodel")
        let empty = model.appendingPathComponent("Empty.xcdatamodel")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let error = try #require(throws: ModelError.self) { try ModelLoader.load(path: model.path) }
        #expect(error.path == empty.path + "/contents")
    }

    @Test("Missing models and missing contents are errors naming the path")
    func missing() throws {
        let folder = try TemporaryDirectory.make()
        let absent = try #require(throws: ModelError.self) {
            try ModelLoader.load(path: folder.appendingPathComponent("No.xcdatamodeld").path)
        }
        #expect(absent.code == .notFound)
        let empty = folder.appendingPathComponent("Empty.xcdatamodel")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let noContents = try #require(throws: ModelError.self) { try ModelLoader.load(path: empty.path) }
        #expect(noContents.description.contains(empty.appendingPathComponent("contents").path))
    }
}
