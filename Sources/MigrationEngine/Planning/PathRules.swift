/// How strictly a search honours explicit mappings; the planner tries the strictest first.
enum PathRules: CaseIterable {
    /// Both rules: an explicit step out of a version must be taken when one leads to the target, and an
    /// inferred step may not jump over a version that has such an explicit step.
    case strict
    /// Only the first rule (used when no chain satisfies both).
    case explicitFirst
    /// Any chain (used when explicit steps lead only into dead ends).
    case unconstrained
}
