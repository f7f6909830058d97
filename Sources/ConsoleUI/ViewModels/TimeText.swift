/// Short durations for the run view and the result screen (`0.4 s`, `12 s`, `3 m 05 s`).
package enum TimeText {
    /// Formats seconds.
    package static func format(_ seconds: Double) -> String {
        if seconds < 10 { return String(format: "%.1f s", max(0, seconds)) }
        if seconds < 60 { return "\(Int(seconds.rounded())) s" }
        let whole = Int(seconds.rounded())
        return "\(whole / 60) m " + String(format: "%02d s", whole % 60)
    }

    /// Formats a rate of rows per second (`12.3k rows/s`).
    package static func formatRate(_ rowsPerSecond: Double) -> String {
        if rowsPerSecond >= 1_000_000 { return String(format: "%.1fM rows/s", rowsPerSecond / 1_000_000) }
        if rowsPerSecond >= 1000 { return String(format: "%.1fk rows/s", rowsPerSecond / 1000) }
        return "\(Int(rowsPerSecond.rounded())) rows/s"
    }
}
