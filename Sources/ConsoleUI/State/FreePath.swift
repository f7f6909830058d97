import Foundation

/// A file name the console suggests for something it writes (an export, a seeded store): the first of
/// `<base><ext>`, `<base>-2<ext>`, … that names no file in the folder, so accepting it never replaces one.
enum FreePath {
    static func first(in folder: URL, base: String, extension ext: String) -> String {
        var index = 1
        while true {
            let candidate = folder.appendingPathComponent(base + (index == 1 ? "" : "-\(index)") + ext).path
            if !FileManager.default.fileExists(atPath: candidate) { return candidate }
            index += 1
        }
    }
}
