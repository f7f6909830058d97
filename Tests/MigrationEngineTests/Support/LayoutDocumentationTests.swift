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

    /// Issue 36, item 7: tests mirror the sources, so the tests of a source file are found beside its path. A
    /// test file named after a source file of its target (`<Name>Tests.swift` for `<Name>.swift`) lives in the
    /// folder mirroring that file's; folders of tests that cut across the target (generated runs, fuzzing,
    /// end-to-end runs) are exempt. Tests of several files of one folder (`MappedStepSetBasedTests`) are placed
    /// by hand, by the same rule.
    @Test func testsMirrorTheSources() throws {
        let root = Corpus.packageRoot
        let exempt = ["Generated", "Fuzz", "EndToEnd", "Fixtures"]
        var misplaced: [String] = []
        var checked = 0
        for target in ["MigrationEngine", "ConsoleUI"] {
            // The folder of each source file, by name (names are unique within a target).
            var folders: [String: String] = [:]
            for source in try swiftFiles(root.appendingPathComponent("Sources/\(target)")) {
                let name = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
                folders[name] = (source as NSString).deletingLastPathComponent
            }
            for test in try swiftFiles(root.appendingPathComponent("Tests/\(target)Tests")) {
                let folder = (test as NSString).deletingLastPathComponent
                let file = (test as NSString).lastPathComponent
                guard file.hasSuffix("Tests.swift"), !exempt.contains(where: { folder.hasPrefix($0) }),
                    let expected = folders[String(file.dropLast("Tests.swift".count))]
                else { continue }
                checked += 1
                if folder != expected { misplaced.append("Tests/\(target)Tests/\(test) belongs in \(expected)/") }
            }
        }
        #expect(checked > 40, "only \(checked) test files were matched to a source file")
        #expect(misplaced.isEmpty, "\(misplaced)")
    }

    private func swiftFiles(_ folder: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
    }

    private func isFolder(_ base: URL, _ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path, isDirectory: &folder)
            && folder.boolValue
    }
}
