import Foundation

/// The effects that look at the disk for the reducer: a free name to suggest, whether a typed path names a
/// file. Each is a few `stat` calls, so it runs on the UI thread and sends its answer as an action.
extension ConsoleApp {
    /// Finds the first free name `suggestion` makes.
    func suggest(_ suggestion: PathSuggestion) {
        actions.send(.pathSuggested(suggestion, path: suggestion.names.firstFree()))
    }

    /// Says whether the path in `check` names a file (or anything else) now.
    func check(_ check: PathCheck) {
        actions.send(.pathChecked(check, exists: FileManager.default.fileExists(atPath: check.path)))
    }
}

extension FreeName {
    /// The first of these names that names nothing on disk.
    func firstFree() -> String {
        let folder = self.folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var index = 1
        while FileManager.default.fileExists(atPath: candidate(index, in: folder)) { index += 1 }
        return candidate(index, in: folder)
    }
}
