import Foundation
import TestSupport
import Testing

/// Issue 36, item 3: the front ends reach the engine only through ``MigrationProject`` and the values it
/// returns, so that each operation is assembled in one place (recovery first, the same snapshot options, the
/// same model choice). Like ``PublicDocumentationTests`` this reads the sources: the engine's types that do
/// the work (named `…Reader`, `…Loader`, `…Writer`, `…Check`, `…Pager`, `…Planner`, a step, …) are found in
/// the engine's own folders, and no front-end source may name one; and no engine message names a CLI flag,
/// since the engine serves front ends that have none.
@Suite("Architecture: the facade is the front ends' only door")
struct FrontEndDoorTests {
    /// The front ends' source folders, relative to the package.
    static let frontEnds = ["Sources/cdmigrate", "Sources/ConsoleUI"]

    /// Endings of the names of engine types that read, write, plan or run: the operations behind the facade.
    static let operationSuffixes = [
        "Reader", "Loader", "Writer", "Executor", "Runner", "Planner", "Check", "Pager", "Salvager", "Importer",
        "Scaffolder", "Seeder", "Inferrer", "Builder", "Decoder", "Encoder", "Search", "Snapshot", "Step",
    ]

    /// The engine's operation types: declared outside `Project/` (the facade's own folder) with a name that
    /// ends in an operation suffix (a bare `Step`, a plan's value, is not one).
    static func operationTypes() throws -> Set<String> {
        var names: Set<String> = []
        let root = Corpus.packageRoot.appendingPathComponent("Sources/MigrationEngine")
        for file in try Self.swiftFiles(in: root) where !file.hasPrefix("Project/") {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            names.formUnion(Self.declaredTypes(in: text).filter(Self.isOperation))
        }
        return names
    }

    static func isOperation(_ name: String) -> Bool {
        operationSuffixes.contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// The names of the types `text` declares (`struct`, `enum`, `class`, `actor`, `protocol`).
    static func declaredTypes(in text: String) -> [String] {
        let pattern = /(?:^|\s)(?:struct|enum|class|actor|protocol)\s+([A-Z][A-Za-z0-9]*)/
        return text.split(separator: "\n").compactMap { line in
            line.firstMatch(of: pattern).map { String($0.1) }
        }
    }

    /// `path:line: Name` for each use of a name in `names` in the code of `text` (comments are skipped: a
    /// comment may say what the facade does underneath).
    static func uses(of names: Set<String>, in text: String, file: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            for match in code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) where names.contains(String(match.output)) {
                found.append("\(file):\(number + 1): \(match.output)")
            }
        }
        return found
    }

    static func swiftFiles(in root: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
    }

    @Test("No front-end source names an engine operation; they go through MigrationProject")
    func frontEndsUseTheFacade() throws {
        let operations = try Self.operationTypes()
        // The walk found the engine's operations: a wrong root would find none and pass.
        #expect(operations.isSuperset(of: ["StoreReader", "ModelLoader", "EntityRowPager", "ChainExecutor", "MappedStep"]))
        for folder in Self.frontEnds {
            let root = Corpus.packageRoot.appendingPathComponent(folder)
            let files = try Self.swiftFiles(in: root)
            #expect(!files.isEmpty, "no sources in \(folder)")
            for file in files {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for use in Self.uses(of: operations, in: text, file: "\(folder)/\(file)") {
                    Issue.record("\(use) is an engine operation; reach it through MigrationProject")
                }
            }
        }
    }

    @Test("A direct use is found, in code but not in a comment")
    func directUseIsFound() {
        let text = """
            /// Reads through the facade, which uses StoreReader underneath.
            let contents = try StoreReader.read(path: store) // not ModelLoader
            let project = try MigrationProject(modelPath: nil)
            """
        #expect(Self.uses(of: ["StoreReader", "ModelLoader"], in: text, file: "X.swift") == ["X.swift:2: StoreReader"])
        #expect(
            Self.declaredTypes(in: "package final class EntityRowPager: Sendable {\n    struct Step {") == [
                "EntityRowPager", "Step",
            ])
        #expect(Self.isOperation("EntityRowPager") && !Self.isOperation("Step") && !Self.isOperation("StoreContents"))
    }

    @Test("No engine source names a command-line flag in its code")
    func engineNamesNoFlag() throws {
        let root = Corpus.packageRoot.appendingPathComponent("Sources/MigrationEngine")
        var problems: [String] = []
        for file in try Self.swiftFiles(in: root) {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                if code.contains(/--[a-z]/) { problems.append("Sources/MigrationEngine/\(file):\(number + 1)") }
            }
        }
        // A flag belongs to one front end; the engine says what to do with a structured remedy (`Remedy`).
        #expect(problems.isEmpty, "\(problems)")
    }

    /// The public error type a library user meets: the one error every operation's failure becomes, which is
    /// also the failure a run reports in its events.
    static let publicErrors: Set<String> = ["MigrationError"]

    @Test("The engine has one public error; the specific ones are the package's own")
    func onePublicError() throws {
        let root = Corpus.packageRoot.appendingPathComponent("Sources/MigrationEngine")
        var found: Set<String> = []
        let pattern = /^public (?:final )?(?:struct|enum|class|typealias) ([A-Za-z0-9]+)(.*)$/
        for file in try Self.swiftFiles(in: root) {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let match = line.firstMatch(of: pattern) else { continue }
                let (name, rest) = (String(match.1), match.2)
                if name.hasSuffix("Error") || rest.contains(/\bError\b|CategorizedError|FileError</) { found.insert(name) }
            }
        }
        // A front end maps `MigrationError(error)` to its output in one place (as ArgumentParser's
        // `MessageInfo`); a new public error type would be a second shape for it to know.
        #expect(found == Self.publicErrors)
    }
}
