import Foundation

/// Where `export` writes when standard output is a terminal: a pipe whose bytes a thread of its own hands on
/// to the terminal through ``TerminalOutput/printable(_:)``, so an escape sequence in a store's text is shown
/// as `␛[…` rather than obeyed. The engine writes its format unchanged; only what reaches the screen differs.
/// Through a pipe or into a file, `export` writes to standard output directly and the bytes stay as they are.
final class PrintableExportOutput: Sendable {
    private let pipe = Pipe()
    private let finished = DispatchSemaphore(value: 0)

    /// Starts handing the pipe's bytes to standard output.
    init() {
        let reading = pipe.fileHandleForReading
        Thread.detachNewThread { [finished] in
            var pending = Data()
            // An empty read is the end: the writing end was closed by ``finish()``.
            while case let chunk = reading.availableData, !chunk.isEmpty {
                pending.append(chunk)
                let whole = Self.completeCharacters(in: pending)
                TerminalOutput.writeStandardOutput(String(decoding: pending.prefix(whole), as: UTF8.self))
                pending.removeFirst(whole)
            }
            if !pending.isEmpty { TerminalOutput.writeStandardOutput(String(decoding: pending, as: UTF8.self)) }
            finished.signal()
        }
    }

    /// The handle the export writes to.
    var handle: FileHandle { pipe.fileHandleForWriting }

    /// Ends the output and waits until all of it has reached the terminal.
    /// - Throws: The error closing the pipe's writing end (then the thread may still be reading).
    func finish() throws {
        try pipe.fileHandleForWriting.close()
        finished.wait()
    }

    /// How many leading bytes of `bytes` end on a character boundary: a UTF-8 sequence cut by the end of a
    /// read waits for the rest of its bytes, so that it is not shown as two replacement characters.
    static func completeCharacters(in bytes: Data) -> Int {
        var start = bytes.endIndex
        // A sequence is at most 4 bytes: look back at most 3 for the lead byte of the last one.
        while start > bytes.startIndex, bytes.endIndex - start < 4 {
            start -= 1
            let byte = bytes[start]
            guard byte & 0xC0 == 0x80 else {
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return bytes.endIndex - start >= length ? bytes.count : start - bytes.startIndex
            }
        }
        return bytes.count
    }
}
