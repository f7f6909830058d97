/// Taking in a freshly read store.
extension ConsoleState {
    /// Shows a store just read (opened, reloaded, or migrated) and returns the target to plan to, if any.
    ///
    /// The versions cursor moves to the store's version when the store was not shown before or its version
    /// changed (after a migration), so the Store pane's hashes and the title bar describe the store as it is now.
    package mutating func show(_ loaded: LoadedStore) -> String? {
        let previousVersion = overview?.path == loaded.overview.path ? compatibility?.compatibleVersion : nil
        let wasShown = overview?.path == loaded.overview.path
        versionAfterRun = nil
        overview = loaded.overview
        versions = loaded.versions
        identicalVersions = loaded.identicalVersions
        compatibility = loaded.compatibility
        modelName = loaded.modelName
        if let at = loaded.compatibility?.compatibleVersion, !wasShown || cursor[.versions] == nil || at != previousVersion,
            let index = loaded.versions.firstIndex(where: { $0.name == at })
        {
            cursor[.versions] = index
        }
        target = target ?? loaded.defaultTarget
        return target
    }
}
