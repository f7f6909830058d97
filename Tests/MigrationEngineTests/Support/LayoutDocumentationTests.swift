import Foundation
import TestSupport
import Testing

/// `docs/CONTRIBUTING.md`'s layout is where a newcomer learns where code goes: every source folder is named
/// there (a target as `Sources/<Target>/`, a folder inside it by its path from the target, in backticks), so a
/// folder added without a word about it fails here.
@Suite("Every source folder is in CONTRIBUTING.md's layout")
struct LayoutDocumentationTests {
    @Test func everySourceFolderIsDescribed() throws {
        let root = Corpus.packageRoot
        let guide = try String(contentsOf: root.appendingPathComponent("docs/CONTRIBUTING.md"), encoding: .utf8)
        let start = try #require(guide.range(of: "## Layout\n"))
        let end = try #require(guide.range(of: "\n## ", range: start.upperBound..<guide.endIndex))
        let layout = guide[start.upperBound..<end.lowerBound]

        let sources = root.appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { isFolder(sources, $0) }
        #expect(targets.count >= 8)
        var missing: [String] = []
        for target in targets.sorted() {
            if !layout.contains("`Sources/\(target)/`") { missing.append("Sources/\(target)/") }
            let folder = sources.appendingPathComponent(target)
            let walker = FileManager.default.enumerator(atPath: folder.path)
            while let path = walker?.nextObject() as? String {
                guard isFolder(folder, path) else { continue }
                if !layout.contains("`\(path)/`") { missing.append("Sources/\(target)/\(path)/") }
            }
        }
        #expect(missing.isEmpty, "folders CONTRIBUTING.md's layout does not name: \(missing)")
    }

    private func isFolder(_ base: URL, _ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path, isDirectory: &folder)
            && folder.boolValue
    }
}
