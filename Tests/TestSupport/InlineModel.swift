import Foundation

/// A model written from inline entity XML, one `.xcdatamodel` per version, for a test of one rule at a time.
public enum InlineModel {
    /// Writes `<name>.xcdatamodeld` into a fresh folder, each version's `contents` holding its entities'
    /// XML, and `.xccurrentversion` naming `current` when given; returns the bundle's path.
    public static func write(name: String, versions: [String: String], current: String? = nil) throws -> String {
        let bundle = try TemporaryDirectory.make().appendingPathComponent("\(name).xcdatamodeld")
        for (version, entities) in versions {
            let folder = bundle.appendingPathComponent("\(version).xcdatamodel")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(
                """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">\(entities)</model>
                """.utf8
            ).write(to: folder.appendingPathComponent("contents"))
        }
        if let current {
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>\(current).xcdatamodel</string></dict></plist>
                """
            try Data(plist.utf8).write(to: bundle.appendingPathComponent(".xccurrentversion"))
        }
        return bundle.path
    }
}
