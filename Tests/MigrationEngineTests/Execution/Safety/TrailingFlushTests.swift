import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// The final store goes to disk while it is written: the flushes reach the file at the path, follow it when
/// it is replaced, wait for it when it is not there yet, and stop before `stop()` returns.
@Suite("Flushing a store while it is written")
struct TrailingFlushTests {
    /// Records the file (device and inode) of every flush.
    final class FlushLog: Sendable {
        private let files = Mutex<[[UInt64]]>([])

        var flush: TrailingFlush.Flush {
            { descriptor in
                var info = stat()
                guard fstat(descriptor, &info) == 0 else { return }
                self.files.withLock { $0.append([UInt64(info.st_dev), UInt64(info.st_ino)]) }
            }
        }

        var flushed: [[UInt64]] { files.withLock { $0 } }

        /// Waits until a flush of `file` is recorded (at most 10 s).
        func waitFor(_ file: [UInt64]) -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if flushed.contains(file) { return true }
                usleep(2_000)
            }
            return false
        }
    }

    static func identity(_ path: String) throws -> [UInt64] {
        var info = stat()
        try #require(stat(path, &info) == 0)
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    @Test("Flushes the file at the path, found once it appears and again after it is replaced")
    func followsTheFile() throws {
        let folder = try TemporaryDirectory.make()
        let path = folder.appendingPathComponent("step0.sqlite").path
        let log = FlushLog()
        let trailing = TrailingFlush(path: path, interval: 0.005, flush: log.flush)
        defer { trailing.stop() }
        usleep(30_000)
        #expect(log.flushed.isEmpty, "nothing to flush before the step creates its file")

        try Data("first".utf8).write(to: URL(fileURLWithPath: path))
        let first = try Self.identity(path)
        #expect(log.waitFor(first))

        // A step that starts its file again (a rolled-back rename copies instead) makes another inode.
        let other = folder.appendingPathComponent("other").path
        try Data("second".utf8).write(to: URL(fileURLWithPath: other))
        try #require(rename(other, path) == 0)
        let second = try Self.identity(path)
        #expect(second != first)
        #expect(log.waitFor(second))
    }

    @Test("No flush runs once stop() has returned")
    func stopWaits() throws {
        let folder = try TemporaryDirectory.make()
        let path = folder.appendingPathComponent("step0.sqlite").path
        try Data("rows".utf8).write(to: URL(fileURLWithPath: path))
        let log = FlushLog()
        let trailing = TrailingFlush(path: path, interval: 0.001, flush: log.flush)
        #expect(log.waitFor(try Self.identity(path)))
        trailing.stop()
        let count = log.flushed.count
        usleep(50_000)
        #expect(log.flushed.count == count)
        trailing.stop()
    }

    @Test("A symbolic link at the path is not followed")
    func noSymbolicLinks() throws {
        let folder = try TemporaryDirectory.make()
        let target = folder.appendingPathComponent("elsewhere").path
        try Data("not ours".utf8).write(to: URL(fileURLWithPath: target))
        let path = folder.appendingPathComponent("step0.sqlite").path
        try #require(symlink(target, path) == 0)
        let log = FlushLog()
        let trailing = TrailingFlush(path: path, interval: 0.001, flush: log.flush)
        usleep(50_000)
        trailing.stop()
        #expect(log.flushed.isEmpty)
    }
}
