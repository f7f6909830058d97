import Foundation
import MigrationEngine
import Synchronization

/// The test hook `CDMIGRATE_CRASH_AT=<stage>[:<n>]`: the process kills itself with SIGKILL the n-th time
/// (default first) a swap reaches that stage, so tests can prove recovery after a real crash.
enum CrashHook {
    static func stageHook() -> @Sendable (SwapStage) -> Void {
        guard let setting = ProcessInfo.processInfo.environment["CDMIGRATE_CRASH_AT"] else { return { _ in } }
        let parts = setting.split(separator: ":")
        let stage = SwapStage(rawValue: String(parts.first ?? ""))
        let occurrence = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
        let counter = Counter()
        return { reached in
            if reached == stage, counter.next() == occurrence { kill(getpid(), SIGKILL) }
        }
    }

    private final class Counter: Sendable {
        private let value = Mutex(0)
        func next() -> Int {
            value.withLock {
                $0 += 1
                return $0
            }
        }
    }
}
