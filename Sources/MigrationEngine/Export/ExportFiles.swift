import Foundation

/// Creating the files and folder `export` writes, with failures as ``ExportError``s naming the file.
enum ExportFiles {
    /// Creates (or empties) `path` and opens it for writing.
    static func create(_ path: String) throws(ExportError) -> FileHandle {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw ExportError(store: path, message: "cannot create the output file", category: .io)
        }
        return handle
    }

    /// The path of `name` inside `folder`, creating the folder when it does not exist.
    static func file(in folder: String, named name: String) throws(ExportError) -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ExportError(
                store: folder, message: "cannot create the output folder: \(error.localizedDescription)", category: .io)
        }
        return URL(fileURLWithPath: folder).appendingPathComponent(name).path
    }

    /// Closes a written file, reporting a failure (the last buffered bytes may not have reached the disk).
    static func close(_ handle: FileHandle, path: String) throws(ExportError) {
        do {
            try handle.close()
        } catch {
            throw ExportError(store: path, message: "cannot finish writing: \(error.localizedDescription)", category: .io)
        }
    }
}
