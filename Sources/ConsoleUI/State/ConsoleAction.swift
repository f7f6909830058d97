/// Everything the reducer takes: a key, or the result of an effect's work, which comes back through the one
/// ``ActionQueue`` instead of being written into the state by the effect.
package enum ConsoleAction: Sendable, Hashable {
    /// A key (or mouse event) from the terminal.
    case key(Key)
    /// The work the console waited for before opening anything (the demo writing its store) has ended;
    /// `then` is what the console does next when it succeeded.
    case prepared(failure: ConsoleFailure?, then: [ConsoleEffect])
    /// Salvage into `output` ended: its one-line summary, or why it failed.
    case salvaged(output: String, Result<String, ConsoleFailure>)
    /// The export of `entity` to `path` ended: how many objects were written, or why none were.
    case exported(entity: String, path: String, Result<Int, ConsoleFailure>)
    /// Seeding a fixture store ended: its one-line summary, or why nothing was written.
    case seeded(Result<String, ConsoleFailure>)
    /// Restoring `store` from `backup` ended, with why it failed if it did.
    case restored(store: String, backup: String, failure: ConsoleFailure?)
}
