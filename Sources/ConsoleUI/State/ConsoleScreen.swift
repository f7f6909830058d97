/// Which full screen the console shows; dialogs and help are overlays on top of it.
package enum ConsoleScreen: Sendable, Hashable {
    /// Choosing a store under the current directory.
    case picker
    /// The four panes.
    case main
    /// Paging through one entity's rows.
    case browser
    /// A migration running.
    case run
    /// How the last run ended.
    case result
    /// The store's backups and runs; a backup can be restored.
    case history
}
