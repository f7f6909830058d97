/// Keys of the salvage offer: move between Salvage and Cancel, press one, or back out.
enum SalvageKeys {
    static func handle(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var offer = state.salvageOffer else { return [] }
        switch action {
        case .nextPane, .previousPane: offer.salvageHighlighted.toggle()
        case .help: state.showHelp = true
        case .back:
            state.salvageOffer = nil
            return []
        case .open:
            state.salvageOffer = nil
            return offer.salvageHighlighted ? [.salvage(store: offer.store, output: offer.output)] : []
        default: break
        }
        state.salvageOffer = offer
        return []
    }
}
