import Foundation

/// The run's own files said as the user's store. A step's new store and the source's snapshot have names
/// (`.App.sqlite.cdmigrate-…-step0.sqlite`) that mean nothing to the user and are gone by the time the error
/// is read, so an error that names one names the store instead, and which step's result it was.
struct RunFileNames {
    /// Each of the run's files with the words that replace it, the longest path first.
    private let names: [(path: String, words: String, step: String?)]
    /// The store the run migrates.
    private let store: String

    /// The names of `job`'s files in `run`: its snapshot at `snapshot` and each step's new store.
    init(job: MigrationJob, run: String, snapshot: String) {
        let paths = StorePaths(storePath: job.storePath)
        store = job.storePath
        let steps = job.plan.passes.map { indices, step in
            let numbers =
                indices.count > 1 ? "steps \(indices.lowerBound + 1)–\(indices.upperBound + 1)" : "step \(indices.lowerBound + 1)"
            let step = "after \(numbers) (\(step.from) → \(step.to))"
            return (
                path: paths.temporary(run: run, step: indices.lowerBound), words: "\(job.storePath) \(step)",
                step: Optional(step)
            )
        }
        names = (steps + [(path: snapshot, words: job.storePath, step: nil)]).sorted { $0.path.count > $1.path.count }
    }

    /// `error`, saying the store wherever it named one of the run's files; the same error when it named none.
    func userFacing(_ error: any Error) -> any Error {
        if var file = error as? ExecutionError, rename(&file) { return file }
        if var file = error as? StoreError, rename(&file) { return file }
        let text = "\(error)"
        let renamed = self.text(text)
        guard renamed != text else { return error }
        return MigrationFailure(
            category: FailureCategory.of(error), path: store, message: renamed, remedy: (error as? any CategorizedError)?.remedy)
    }

    /// `text` with every one of the run's paths replaced by its words.
    func text(_ text: String) -> String {
        names.reduce(text) { $0.replacingOccurrences(of: $1.path, with: $1.words) }
    }

    /// Renames a file error in place; whether it named one of the run's files.
    private func rename<Kind>(_ error: inout FileError<Kind>) -> Bool {
        let message = text(error.message)
        guard let name = names.first(where: { $0.path == error.path }) else {
            guard message != error.message else { return false }
            error.message = message
            return true
        }
        error.path = store
        error.message = name.step.map { "\($0): \(message)" } ?? message
        return true
    }
}
