import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 33 item 1 in the console: a Transformable or Binary value holding an archive or a plist is shown as
/// the JSON `export` writes for it (through the engine's facade), in a cell on one line and in the record view
/// in full with the bytes it is stored as; other bytes stay a size and hex.
@Suite("Decoded values in the data browser")
struct DecodedBrowserValueTests {
    @Test("Archives and plists show as JSON; the record view adds their bytes; plain bytes stay hex")
    func decodedInCellsAndRecord() throws {
        let tags = try NSKeyedArchiver.archivedData(
            withRootObject: NSArray(array: ["red", "blue"]), requiringSecureCoding: false)
        let plist = try PropertyListSerialization.data(fromPropertyList: ["volume": 7], format: .xml, options: 0)
        let rows = EntityRowPage(
            entity: "Thing", columns: ["Z_PK", "Z_ENT", "Z_OPT", "ZSHAPE", "ZSETTINGS", "ZBLOB"],
            rows: [[.integer(1), .integer(1), .integer(1), .blob(tags), .blob(Data([1]) + plist), .blob(tags.prefix(20))]],
            offset: 0, totalRows: 1)
        let thing = try #require(ArchivedValueFixture.model.entity(named: "Thing"))
        let layout = Dictionary(
            uniqueKeysWithValues: thing.attributes.map { ("Z" + $0.name.uppercased(), EntityColumns.Meaning.attribute($0)) })
        let page = BrowserPage(rows: rows, columns: EntityColumns(entity: "Thing", byColumn: layout))
        #expect(page.columns == ["pk", "shape", "settings", "blob"])
        let values = try #require(page.rows.first)
        #expect(values[1] == .decoded(json: #"["red","blue"]"#, bytes: tags))
        #expect(values[1].display == #"["red","blue"]"#)
        #expect(values[2].display == #"{"volume":7}"#, "the inline marker byte is not part of the plist")
        #expect(values[3] == .blob(tags.prefix(20)), "a cut archive is shown as its bytes")
        let full = values[1].fullText
        #expect(full.hasPrefix(#"["red","blue"]"# + "\n\nstored as "))
        #expect(full.contains(tags.prefix(4).map { String(format: "%02x", $0) }.joined(separator: " ")))
    }
}
