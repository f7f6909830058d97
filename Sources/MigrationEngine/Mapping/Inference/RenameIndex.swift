/// Source elements (entities, attributes or relationships) looked up the way Core Data's inferred mapping
/// finds the one a destination element takes its values from.
///
/// Built once per list, so matching every destination element is linear: inference runs for every pair of
/// versions a graph allows (4,005 pairs for wire's 90 versions).
struct RenameIndex<Element> {
    private var byName: [String: Element] = [:]
    private var byRenaming: [String: Element] = [:]

    /// Indexes `elements`; where two share a name or renaming identifier the first wins.
    init(_ elements: [Element], name: (Element) -> String, renaming: (Element) -> String?) {
        for element in elements {
            if byName[name(element)] == nil { byName[name(element)] = element }
            if let identifier = renaming(element), byRenaming[identifier] == nil { byRenaming[identifier] = element }
        }
    }

    /// The element named by `key` (the destination's renaming identifier, or its name); failing that, one
    /// renamed from the same original; failing that, a renaming identifier that names nothing is ignored and
    /// the element of the same name matches (wire 2.47.0 gives `Conversation` the identifier
    /// `messageDestructionTimeout`, which names no entity of 2.46.0, and Core Data keeps every conversation).
    func match(key: String, ownName: String) -> Element? {
        byName[key] ?? byRenaming[key] ?? byName[ownName]
    }

    /// The first element named `name`, whatever renaming identifiers say.
    func named(_ name: String) -> Element? {
        byName[name]
    }
}

extension RenameIndex: Sendable where Element: Sendable {}
