/// What the console needs from the terminal before it takes it over, checked while a one-line error can still
/// be printed: standard input and output on a terminal, and a `TERM` that can move the cursor (`dumb`, or no
/// `TERM` at all, draws a single line). A front end reports the problem as wrong usage, not an engine failure.
package enum TerminalRequirement {
    /// Why the console cannot run here, or `nil` when it can.
    package static func problem(inputIsTerminal: Bool, outputIsTerminal: Bool, environment: [String: String]) -> String? {
        guard inputIsTerminal, outputIsTerminal else {
            return "the console needs a terminal on standard input and output; use inspect, plan or migrate in scripts"
        }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" || term == "unknown" {
            let shown = term.isEmpty ? "TERM is not set" : "TERM=\(term) cannot move the cursor"
            return "the console needs a full-screen terminal (\(shown)); set TERM (for example TERM=xterm-256color) "
                + "or use inspect, plan or migrate"
        }
        return nil
    }
}
