import Foundation
import MigrationEngine
import TestSupport
import Testing

/// `docs/coverage.md` is the claim of what is proven on Apple's own stores; these tests keep it true: a row for
/// every feature the engine knows, every store it names really uses the feature, every test it cites exists
/// and names the store's case, so a claim cannot outlive the store or the test that made it.
@Suite("Coverage matrix (docs/coverage.md) agrees with the corpus and the tests")
struct CoverageMatrixTests {
    /// The paths of the matrix, in the order every feature's table lists them.
    static let paths = [
        "read", "hash", "fresh schema", "inferred step", "mapped step", "policy", "salvage", "export", "console",
    ]

    /// Every feature the matrix must have a row for. Each attribute type of the engine's enum is one, so a new
    /// case cannot go without a row.
    static let features: Set<String> = Set(
        [
            "binary with external storage", "derived attribute", "transient attribute", "to-one",
            "to-one without inverse", "to-many", "ordered to-many", "to-many without inverse", "reflexive relationship",
            "many-to-many", "abstract entity", "sub-entities", "uniqueness constraints", "fetch indexes",
            "compound indexes", "configurations", "renaming identifiers", "persistent history tables",
            "CloudKit mirroring tables",
        ] + AttributeType.allCases.map { "attribute: \($0.rawValue)" })

    /// Whether the store's model (or, for the history rows, its tables) uses `feature`; `nil` for a feature
    /// this test does not know how to see.
    static func store(_ facts: StoreFacts, uses feature: String) -> Bool? {
        switch feature {
        case "persistent history tables": return !facts.contents.historyTables.isEmpty
        case "CloudKit mirroring tables":
            let tables = facts.contents.otherTables + facts.contents.historyTables
            return tables.contains { $0.name.hasPrefix("ANSCK") }
        default: return model(facts.model, uses: feature)
        }
    }

    /// Whether `model` uses `feature`; `nil` for a feature no model shows (tables a store holds beside its
    /// entities') or this test does not know how to see.
    static func model(_ model: ObjectModel, uses feature: String) -> Bool? {
        let entities = model.entities
        let attributes = entities.flatMap(\.attributes)
        let relationships = entities.flatMap(\.relationships)
        if feature.hasPrefix("attribute: ") {
            guard let type = AttributeType(rawValue: String(feature.dropFirst("attribute: ".count))) else { return nil }
            return attributes.contains { $0.type == type }
        }
        switch feature {
        case "binary with external storage": return attributes.contains { $0.allowsExternalBinaryDataStorage }
        case "derived attribute": return attributes.contains { $0.isDerived }
        case "transient attribute": return attributes.contains { $0.isTransient }
        case "to-one": return relationships.contains { !$0.isToMany }
        case "to-one without inverse": return relationships.contains { !$0.isToMany && $0.inverseName == nil }
        case "to-many": return relationships.contains { $0.isToMany && !$0.isOrdered }
        case "ordered to-many": return relationships.contains { $0.isToMany && $0.isOrdered }
        case "to-many without inverse": return relationships.contains { $0.isToMany && $0.inverseName == nil }
        case "reflexive relationship":
            return entities.contains { entity in entity.relationships.contains { $0.destinationEntity == entity.name } }
        case "many-to-many":
            return relationships.contains { $0.isToMany && model.inverse(of: $0)?.isToMany == true }
        case "abstract entity": return entities.contains { $0.isAbstract }
        case "sub-entities": return entities.contains { $0.parentName != nil }
        case "uniqueness constraints": return entities.contains { !$0.uniquenessConstraints.isEmpty }
        case "fetch indexes": return entities.contains { !$0.fetchIndexes.isEmpty }
        case "compound indexes": return entities.contains { !$0.compoundIndexes.isEmpty }
        case "configurations": return !model.configurations.isEmpty
        case "renaming identifiers":
            return entities.contains { $0.renamingIdentifier != nil }
                || attributes.contains { $0.renamingIdentifier != nil }
                || relationships.contains { $0.renamingIdentifier != nil }
        default: return nil
        }
    }

    @Test("Every feature the engine knows has a row, and every row is a known feature with all nine paths")
    func rowsAreComplete() throws {
        let matrix = try CoverageMatrix.load()
        #expect(Set(matrix.rows.map(\.feature)) == Self.features)
        #expect(Set(matrix.rows.map(\.feature)).count == matrix.rows.count, "a feature has two rows")
        for row in matrix.rows {
            #expect(row.cells.map(\.path) == Self.paths, "\(row.feature): the paths, in order")
        }
    }

    @Test("Every cell is a claim of a known kind, and cites what its kind needs")
    func cellsAreWellFormed() throws {
        for row in try CoverageMatrix.load().rows {
            for cell in row.cells {
                let place = "\(row.feature) × \(cell.path)"
                switch cell.kind {
                case .apple:
                    #expect(!cell.stores.isEmpty && !cell.tests.isEmpty, "\(place): names no store or no test")
                case .generated, .refused:
                    #expect(cell.stores.isEmpty && !cell.tests.isEmpty, "\(place): cites no test, or a store")
                case .notCovered:
                    #expect(cell.stores.isEmpty && cell.tests.isEmpty, "\(place): not covered, yet cites proof")
                case nil:
                    Issue.record("\(place): \"\(cell.text)\" is none of the kinds the matrix's legend allows")
                }
            }
        }
    }

    @Test("The summary's marks are the rows' claims, feature for feature")
    func summaryAgrees() throws {
        let matrix = try CoverageMatrix.load()
        let marks = Dictionary(matrix.rows.map { ($0.feature, $0.cells.map(\.mark)) }, uniquingKeysWith: { first, _ in first })
        #expect(Set(matrix.summary.keys) == Set(marks.keys), "the summary and the rows list different features")
        for (feature, summary) in matrix.summary {
            #expect(summary == marks[feature], "\(feature): the summary says \(summary), the row \(marks[feature] ?? [])")
        }
    }

    @Test("Every cited test exists in Tests/, and each store of an Apple claim is read by one of its tests")
    func citedTestsExist() throws {
        let sources = try TestSources.load()
        for row in try CoverageMatrix.load().rows {
            for cell in row.cells {
                let place = "\(row.feature) × \(cell.path)"
                var files: [TestSources.File] = []
                for test in cell.tests {
                    let declaring = sources.files(declaring: test)
                    #expect(!declaring.isEmpty, "\(place): no test \(test) in Tests/")
                    files += declaring
                }
                for store in cell.stores {
                    #expect(
                        files.contains { TestSources.reaches($0.text, store: store) },
                        "\(place): no test cited names \(store)'s case or walks the corpus")
                }
            }
        }
    }

    /// The features the generated run's fixed seeds draw, in either version of a pair.
    static var generatedFeatures: Set<String> {
        let pairs = GeneratedMigrationTests.sample.map { GeneratedModelPair(seed: $0) }
        return features.filter { feature in
            pairs.contains { pair in [pair.source, pair.destination].contains { model($0, uses: feature) == true } }
        }
    }

    /// Where the matrix and the generated run disagree: a cell citing `GeneratedMigrationTests` for a path the
    /// run does not take or a feature its seeds do not draw, and a cell saying "not covered" where the run
    /// takes the path with the feature.
    static func generatedRunProblems(_ matrix: CoverageMatrix, drawn: Set<String>) -> [String] {
        var problems: [String] = []
        for row in matrix.rows {
            for cell in row.cells {
                let place = "\(row.feature) × \(cell.path)"
                let taken = GeneratedMigrationTests.matrixPaths.contains(cell.path) && drawn.contains(row.feature)
                if cell.tests.contains(where: { $0 == "GeneratedMigrationTests" || $0.hasPrefix("GeneratedMigrationTests.") }) {
                    if !taken { problems.append("\(place): cites the generated run, which does not take it") }
                } else if taken, cell.kind == .notCovered {
                    problems.append("\(place): not covered, yet the generated run takes it")
                }
            }
        }
        return problems
    }

    @Test("Cells citing the generated run are paths it takes with features its seeds draw, and none it takes is open")
    func generatedClaimsAreTaken() throws {
        #expect(Self.generatedRunProblems(try CoverageMatrix.load(), drawn: Self.generatedFeatures) == [])
        // The check can fail both ways: a claim for a path the run does not take, and a path it takes left open.
        let claims = CoverageMatrix(
            markdown: """
                ### attribute: URI

                | path | proof |
                |---|---|
                | salvage | generated only: `GeneratedMigrationTests` |
                | policy | not covered — nothing |
                """)
        #expect(
            Self.generatedRunProblems(claims, drawn: Self.generatedFeatures) == [
                "attribute: URI × salvage: cites the generated run, which does not take it",
                "attribute: URI × policy: not covered, yet the generated run takes it",
            ])
    }

    @Test("Every store the matrix names is in the corpus and its model uses the feature of its row", Corpus.required)
    func citedStoresUseTheirFeature() throws {
        let matrix = try CoverageMatrix.load()
        let onDisk = Set(CorpusStore.storesOnDisk)
        var facts: [String: StoreFacts] = [:]
        for row in matrix.rows {
            for store in Set(row.cells.flatMap(\.stores)).sorted() {
                guard onDisk.contains(store) else {
                    Issue.record("\(row.feature): \(store) is not a store of the corpus")
                    continue
                }
                let read = try facts[store] ?? StoreFacts(store: store)
                facts[store] = read
                #expect(Self.store(read, uses: row.feature) == true, "\(row.feature): \(store)'s model does not use it")
            }
        }
    }

    @Test("The parser refuses what the checks rely on: a cell of no kind, and a store without the feature")
    func checksCanFail() throws {
        let text = """
            ### attribute: UUID

            | path | proof |
            |---|---|
            | read | Apple: `wibosco-colors/stores/CoreDataMigration_Example_1.sqlite` — `ModelCacheDecoderTests` |
            | hash | probably fine |
            """
        let row = try #require(CoverageMatrix(markdown: text).rows.first)
        #expect(row.cells.map(\.kind) == [.apple, nil])
        #expect(row.cells[0].stores == ["wibosco-colors/stores/CoreDataMigration_Example_1.sqlite"])
        #expect(row.cells[0].tests == ["ModelCacheDecoderTests"])
        guard Corpus.isAvailable else { return }
        // The colors store has no UUID attribute: the row above would be caught by `citedStoresUseTheirFeature`.
        let facts = try StoreFacts(store: row.cells[0].stores[0])
        #expect(Self.store(facts, uses: "attribute: UUID") == false)
        #expect(Self.features.allSatisfy { Self.store(facts, uses: $0) != nil }, "a feature this test cannot see")
    }
}

/// `docs/coverage.md` parsed: one `### <feature>` heading per row, then a table of `| <path> | <proof> |`.
struct CoverageMatrix {
    enum Kind: Equatable {
        case apple, generated, refused, notCovered
    }

    struct Cell {
        let path: String
        let text: String
        /// What the cell claims, from the legend's prefixes; `nil` when it starts with none of them.
        var kind: Kind? {
            if text.hasPrefix("Apple:") { return .apple }
            if text.hasPrefix("generated only:") { return .generated }
            if text.hasPrefix("refused with an error:") { return .refused }
            if text.hasPrefix("not covered") { return .notCovered }
            return nil
        }
        /// The summary's mark for the claim.
        var mark: String {
            switch kind {
            case .apple: "A"
            case .generated: "G"
            case .refused: "R"
            case .notCovered: "—"
            case nil: "?"
            }
        }
        /// Backquoted corpus paths (they hold a `/`).
        var stores: [String] { quoted.filter { $0.contains("/") } }
        /// Backquoted test names: `Suite` or `Suite.function`.
        var tests: [String] { quoted.filter { !$0.contains("/") } }

        private var quoted: [String] {
            text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
    }

    struct Row {
        let feature: String
        var cells: [Cell]
    }

    let rows: [Row]
    /// The summary table above the rows: each feature's marks, in the paths' order.
    let summary: [String: [String]]

    static func load() throws -> CoverageMatrix {
        let url = Corpus.packageRoot.appendingPathComponent("docs/coverage.md")
        return CoverageMatrix(markdown: try String(contentsOf: url, encoding: .utf8))
    }

    init(markdown: String) {
        var rows: [Row] = []
        var summary: [String: [String]] = [:]
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### ") {
                rows.append(Row(feature: String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces), cells: []))
                continue
            }
            guard line.hasPrefix("|") else { continue }
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = fields.first, first != "path", first != "feature", !first.hasPrefix("---") else { continue }
            if rows.isEmpty {
                summary[first] = Array(fields.dropFirst())
            } else if fields.count == 2 {
                rows[rows.count - 1].cells.append(Cell(path: fields[0], text: fields[1]))
            }
        }
        self.rows = rows
        self.summary = summary
    }
}

/// The Swift sources under `Tests/`, to find where a cited test is declared.
struct TestSources {
    struct File {
        let path: String
        let text: String
    }

    let all: [File]

    static func load() throws -> TestSources {
        let root = Corpus.packageRoot.appendingPathComponent("Tests")
        let walker = FileManager.default.enumerator(atPath: root.path)
        let paths = (walker?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        return TestSources(
            all: try paths.map { relative in
                File(
                    path: relative,
                    text: try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8))
            })
    }

    /// The files that declare `Suite` (a `struct`), and for `Suite.function` also that function.
    func files(declaring test: String) -> [File] {
        let parts = test.split(separator: ".", maxSplits: 1).map(String.init)
        return all.filter { file in
            file.text.contains("struct \(parts[0]) ")
                && (parts.count == 1 || file.text.contains("func \(parts[1])("))
        }
    }

    /// Whether a test file can have read `store`: it names the store's case folder, or walks every store.
    static func reaches(_ text: String, store: String) -> Bool {
        let folder = store.prefix { $0 != "/" }
        return text.contains("\"\(folder)/") || text.contains("storesOnDisk") || text.contains("CorpusStore.all")
            || text.contains("ExportRoundTripTests.stores")
            || (text.contains("RealAppStoreCase.") && RealAppStoreCase.all.contains { $0.store == store })
            || (text.contains("CorpusStoreCase.all") && CorpusStoreCase.all.contains { $0.store == store })
    }
}

/// A corpus store's model (the version its README names, or its own cached model) and its tables, read
/// through the engine from a copy.
struct StoreFacts: Sendable {
    let model: ObjectModel
    let contents: MigrationEngine.StoreContents

    init(store: String) throws {
        contents = try StoreReader.read(path: try Corpus.copyStore(store))
        let known = try #require(CorpusStore.named(store), "\(store) is not in CorpusStore.all")
        if let path = known.model, let version = known.version {
            let bundle = try CorpusStore.bundle(path)
            model = try #require(bundle.version(named: version), "no version \(version) in \(path)")
        } else {
            model = try #require(try contents.cachedModel(), "\(store) has no model source and no Z_MODELCACHE")
        }
    }

}
