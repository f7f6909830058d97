import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("Compiled mapping models (.cdm)", Corpus.required)
struct CompiledMappingImporterTests {
    static let model = "coredataplus-cars/SampleModel.xcdatamodeld"
    static let compiled = "coredataplus-cars/compiled-mapping/V2toV3.cdm"

    /// A stand-in for the app's `V2to3MakerPolicy`, so that steps naming it can be built.
    static var policies: MigrationPolicyRegistry {
        var policies = MigrationPolicyRegistry()
        policies.register(DefaultPolicy(), named: "V2to3MakerPolicy")
        return policies
    }

    /// Each entity mapping with every property's value as the step resolves it.
    static func resolved(_ mapping: MappingModel) throws -> [String] {
        let step = try MappedStep(
            mapping: mapping, sourceModel: try MappedStepFixtures.model(model, version: mapping.sourceVersion),
            destinationModel: try MappedStepFixtures.model(model, version: mapping.destinationVersion),
            policies: policies)
        return step.resolved.map { entry in
            let values =
                entry.attributes.map { "\($0.attribute.name)=\($0.value?.text ?? "unset")" }
                + entry.relationships.map { "\($0.relationship.name)=\($0.value.text)" }
            return "\(entry.mapping.name) \(entry.sourceEntity?.name ?? "∅")→\(entry.destinationEntity?.name ?? "∅") "
                + "reads \(entry.mapping.kind.readsSource) policy \(entry.mapping.policy ?? "none"): "
                + values.sorted().joined(separator: "; ")
        }
    }

    @Test("V2toV3.cdm imports to the same mapping as V2toV3.xcmappingmodel, its versions found by entity hashes")
    func sameAsSource() throws {
        let bundle = try ModelLoader.load(path: Corpus.path(Self.model))
        let compiled = try CompiledMappingImporter.read(path: Corpus.path(Self.compiled), bundle: bundle)
        let source = try XcodeMappingImporter.read(path: Corpus.path("coredataplus-cars/mappings/V2toV3.xcmappingmodel"))
        #expect(compiled.sourceVersion == "SampleModel2" && compiled.destinationVersion == "SampleModel3")
        #expect(compiled.sourceVersion == source.sourceVersion && compiled.destinationVersion == source.destinationVersion)
        #expect(compiled.entityMappings.map(\.name) == source.entityMappings.map(\.name))
        // Xcode compiles "Undefined" to Copy for PersonToPerson; copy and transform run the same expressions.
        #expect(compiled.entityMappings.map(\.kind) == [.custom, .custom, .copy, .custom, .add])
        #expect(source.entityMappings.map(\.kind) == [.custom, .custom, .transform, .custom, .add])
        #expect(compiled.notes == source.notes && compiled.notes.count == 3)
        let resolved = try Self.resolved(compiled)
        #expect(resolved.count == 5)
        #expect(resolved == (try Self.resolved(source)))
        #expect(resolved.contains { $0.hasPrefix("Maker ∅→Maker reads false policy none: name=unset") })
    }

    @Test("a .cdm in a mapping folder is a candidate for planning, warning about its custom policy")
    func planningUsesCompiled() throws {
        let folder = try TemporaryDirectory.make()
        try FileManager.default.copyItem(
            atPath: Corpus.path(Self.compiled), toPath: folder.appendingPathComponent("V2toV3.cdm").path)
        let bundle = try ModelLoader.load(path: Corpus.path(Self.model))
        let candidates = try MappingDirectoryReader(policies: Self.policies).candidates(in: folder.path, bundle: bundle)
        #expect(candidates.map(\.name) == ["V2toV3.cdm"])
        let candidate = try #require(candidates.first)
        #expect(candidate.sourceVersion == "SampleModel2" && candidate.destinationVersion == "SampleModel3")
        #expect(candidate.operations.count == 5)
        #expect(candidate.warnings.contains { $0.contains("REPLACE_AT_RUNTIME.V2to3MakerPolicy") })
        var settings = PlanningSettings()
        settings.mappingDirectories = [folder.path]
        let planning = try StorePlanning(
            storePath: try Corpus.copyStore("coredataplus-cars/stores/SampleModel_V2.sqlite"), bundle: bundle,
            settings: settings, explicit: candidates, inference: InferredStepProvider(), target: "SampleModel3")
        #expect(planning.plan.steps.map(\.origin) == [.mapping("V2toV3.cdm")])
        #expect(planning.plan.steps.map(\.kind) == [.explicit])
    }
}

/// A policy with Core Data's default behaviour, registered where a mapping names a policy class whose code is
/// not at hand, so that the mapping can be resolved.
struct DefaultPolicy: MigrationPolicy {}
