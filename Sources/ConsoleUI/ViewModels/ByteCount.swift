/// Human-readable byte sizes (`512 B`, `4.0 KB`, `1.3 MB`), the same everywhere in the console.
package enum ByteCount {
    /// Formats a byte count with binary units.
    package static func format(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return (value < 10 ? String(format: "%.1f", value) : String(Int(value.rounded()))) + " " + units[unit]
    }
}
