/// What a run is doing right now, for the run view's "Current:" line.
package enum RunActivity: Sendable, Hashable {
    /// Taking the snapshot the first step reads.
    case snapshot
    /// Copying step `step`'s rows; `entity` is the entity (or mapping) being copied once one is reported.
    case copying(step: Int, entity: String?)
    /// Validating step `step`'s result.
    case validating(step: Int)
    /// Backing up the original.
    case backup
    /// Putting the migrated store in place.
    case swap
}
