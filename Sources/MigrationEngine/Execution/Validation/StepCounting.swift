/// How a run holds a step's result to the rows of its source (see ``CountExpectation``), and so how it reads
/// the source to know them. Each step says which applies to it: the run never asks what type a step is.
package enum StepCounting: Sendable {
    /// Every entity the step carries over keeps exactly its source entity's rows: the step copies every row of
    /// an entity's number, so a row of another number is missing from its result or kept in it, and either
    /// fails the result's count. The source's tables are counted whole, without reading their rows.
    case everyCarriedEntity([HeldCount])
    /// Only these destination entities are predictable, each the sum of its sources' rows; the source's
    /// tables no count holds are read row by row while the step runs (see ``SourceRowCount``), so a row its
    /// model cannot have is still refused.
    case someEntities([HeldCount])
    /// The result is held to no count and the source is not counted: the step copies the store page for page
    /// and may repair the very keys a count would refuse (see ``BookkeepingRepairStep``).
    case none

    /// A destination entity whose rows are predicted from one source entity's.
    package struct HeldCount: Sendable, Hashable {
        /// The destination entity.
        package var destination: String
        /// The source entity whose rows it gets.
        package var source: String

        /// Creates a held count.
        package init(destination: String, source: String) {
            self.destination = destination
            self.source = source
        }
    }

    /// The counts the result must have, from a source holding `sourceCounts` rows per entity: each held
    /// destination entity gets the sum of its sources' rows. Empty when the result is held to none.
    func expected(from sourceCounts: [String: Int]) -> [String: Int] {
        var expected: [String: Int] = [:]
        for held in heldCounts { expected[held.destination, default: 0] += sourceCounts[held.source] ?? 0 }
        return expected
    }

    /// The source entities whose rows the result is held to.
    var heldSources: Set<String> { Set(heldCounts.map(\.source)) }

    private var heldCounts: [HeldCount] {
        switch self {
        case .everyCarriedEntity(let held), .someEntities(let held): held
        case .none: []
        }
    }
}

extension MigrationStep {
    /// A step that does not say otherwise is held to no count, its source read row by row.
    package var counting: StepCounting { .someEntities([]) }
}
