import Foundation
import GRDB
import MigrationEngine

/// A model with many versions, written as Xcode would: `Many.xcdatamodeld` with versions `V1`…`Vn`, where
/// each version adds one optional String attribute (`a<n>`) to the one entity `Item`, so every version has
/// its own hashes and every step between two of them can be inferred without loss. For planning at scale.
public enum ManyVersionModel {
    /// Writes the model with `count` versions (the last one current) into `folder`; returns its path.
    public static func write(versions count: Int, in folder: URL) throws -> String {
        let bundle = folder.appendingPathComponent("Many.xcdatamodeld")
        for version in 1...count {
            let directory = bundle.appendingPathComponent("V\(version).xcdatamodel")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let attributes = (1...version).map { #"        <attribute name="a\#($0)" optional="YES" attributeType="String"/>"# }
            let contents = """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" \
                systemVersion="23F79" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
                    <entity name="Item" representedClassName="Item" syncable="YES" codeGenerationType="class">
                \(attributes.joined(separator: "\n"))
                    </entity>
                </model>

                """
            try Data(contents.utf8).write(to: directory.appendingPathComponent("contents"))
        }
        let current = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>_XCCurrentVersionName</key>
            \t<string>V\(count).xcdatamodel</string>
            </dict>
            </plist>

            """
        try Data(current.utf8).write(to: bundle.appendingPathComponent(".xccurrentversion"))
        return bundle.path
    }

    /// A store at `V1` of the model at `modelPath` holding `items` items, as `Many.sqlite` beside the model.
    public static func store(modelPath: String, items: Int) throws -> String {
        guard let first = try ModelLoader.load(path: modelPath).version(named: "V1") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(modelPath) has no version V1"])
        }
        let path = URL(fileURLWithPath: modelPath).deletingLastPathComponent().appendingPathComponent("Many.sqlite").path
        _ = try StoreWriter(model: first).create(at: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for key in stride(from: 1, through: items, by: 1) {
                try db.execute(
                    sql: #"INSERT INTO "ZITEM" ("Z_PK", "Z_ENT", "Z_OPT", "ZA1") VALUES (?, 1, 1, ?)"#,
                    arguments: [key, "item \(key)"])
            }
            try db.execute(sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = ? WHERE "Z_NAME" = 'Item'"#, arguments: [items])
        }
        try queue.close()
        return path
    }
}
