import Foundation

/// Copies one store file into a snapshot: bytes only, into a new regular `0600` file.
///
/// `FileManager.copyItem` would copy a symbolic link as a link, and SQLite opening that "copy" would reach
/// the original; reading the bytes through the link and writing a fresh file cannot.
enum SnapshotFileCopy {
    static func copy(from source: String, to target: String) throws {
        guard let input = FileHandle(forReadingAtPath: source) else {
            throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: source])
        }
        defer { try? input.close() }
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target]) }
        let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? output.close() }
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try output.write(contentsOf: chunk)
        }
    }
}
