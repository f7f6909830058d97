import Foundation
import MigrationEngine
import Testing

@Suite("Version order")
struct VersionOrderTests {
    @Test("Natural order reads numbers as numbers; an unnumbered name comes first")
    func natural() throws {
        let names = ["Model 10", "Model 2", "Model", "Model 1"]
        #expect(try VersionOrder(versions: names).sequence == ["Model", "Model 1", "Model 2", "Model 10"])
        let corpus = ["CoreDataMigration_Example 3", "CoreDataMigration_Example", "CoreDataMigration_Example 2"]
        #expect(
            try VersionOrder(versions: corpus).sequence
                == ["CoreDataMigration_Example", "CoreDataMigration_Example 2", "CoreDataMigration_Example 3"])
        let semantic = ["v2.0.0", "v1.1.2", "v1.10.0", "v1.0.0", "v1.2.0"]
        #expect(try VersionOrder(versions: semantic).sequence == ["v1.0.0", "v1.1.2", "v1.2.0", "v1.10.0", "v2.0.0"])
    }

    @Test("Pattern order sorts by the captured part of the name")
    func pattern() throws {
        let names = ["b-3-x", "c-1-y", "a-2-z"]
        #expect(try VersionOrder(rule: .pattern(#"-(\d+)-"#), versions: names).sequence == ["c-1-y", "a-2-z", "b-3-x"])
        #expect(try VersionOrder(rule: .pattern(#"(?<version>\d+)"#), versions: names).sequence.first == "c-1-y")
        let error = #expect(throws: PlanningError.self) { try VersionOrder(rule: .pattern(#"x(\d)"#), versions: names) }
        #expect(error?.versions == ["b-3-x"] || error?.versions == ["c-1-y"] || error?.versions == ["a-2-z"])
        let tie = #expect(throws: PlanningError.self) { try VersionOrder(rule: .pattern("[a-c]"), versions: ["a1", "a2"]) }
        #expect(tie?.versions == ["a1", "a2"])
    }

    @Test("A list order is taken as given; unlisted versions stay out of it")
    func list() throws {
        let order = try VersionOrder(rule: .list(["B", "A"]), versions: ["A", "B", "C"])
        #expect(order.sequence == ["B", "A"])
        #expect(order.allowsInferredStep(from: "B", to: "A"))
        #expect(!order.allowsInferredStep(from: "A", to: "B"))
        #expect(!order.allowsInferredStep(from: "C", to: "A"))
        let unknown = #expect(throws: PlanningError.self) { try VersionOrder(rule: .list(["A", "Z"]), versions: ["A"]) }
        #expect(unknown?.code == .unknownVersion)
        #expect(unknown?.versions == ["Z"])
    }

    @Test("Pairs allow only their own steps; what lies between follows from them; cycles are named")
    func pairs() throws {
        let pairs = [VersionPair(from: "A", to: "B"), VersionPair(from: "B", to: "D"), VersionPair(from: "A", to: "C")]
        let order = try VersionOrder(rule: .pairs(pairs), versions: ["A", "B", "C", "D"])
        #expect(order.sequence == ["A", "B", "C", "D"])
        #expect(order.allowsInferredStep(from: "B", to: "D"))
        #expect(!order.allowsInferredStep(from: "A", to: "D"))
        #expect(order.lies("B", between: "A", and: "D"))
        #expect(!order.lies("C", between: "A", and: "D"))
        let loop = pairs + [VersionPair(from: "D", to: "A")]
        let error = #expect(throws: PlanningError.self) { try VersionOrder(rule: .pairs(loop), versions: ["A", "B", "C", "D"]) }
        #expect(error?.code == .cycle)
        #expect(error?.description == "version pairs form a cycle: A → B → D → A")
    }

    @Test("Two versions are neighbours exactly when no version lies between them, for every kind of order")
    func neighbours() throws {
        let names = ["A", "B", "C", "D", "E"]
        let pairs = [VersionPair(from: "A", to: "B"), VersionPair(from: "B", to: "D"), VersionPair(from: "A", to: "C")]
        let orders = [
            try VersionOrder(versions: names), try VersionOrder(rule: .list(["D", "A", "C"]), versions: names),
            try VersionOrder(rule: .pairs(pairs), versions: names),
        ]
        for order in orders {
            // The graph's versions: the ordered ones, then those the order leaves out.
            let versions = order.sequence + names.filter { order.position(of: $0) == nil }
            for a in names {
                for b in names {
                    let scanned = !versions.contains { order.lies($0, between: a, and: b) }
                    #expect(order.areNeighbours(a, b, among: versions) == scanned, "\(order.rule): \(a), \(b)")
                }
            }
        }
        #expect(try !VersionOrder(versions: names).areNeighbours("A", "C", among: names))
        #expect(try VersionOrder(versions: names).areNeighbours("D", "C", among: names))
    }

    @Test("Downgrades are allowed only when asked for")
    func downgrades() throws {
        #expect(!(try VersionOrder(versions: ["A", "B"])).allowsInferredStep(from: "B", to: "A"))
        #expect(try VersionOrder(versions: ["A", "B"], allowsDowngrades: true).allowsInferredStep(from: "B", to: "A"))
    }
}
