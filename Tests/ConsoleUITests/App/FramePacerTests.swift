import Foundation
import Testing

@testable import ConsoleUI

/// Issue 35, never block: a key's result reached the screen up to ~120 ms late, the loop sleeping out a 40 ms
/// poll for a key and then an 80 ms frame interval. It sleeps until a key, an action or the next frame due,
/// and what a key asked for is drawn as soon as it comes; changes that stream in are still paced, and idle it
/// draws nothing. Clock values are given: nothing here waits.
@Suite struct FramePacerTests {
    @Test func whatAKeyAskedForIsDrawnAsSoonAsItComes() {
        var pacer = FramePacer()
        pacer.drew(at: 0)
        pacer.keyTaken()
        #expect(pacer.shouldDraw(now: 1.0, animating: false), "the key's own frame")
        #expect(pacer.wait(now: 1.0, animating: false) == 0)
        pacer.drew(at: 1.0)
        #expect(!pacer.shouldDraw(now: 1.001, animating: false), "nothing changed yet")
        #expect(pacer.wait(now: 1.001, animating: false) == FramePacer.idleMilliseconds, "asleep until it comes")
        // The page the key asked for, 10 ms later: drawn then, not 70 ms after.
        pacer.changed()
        #expect(pacer.shouldDraw(now: 1.01, animating: false))
        #expect(pacer.wait(now: 1.01, animating: false) == 0)
        pacer.drew(at: 1.01)
    }

    @Test func changesThatStreamInArePacedAndIdleDrawsNothing() {
        var pacer = FramePacer()
        pacer.drew(at: 0)
        pacer.changed()
        #expect(!pacer.shouldDraw(now: 0.02, animating: false), "a stream of progress is drawn every frame interval")
        #expect(pacer.wait(now: 0.02, animating: false) == 60, "asleep until that frame is due")
        #expect(pacer.shouldDraw(now: 0.08, animating: false))
        pacer.drew(at: 0.08)
        #expect(pacer.wait(now: 0.1, animating: true) == 60, "a run's clock is drawn every frame interval")
        #expect(!pacer.shouldDraw(now: 10, animating: false), "idle: no frame, however long")
        #expect(pacer.wait(now: 10, animating: false) == FramePacer.idleMilliseconds)
        pacer.changed(promptly: true)
        #expect(pacer.shouldDraw(now: 0.09, animating: false), "the end of a run is drawn at once")
    }

    @Test func anActionSentWakesTheLoop() {
        let queue = ActionQueue()
        let descriptor = queue.wakeDescriptor
        #expect(descriptor != nil)
        #expect(!Self.readable(descriptor), "nothing sent: the loop sleeps")
        queue.send(.resized(TerminalSize(width: 80, height: 24)))
        #expect(Self.readable(descriptor), "an action sent from any thread wakes the loop's wait")
        queue.clearWake()
        #expect(!Self.readable(descriptor))
        #expect(queue.take() != nil, "the action itself is kept for the loop to take")
        for _ in 0..<100_000 { queue.send(.resized(TerminalSize(width: 80, height: 24))) }
        #expect(queue.count == 100_000, "a full pipe neither blocks nor loses an action")
    }

    static func readable(_ descriptor: Int32?) -> Bool {
        guard let descriptor else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }
}
