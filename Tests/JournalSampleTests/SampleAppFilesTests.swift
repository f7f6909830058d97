import Foundation
import JournalSample
import Testing

/// The sample app's files built into the binary (for `demo` outside a checkout) are exactly `Examples/`'s:
/// when this fails, run `python3 Scripts/embed_sample_app.py`.
@Suite struct SampleAppFilesTests {
    @Test func embeddedFilesMatchTheExamplesFolder() throws {
        let examples = SampleApp.examplesFolder
        var onDisk: [String] = []
        for root in [SampleApp.modelName, SampleApp.mappingsName, "cdmigrate.yaml"] {
            let url = examples.appendingPathComponent(root)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
                onDisk.append(root)
                continue
            }
            let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
            while let item = walker?.nextObject() as? URL {
                guard try item.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
                onDisk.append(root + "/" + item.path.dropFirst(url.path.count + 1))
            }
        }
        #expect(SampleApp.files.map(\.path).sorted() == onDisk.sorted(), "run python3 Scripts/embed_sample_app.py")
        for file in SampleApp.files {
            let text = try String(contentsOf: examples.appendingPathComponent(file.path), encoding: .utf8)
            #expect(file.text == text, "\(file.path) differs from Examples/: run python3 Scripts/embed_sample_app.py")
        }
    }
}
