/// A model whose versions `V1` and `V2` Core Data cannot tell apart: `V2` only gives `Item.title` a default
/// value, which version hashes ignore, and no version hash modifier says it changed. `V3` adds `Item.note`.
/// With `modifier`, `V2`'s `Item` carries a version hash modifier, as its author should have given it.
public enum IdenticalVersionsModel {
    /// Writes `Items.xcdatamodeld` (current version `V3`) into a fresh folder; returns its path.
    public static func write(modifier: Bool = false) throws -> String {
        let title = #"<attribute name="title" optional="YES" attributeType="String"/>"#
        let versions = [
            "V1": #"<entity name="Item" syncable="YES">\#(title)</entity>"#,
            "V2": #"<entity name="Item" syncable="YES"\#(modifier ? #" versionHashModifier="2""# : "")>"#
                + #"<attribute name="title" optional="YES" attributeType="String" defaultValueString="untitled"/></entity>"#,
            "V3":
                #"<entity name="Item" syncable="YES">\#(title)<attribute name="note" optional="YES" attributeType="String"/></entity>"#,
        ]
        return try InlineModel.write(name: "Items", versions: versions, current: "V3")
    }
}
