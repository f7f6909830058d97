import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 11, "from the store alone": the model and mapping folders beside a store are found without flags,
/// and a store alone falls back to its own cached model.
@Suite("Model locator")
struct ModelLocatorTests {
    @Test("A store alone: its own cached model, nothing found")
    func storeAlone() throws {
        let store = try TemporaryDirectory.make().appendingPathComponent("App.sqlite").path
        let location = ModelLocator.locate(store: store)
        #expect(location == ModelLocation(model: nil, origin: .storeCache))
        #expect(location.summary == "the store's own cached model (Z_MODELCACHE); no model beside the store")
    }

    @Test("The model and mappings beside the store are found")
    func besideTheStore() throws {
        let folder = try TemporaryDirectory.make()
        try ModelLocatorFixture.place(in: folder, mappingsName: "Mappings")
        let location = ModelLocator.locate(store: folder.appendingPathComponent("App.sqlite").path)
        #expect(location.origin == .found)
        #expect(location.model == folder.appendingPathComponent("Journal.xcdatamodeld").path)
        #expect(location.mappings == [folder.appendingPathComponent("Mappings").path])
        #expect(location.summary.contains("(found beside the store)"))
    }

    @Test("The corpus layout: the store in stores/, the model and mappings/ in the folder above")
    func corpusLayout() throws {
        let folder = try TemporaryDirectory.make()
        try ModelLocatorFixture.place(in: folder)
        let stores = folder.appendingPathComponent("stores")
        try FileManager.default.createDirectory(at: stores, withIntermediateDirectories: true)
        let location = ModelLocator.locate(store: stores.appendingPathComponent("App.sqlite").path)
        #expect(location.model == folder.appendingPathComponent("Journal.xcdatamodeld").path)
        #expect(location.mappings == [folder.appendingPathComponent("mappings").path])
    }

    @Test("A bare .xcdatamodel beside the store is found like an .xcdatamodeld, and loads as one version")
    func bareVersionBesideTheStore() throws {
        let folder = try TemporaryDirectory.make()
        let bare = folder.appendingPathComponent("Journal.xcdatamodel")
        try FileManager.default.copyItem(atPath: JournalFixture.modelPath + "/Journal 3.xcdatamodel", toPath: bare.path)
        let location = ModelLocator.locate(store: folder.appendingPathComponent("App.sqlite").path)
        #expect(location.origin == .found)
        #expect(location.model == bare.path)
        #expect(try ModelLoader.load(path: try #require(location.model)).versions.map(\.name) == ["Journal"])
        try FileManager.default.copyItem(
            atPath: JournalFixture.modelPath, toPath: folder.appendingPathComponent("Other.xcdatamodeld").path)
        let both = ModelLocator.locate(store: folder.appendingPathComponent("App.sqlite").path)
        #expect(both.model == nil && both.note?.contains("2 models in") == true)
    }

    @Test("Two models in one folder: none is chosen, and the note says why")
    func ambiguous() throws {
        let folder = try TemporaryDirectory.make()
        try ModelLocatorFixture.place(in: folder, mappingsName: nil)
        try FileManager.default.copyItem(
            atPath: JournalFixture.modelPath, toPath: folder.appendingPathComponent("Other.xcdatamodeld").path)
        let location = ModelLocator.locate(store: folder.appendingPathComponent("App.sqlite").path)
        #expect(location.origin == .storeCache && location.model == nil)
        #expect(location.note?.contains("2 models in") == true)
        #expect(location.remedy == .chooseModel)
    }

    @Test("A source and the .momd compiled from it are one model: the source is chosen")
    func sourceBeforeCompiled() throws {
        let folder = try TemporaryDirectory.make()
        try ModelLocatorFixture.place(in: folder, mappingsName: nil)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Journal.momd"), withIntermediateDirectories: true)
        let location = ModelLocator.locate(store: folder.appendingPathComponent("App.sqlite").path)
        #expect(location.model == folder.appendingPathComponent("Journal.xcdatamodeld").path)
    }

    @Test("A given model is used as given; a mappings folder the project file names is read once")
    func givenWithProjectFile() throws {
        let folder = try TemporaryDirectory.make()
        try ModelLocatorFixture.place(in: folder, mappingsName: "Mappings")
        try "mappings: [Mappings]\n".write(
            to: folder.appendingPathComponent("cdmigrate.yaml"), atomically: true, encoding: .utf8)
        let model = folder.appendingPathComponent("Journal.xcdatamodeld").path
        let location = ModelLocator.locate(store: "/nonexistent/App.sqlite", model: model)
        #expect(location.origin == .given && location.model == model)
        #expect(location.mappings == [folder.appendingPathComponent("Mappings").path])
        #expect(try location.settings().mappingDirectories == [folder.appendingPathComponent("Mappings").path])
    }
}
