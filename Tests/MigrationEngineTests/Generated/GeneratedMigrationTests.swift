import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Generated fidelity (issue 30): random model pairs (``GeneratedModelPair``) using every attribute type,
/// relationship kind and kind of index, derived counts and configurations, a seeded store at the source
/// (``StoreSeeder``; one configuration's entities where the models have two), and the step run four
/// ways: inferred, as the scaffolded mapping file, as that mapping file with a policy on every mapping that
/// overrides both stages, and as the Xcode mapping model Xcode would generate (``GeneratedXcodeMapping``). Each
/// result must hold every object, value and relationship membership and order the change predicts
/// (``LogicalContents``), pass `verify`, have the destination's predicted schema (tables, columns, indexes,
/// triggers), and the inferred and mapping-file paths must agree. A fixed sample of seeds runs in the suite; `CDMIGRATE_GENERATED_SEEDS=N`
/// (or `Scripts/generated_sweep.sh N`) runs seeds 1…N, `CDMIGRATE_GENERATED_SEEDS=A-B` seeds A…B.
@Suite("Generated models: every path keeps every object, value, membership and order")
struct GeneratedMigrationTests {
    /// The seeds the suite runs without `CDMIGRATE_GENERATED_SEEDS`: 1…12, and seeds that once found a fault
    /// (81: a renamed relationship whose members include a sub-entity's objects lost them through the
    /// scaffolded mapping file and the policy path; 169: the same with an ordered one, order lost by policy).
    static let sample: [UInt64] = Array(1...12) + [81, 169]

    /// The paths of the coverage matrix (`docs/coverage.md`) each seed's step takes: `CoverageMatrixTests`
    /// holds every cell citing this suite to them (the schema each result must have is a check of these paths,
    /// not the fresh-schema path's claim about Apple's stores).
    static let matrixPaths: Set<String> = ["inferred step", "mapped step", "policy"]

    static var seeds: [UInt64] {
        let asked = ProcessInfo.processInfo.environment["CDMIGRATE_GENERATED_SEEDS"] ?? ""
        let bounds = asked.split(separator: "-").compactMap { UInt64($0) }
        if bounds.count == 1, bounds[0] > 0 { return Array(1...bounds[0]) }
        if bounds.count == 2, bounds[0] <= bounds[1] { return Array(bounds[0]...bounds[1]) }
        return sample
    }

    @Test("the suite's seeds draw every attribute type, relationship kind and change, with ordered members to keep")
    func sampleCoversEveryFeature() throws {
        let pairs = Self.sample.map { GeneratedModelPair(seed: $0) }
        #expect(pairs.reduce(into: Set<Int>()) { $0.formUnion($1.relationshipKinds) } == Set(0...7))
        #expect(pairs.reduce(into: Set<Int>()) { $0.formUnion($1.changeKinds) } == Set(0...12))
        let types = Set(pairs.flatMap { $0.source.entities.flatMap(\.attributes).map(\.type) })
        #expect(types == Set(GeneratedModelPair.types))
        #expect(pairs.contains { $0.source.entities.flatMap(\.attributes).contains(where: \.allowsExternalBinaryDataStorage) })
        #expect(pairs.contains { $0.source.entities.contains { !$0.uniquenessConstraints.isEmpty } })
        #expect(pairs.contains { $0.source.entities.contains(where: \.isAbstract) })
        #expect(pairs.contains { $0.source.entities.flatMap(\.attributes).contains(where: \.isIndexed) })
        #expect(pairs.contains { $0.source.entities.contains { !$0.fetchIndexes.isEmpty } })
        #expect(pairs.contains { $0.source.entities.contains { !$0.compoundIndexes.isEmpty } })
        #expect(pairs.contains { $0.source.entities.flatMap(\.attributes).contains(where: \.isDerived) })
        #expect(pairs.contains { $0.destination.entities.flatMap(\.attributes).contains(where: \.isDerived) })
        #expect(pairs.contains { $0.sourceConfiguration != nil })
        #expect(pairs.contains { $0.sourceConfiguration == nil })
        var ordered = 0
        for pair in pairs.prefix(4) {
            let store = try TemporaryDirectory.make().appendingPathComponent("S.sqlite").path
            try StoreSeeder(model: pair.source, objects: 6, seed: pair.seed, configuration: pair.sourceConfiguration)
                .write(to: store)
            let facts = try LogicalContents(store, model: pair.storedSource).facts
            ordered += facts.filter { $0.key.hasSuffix("#order") }.flatMap(\.value.values).filter { $0.contains(" ") }.count
        }
        #expect(ordered > 0, "some ordered relationship has two members or more, so an order can be lost")
    }

    @Test("a generated step, inferred, by mapping file, by policy and by Xcode mapping model", arguments: seeds)
    func generated(_ seed: UInt64) throws {
        let pair = GeneratedModelPair(seed: seed)
        let folder = try TemporaryDirectory.make()
        let store = folder.appendingPathComponent("Source.sqlite").path
        try StoreSeeder(model: pair.source, objects: 6, seed: seed, configuration: pair.sourceConfiguration).write(to: store)
        try StoreValidator(model: pair.source).validate(store)
        let predicted = try LogicalContents(store, model: pair.storedSource).predicted(by: pair)

        let inferred = InferredStep(sourceModel: pair.source, destinationModel: pair.destination)
        try #require(inferred.mapping.isInferable, "\(pair)")
        let byInference = try StepRunner.run(inferred, sourcePath: store)
        try check(byInference, pair: pair, predicted: predicted, path: "inferred")

        let scaffold = try MappingScaffolder(source: pair.source, destination: pair.destination).scaffoldInferred()
        // A placeholder is left only where the scaffold asks whether a removed property was renamed to a new one
        // (``InferredMapping/suggestedRenames``); the generated change was no rename, so the answer is to map
        // nothing there (the new property takes its default, as inference gives it).
        #expect(scaffold.placeholders.count <= inferred.mapping.suggestedRenames.count, "\(pair)")
        let text = Self.withoutPlaceholders(MappingFileWriter.text(scaffold))
        let mapped = try MappedStep(
            mapping: try MappingFileReader.read(text, path: "generated.yaml"),
            sourceModel: pair.source, destinationModel: pair.destination)
        let byMapping = try SampleJournalStore.run(mapped, source: store)
        try check(byMapping, pair: pair, predicted: predicted, path: "mapping file")
        #expect(
            try LogicalContents(byMapping, model: pair.storedDestination)
                == LogicalContents(byInference, model: pair.storedDestination),
            "the two paths differ: \(pair)")

        // The policy path: every entity mapping names a policy that overrides both stages, so the step makes
        // each object and links its relationships one by one through the policy context, not as set-based SQL.
        var withPolicy = try MappingFileReader.read(text, path: "generated.yaml")
        for index in withPolicy.entityMappings.indices { withPolicy.entityMappings[index].policy = "EveryStage" }
        var policies = MigrationPolicyRegistry()
        policies.register(EveryStagePolicy(), named: "EveryStage")
        let byPolicy = try SampleJournalStore.run(
            try MappedStep(mapping: withPolicy, sourceModel: pair.source, destinationModel: pair.destination, policies: policies),
            source: store)
        try check(byPolicy, pair: pair, predicted: predicted, path: "policy")

        // The Xcode path: the step as the mapping model Xcode's editor would generate for it.
        let xcmapping = try XcodeMappingImporter.read(
            Data(GeneratedXcodeMapping.xml(pair).utf8), file: "generated.xcmappingmodel")
        let byXcode = try SampleJournalStore.run(
            try MappedStep(mapping: xcmapping, sourceModel: pair.source, destinationModel: pair.destination), source: store)
        try check(byXcode, pair: pair, predicted: predicted, path: "Xcode mapping model")
    }

    /// The mapping file with each placeholder's line left out, and a section that held only such lines with it.
    static func withoutPlaceholders(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains(ScaffoldValue.placeholderText) }
        let indent = { (line: Substring) in line.prefix { $0 == " " || $0 == "-" }.count }
        let kept = lines.indices.filter { index in
            let line = lines[index]
            guard line.hasSuffix(":"), !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") else { return true }
            let next = lines[(index + 1)...].first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return next.map { indent($0) > indent(line) } ?? false
        }
        return kept.map { String(lines[$0]) }.joined(separator: "\n")
    }

    private func check(_ result: String, pair: GeneratedModelPair, predicted: LogicalContents, path: String) throws {
        try StoreValidator(model: pair.destination).validate(result)
        let schema = SchemaBuilder(model: pair.storedDestination).build()
        try DatabaseQueue(path: result).read { db in
            let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            #expect(tables == schema.tableNames, "\(path) tables: \(pair)")
            for table in schema.tables {
                #expect(try db.columnNames(in: table.name) == table.columns.map(\.name), "\(path) \(table.name): \(pair)")
            }
        }
        // The whole schema (tables, every index — the model's and each to-one's —, triggers) is a fresh store's.
        let fresh = try TemporaryDirectory.make().appendingPathComponent("Fresh.sqlite").path
        // A configuration's store: its entities' tables, numbered among themselves, the whole model recorded.
        _ = try StoreWriter(model: pair.destination, schema: schema).create(at: fresh)
        #expect(try StoreDump(result).schema() == StoreDump(fresh).schema(), "\(path) schema: \(pair)")
        let actual = try LogicalContents(result, model: pair.storedDestination)
        for fact in Set(predicted.facts.keys).union(actual.facts.keys).sorted() where predicted.facts[fact] != actual.facts[fact]
        {
            let (expected, found) = (predicted.facts[fact] ?? [:], actual.facts[fact] ?? [:])
            let keys = Set(expected.keys).union(found.keys).filter { expected[$0] != found[$0] }.sorted().prefix(3)
            let shown = keys.map { "\($0): \(expected[$0] ?? "nil") ≠ \(found[$0] ?? "nil")" }.joined(separator: ", ")
            Issue.record("\(path): \(fact) differs from the prediction (object: predicted ≠ found: \(shown)): \(pair)")
        }
    }
}
