import Foundation

/// The exact state of every file in a folder — bytes, modification time, and which files exist — so a test
/// can prove that an operation wrote nothing there.
public struct FolderFingerprint: Equatable, CustomStringConvertible {
    /// File name → (bytes, modification time).
    public let files: [String: FileState]

    /// One file's bytes and modification time.
    public struct FileState: Equatable {
        /// The file's contents.
        public let bytes: Data
        /// The file's modification time; nil when it cannot be read.
        public let modified: Date?
    }

    /// Records the folder that holds `path` (a store's folder when given a store path).
    public init(folderOf path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var files: [String: FileState] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let file = folder.appendingPathComponent(name).path
            files[name] = FileState(
                bytes: try Data(contentsOf: URL(fileURLWithPath: file)),
                modified: try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)
        }
        self.files = files
    }

    /// The file names and sizes, for failure messages.
    public var description: String {
        files.keys.sorted().map { "\($0) (\(files[$0]!.bytes.count) bytes)" }.joined(separator: ", ")
    }
}
