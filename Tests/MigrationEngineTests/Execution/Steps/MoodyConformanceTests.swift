import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Moody's stores, each made by Core Data migrating the one before with the app's Xcode mapping models,
/// migrated one version on by cdmigrate and compared with Apple's store of that version object for object.
@Suite("Moody chain conformance", Corpus.required)
struct MoodyConformanceTests {
    static let model = "moody/Moody.xcdatamodeld"
    static let mappings = "moody/mappings"

    /// Plans `store` to `target` with the corpus mapping models and runs the plan on a copy.
    static func migrate(_ store: String, to target: String, policies: MigrationPolicyRegistry = MigrationPolicyRegistry())
        throws -> (path: String, plan: MigrationPlan)
    {
        let path = try Corpus.copyStore("moody/stores/\(store)")
        let bundle = try ModelLoader.load(path: Corpus.path(model))
        var settings = PlanningSettings()
        settings.mappingDirectories = [Corpus.path(mappings)]
        let planning = try StorePlanning(
            storePath: path, bundle: bundle, settings: settings,
            explicit: try MappingDirectoryReader(policies: policies).candidates(in: Corpus.path(mappings), bundle: bundle),
            inference: InferredStepProvider(), target: target)
        try ChainExecutor(options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
            .run([MigrationJob(storePath: path, plan: planning.plan)])
        return (path, planning.plan)
    }

    static func objects(_ path: String, version: String) throws -> [String] {
        try StoreObjectGraph.lines(at: path, model: try MappedStepFixtures.model(model, version: version))
    }

    @Test(
        "each Moody store migrated one version on equals Apple's store of that version, object for object",
        arguments: [
            ("Moody.moody", "Moody 2", "Moody 2.moody", StepKind.inferred, 9),
            ("Moody 2.moody", "Moody 3", "Moody 3.moody", .explicit, 9),
            ("Moody 3.moody", "Moody 4", "Moody 4.moody", .explicit, 9),
            ("Moody 4.moody", "Moody 5", "Moody 5.moody", .explicit, 7),
        ])
    func step(store: String, target: String, apple: String, kind: StepKind, count: Int) throws {
        let (path, plan) = try Self.migrate(store, to: target)
        #expect(plan.steps.map(\.kind) == [kind])
        let expected = try Self.objects(try Corpus.copyStore("moody/stores/\(apple)"), version: target)
        let migrated = try Self.objects(path, version: target)
        #expect(expected.count == count)
        #expect(migrated == expected)
    }

    @Test("Moody 2 → 3 gives every mood its country's continent, as Apple's Moody 3 has it")
    func continents() throws {
        let (path, _) = try Self.migrate("Moody 2.moody", to: "Moody 3")
        let linked = try DatabaseQueue(path: path).read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM ZMOOD m JOIN ZGEOGRAPHICREGION c ON c.Z_PK = m.ZCOUNTRY
                    WHERE m.ZCONTINENT IS NOT NULL AND m.ZCONTINENT = c.ZCONTINENT
                    """)
        }
        #expect(linked == 4)
    }

    @Test("Moody 5 → 6 is planned with the mapping model and says Country5ToCountry6Policy must be registered")
    func policyNeeded() throws {
        let bundle = try ModelLoader.load(path: Corpus.path(Self.model))
        let candidates = try MappingDirectoryReader().candidates(in: Corpus.path(Self.mappings), bundle: bundle)
        let step = try #require(candidates.first { $0.sourceVersion == "Moody 5" })
        #expect(step.destinationVersion == "Moody 6")
        #expect(step.warnings.contains { $0.contains("Migrations.Country5ToCountry6Policy") })
        #expect {
            try Self.migrate("Moody 5.moody", to: "Moody 6")
        } throws: { error in
            "\(error)".contains("names the custom policy class CountryToCountry: Migrations.Country5ToCountry6Policy")
                && MigrationError(error).remedy == .writeMappingFile
        }
    }

    /// Moody 4 → 5 folded each country's continent into `isoContinent`; the app's policy builds the continents
    /// back from it in 5 → 6. With a policy doing what the app's does, Moody 6 holds the continents, countries
    /// and moods of Apple's Moody 4 store (seen through the Moody 6 model: a continent keeps only its code).
    @Test("Moody 5 → 6 with a policy doing what the app's does restores Apple's Moody 4 continents and links")
    func policyRebuildsContinents() throws {
        var policies = MigrationPolicyRegistry()
        policies.register(ContinentFromCodePolicy(), named: "Country5ToCountry6Policy")
        let (path, plan) = try Self.migrate("Moody 5.moody", to: "Moody 6", policies: policies)
        #expect(plan.steps.map(\.kind) == [.explicit])
        let expected = try Self.objects(try Corpus.copyStore("moody/stores/Moody 4.moody"), version: "Moody 6")
        #expect(expected.count == 9)
        #expect(try Self.objects(path, version: "Moody 6") == expected)
    }
}

/// What Moody's `Country5ToCountry6Policy` (app code, not in the corpus) does, as the app's authors describe
/// it: Core Data's default country, then the continent with the country's `isoContinent` code, found among
/// those already made or inserted, as the country's continent.
final class ContinentFromCodePolicy: MigrationPolicy, @unchecked Sendable {
    private let lock = NSLock()
    private var made: [ExpressionValue: ObjectReference] = [:]

    func createDestinationInstances(
        for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
    ) throws {
        guard let country = try context.createDefaultDestinationInstance(for: source, mapping: mapping) else { return }
        let code = try context.value("isoContinent", of: source)
        guard code != .null else { return }
        let continent = try lock.withLock {
            if let known = made[code] { return known }
            let inserted = try context.insert("Continent", values: ["numericISO3166Code": code])
            made[code] = inserted
            return inserted
        }
        try context.link(country, "continent", to: [continent])
    }
}
