/// The live run: a progress bar per step with rows, rate and ETA, the current entity, elapsed time, a log tail.
public enum RunView {
    /// Draws the run into the body.
    public static func draw(_ run: RunProgress, storeName: String, now: Double, into buffer: inout ScreenBuffer, in body: Rect) {
        buffer.fill(body)
        let inner = Rect(x: body.x + 1, y: body.y, width: body.width - 2, height: body.height)
        let mode = run.dryRun ? "Dry run" : "Migrating"
        let elapsed = "elapsed " + TimeText.format(run.elapsed(at: now))
        buffer.put("\(mode) \(storeName) → \(run.target)", x: inner.x, y: inner.y, style: .title, limit: inner.maxX - 16)
        buffer.put(elapsed, x: inner.maxX - TerminalWidth.of(elapsed), y: inner.y, style: .dim)
        var y = inner.y + 2
        for (index, step) in run.steps.enumerated() {
            y = drawStep(step, index: index, now: now, into: &buffer, at: y, in: inner)
        }
        y += 1
        if let entity = run.currentEntity, run.outcome == nil {
            buffer.put(
                StyledText("Current: ", style: .dim).appending(entity, CellStyle(.normal, bold: true))
                    .appending(run.currentStep.map { "  (step \($0 + 1) of \(run.steps.count))" } ?? "", .dim),
                x: inner.x, y: y, limit: inner.maxX)
        } else if run.abortRequested, run.outcome == nil {
            buffer.put("Aborting at the next batch…", x: inner.x, y: y, style: .danger, limit: inner.maxX)
        }
        y += 2
        let logRect = Rect(x: body.x, y: y, width: body.width, height: body.maxY - y)
        PaneFrame(
            title: "Log", focused: false, lines: run.log.map { StyledText($0) },
            scroll: max(0, run.log.count - (logRect.height - 2))
        ).draw(into: &buffer, in: logRect)
    }

    private static func drawStep(
        _ step: StepProgress, index: Int, now: Double, into buffer: inout ScreenBuffer, at y: Int, in inner: Rect
    ) -> Int {
        let summary = step.summary
        var heading = StyledText("\(index + 1) ", style: CellStyle(.normal, bold: true))
            .appending("\(summary.from) → \(summary.to)  ", CellStyle(.normal, bold: true))
            .appending(summary.kind == .inferred ? "inferred" : "mapping", .dim)
        if let finished = step.finishedAt, let started = step.startedAt {
            heading.append("  ✓ " + TimeText.format(finished - started), .ok)
        } else if step.startedAt == nil {
            heading.append("  waiting", .dim)
        }
        buffer.put(heading, x: inner.x, y: y, limit: inner.maxX)
        let counts = NumberText.grouped(step.done) + "/" + NumberText.grouped(step.total) + " rows"
        var tail = "  " + counts
        if let rate = step.rate(at: now) { tail += "  " + TimeText.formatRate(rate) }
        if let eta = step.eta(at: now) { tail += "  ETA " + TimeText.format(eta) }
        // A fixed column for the numbers keeps every step's bar the same length.
        let tailWidth = min(50, max(20, inner.width - 24))
        let barWidth = max(10, inner.width - 2 - tailWidth)
        let fraction = step.total > 0 ? Double(step.done) / Double(step.total) : (step.finishedAt != nil ? 1 : 0)
        let end = buffer.put(
            ProgressBar.styled(fraction: fraction, width: barWidth, finished: step.finishedAt != nil),
            x: inner.x + 2, y: y + 1, limit: inner.maxX)
        buffer.put(TerminalWidth.truncate(tail, to: tailWidth), x: end, y: y + 1, style: .plain, limit: inner.maxX)
        return y + 2
    }
}
