import Foundation
import FuzzTargets
import TestSupport
import Testing

/// The fuzzing harness's targets, as the main package builds them (the harness itself is built only by
/// `Scripts/fuzz.sh`): the script names exactly these, and each still takes the inputs that once crashed.
@Suite("Fuzz targets")
struct FuzzTargetTests {
    @Test("Scripts/fuzz.sh lists every target, and only these")
    func scriptNamesEveryTarget() throws {
        let script = try String(
            contentsOf: Corpus.packageRoot.appendingPathComponent("Scripts/fuzz.sh"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("TARGETS=(") })
        let listed = line.dropFirst("TARGETS=(".count).dropLast().split(separator: " ").map(String.init)
        #expect(listed == FuzzTarget.allCases.map(\.rawValue))
    }

    /// Inputs found by the fuzzers (see `FuzzRegressionTests`), fed through the harness's own dispatch.
    @Test("Inputs that once crashed a reader go through every target")
    func formerCrashes() {
        var plist = Array("bplist00".utf8) + [0, 0, 0, 0, 0, 0, 8, 1]
        plist += [0, 0, 0, 0, 0, 0, 0, 5] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 8]
        let xml = Data("<?xml version=\"1.0\"?>\n<model>\n    <ent".utf8) + Data([0xFF, 0xFF]) + Data("ity/>\n</model>\n".utf8)
        let inputs = [Data(plist), xml, Data("substring(02) + \"...\"".utf8), Data(), Data([0])]
        for target in FuzzTarget.allCases {
            for input in inputs { target.run(input) }
        }
    }
}
