/// The live run: the chain graph with each step's progress on its rail (rows, smoothed rate, ETA, then
/// "validating…" and its time), the snapshot on the store's version and the backup and swap on the target's,
/// what is being done now, elapsed time, and a log tail.
package enum RunView {
    /// The run's lines above the log, for an inner width; `consoleTime` is on the console's clock, and every
    /// span is measured on the run's own (paused time left out).
    package static func lines(_ run: RunProgress, now consoleTime: Double, width: Int) -> [StyledText] {
        let now = run.time(at: consoleTime)
        let graph = ChainGraph.lines(
            source: run.source, steps: run.plannedSteps, versions: [], width: width,
            node: { version in nodeStages(run, version: version, now: now) },
            edge: { index in stepLines(run.steps[index], index: index, now: now, width: width - 2) })
        var lines = graph + [""]
        if let activity = run.activityText {
            lines.append(StyledText("Current: ", style: .dim).appending(activity, CellStyle(.normal, bold: true)))
            // While other entities of the step are still to come the step's ETA is unknown; the entity's is not.
            if case .copying(let index, let entity?)? = run.activity, run.steps[index].eta(at: now) == nil,
                let left = run.steps[index].entityEta(at: now)
            {
                lines.append(
                    StyledText(
                        "         about \(TimeText.format(left)) left for \(entity); the step's other rows follow", style: .dim))
            }
        } else if run.abortRequested, run.outcome == nil {
            lines.append(StyledText("Aborting at the next batch…", style: .danger))
        }
        return lines
    }

    /// Draws the run into the body.
    package static func draw(_ run: RunProgress, storeName: String, now: Double, into buffer: inout ScreenBuffer, in body: Rect) {
        buffer.fill(body)
        let inner = Rect(x: body.x + 1, y: body.y, width: body.width - 2, height: body.height)
        let mode = run.dryRun ? "Dry run" : "Migrating"
        let elapsed = "elapsed " + TimeText.format(run.elapsed(at: now)) + (run.pausedAt == nil ? "" : " (paused)")
        buffer.put("\(mode) \(storeName) → \(run.target)", x: inner.x, y: inner.y, style: .title, limit: inner.maxX - 16)
        buffer.put(elapsed, x: inner.maxX - TerminalWidth.of(elapsed), y: inner.y, style: .dim)
        // The log keeps at least a few lines; a chain too long for the rest scrolls its graph to the activity.
        let content = lines(run, now: now, width: inner.width)
        let room = max(1, inner.height - 2 - 4)
        var y = inner.y + 2
        for line in content.suffix(room) {
            buffer.put(line, x: inner.x, y: y, limit: inner.maxX)
            y += 1
        }
        y += 1
        let logRect = Rect(x: body.x, y: y, width: body.width, height: body.maxY - y)
        PaneFrame(
            title: "Log", focused: false, lines: run.log.map { StyledText($0) },
            scroll: max(0, run.log.count - (logRect.height - 2))
        ).draw(into: &buffer, in: logRect)
    }

    /// The stages drawn on a version of the path: the snapshot on the store's, the backup and swap on the target's.
    static func nodeStages(_ run: RunProgress, version: String, now: Double) -> StyledText {
        var text = StyledText()
        if version == run.source { text = text + stage("snapshot", run.snapshot, now: now) }
        if version == run.target {
            if run.dryRun {
                text.append("backup and swap skipped: dry run", .dim)
            } else {
                text = text + stage("backup", run.backup, now: now).appending("  ") + stage("swap", run.swap, now: now)
            }
        }
        return text
    }

    private static func stage(_ name: String, _ timing: StageTiming, now: Double) -> StyledText {
        guard let started = timing.startedAt else { return StyledText(name + " waiting", style: .dim) }
        guard let finished = timing.finishedAt else {
            return StyledText(name + "… " + TimeText.format(now - started), style: CellStyle(.info, bold: true))
        }
        return StyledText(name + " ✓ " + TimeText.format(finished - started), style: .ok)
    }

    /// A step's two lines on its rail: what it is and where it is, then its bar and figures.
    static func stepLines(_ step: StepProgress, index: Int, now: Double, width: Int) -> [StyledText] {
        var heading =
            StyledText("\(index + 1). ", style: CellStyle(.normal, bold: true))
            + ChainGraph.kind(of: PlanStep(summary: step.summary, isLossy: step.isLossy))
        switch step.phase {
        case .waiting: heading.append("  waiting", .dim)
        case .finished:
            if let started = step.startedAt, let finished = step.finishedAt {
                heading.append("  ✓ " + TimeText.format(finished - started), .ok)
            }
        default: break
        }
        var tail = "  "
        if let total = step.total {
            tail += NumberText.grouped(step.done) + "/" + NumberText.grouped(total) + " rows"
        } else {
            // A step that reports no total (a custom step) shows what it has done, never a guess.
            tail += step.startedAt == nil ? "" : step.done == 0 ? "counting the rows…" : NumberText.grouped(step.done) + " rows"
        }
        switch step.phase {
        case .copying:
            if let rate = step.rate.rate(at: now) { tail += "  " + TimeText.formatRate(rate) }
            if let eta = step.eta(at: now) { tail += "  ETA " + TimeText.format(eta) }
        case .finishing: tail += "  completing…"
        case .validating: tail += "  validating… " + TimeText.format(now - (step.validationStartedAt ?? now))
        case .waiting, .finished: break
        }
        // A fixed column for the figures keeps every step's bar the same length.
        let tailWidth = min(52, max(20, width - 22))
        let barWidth = max(8, width - tailWidth)
        let fraction = step.total.map { $0 > 0 ? Double(step.done) / Double($0) : 1 } ?? 0
        let bar = ProgressBar.styled(
            fraction: step.phase == .finished ? 1 : fraction, width: barWidth, finished: step.phase == .finished)
        return [heading, bar.appending(TerminalWidth.truncate(tail, to: tailWidth))]
    }
}
