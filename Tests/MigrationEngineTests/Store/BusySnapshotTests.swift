import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 31, "clear errors": an app opening and closing a WAL store while it is copied removes its `-wal`
/// between the look at the store and the copy. That is a busy store (copied again, `.locked` if it never
/// holds still), never "You don't have permission" (the copy's old guess at any failure to open).
@Suite("A store busy while it is copied")
struct BusySnapshotTests {
    @Test("A file gone before its copy says so, with the system's reason")
    func vanishedFileSaysSo() throws {
        let folder = try TemporaryDirectory.make()
        let missing = folder.appendingPathComponent("Gone.sqlite-wal").path
        do {
            try SnapshotFileCopy.copy(from: missing, to: folder.appendingPathComponent("copy").path)
            Issue.record("copied a file that does not exist")
        } catch {
            #expect(error.vanished)
            #expect(error.description == "\(missing): No such file or directory")
        }
    }

    @Test("A -wal appearing and vanishing during snapshots is never an unreadable store", .timeLimit(.minutes(1)))
    func flickeringLogIsBusyNotUnreadable() throws {
        let store = try JournalFixture.store(version: 3, entries: 50)
        let log = store + "-wal"
        let stop = Atomic<Bool>(false)
        let flicker = Thread {
            while !stop.load(ordering: .relaxed) {
                close(open(log, O_CREAT | O_WRONLY, 0o644))
                unlink(log)
            }
        }
        flicker.start()
        defer { stop.store(true, ordering: .relaxed) }
        var outcomes: [String] = []
        for _ in 0..<200 {
            do {
                let snapshot = try StoreSnapshot.take(of: store)
                snapshot.remove()
                outcomes.append("copied")
            } catch {
                outcomes.append("\(error.code)")
                #expect(error.code == .locked, "\(error)")
            }
        }
        #expect(outcomes.contains("copied") || outcomes.contains("locked"))
    }
}
