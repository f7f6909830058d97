import Foundation

/// The names the console tries for a new file: `<base><ext>`, `<base>-2<ext>`, … in `folder`, the first that
/// names nothing being the one suggested, so accepting it never replaces a file.
package struct FreeName: Sendable, Hashable {
    /// The folder the file goes in; nil for the current folder, which only an effect may ask the process for.
    var folder: URL?
    /// The name before the index and extension.
    var base: String
    /// The extension with its dot, or empty.
    var ext: String

    /// `<name>-salvaged.<extension>` beside the damaged `store`: where salvage writes the store it reads.
    static func salvaged(_ store: String) -> FreeName {
        let url = URL(fileURLWithPath: store)
        return FreeName(
            folder: url.deletingLastPathComponent(), base: url.deletingPathExtension().lastPathComponent + "-salvaged",
            ext: url.pathExtension.isEmpty ? "" : "." + url.pathExtension)
    }

    /// The `index`th name (1 first) in `folder`.
    func candidate(_ index: Int, in folder: URL) -> String {
        folder.appendingPathComponent(base + (index == 1 ? "" : "-\(index)") + ext).path
    }
}
