/// The newest run of each kind of cancellable effect, kept on the UI thread: an action sent by any other run
/// (stopped with Esc, or replaced by a newer one) is dropped before the reducer sees it.
struct EffectTickets {
    private var newest: [EffectTicket.Kind: Int] = [:]

    /// A ticket for a new run of `kind`, which replaces the one before.
    mutating func next(_ kind: EffectTicket.Kind) -> EffectTicket {
        cancel(kind)
        return EffectTicket(kind: kind, generation: newest[kind] ?? 0)
    }

    /// Drops whatever the current run of `kind` sends from now on.
    mutating func cancel(_ kind: EffectTicket.Kind) {
        newest[kind, default: 0] += 1
    }

    /// Whether `ticket` belongs to the newest run of its kind.
    func isCurrent(_ ticket: EffectTicket) -> Bool {
        newest[ticket.kind] == ticket.generation
    }
}
