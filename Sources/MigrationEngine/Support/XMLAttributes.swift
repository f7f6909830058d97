/// An element's XML attributes, looked up by name.
///
/// An element of a model or mapping file carries a handful of attributes, and its reader asks for twenty-odd
/// names (every flag and value an attribute may have): comparing the few names present is cheaper than
/// hashing each asked-for name, which made up most of the time of reading a model after parsing it.
struct XMLAttributes: Sendable {
    private var pairs: [(name: String, value: String)]

    /// The attributes the parser reported, in document order; XML forbids an element to repeat a name.
    init(_ pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    /// The value of the attribute `name`, or nil when the element has none.
    subscript(name: String) -> String? {
        // Names of another length are passed over without comparing their text (a count is stored in a String).
        let length = name.utf8.count
        for pair in pairs where pair.name.utf8.count == length && pair.name == name { return pair.value }
        return nil
    }
}
