import Foundation

/// The sample app's Journal 3 → 4 step as an app whose Xcode mapping model names a custom policy class
/// would ship it: `Author` an add mapping, `EntryToEntry` naming `JournalApp.EntryToAuthorMigrationPolicy`
/// (whose code made each entry's author). Tests of the scaffold path that need none of Apple's files use it.
public enum CustomPolicyFixture {
    /// The custom policy class the mapping model names.
    public static let policyClass = "JournalApp.EntryToAuthorMigrationPolicy"

    /// An `xcmapping.xml` as Xcode writes it for Journal 3 → 4: `Author` an add mapping with `name` and
    /// `entries` left blank, `EntryToEntry` naming the custom policy class.
    public static let xcmapping = """
        <?xml version="1.0" standalone="yes"?>
        <database>
            <object type="XDDEVMAPPINGMODEL" id="m1">
                <attribute name="sourcemodelpath" type="string">App/Journal.xcdatamodeld/Journal 3.xcdatamodel</attribute>
                <attribute name="destinationmodelpath" type="string">App/Journal.xcdatamodeld/Journal 4.xcdatamodel</attribute>
                <relationship name="entitymappings" type="0/0" destination="XDDEVENTITYMAPPING" idrefs="e1 e2"></relationship>
            </object>
            <object type="XDDEVENTITYMAPPING" id="e1">
                <attribute name="mappingtypename" type="string">Undefined</attribute>
                <attribute name="mappingnumber" type="int16">1</attribute>
                <attribute name="destinationname" type="string">Author</attribute>
                <attribute name="autogenerateexpression" type="bool">1</attribute>
                <relationship name="attributemappings" type="0/0" destination="XDDEVATTRIBUTEMAPPING" idrefs="a1"></relationship>
                <relationship name="relationshipmappings" type="0/0" destination="XDDEVRELATIONSHIPMAPPING" idrefs="r1"></relationship>
            </object>
            <object type="XDDEVATTRIBUTEMAPPING" id="a1">
                <attribute name="name" type="string">name</attribute>
            </object>
            <object type="XDDEVRELATIONSHIPMAPPING" id="r1">
                <attribute name="autogenerateexpression" type="bool">1</attribute>
                <attribute name="name" type="string">entries</attribute>
            </object>
            <object type="XDDEVENTITYMAPPING" id="e2">
                <attribute name="migrationpolicyclassname" type="string">\(policyClass)</attribute>
                <attribute name="sourcename" type="string">Entry</attribute>
                <attribute name="mappingtypename" type="string">Undefined</attribute>
                <attribute name="mappingnumber" type="int16">2</attribute>
                <attribute name="destinationname" type="string">Entry</attribute>
                <attribute name="autogenerateexpression" type="bool">1</attribute>
                <relationship name="relationshipmappings" type="0/0" destination="XDDEVRELATIONSHIPMAPPING" idrefs="r2"></relationship>
            </object>
            <object type="XDDEVRELATIONSHIPMAPPING" id="r2">
                <attribute name="autogenerateexpression" type="bool">1</attribute>
                <attribute name="name" type="string">author</attribute>
            </object>
        </database>
        """

    /// ``xcmapping`` with one more field on `EntryToEntry` (XML text such as
    /// `<attribute name="userinfodata" type="binary">…</attribute>`), put before its policy class.
    public static func xcmapping(withEntryField field: String) -> String {
        xcmapping.replacingOccurrences(
            of: #"<attribute name="migrationpolicyclassname""#,
            with: field + "\n" + #"<attribute name="migrationpolicyclassname""#)
    }

    /// A scaffold of the mapping model completed as its header says: the author's name, one `Author` per
    /// distinct name, and only entries that name one.
    public static func completed(_ scaffold: String) throws -> String {
        try ScaffoldEditing.fill(
            scaffold, mapping: "Author",
            [
                ("name", "trim($source.author)"),
                ("filter", #"$source.author != nil AND trim($source.author) != """#),
                ("merge", "trim($source.author)"),
            ])
    }

    /// A mapping folder holding only the mapping model, and a Journal 3 store of `entries` entries.
    public static func make(entries: Int) throws -> (folder: URL, mappings: URL, mappingModel: String, store: String) {
        let folder = try TemporaryDirectory.make()
        let mappings = folder.appendingPathComponent("mappings")
        let mappingModel = mappings.appendingPathComponent("Journal3to4.xcmappingmodel")
        try FileManager.default.createDirectory(at: mappingModel, withIntermediateDirectories: true)
        try Data(xcmapping.utf8).write(to: mappingModel.appendingPathComponent("xcmapping.xml"))
        let store = try JournalFixture.store(version: 3, entries: entries, in: folder)
        return (folder, mappings, mappingModel.path, store)
    }
}
