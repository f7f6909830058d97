/// The four panes of the main screen, in Tab order.
public enum Pane: Int, Sendable, Hashable, CaseIterable {
    case versions, entities, store, plan

    /// The pane's title.
    public var title: String {
        switch self {
        case .versions: "Versions"
        case .entities: "Entities"
        case .store: "Store"
        case .plan: "Plan"
        }
    }

    /// The next pane in Tab order.
    public var next: Pane { Pane(rawValue: (rawValue + 1) % Pane.allCases.count)! }

    /// The previous pane in Tab order.
    public var previous: Pane { Pane(rawValue: (rawValue + Pane.allCases.count - 1) % Pane.allCases.count)! }
}
