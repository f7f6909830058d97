import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("Snapshot file copy")
struct SnapshotFileCopyTests {
    @Test("A source that opens but cannot be read is the file named, not the copy", arguments: [false, true])
    func unreadableSource(digesting: Bool) throws {
        // A folder opens for reading, and every read of it fails (EISDIR), by the kernel's copy or the process's.
        let folder = try TemporaryDirectory.make()
        let source = folder.appendingPathComponent("Store.sqlite").path
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: false)
        let target = folder.appendingPathComponent("copy.sqlite").path
        #expect {
            try SnapshotFileCopy.copy(from: source, to: target, digesting: digesting)
        } throws: { error in
            let failure = error as? SnapshotFileCopy.Failure
            return failure?.path == source && failure?.code == EISDIR
                && failure?.description == "\(source): \(String(cString: strerror(EISDIR)))"
        }
    }

    @Test("A copy holds the source's bytes, and a digesting one their SHA-256", arguments: [false, true])
    func copiesTheBytes(digesting: Bool) throws {
        let folder = try TemporaryDirectory.make()
        let source = folder.appendingPathComponent("Store.sqlite").path
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: URL(fileURLWithPath: source))
        let target = folder.appendingPathComponent("copy.sqlite").path
        let digest = try SnapshotFileCopy.copy(from: source, to: target, digesting: digesting)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == bytes)
        #expect(digest == (digesting ? FileDigest.sha256(of: bytes) : nil))
    }
}
