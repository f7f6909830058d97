/// An explicit mapping that matched two versions but cannot make a step between them (a custom policy class
/// nothing stands for, an attribute the model lacks…): it makes no edge of the ``VersionGraph``.
public struct UnusableMapping: Sendable, Hashable {
    /// The mapping's name.
    public var name: String
    /// The versions it matched.
    public var pair: VersionPair
    /// Why it cannot be used.
    public var reason: String
    /// What the user can do about it, when there is one thing to do; each front end words it.
    public var remedy: Remedy?

    /// The mapping `name` between `pair`, unusable for `error`.
    init(name: String, pair: VersionPair, error: any Error) {
        self.name = name
        self.pair = pair
        reason = "\(error)"
        remedy = (error as? any CategorizedError)?.remedy
    }
}
