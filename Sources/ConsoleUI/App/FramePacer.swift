/// When the console's loop draws and how long it may wait for input: the loop sleeps until a key, an action
/// sent by an effect (``ActionQueue`` wakes it) or the next frame due, so nothing waits out a fixed poll.
///
/// A key's own frame is drawn at once, and so is the first change after it (what the key asked for: a page,
/// a plan), however soon it comes; changes that stream in after that (a run's progress, a search filling the
/// picker) are drawn at most every ``frameInterval``. Idle, nothing is drawn and the loop wakes only every
/// ``idleMilliseconds`` (signals and resizes are noticed then).
struct FramePacer {
    /// The shortest time between two redraws while changes stream in.
    static let frameInterval = 0.08
    /// The longest sleep with nothing to draw: how late a signal or a resize can be noticed.
    static let idleMilliseconds = 100

    /// When the last frame was drawn, on the console's clock (negative: never).
    private(set) var lastDraw = -1.0
    /// Whether the state changed since the last frame.
    private(set) var dirty = true
    /// Frames that may be drawn at once, without waiting for the frame interval.
    private var prompt = 1

    /// A key was taken: its frame, and the one showing what it asked for, are drawn at once.
    mutating func keyTaken() {
        dirty = true
        prompt = 2
    }

    /// The state changed (an action taken); `promptly` draws it at once (a run that has just ended).
    mutating func changed(promptly: Bool = false) {
        dirty = true
        if promptly { prompt = max(prompt, 1) }
    }

    /// Whether to draw now; `animating` draws every frame interval even unchanged (a run's elapsed time).
    func shouldDraw(now: Double, animating: Bool) -> Bool {
        guard dirty || animating else { return false }
        return prompt > 0 || now - lastDraw >= Self.frameInterval
    }

    /// A frame was drawn at `now`.
    mutating func drew(at now: Double) {
        lastDraw = now
        dirty = false
        prompt = max(0, prompt - 1)
    }

    /// How long the loop may wait for input before it has a frame to draw, in milliseconds.
    func wait(now: Double, animating: Bool) -> Int {
        guard dirty || animating else { return Self.idleMilliseconds }
        if prompt > 0 { return 0 }
        let due = lastDraw + Self.frameInterval - now
        return min(Self.idleMilliseconds, max(0, Int((due * 1000).rounded())))
    }
}
