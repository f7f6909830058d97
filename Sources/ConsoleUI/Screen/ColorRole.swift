/// What a piece of text means, so the backend can colour it (or, in monochrome, emphasise it).
///
/// Views never name colours: they name roles, and the ncurses backend maps each role to a colour pair.
package enum ColorRole: Int, Sendable, Hashable, CaseIterable {
    /// Ordinary text in the terminal's default colours.
    case normal = 0
    /// Titles, focused borders, the selected action.
    case accent
    /// Something good: a matching hash, a finished step, success.
    case ok
    /// A warning that deserves attention.
    case warning
    /// Data loss, failure, abort.
    case danger
    /// Secondary information: sizes, hints, unchanged values.
    case dim
    /// Progress bars and other live information.
    case info
}
