import Foundation
import MigrationEngine
import Synchronization

/// Shows a run's events: JSON lines for scripts, a redrawn progress bar per step on a terminal, or plain
/// lines otherwise. Called from the engine's thread; output is serialised.
final class ProgressPrinter: Sendable {
    enum Style: Sendable { case json, terminal, lines }

    private let style: Style
    private let state = Mutex<State>(State())

    struct State {
        var steps: [StepSummary] = []
        var lastDraw = Date.distantPast
        var stepStarted = Date()
    }

    /// For commands that print their own result (plan, verify, restore): what the engine notes on the way,
    /// such as a recovered swap, goes to standard error so the result on standard output stays clean.
    static let stderrNotes: @Sendable (MigrationEvent) -> Void = { event in
        if let line = line(event, []) { StandardError.write("cdmigrate: \(line)\n") }
    }

    init(json: Bool) {
        style = json ? .json : (isatty(STDOUT_FILENO) == 1 ? .terminal : .lines)
    }

    func handle(_ event: MigrationEvent) {
        state.withLock { state in
            switch style {
            case .json: emit(Self.jsonLine(event))
            case .lines: if let line = Self.line(event, state.steps) { emit(line + "\n") }
            case .terminal: draw(event, &state)
            }
            if case .planReady(let steps) = event { state.steps = steps }
            if case .stepStarted = event { state.stepStarted = Date() }
        }
    }

    private func draw(_ event: MigrationEvent, _ state: inout State) {
        if case .entityProgress(let index, let entity, let done, let total) = event {
            guard Date().timeIntervalSince(state.lastDraw) > 0.1 || done == total else { return }
            state.lastDraw = Date()
            let width = 30
            let fraction = total > 0 ? Double(done) / Double(total) : 1
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let elapsed = max(Date().timeIntervalSince(state.stepStarted), 0.001)
            let rate = Double(done) / elapsed
            let eta = rate > 0 && done < total ? String(format: ", ETA %.0fs", Double(total - done) / rate) : ""
            emit("  step \(index + 1) \(entity) \(bar) \(done)/\(total) (\(Int(rate)) rows/s\(eta))", redrawing: true)
        } else if let line = Self.line(event, state.steps) {
            emit(line + "\n", redrawing: true)
        }
    }

    private static func line(_ event: MigrationEvent, _ steps: [StepSummary]) -> String? {
        switch event {
        case .planReady(let steps): return "plan: \(steps.count) step(s)"
        case .stepStarted(let index, let step): return "step \(index + 1): \(step.from) → \(step.to) (\(step.kind.rawValue))"
        case .entityProgress, .stepRows, .stageStarted: return nil
        case .stepValidated(let index, let seconds): return "step \(index + 1): validated in \(String(format: "%.2f", seconds))s"
        case .log(let message): return message
        case .recovered(let store, let outcome): return "recovered an interrupted migration of \(store): \(outcome.rawValue)"
        case .repaired(let store, let repairs):
            return (["\(store):"] + RepairReportText.lines(repairs)).joined(separator: "\n")
        case .committed(let backup, let dryRun):
            return dryRun
                ? "dry run complete: every step succeeded and validated; nothing was changed"
                : "migrated" + (backup.map { "; backup at \($0)" } ?? "")
        case .failed(let reason): return "failed: \(RemedyText.line(reason.message, remedy: reason.remedy))"
        }
    }

    /// The event as one JSON line; an event that cannot be encoded is said on standard error, not dropped.
    private static func jsonLine(_ event: MigrationEvent) -> String {
        do {
            return try JSONOutput.line(event) + "\n"
        } catch {
            StandardError.write("cdmigrate: cannot encode an event as JSON: \(error)\n")
            return ""
        }
    }

    /// Writes `text`; `redrawing` first returns to the start of the line and erases it, so the bar is drawn
    /// over itself.
    private func emit(_ text: String, redrawing: Bool = false) {
        TerminalOutput.writeStandardOutput(text, after: redrawing ? "\r\u{1B}[2K" : "")
    }
}
