/// Where the validation checks put what they find. A step's result is refused at its first problem, so by
/// default a problem is thrown; `verify` lists every problem of a store, so it hands the checks a collector
/// and each check goes on past what it found.
final class ValidationProblems {
    /// One problem and whether it is about objects (a required value left empty, a reference to no object, a
    /// row of no entity, a key above `Z_MAX`), which `BrokenObjects` can name one by one instead, or whether it
    /// is SQLite's own verdict that the file's pages are damaged, which explains whatever else was found.
    struct Found {
        var error: ExecutionError
        var aboutObjects: Bool
        var isDamage = false
    }

    /// Every problem found, in the order the checks ran; each message once.
    private(set) var found: [Found] = []

    /// Keeps `error` (once: two checks can find the same missing table).
    func add(_ error: ExecutionError, aboutObjects: Bool = false) {
        guard !found.contains(where: { $0.error == error }) else { return }
        found.append(Found(error: error, aboutObjects: aboutObjects))
    }
}

extension Optional where Wrapped == ValidationProblems {
    /// Throws `error` when nothing collects problems (a step's validation), else keeps it and returns.
    func report(_ error: ExecutionError, aboutObjects: Bool = false) throws(ExecutionError) {
        guard let collector = self else { throw error }
        collector.add(error, aboutObjects: aboutObjects)
    }
}
