/// A store read (opened, reloaded, or read again after a migration) and its plan to the target, as the work
/// off the UI thread found them.
package struct StoreRead: Sendable, Hashable {
    /// The store read.
    package var path: String
    /// The store and its model's versions, or why it could not be read.
    package var loaded: Result<LoadedStore, ConsoleFailure>
    /// The target planned to, if any.
    package var target: String?
    /// The plan to ``target``, or why there is none; nil when nothing was planned.
    package var plan: Result<PlanInfo, ConsoleFailure>?
    /// Where salvage would write, when it can read the damaged store: the free `<name>-salvaged.<extension>`
    /// beside it.
    package var salvageOutput: String?

    /// Creates the outcome of a read.
    package init(
        path: String, loaded: Result<LoadedStore, ConsoleFailure>, target: String? = nil,
        plan: Result<PlanInfo, ConsoleFailure>? = nil, salvageOutput: String? = nil
    ) {
        self.path = path
        self.loaded = loaded
        self.target = target
        self.plan = plan
        self.salvageOutput = salvageOutput
    }
}
