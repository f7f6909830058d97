import Foundation

/// Creating the folder `export` writes into and naming its files, with failures as ``ExportError``s naming
/// the file.
enum ExportFiles {
    /// The path of entity `entity`'s file inside `folder`, creating the folder when it does not exist.
    ///
    /// An entity's name comes from a model, perhaps a store's own cached model, so it never chooses a path:
    /// the file is named from ``safeName(_:)``, and the path is checked to lie directly inside `folder`.
    static func file(in folder: String, entity: String, extension suffix: String) throws(ExportError) -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ExportError(
                store: folder, message: "cannot create the output folder: \(error.localizedDescription)", category: .io)
        }
        let name = safeName(entity) + "." + suffix
        let file = URL(fileURLWithPath: folder).appendingPathComponent(name)
        let inside = StorePaths.realPath(file.deletingLastPathComponent().path) == StorePaths.realPath(folder)
        guard inside, file.lastPathComponent == name else {
            throw ExportError(
                store: folder, message: "the file for entity \"\(entity)\" would not be inside the output folder",
                category: .invalidInput)
        }
        return file.path
    }

    /// A file name for `entity`: the name itself when it is made only of letters, digits, `_`, `-` and
    /// inner dots and is short; otherwise those characters kept (others as `_`, at most 100 bytes) and a
    /// digest of the whole name appended, so two entities never share a file and no name is `..`, hidden,
    /// holds a `/` or runs past a file system's limit.
    static func safeName(_ entity: String) -> String {
        var kept = ""
        for character in entity {
            let plain = character.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal || scalar == "_"
                    || scalar == "-" || scalar == "."
            }
            let next = plain ? String(character) : "_"
            guard kept.utf8.count + next.utf8.count <= 100 else { break }
            kept += next
        }
        if kept.first == "." { kept = "_" + kept.dropFirst() }
        guard kept != entity || kept.isEmpty else { return kept }
        return kept + "-" + FileDigest.sha256(of: Data(entity.utf8)).prefix(8)
    }
}
