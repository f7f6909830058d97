/// The four panes of the main screen, in Tab order.
package enum Pane: Int, Sendable, Hashable, CaseIterable {
    case versions, entities, store, plan

    /// The pane's title.
    package var title: String {
        switch self {
        case .versions: "Versions"
        case .entities: "Entities"
        case .store: "Store"
        case .plan: "Plan"
        }
    }

    /// The next pane in Tab order.
    package var next: Pane { Pane(rawValue: (rawValue + 1) % Pane.allCases.count)! }

    /// The previous pane in Tab order.
    package var previous: Pane { Pane(rawValue: (rawValue + Pane.allCases.count - 1) % Pane.allCases.count)! }
}
