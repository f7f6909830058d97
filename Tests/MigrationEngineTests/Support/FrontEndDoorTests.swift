import Foundation
import TestSupport
import Testing

/// Issue 36, item 3: the front ends reach the engine only through ``MigrationProject`` and the values it
/// takes and returns, so that each operation is assembled in one place (recovery first, the same snapshot
/// options, the same model choice). Like ``PublicDocumentationTests`` this reads the sources. It is an
/// allowlist, not a list of forbidden names: every type the engine declares at the top level of a file is
/// found, and a front end may name only the facade's own types (those declared in `Project/`) and the values
/// listed in ``facadeValues``; a new engine type is outside the door until someone decides it is a value the
/// facade hands out. No engine message names a CLI flag either, since the engine serves front ends that have none.
@Suite("Architecture: the facade is the front ends' only door")
struct FrontEndDoorTests {
    /// The front ends' source folders, relative to the package.
    static let frontEnds = ["Sources/cdmigrate", "Sources/ConsoleUI"]

    /// Engine types declared outside `Project/` that the front ends may name: the values the facade's methods
    /// take or return (options, plans, reports, events, pages, the one public error and its parts), never a
    /// type that reads, writes, plans or runs. Adding a name here is a design decision: the type becomes part
    /// of what every front end may depend on.
    static let facadeValues: Set<String> = [
        // Taken by the facade: what to plan, run, read or write, and how.
        "PlanningSettings", "ExecutionOptions", "SnapshotOptions", "CancellationFlag", "MigrationPolicyRegistry",
        "RowQuery", "RowOrder", "ExportFormat", "ExportDestination", "VersionPair",
        // Returned by planning and diff.
        "StorePlanning", "MigrationPlan", "VersionGraph", "StepCandidate", "StepKind", "StepDataLoss", "FusedSteps",
        "CompatibilityReport", "PropertyDifference", "EntityComparison", "InferredMapping", "DataLoss",
        "NotInferable", "RenameSuggestion", "StoreCondition", "UnusableMapping",
        // Returned by reading a store and paging its rows.
        "StoreContents", "StoreFile", "PropertyListValue", "StoreReport", "StoreTable", "EntityRowPage", "EntityColumns",
        "StoredValue",
        "Attribute", "RelatedObjects",
        // Returned by a run, salvage, repair, seeding and the history.
        "MigrationEvent", "StepSummary", "RunStage", "SwapStage", "RunRecord", "SalvageReport", "EntitySalvage",
        "KeyRange", "RepairReport", "ObjectRepair",
        // The one public error and what it says.
        "MigrationError", "FailureCategory", "Remedy", "CategorizedError", "ExecutionError",
    ]

    /// The engine's top-level types (any access level), and which of them `Project/` declares.
    static func engineTypes() throws -> (all: Set<String>, facade: Set<String>) {
        var all: Set<String> = []
        var facade: Set<String> = []
        let root = Corpus.packageRoot.appendingPathComponent("Sources/MigrationEngine")
        for file in try Self.swiftFiles(in: root) {
            let names = Self.declaredTypes(in: try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
            all.formUnion(names)
            if file.hasPrefix("Project/") { facade.formUnion(names) }
        }
        return (all, facade)
    }

    /// The names of the types `text` declares at the top level (`struct`, `enum`, `class`, `actor`,
    /// `protocol`, `typealias` at the start of a line): a nested type is reached through its outer one.
    static func declaredTypes(in text: String) -> [String] {
        let pattern =
            /^(?:@[A-Za-z]+\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z][A-Za-z0-9]*)/
        return text.split(separator: "\n").compactMap { line in
            line.firstMatch(of: pattern).map { String($0.1) }
        }
    }

    /// `path:line: Name` for each use of a name in `names` in the code of `text`. Comments are skipped (a
    /// comment may say what the facade does underneath), so are the words of a string literal, and so is a name after a dot, a member of something
    /// already named (`PropertyDifference.Change`).
    static func uses(of names: Set<String>, in text: String, file: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = (line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...])
                .replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"")
            for match in code.matches(of: /\.?[A-Za-z_][A-Za-z0-9_]*/) {
                let word = String(match.output)
                if names.contains(word) { found.append("\(file):\(number + 1): \(word)") }
            }
        }
        return found
    }

    static func swiftFiles(in root: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// The front ends' sources, each as (path relative to the package, text).
    static func frontEndSources() throws -> [(path: String, text: String)] {
        try Self.frontEnds.flatMap { folder in
            let root = Corpus.packageRoot.appendingPathComponent(folder)
            return try Self.swiftFiles(in: root).map { file in
                ("\(folder)/\(file)", try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
            }
        }
    }

    @Test("A front end names only the facade and the values it takes and returns")
    func frontEndsUseTheFacade() throws {
        let engine = try Self.engineTypes()
        // The walk found the engine's types: a wrong root would find none and pass.
        #expect(engine.all.isSuperset(of: ["StoreReader", "ModelLoader", "EntityRowPager", "ChainExecutor", "MappedStep"]))
        #expect(engine.facade.isSuperset(of: ["MigrationProject", "ModelLocator"]))
        let sources = try Self.frontEndSources()
        #expect(sources.count > 20, "the front ends' sources were not found")
        // A front end's own type of the same name (its `Action`, its `Entry`) is its own, not the engine's.
        let frontEndTypes = Set(
            sources.flatMap { source in
                source.text.matches(of: /(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z][A-Za-z0-9]*)/).map {
                    String($0.1)
                }
            })
        let outside = engine.all.subtracting(engine.facade).subtracting(Self.facadeValues).subtracting(frontEndTypes)
        for source in sources {
            for use in Self.uses(of: outside, in: source.text, file: source.path) {
                Issue.record("\(use) is not part of the facade; reach it through MigrationProject")
            }
        }
        // Every listed value is the engine's and still named by a front end: the list says what is used.
        #expect(Self.facadeValues.isSubset(of: engine.all), "\(Self.facadeValues.subtracting(engine.all))")
        let named = Set(
            sources.flatMap {
                Self.uses(of: Self.facadeValues, in: $0.text, file: "").map {
                    $0.split(separator: " ").last.map(String.init) ?? ""
                }
            })
        #expect(
            Self.facadeValues.subtracting(named).isEmpty, "listed but not named: \(Self.facadeValues.subtracting(named).sorted())"
        )
    }

    @Test("A direct use is found, in code but not in a comment nor after a dot")
    func directUseIsFound() {
        let text = """
            /// Reads through the facade, which uses StoreReader underneath.
            let contents = try StoreReader.read(path: store) // not ModelLoader
            let change: PropertyDifference.ModelLoader = .none
            let project = try MigrationProject(modelPath: nil, note: "StoreReader \\"ModelLoader\\" ")
            """
        #expect(Self.uses(of: ["StoreReader", "ModelLoader"], in: text, file: "X.swift") == ["X.swift:2: StoreReader"])
        #expect(
            Self.declaredTypes(
                in: "package final class EntityRowPager: Sendable {\n    struct Step {\n@MainActor public enum E {") == [
                    "EntityRowPager", "E",
                ])
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
