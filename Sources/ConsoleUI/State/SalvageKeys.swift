/// Keys of the salvage offer (move between Salvage and Cancel, press one, or back out) and of the report
/// after a salvage (Enter or Esc closes it).
enum SalvageKeys {
    static func handle(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        if action == .help {
            state.showHelp = true
            return []
        }
        guard var offer = state.salvageOffer else {
            if action == .open || action == .back { state.salvageReport = nil }
            return []
        }
        switch action {
        case .nextPane, .previousPane: offer.salvageHighlighted.toggle()
        case .back: return decline(offer, &state)
        case .open:
            guard offer.salvageHighlighted else { return decline(offer, &state) }
            state.salvageOffer = nil
            state.damagedStore = nil
            return [.salvage(store: offer.store, output: offer.output)]
        default: break
        }
        state.salvageOffer = offer
        return []
    }

    /// Cancel writes nothing, and keeps the offer within reach: the Store pane names the damage, `m` asks again.
    private static func decline(_ offer: SalvageOffer, _ state: inout ConsoleState) -> [ConsoleEffect] {
        state.salvageOffer = nil
        state.damagedStore = offer
        state.message = "\(offer.storeName) is left as it is; m offers to salvage it again"
        return []
    }

    /// `m` on a damaged store: salvage is the way to a store that can be migrated.
    static func offerAgain(_ state: inout ConsoleState) -> Bool {
        guard var offer = state.damagedStore, state.overview == nil || state.overview?.path == offer.store else {
            return false
        }
        offer.salvageHighlighted = true
        state.salvageOffer = offer
        return true
    }
}
