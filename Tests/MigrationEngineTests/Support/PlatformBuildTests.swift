import Foundation
import TestSupport
import Testing

/// Issue 36, item 6: the package builds where the README says it runs. There is no Mac to build on here, so
/// this reads what decides a macOS build and holds it to what macOS has: Synchronization's `Mutex` and
/// `Atomic` exist from macOS 15, and macOS has no `libncursesw` (its `libncurses` has the wide-character API),
/// so a module map that links `ncursesw` for every platform fails to link there.
@Suite("Architecture: the package asks macOS only for what it has")
struct PlatformBuildTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: Corpus.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("Sources that import Synchronization are built for macOS 15 or later")
    func synchronizationNeedsMacOS15() throws {
        let manifest = try Self.text("Package.swift")
        let root = Corpus.packageRoot.appendingPathComponent("Sources")
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
        let importing = try files.filter {
            try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8).contains("import Synchronization")
        }
        #expect(!importing.isEmpty)
        let version = try #require(manifest.firstMatch(of: /\.macOS\(\.v(\d+)\)/), "Package.swift names no macOS version")
        #expect(Int(version.1) ?? 0 >= 15, "Package.swift asks for macOS \(version.1); Mutex and Atomic need 15")
    }

    @Test("No module map links a library by a name only Linux has; ncurses is linked per platform")
    func ncursesLinkedPerPlatform() throws {
        for shim in ["CNCurses", "CSQLiteGuard", "CLibXML2", "CZlib"] {
            let map = try Self.text("Sources/\(shim)/module.modulemap")
            #expect(!map.contains("ncursesw"), "\(shim)'s module map links ncursesw, which macOS does not have")
        }
        let manifest = try Self.text("Package.swift")
        #expect(manifest.contains(#".linkedLibrary("ncursesw", .when(platforms: [.linux]))"#))
        #expect(manifest.contains(#".linkedLibrary("ncurses", .when(platforms: [.macOS]))"#))
        // The shim includes the header each platform has the wide API under.
        let shim = try Self.text("Sources/CNCurses/shim.h")
        #expect(shim.contains("#if defined(__APPLE__)\n#include <ncurses.h>"))
    }
}
