@testable import ConsoleUI

/// The console as a test drives it, like TCA's TestStore: with its work inline (the default outside its loop),
/// every effect has sent its result by the time it returns, so a test takes the follow-up actions at once,
/// with no thread and no sleep.
extension ConsoleApp {
    /// Starts `effects` and takes every action they send, and their follow-ups'.
    func settle(_ effects: [ConsoleEffect]) {
        perform(effects)
        receiveAll()
    }

    /// Presses `key` and takes every action that follows.
    func press(_ key: Key) {
        send(.key(key))
        receiveAll()
    }

    /// Takes actions until one that `matches` has been taken; returns it, or nil when none came.
    @discardableResult
    func receive(until matches: (ConsoleAction) -> Bool) -> ConsoleAction? {
        while let action = receive() {
            if matches(action) { return action }
        }
        return nil
    }
}
