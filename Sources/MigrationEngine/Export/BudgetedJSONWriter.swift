import Foundation

/// JSON text written under a budget, for values decoded from hostile bytes.
///
/// A keyed archive refers to its objects by index, so a few kilobytes can name one object millions of times
/// (every element of a large array the same shared array): whoever walks it writes far more than it holds.
/// Every byte written and every object visited is counted, and past the limit the walk stops with
/// ``Exceeded``, so a decoded value costs time and memory in proportion to the limit, never more.
struct BudgetedJSONWriter {
    /// The walk went past the budget; the caller falls back to the raw bytes.
    struct Exceeded: Error {}

    private(set) var bytes: [UInt8] = []
    /// What is left of the budget: bytes written and objects visited both spend it.
    private var remaining: Int

    init(limit: Int) {
        remaining = limit
    }

    /// The text written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Spends `units` of the budget without writing (an object visited, a class list read).
    mutating func spend(_ units: Int) throws(Exceeded) {
        remaining -= units
        guard remaining >= 0 else { throw Exceeded() }
    }

    /// Writes JSON syntax or a literal (`null`, `{`, a number's text) as it is.
    mutating func raw(_ text: String) throws(Exceeded) {
        try spend(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes a JSON string literal.
    mutating func string(_ text: String) throws(Exceeded) {
        // Escaping at most sextuples a byte (`\u00XX`); checking first keeps one huge string from being
        // copied before the budget refuses it.
        try spend(text.utf8.count + 2)
        ObjectTextEncoding.appendJSONString(text, to: &bytes)
    }

    /// Writes an integer.
    mutating func integer(_ number: Int64) throws(Exceeded) {
        try raw(String(number))
    }

    /// Writes a floating-point number; JSON has no infinity or NaN, so those are `null`.
    mutating func number(_ number: Double) throws(Exceeded) {
        guard number.isFinite else { return try raw("null") }
        try raw("\(number)")
    }

    /// Writes `{"key":` (after a comma unless `first`), ready for the value.
    mutating func key(_ name: String, first: Bool) throws(Exceeded) {
        if !first { try raw(",") }
        try string(name)
        try raw(":")
    }

    /// Removes what was written from byte `start` on and returns it as text (a dictionary key that is not a
    /// string, written as its JSON text to become the key); it stays spent.
    mutating func removeText(from start: Int) -> String {
        let text = String(decoding: bytes[start...], as: UTF8.self)
        bytes.removeSubrange(start...)
        return text
    }
}
