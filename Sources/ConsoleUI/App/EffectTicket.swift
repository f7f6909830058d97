/// Which run of a cancellable effect sent an action: the console keeps the newest run of each kind, and
/// drops what an older (stopped or replaced) run sends.
package struct EffectTicket: Sendable, Hashable {
    /// The kinds of effect that can be stopped or replaced while their work runs.
    package enum Kind: Sendable, Hashable {
        /// Reading a store (and planning it) to show it.
        case read
        /// Making a plan.
        case plan
        /// Counting what a plan's lossy steps drop in the store.
        case loss
        /// Making the tools for a store picked in the picker.
        case pick
        /// Searching the picker's folder for stores.
        case scan
        /// Reading a page of the data browser's rows (a filter as it is typed, a sorted page).
        case rows
    }

    /// The kind of effect.
    package var kind: Kind
    /// The run of that kind, counted from 1.
    package var generation: Int
}
