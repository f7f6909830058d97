import Testing

extension TmuxSession {
    /// The walk through a console opened on a store, shared by the end-to-end suites on the project's and
    /// on Apple's stores: the Entities pane, a page of the data browser and a record, help, the details view,
    /// then the Versions pane moved off the store's version; the console is left on the main screen.
    ///
    /// - Parameters:
    ///   - matching: the entity shown matching the store's version once the store is read (`✓ Entry`).
    ///   - moves: the keys that select the entity to browse in the Entities pane (`Down`).
    ///   - entity: the entity browsed, named in the browser's heading.
    ///   - related: text of a to-one value on the first page (`Author #`).
    ///   - mismatching: the entity shown not matching once the next version is selected (`✗ Entry`).
    ///   - sourceLocation: Where a failed expectation is reported.
    /// - Returns: the last screen, with the mismatching entity.
    /// - Throws: `TmuxFailure` when a tmux command fails; a screen that does not appear in time is recorded as
    ///   an issue, not thrown.
    @discardableResult
    func walkConsole(
        matching: String, moves: [String] = [], browsing entity: String, related: String, mismatching: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        try waitFor(matching, sourceLocation: sourceLocation)
        try send("Tab")
        try waitFor("▸ Entities", sourceLocation: sourceLocation)
        for key in moves { try send(key) }
        try send("Enter")
        try waitFor("\(entity)  rows 1–", sourceLocation: sourceLocation)
        try waitFor(related, sourceLocation: sourceLocation)
        try send("Space")
        var screen = try waitFor("page 2/", sourceLocation: sourceLocation)
        #expect(screen.contains("read-only"), sourceLocation: sourceLocation)
        try send("Enter")
        try waitFor("— row ", sourceLocation: sourceLocation)
        try send("Escape", "Escape")
        // Only the main screen's hint bar offers "migrate": the browser is gone before `?` is pressed.
        try waitFor("m migrate", sourceLocation: sourceLocation)
        try send("?")
        screen = try waitFor("Help — Esc, q or ? closes", sourceLocation: sourceLocation)
        #expect(screen.contains("Main screen (here)"), sourceLocation: sourceLocation)
        try send("Escape")
        // Help is closed before `d`: pressed at once, `d` could reach the help overlay, where it does nothing.
        try waitFor("m migrate", sourceLocation: sourceLocation)
        try send("d")
        try waitFor("Details — Esc or d closes", sourceLocation: sourceLocation)
        try send("d")
        try waitFor("m migrate", sourceLocation: sourceLocation)
        try send("BTab", "Down")
        return try waitFor(mismatching, sourceLocation: sourceLocation)
    }
}
