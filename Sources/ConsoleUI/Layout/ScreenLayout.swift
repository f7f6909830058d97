/// Where everything goes on a screen of a given size: title bar, body, status line, hint bar and the four panes.
///
/// Designed for 80×24 and up; smaller terminals get a "too small" notice instead of a broken layout.
package struct ScreenLayout: Sendable, Hashable {
    /// The smallest size the console draws its screens at.
    package static let minimum = TerminalSize(width: 80, height: 24)

    /// The top row: console name, store, model, and always the versions (`at X → Y`).
    package let titleBar: Rect
    /// Everything between the title bar and the status line.
    package let body: Rect
    /// The row above the hint bar: the latest message, so a message never pushes the versions out of the title.
    package let statusLine: Rect
    /// The bottom row: key hints.
    package let hintBar: Rect
    /// The pane rectangles of the main screen.
    package let panes: [Pane: Rect]

    /// Whether the terminal is large enough.
    package let fits: Bool

    /// Lays out a screen; `listWidth` is what the left column's lists would like (version names are long). A
    /// `zoomed` pane takes the whole body and the others are not laid out (a long plan at 80×24).
    package init(size: TerminalSize, listWidth: Int = 0, zoomed: Pane? = nil) {
        let full = Rect(x: 0, y: 0, width: size.width, height: size.height)
        fits = size.width >= Self.minimum.width && size.height >= Self.minimum.height
        let (title, rest) = full.splitTop(1)
        titleBar = title
        body = Rect(x: rest.x, y: rest.y, width: rest.width, height: rest.height - 2)
        statusLine = Rect(x: 0, y: size.height - 2, width: size.width, height: 1)
        hintBar = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
        // Left column: the short lists; right column: the wide, text-heavy panes.
        let leftWidth = max(26, body.width * 34 / 100, min(listWidth, body.width * 45 / 100))
        let (left, right) = body.splitLeft(leftWidth)
        let (versions, entities) = left.splitTop(left.height / 2)
        let (store, plan) = right.splitTop(right.height * 55 / 100)
        if let zoomed {
            panes = [zoomed: body]
        } else {
            panes = [.versions: versions, .entities: entities, .store: store, .plan: plan]
        }
    }

    /// Rows of the body left for a pane's content (inside its border).
    package func innerHeight(of pane: Pane) -> Int {
        max(0, (panes[pane]?.height ?? 2) - 2)
    }

    /// Rows the data browser shows per page (body minus its heading lines).
    package var browserRows: Int { max(1, body.height - 4) }
}
