import MigrationEngine
import Testing

/// Natural order reads each name once when sorting many (a model of hundreds of versions): the order must be
/// the pairwise comparison's, whatever the names.
@Suite("Natural order")
struct NaturalOrderTests {
    static let names = [
        "Model 10", "Model 2", "Model", "model 2", "Model 02", "v1.2.0", "v1.1.12", "v1.1.2", "CoreDataMigration_Example 2",
        "CoreDataMigration_Example", "Bench 100", "Bench 1", "Bench 10", "Bench 9", "Ärger 1", "ärger 1", "007", "7", "a", "A",
        "", "x0", "x00", "X0", "Model 2 beta", "Model 2beta",
    ]

    @Test("Sorting once per name gives the pairwise order, and reads as a person would")
    func sortedMatchesPairwise() {
        let pairwise = Self.names.sorted(by: NaturalOrder.precedes)
        #expect(NaturalOrder.sorted(Self.names) == pairwise)
        #expect(NaturalOrder.sorted(Self.names.reversed()) == pairwise)
        let bench = NaturalOrder.sorted(["Bench 100", "Bench 1", "Bench 10", "Bench 9"])
        #expect(bench == ["Bench 1", "Bench 9", "Bench 10", "Bench 100"])
        #expect(
            NaturalOrder.sorted(["CoreDataMigration_Example 2", "CoreDataMigration_Example"]).first == "CoreDataMigration_Example"
        )
        #expect(NaturalOrder.sorted(["v1.2.0", "v1.1.12", "v1.1.2"]) == ["v1.1.2", "v1.1.12", "v1.2.0"])
    }

    @Test("The comparison is a total order: antisymmetric, and zero only for equal names")
    func total() {
        for a in Self.names {
            for b in Self.names {
                #expect(NaturalOrder.compare(a, b) == -NaturalOrder.compare(b, a), "\(a) vs \(b)")
                #expect((NaturalOrder.compare(a, b) == 0) == (a == b), "\(a) vs \(b)")
            }
        }
    }
}
