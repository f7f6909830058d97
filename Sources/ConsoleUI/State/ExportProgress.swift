/// An export the console waits for: what it writes where, and how far it has got.
package struct ExportProgress: Sendable, Hashable {
    /// The entity exported.
    package var entity: String
    /// The file written.
    package var path: String
    /// How many objects it writes, when known.
    package var objects: Int?
    /// How many it has written so far.
    package var written = 0

    /// The export reports its count after every this many objects: often enough to watch a large export
    /// move, seldom enough that the reports cost nothing beside the writing.
    package static let step = 500

    /// Creates the progress of an export just started.
    package init(entity: String, path: String, objects: Int?) {
        self.entity = entity
        self.path = path
        self.objects = objects
    }

    /// What the wait says: the entity and file, then how many of how many objects are written.
    package var line: String {
        guard written > 0 else { return "Exporting \(entity) to \(path)…" }
        let total = objects.map { " of \(NumberText.grouped($0))" } ?? ""
        let noun = (objects ?? written) == 1 ? "object" : "objects"
        return "Exporting \(NumberText.grouped(written))\(total) \(entity) \(noun) to \(path)…"
    }
}
