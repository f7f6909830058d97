/// The tools made for a store picked in the picker, carried from the work that made them, through the
/// reducer (which decides whether that store is still wanted), to the effect that puts them to use.
///
/// Compared by identity: tools hold a model and a planner, which have no value to compare.
package final class PickedTools: Sendable, Hashable {
    /// The tools.
    package let tools: StoreTools

    /// Wraps tools made for a store.
    package init(_ tools: StoreTools) {
        self.tools = tools
    }

    package static func == (lhs: PickedTools, rhs: PickedTools) -> Bool { lhs === rhs }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
