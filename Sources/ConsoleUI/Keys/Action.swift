/// Something the user asks the console to do; keys map to actions through the ``KeyTable``.
package enum Action: String, Sendable, Hashable, CaseIterable {
    case moveUp, moveDown, pageUp, pageDown, halfPageUp, halfPageDown, top, bottom
    case scrollLeft, scrollRight
    case nextPane, previousPane
    case open, back, quit, help, details
    case setTarget, migrate, abort
    case yes, no
    case refresh
    case search, findNext, findPrevious, sort, sortNext, erase
    case export, seed
    case showHistory, palette
    case zoom
}
