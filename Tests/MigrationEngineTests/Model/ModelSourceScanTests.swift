import Foundation
import MigrationEngine
import Testing

/// The checks a model source passes before Foundation's XML parser sees it (UTF-8, no processing instruction
/// but the declaration) scan raw bytes: each boundary of those scans, through the public reader.
@Suite("Model source byte scans")
struct ModelSourceScanTests {
    static let body = "<model>\n    <entity name=\"A\"/>\n</model>\n"

    @Test("A document with the declaration, or none, is accepted")
    func declarationAccepted() throws {
        for prefix in ["", "<?xml version=\"1.0\"?>\n", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"] {
            let model = try ModelSourceReader.read(Data((prefix + Self.body).utf8), name: "m", path: "m/contents")
            #expect(model.entities.map(\.name) == ["A"], "prefix \(prefix.debugDescription)")
        }
    }

    @Test(
        "Any other processing instruction is refused on its line, the last two bytes and a second declaration included",
        arguments: [
            ("<?xml version=\"1.0\"?>\n" + body + "<?", 5),
            ("<?xml version=\"1.0\"?>\n<?xml version=\"1.0\"?>\n" + body, 2),
            ("\n<?xmlversion?>\n" + body, 2),
            ("<model>\n<?p x?>\n</model>\n", 2),
        ])
    func otherInstructionsRefused(_ text: String, line: Int) {
        let error = #expect(throws: ModelError.self) {
            try ModelSourceReader.read(Data(text.utf8), name: "m", path: "m/contents")
        }
        #expect(
            error?.description == "m/contents:\(line): processing instructions other than the XML declaration are not supported")
    }

    @Test("Valid multi-byte UTF-8 is read; a truncated sequence is refused on its line")
    func utf8() throws {
        let named = "<model>\n    <entity name=\"A\" elementID=\"Ä日本\"/>\n</model>\n"
        let model = try ModelSourceReader.read(Data(named.utf8), name: "m", path: "m/contents")
        #expect(model.entities.first?.renamingIdentifier == "Ä日本")
        let truncated = Data("<model>\n\n    <entity name=\"".utf8) + Data([0xE6, 0x97]) + Data("\"/>\n</model>\n".utf8)
        let error = #expect(throws: ModelError.self) { try ModelSourceReader.read(truncated, name: "m", path: "m/contents") }
        #expect(error?.description == "m/contents:3: the file is not UTF-8 text")
    }
}
