import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("Project file")
struct ProjectFileTests {
    @Test("YAML settings: order, downgrades, routes, broken, mapping directories")
    func yaml() throws {
        let text = """
            order:
              pairs: [[A, B], "B -> C"]
            downgrades: true
            mappings: [Mappings, /abs/dir]
            routes: {A: C}
            broken: [B]
            """
        let settings = try ProjectFile.parse(text, path: "/project/cdmigrate.yaml")
        #expect(settings.order == .pairs([VersionPair(from: "A", to: "B"), VersionPair(from: "B", to: "C")]))
        #expect(settings.allowsDowngrades)
        #expect(settings.mappingDirectories == ["/project/Mappings", "/abs/dir"])
        #expect(settings.routing.overrides == ["A": "C"])
        #expect(settings.routing.broken == ["B"])
    }

    @Test("JSON is accepted too")
    func json() throws {
        let settings = try ProjectFile.parse(#"{"order": {"pattern": "(\\d+)$"}, "broken": ["v3"]}"#, path: "/p/cdmigrate.json")
        #expect(settings.order == .pattern(#"(\d+)$"#))
        #expect(settings.routing.broken == ["v3"])
    }

    @Test("Errors give the file, line and column")
    func errorsHaveLineAndColumn() throws {
        let unknown = #expect(throws: PlanningError.self) {
            try ProjectFile.parse("order: natural\nfancy: 1\n", path: "/p/cdmigrate.yaml")
        }
        #expect(unknown?.description.hasPrefix("/p/cdmigrate.yaml:2:1: unknown setting \"fancy\"") == true)
        let badOrder = #expect(throws: PlanningError.self) {
            try ProjectFile.parse("order:\n  list: {a: b}\n", path: "/p/cdmigrate.yaml")
        }
        #expect(badOrder?.description.hasPrefix("/p/cdmigrate.yaml:2:9:") == true)
        let syntax = #expect(throws: PlanningError.self) {
            try ProjectFile.parse("order: [natural\n", path: "/p/cdmigrate.yaml")
        }
        #expect(syntax?.description.hasPrefix("/p/cdmigrate.yaml:2:") == true)
    }

    @Test("The file is found beside the model")
    func locate() throws {
        let folder = try TemporaryDirectory.make()
        let model = folder.appendingPathComponent("App.xcdatamodeld").path
        #expect(ProjectFile.locate(besideModel: model) == nil)
        try Data("order: natural\n".utf8).write(to: folder.appendingPathComponent("cdmigrate.yaml"))
        #expect(ProjectFile.locate(besideModel: model) == folder.appendingPathComponent("cdmigrate.yaml").path)
    }
}
