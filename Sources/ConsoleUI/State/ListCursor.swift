/// Moves a selection through a list for the movement actions, clamped to the list.
package enum ListCursor {
    /// The new index after an action; other actions leave it as it is.
    package static func move(_ index: Int, action: Action, count: Int, page: Int) -> Int {
        guard count > 0 else { return 0 }
        let moved: Int
        switch action {
        case .moveUp: moved = index - 1
        case .moveDown: moved = index + 1
        case .pageUp: moved = index - page
        case .pageDown: moved = index + page
        // Half a page, as less and vim move with Ctrl-U and Ctrl-D.
        case .halfPageUp: moved = index - max(1, page / 2)
        case .halfPageDown: moved = index + max(1, page / 2)
        case .top: moved = 0
        case .bottom: moved = count - 1
        default: moved = index
        }
        return max(0, min(count - 1, moved))
    }
}
