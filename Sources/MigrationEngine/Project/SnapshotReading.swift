/// Reading a user's store through a private snapshot, as `diff --store` and `verify` do: the snapshot is
/// removed afterwards, and an error about it names the user's file, since the copy means nothing to them.
enum SnapshotReading {
    /// Runs `body` on a fresh snapshot of `store`.
    static func read<Result>(
        _ store: String, options: SnapshotOptions = .init(), _ body: (StoreSnapshot) throws -> Result
    ) throws -> Result {
        let snapshot = try StoreSnapshot.take(of: store, options: options)
        defer { snapshot.remove() }
        do {
            return try body(snapshot)
        } catch var error as StoreWriteError {
            error.path = store
            throw error
        } catch var error as ExecutionError {
            error.path = store
            throw error
        } catch var error as StoreError {
            error.path = store
            throw error
        }
    }
}
