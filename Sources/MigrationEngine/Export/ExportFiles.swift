import Foundation

/// Creating the folder `export` writes into, with failures as ``ExportError``s naming the file.
enum ExportFiles {
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
}
