/// What the console reads, plans and restores one store with, and where its model came from: the console
/// takes a new set when the picker opens another store, so each store is planned with its own model.
package struct StoreTools: Sendable {
    /// Reads the store, its rows and its compatibility with the model.
    package var source: any ConsoleDataSource
    /// Plans and runs migrations; nil without a model (the console then browses read-only).
    package var planner: (any ConsolePlanner)?
    /// Lists the store's backups and restores one.
    package var restorer: (any ConsoleRestorer)?
    /// Where the model and mappings were found, shown as the console's message; nil to say nothing.
    package var notice: String?

    /// Creates a set of tools.
    package init(
        source: any ConsoleDataSource, planner: (any ConsolePlanner)?, restorer: (any ConsoleRestorer)?,
        notice: String? = nil
    ) {
        self.source = source
        self.planner = planner
        self.restorer = restorer
        self.notice = notice
    }
}
