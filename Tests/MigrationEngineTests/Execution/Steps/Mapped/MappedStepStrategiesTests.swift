import Testing

@testable import MigrationEngine

/// ``MappedStepStrategies``, the option set of the faster paths, which replaced five switches copied field
/// by field.
@Suite("Mapped step: the strategies")
struct MappedStepStrategiesTests {
    @Test("Each strategy turns off alone; a real run uses all")
    func strategies() {
        var chosen = MappedStepStrategies.all
        chosen.set(.bulkLinks, to: false)
        #expect(!chosen.contains(.bulkLinks) && chosen.contains(.compiledExpressions) && chosen.contains(.fusedMerges))
        chosen.set(.bulkLinks, to: true)
        #expect(chosen == .all)
        #expect(MappedStepStrategies.all.rawValue.nonzeroBitCount == 5)
    }
}
