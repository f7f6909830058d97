import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("coredataplus-cars: Core Data's own entity rename, migrated like Core Data", Corpus.required)
struct CarsMigrationTests {
    static let model = RealAppStoreCase.carsModel

    /// Migrates a copy of `store` from `from` to `to` along the planned inferred chain; returns the copy.
    static func migrate(_ store: String, from: String, to: String) throws -> String {
        let bundle = try RealAppStoreCase.cars[0].bundle()
        let graph = try VersionGraph(
            bundle: bundle, settings: PlanningSettings(), explicit: [], inference: InferredStepProvider())
        let plan = try PathPlanner(graph: graph).plan(from: from, to: to)
        let copy = try Corpus.copyStore(store)
        try ChainExecutor(options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
            .run([MigrationJob(storePath: copy, plan: plan)])
        return copy
    }

    @Test("V1 → V2 gives Apple's V2: schema, Z_PRIMARYKEY (ExpensiveSportCar kept), metadata UUID and every row")
    func firstStepEqualsApple() throws {
        let migrated = try StoreDump(
            try Self.migrate("coredataplus-cars/stores/SampleModel_V1.sqlite", from: "SampleModel", to: "SampleModel2"))
        let apple = try StoreDump(try Corpus.copyStore("coredataplus-cars/stores/SampleModel_V2.sqlite"))
        let (ours, theirs) = (try migrated.schema(), try apple.schema())
        #expect(ours == theirs, "differences: \(Set(ours).symmetricDifference(theirs).map(\.description).sorted())")
        #expect(try migrated.primaryKeys() == apple.primaryKeys())
        #expect(try apple.primaryKeys().contains("3|ExpensiveSportCar|2|0"), "Apple keeps the old name")
        #expect(try migrated.metadata().uuid == apple.metadata().uuid)
        for table in ["ZCAR", "ZPERSON"] {
            #expect(try migrated.rows(table) == apple.rows(table), "\(table)")
        }
    }

    @Test("Apple's V2 verifies at SampleModel2 and migrates on to SampleModel3 with every car and person")
    func secondStepKeepsEverything() throws {
        let bundle = try RealAppStoreCase.cars[0].bundle()
        let v3 = try #require(bundle.version(named: "SampleModel3"))
        let original = try StoreDump(try Corpus.copyStore("coredataplus-cars/stores/SampleModel_V2.sqlite"))
        let path = try Self.migrate("coredataplus-cars/stores/SampleModel_V2.sqlite", from: "SampleModel2", to: "SampleModel3")
        try StoreValidator(model: v3).validate(path)
        let migrated = try StoreDump(path)
        // Entity numbers follow the new model (Maker takes 4, Person moves to 5); the renamed entity's row keeps
        // the name Core Data left in it.
        #expect(
            try migrated.primaryKeys() == [
                "1|Car|0|125", "2|SportCar|1|0", "3|ExpensiveSportCar|2|0", "4|Maker|0|0", "5|Person|0|20",
            ])
        let carRows = #"SELECT Z_PK, Z_ENT, ZOWNER, ZMODEL, ZNUMBERPLATE FROM ZCAR ORDER BY Z_PK"#
        let personRows = #"SELECT Z_PK, ZFIRSTNAME, ZLASTNAME, ZUPDATEDAT FROM ZPERSON ORDER BY Z_PK"#
        #expect(try migrated.strings(carRows) == original.strings(carRows))
        #expect(try migrated.strings(personRows).count == 20)
        #expect(try migrated.strings(personRows) == original.strings(personRows))
    }

    @Test("Validation reads the kept name as the entity the model numbers the same, and nothing else")
    func keptNameIsTheRenamedEntity() throws {
        let bundle = try RealAppStoreCase.cars[0].bundle()
        let store = try Corpus.copyStore("coredataplus-cars/stores/SampleModel_V2.sqlite")
        try StoreValidator(model: try #require(bundle.version(named: "SampleModel2"))).validate(store)
        // A name that is another entity's is not a kept name: the store no longer fits.
        try StoreDump.execute(store, #"UPDATE Z_PRIMARYKEY SET Z_NAME = 'SportCar' WHERE Z_ENT = 3"#)
        #expect(throws: ExecutionError.self) {
            try StoreValidator(model: try #require(bundle.version(named: "SampleModel2"))).validate(store)
        }
    }
}
