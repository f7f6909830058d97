/// Whole numbers with thousands separators (`200,000`), locale-independent so screens are reproducible.
package enum NumberText {
    /// Groups digits in threes.
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }
}
