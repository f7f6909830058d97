import ArgumentParser
import MigrationEngine

/// How commands that read a store treat one SQLite would read only in part.
struct StoreReadingOptions: ParsableArguments {
    @Flag(
        name: .customLong("accept-wal-loss"),
        help:
            "Read a store whose -wal is damaged or not its own, keeping only what SQLite can apply (committed transactions after the damage are lost)."
    )
    var acceptWALLoss = false

    /// The engine's snapshot options.
    var snapshot: SnapshotOptions { SnapshotOptions(acceptWALLoss: acceptWALLoss) }
}
