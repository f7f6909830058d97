import Foundation

/// Flushes a file to disk over and over while a step is still writing it, on a thread of its own.
///
/// The store a chain will swap in must be on disk before the swap (``DurableFile/sync(_:)``). Left to that one
/// flush, the disk writes the whole store after the step has finished (a 233 MB store: ~0.35 s here, the
/// largest part of its validation); flushed as it grows, the disk writes it while SQLite fills it and the final
/// flush finds almost nothing left. These flushes promise nothing, so their outcome is not checked: the final
/// flush is the one the crash contract relies on, and it still runs and still fails the run if it fails.
final class TrailingFlush: Sendable {
    /// How the file is flushed: `fdatasync` (what `DurableFile` needs later anyway) unless a test counts them.
    typealias Flush = @Sendable (_ descriptor: Int32) -> Void

    /// Signalled once, by ``stop()``.
    private let wake: DispatchSemaphore
    private let worker: ConcurrentWork<Void>

    /// Starts flushing `path` every `interval` seconds; a file not there yet is looked for again each time,
    /// and one replaced under the same path is reopened.
    init(path: String, interval: Double = 0.05, flush: @escaping Flush = TrailingFlush.flushData) {
        let wake = DispatchSemaphore(value: 0)
        self.wake = wake
        worker = ConcurrentWork {
            var file = OpenedFile(path: path)
            defer { file.close() }
            while wake.wait(timeout: .now() + interval) == .timedOut {
                if let descriptor = file.current() { flush(descriptor) }
            }
        }
    }

    /// Stops flushing and waits for the thread to end: no flush runs once this returns.
    func stop() {
        wake.signal()
        worker.wait()
    }

    /// Writes the file's data (and what is needed to read it back) to disk.
    static let flushData: Flush = { descriptor in
        #if os(Linux)
            _ = fdatasync(descriptor)
        #else
            _ = flushToDisk(descriptor)
        #endif
    }

    /// The file at a path, opened read-only without following a symbolic link, and opened again when the
    /// path names another file than the one open.
    private struct OpenedFile {
        let path: String
        var descriptor: Int32 = -1

        init(path: String) { self.path = path }

        mutating func current() -> Int32? {
            if descriptor >= 0, Self.identity(path: path) != Self.identity(descriptor: descriptor) { close() }
            if descriptor < 0 { descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
            return descriptor >= 0 ? descriptor : nil
        }

        mutating func close() {
            if descriptor >= 0 { _ = Foundation.close(descriptor) }
            descriptor = -1
        }

        private static func identity(path: String) -> [UInt64]? {
            var info = stat()
            return lstat(path, &info) == 0 ? [UInt64(info.st_dev), UInt64(info.st_ino)] : nil
        }

        private static func identity(descriptor: Int32) -> [UInt64]? {
            var info = stat()
            return fstat(descriptor, &info) == 0 ? [UInt64(info.st_dev), UInt64(info.st_ino)] : nil
        }
    }
}
