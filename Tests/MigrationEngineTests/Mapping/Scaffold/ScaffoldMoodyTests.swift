import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// Scaffolds of Moody's Xcode mapping models, run in their place on Apple's stores: a scaffold must state
/// everything its mapping model does (2 → 3, 3 → 4 and 4 → 5 need nothing filled in and give Apple's
/// stores object for object), and 5 → 6, completed with three lines, must do what the app's policy did.
@Suite("Scaffolded Moody mappings", Corpus.required)
struct ScaffoldMoodyTests {
    /// A writable copy of Moody's mapping folder with the scaffold of `mappingModel` written beside it.
    static func mappings(scaffolding mappingModel: String, edit: (String) throws -> String = { $0 }) throws -> String {
        let folder = try TemporaryDirectory.make().appendingPathComponent("mappings").path
        try FileManager.default.copyItem(atPath: Corpus.path(MoodyConformanceTests.mappings), toPath: folder)
        var settings = PlanningSettings()
        settings.mappingDirectories = [folder]
        let project = try MigrationProject(modelPath: Corpus.path(MoodyConformanceTests.model), settings: settings)
        let scaffold = try project.scaffoldMapping(mappingModel: folder + "/\(mappingModel).xcmappingmodel")
        try Data(try edit(MappingFileWriter.text(scaffold)).utf8).write(
            to: URL(fileURLWithPath: folder + "/\(mappingModel).yaml"))
        return folder
    }

    /// Plans `store` to `target` with the mapping folder and runs it on a copy; the one step must come from the scaffold.
    static func migrate(_ store: String, to target: String, mappings: String, expecting file: String) throws -> String {
        let path = try Corpus.copyStore("moody/stores/\(store)")
        var settings = PlanningSettings()
        settings.mappingDirectories = [mappings]
        let project = try MigrationProject(modelPath: Corpus.path(MoodyConformanceTests.model), settings: settings)
        let planning = try project.plan(store: path, target: target)
        #expect(planning.plan.steps.map(\.origin) == [.mapping(file)])
        try project.migrate([planning], options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
        return path
    }

    @Test(
        "a scaffold with nothing to fill in runs in place of its mapping model and gives Apple's store",
        arguments: [
            ("Moody 2.moody", "Moody 3", "Moody 2-Moody 3"),
            ("Moody 3.moody", "Moody 4", "Moody 3-Moody 4"),
            ("Moody 4.moody", "Moody 5", "Moody 4-Moody 5"),
        ])
    func statesEverything(store: String, target: String, mappingModel: String) throws {
        let folder = try Self.mappings(scaffolding: mappingModel)
        let text = try String(contentsOfFile: folder + "/\(mappingModel).yaml", encoding: .utf8)
        #expect(!text.contains(ScaffoldValue.placeholderText))
        let path = try Self.migrate(store, to: target, mappings: folder, expecting: "\(mappingModel).yaml")
        let apple = try Corpus.copyStore("moody/stores/\(target).moody")
        #expect(try MoodyConformanceTests.objects(path, version: target) == MoodyConformanceTests.objects(apple, version: target))
    }

    @Test("Moody 5 → 6 completed with three lines restores Apple's Moody 4 continents and links")
    func completedPolicy() throws {
        let folder = try Self.mappings(scaffolding: "Moody 5-Moody 6") { text in
            try ScaffoldEditing.fill(
                text, mapping: "Continent",
                [
                    ("numericISO3166Code", "$source.isoContinent"),
                    ("filter", "$source.isoContinent != nil"),
                    ("merge", "$source.isoContinent"),
                ])
        }
        let path = try Self.migrate("Moody 5.moody", to: "Moody 6", mappings: folder, expecting: "Moody 5-Moody 6.yaml")
        let expected = try MoodyConformanceTests.objects(try Corpus.copyStore("moody/stores/Moody 4.moody"), version: "Moody 6")
        #expect(expected.count == 9)
        #expect(try MoodyConformanceTests.objects(path, version: "Moody 6") == expected)
    }
}
