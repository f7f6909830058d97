import Foundation
import MigrationEngine
import Testing

/// Inputs that crashed a reader (found while building the fuzzing harness, `Scripts/fuzz.sh`): each must now
/// be refused with an error. The fuzzers themselves never run in the test suite.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// A 40-byte binary plist whose trailer claims an offset table larger than the data: the bounds check
    /// subtracted past zero.
    @Test("An offset table that cannot fit is refused, not an arithmetic trap")
    func oversizedOffsetTable() {
        var bytes = Array("bplist00".utf8)
        bytes += [0, 0, 0, 0, 0, 0, 8, 1]
        bytes += [0, 0, 0, 0, 0, 0, 0, 5] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 8]
        #expect(bytes.count == 40)
        let error = #expect(throws: PropertyListError.self) { try BinaryPropertyList.read(Data(bytes)) }
        #expect(error?.message.contains("offset table does not fit") == true)
    }

    /// Found by the `expression` target: a built-in called with fewer arguments than its arity read past the
    /// end of its argument list. Parsed text is not checked against arities, so the evaluator checks.
    @Test("A function called with too few arguments is an evaluation error")
    func tooFewArguments() throws {
        let expression = try ExpressionParser.parse("substring(02) + \"...\"")
        let error = #expect(throws: ExpressionEvaluationError.self) {
            try ExpressionEvaluator.evaluate(expression, in: StaticExpressionEnvironment())
        }
        #expect(error?.message == "substring takes 2…3 arguments, not 1")
    }

    /// Found by the `model-xml` and `xcode-mapping` targets: a 0xFF byte inside an element name made
    /// Foundation's XML parser trap. Such a file is refused, with the position of the first bad byte.
    @Test("XML that is not UTF-8 is refused at its first bad byte, for models and Xcode mappings")
    func notUTF8() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<model>\n    <ent"
        let data = Data(text.utf8) + Data([0xFF, 0xFF]) + Data("ity name=\"A\"/>\n</model>\n".utf8)
        let model = #expect(throws: ModelError.self) { try ModelSourceReader.read(data, name: "m", path: "m/contents") }
        #expect(model?.description == "m/contents:3: the file is not UTF-8 text")
        let mapping = #expect(throws: MappingFileError.self) { try XcodeMappingImporter.read(data, file: "x/xcmapping.xml") }
        #expect(mapping?.description == "x/xcmapping.xml:3:9: the file is not UTF-8 text")
    }

    /// Found by the `model-xml` target: a processing instruction without data (`<?xm?>`) made Foundation's
    /// XML parser read through a null pointer.
    @Test("A processing instruction other than the XML declaration is refused")
    func processingInstruction() throws {
        let data = Data("<?xm?>\n<model type=\"x\">\n</model>\n".utf8)
        let error = #expect(throws: ModelError.self) { try ModelSourceReader.read(data, name: "m", path: "m/contents") }
        #expect(error?.description == "m/contents:1: processing instructions other than the XML declaration are not supported")
        let later = Data("<?xml version=\"1.0\"?>\n<model>\n<?pi?>\n</model>\n".utf8)
        let mapping = #expect(throws: MappingFileError.self) { try XcodeMappingImporter.read(later, file: "x/xcmapping.xml") }
        #expect(mapping?.description.hasPrefix("x/xcmapping.xml:3:") == true)
    }
}
