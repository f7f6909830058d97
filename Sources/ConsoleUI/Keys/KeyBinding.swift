/// One row of the key table: the keys, the action they trigger, where, and how to describe it.
package struct KeyBinding: Sendable, Hashable {
    /// The action triggered.
    package var action: Action
    /// Every key that triggers it.
    package var keys: [Key]
    /// The keys as shown to the user (`↑/k`).
    package var label: String
    /// A word or two for the hint bar.
    package var hint: String
    /// A sentence for the help overlay.
    package var help: String
    /// Where the binding applies.
    package var contexts: Set<KeyContext>
    /// Whether the hint bar shows it (rarely used keys appear only in help).
    package var inHintBar: Bool
    /// Whether help lists it as a row of its own (`false` when the row of its pair already describes it).
    package var inHelp: Bool

    /// Creates a binding; the label defaults to the keys' labels joined by `/`.
    package init(
        _ action: Action, keys: [Key], label: String? = nil, hint: String, help: String,
        contexts: Set<KeyContext>, inHintBar: Bool = true, inHelp: Bool = true
    ) {
        self.action = action
        self.keys = keys
        self.label = label ?? keys.map(\.label).joined(separator: "/")
        self.hint = hint
        self.help = help
        self.contexts = contexts
        self.inHintBar = inHintBar
        self.inHelp = inHelp
    }
}
