import Foundation
import MigrationEngine
import Synchronization
import TestSupport
import Testing

/// A run paused while a front end asks "Abort the run?" waits at its next check, holding its lock and its
/// temporary files; cancelled there it ends as any cancelled run does, resumed it finishes.
@Suite("Pausing a run")
struct RunPauseTests {
    /// A run of the fixture's chain on its own thread, paused in the middle of its second step.
    final class PausedRun: Sendable {
        let store: String
        let flag = CancellationFlag()
        let outcome = Mutex<Result<Void, any Error>?>(nil)
        let backupRoot: String

        init() throws {
            store = try ExecutionFixture.store("v1.0.0", in: try TemporaryDirectory.make())
            backupRoot = try TemporaryDirectory.make().path
            let plan = try ExecutionFixture.plan(from: "v1.0.0", to: "v1.2.0")
            let thread = Thread { [self] in
                let flag = self.flag
                let options = ExecutionOptions(backupRoot: backupRoot, cancellation: flag)
                let executor = ChainExecutor(options: options) { event in
                    if case .entityProgress(1, _, 0, _) = event { flag.pause() }
                }
                let result = Result { _ = try executor.run([MigrationJob(storePath: store, plan: plan)]) }
                outcome.withLock { $0 = result }
            }
            thread.start()
        }

        /// Waits (at most 60 s) until `condition` holds.
        func wait(for condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            while !condition(), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            return condition()
        }

        var finished: Bool { outcome.withLock { $0 != nil } }
    }

    @Test("Paused, the run waits holding its lock and temporaries; cancelled there, it ends cleanly")
    func cancelWhilePaused() throws {
        let run = try PausedRun()
        let original = try Data(contentsOf: URL(fileURLWithPath: run.store))
        #expect(run.wait { run.flag.isHeld })
        #expect(!run.finished)
        let locked = #expect(throws: ExecutionError.self) { _ = try StoreLock(storePath: run.store) }
        #expect(locked?.category == .locked, "another run cannot take the store while this one waits")
        #expect(!(try StorePaths(storePath: run.store).leftovers().isEmpty), "its temporary stores are kept")
        #expect(try Data(contentsOf: URL(fileURLWithPath: run.store)) == original)
        run.flag.cancel()
        #expect(run.wait { run.finished })
        guard case .failure(let error)? = run.outcome.withLock({ $0 }) else {
            Issue.record("the run went on to the end")
            return
        }
        #expect((error as? ExecutionError)?.category == .cancelled)
        #expect(!run.flag.isHeld)
        #expect(try Data(contentsOf: URL(fileURLWithPath: run.store)) == original)
        #expect(try StorePaths(storePath: run.store).leftovers().isEmpty)
        try StoreLock(storePath: run.store).release()
    }

    @Test("Resumed, a paused run goes on and migrates")
    func resume() throws {
        let run = try PausedRun()
        #expect(run.wait { run.flag.isHeld })
        run.flag.resume()
        #expect(run.wait { run.finished })
        if case .failure(let error)? = run.outcome.withLock({ $0 }) { Issue.record(error) }
        #expect(try ExecutionFixture.value(run.store, column: "ZV1_2_0_NAME") == "A Known Value")
    }
}
