import Foundation
import MigrationEngine
import Testing

@Suite("Object text encoding")
struct ObjectTextEncodingTests {
    let object = ExportedObject(
        entity: "Post", primaryKey: 7, fields: ["comma", "quote", "newline", "empty", "missing", "tags", "flag", "price"],
        values: [
            .text("a,b"), .text("say \"hi\""), .text("line\nbreak"), .text(""), .null,
            .list(["x-coredata://U/Tag/p1", "x-coredata://U/Tag/p2"]), .bool(true), .decimal("12.50"),
        ])

    @Test("CSV quotes commas, quotes and line breaks; NULL is empty, an empty string is \"\"; to-many space-separated")
    func csvQuoting() {
        #expect(
            ObjectTextEncoding.csvRecord(object)
                == "\"a,b\",\"say \"\"hi\"\"\",\"line\nbreak\",\"\",,x-coredata://U/Tag/p1 x-coredata://U/Tag/p2,true,12.50\n")
        #expect(ObjectTextEncoding.csvHeader(["a", "b,c"]) == "a,\"b,c\"\n")
    }

    @Test("A JSON object reads back with the same values; Decimal keeps its exact text")
    func jsonReadsBack() throws {
        let text = ObjectTextEncoding.jsonObject(object)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(decoded["comma"] as? String == "a,b")
        #expect(decoded["quote"] as? String == "say \"hi\"")
        #expect(decoded["newline"] as? String == "line\nbreak")
        #expect(decoded["missing"] is NSNull)
        #expect(decoded["tags"] as? [String] == ["x-coredata://U/Tag/p1", "x-coredata://U/Tag/p2"])
        #expect(decoded["flag"] as? Bool == true)
        #expect(decoded["price"] as? String == "12.50")
        #expect(ObjectTextEncoding.jsonString("\u{1}") == "\"\\u0001\"")
    }

    @Test("Dates render as ISO 8601 UTC with the fraction to the microsecond")
    func dates() {
        #expect(ValueRenderer.iso8601(0) == "2001-01-01T00:00:00Z")
        #expect(ValueRenderer.iso8601(477_742_530.25) == "2016-02-21T10:15:30.25Z")
        #expect(ValueRenderer.iso8601(-1.5) == "2000-12-31T23:59:58.5Z")
    }
}
