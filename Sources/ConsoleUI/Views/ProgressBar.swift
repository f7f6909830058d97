/// A horizontal bar of `█` for done and `░` for left, eighths included so slow progress still moves.
package enum ProgressBar {
    /// The bar's text for a fraction (0…1) at a width in columns.
    package static func text(fraction: Double, width: Int) -> (done: String, left: String) {
        guard width > 0 else { return ("", "") }
        let clamped = max(0, min(1, fraction.isFinite ? fraction : 0))
        let eighths = Int((clamped * Double(width * 8)).rounded(.down))
        let full = eighths / 8
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var done = String(repeating: "█", count: full)
        if full < width, eighths % 8 > 0 { done += partials[eighths % 8] }
        let left = String(repeating: "░", count: width - TerminalWidth.of(done))
        return (done, left)
    }

    /// The bar as styled text.
    package static func styled(fraction: Double, width: Int, finished: Bool) -> StyledText {
        let (done, left) = text(fraction: fraction, width: width)
        return StyledText(done, style: CellStyle(finished ? .ok : .info)).appending(left, .dim)
    }
}
