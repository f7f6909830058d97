import Foundation

/// A `UIColor` or `NSColor` as it archives itself: its color space and components.
///
/// UIKit writes `UIRed`, `UIGreen`, `UIBlue`, `UIAlpha` (or `UIWhite`, `UIAlpha`) as numbers; AppKit (and
/// UIKit, for AppKit's sake) writes `NSColorSpace` and the components as text in `NSRGB`, `NSWhite`,
/// `NSCMYK` or `NSComponents` (`"1 0.5 0"`, NUL-terminated); a named color writes `NSCatalogName` and
/// `NSColorName`.
struct ArchivedColor {
    /// The color space: `RGB` or `white` from UIKit's keys, else AppKit's name for `NSColorSpace`.
    var space: String
    /// The components in the space's order, alpha last when archived.
    var components: [Double]
    /// A named color's catalog and name.
    var catalog: String?
    var name: String?

    /// AppKit's `NSColorSpace` numbers.
    static let spaces = [
        1: "calibratedRGB", 2: "deviceRGB", 3: "calibratedWhite", 4: "deviceWhite", 5: "deviceCMYK", 6: "named",
        10: "pattern",
    ]

    /// The color `object` archives, or `nil` when it holds neither components nor a name.
    init?(_ object: ArchivedObject) {
        let number = object["NSColorSpace"]?.integer
        let appKitSpace = number.map { Self.spaces[Int(clamping: $0)] ?? "colorSpace \($0)" }
        let alpha = object["UIAlpha"]?.real
        catalog = object["NSCatalogName"]?.string
        name = object["NSColorName"]?.string
        if let red = object["UIRed"]?.real, let green = object["UIGreen"]?.real, let blue = object["UIBlue"]?.real {
            space = appKitSpace ?? "RGB"
            components = [red, green, blue] + (alpha.map { [$0] } ?? [])
        } else if let white = object["UIWhite"]?.real {
            space = appKitSpace ?? "white"
            components = [white] + (alpha.map { [$0] } ?? [])
        } else if let text = ["NSComponents", "NSRGB", "NSWhite", "NSCMYK"].lazy.compactMap({ object[$0]?.data }).first,
            let parsed = Self.components(text)
        {
            space = appKitSpace ?? "unknown"
            components = parsed
        } else if name != nil {
            space = appKitSpace ?? "named"
            components = []
        } else {
            return nil
        }
    }

    /// Components written as text (`"0.5 1 0\0"`): numbers separated by spaces, up to a NUL; `nil` when any
    /// part is not a number or there are more than a color has.
    static func components(_ bytes: Data) -> [Double]? {
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        guard !parts.isEmpty, parts.count <= 5 else { return nil }
        var numbers: [Double] = []
        for part in parts {
            guard let number = Double(part) else { return nil }
            numbers.append(number)
        }
        return numbers
    }
}
