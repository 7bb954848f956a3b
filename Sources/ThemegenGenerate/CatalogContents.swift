import Mustache
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// The `Contents.json` documents of an asset catalog, as `XcodeJSON`.
public enum CatalogContents {
    public static let author = "themegen"

    static var info: XcodeJSON { .object(["author": .string(author), "version": .int(1)]) }

    /// The catalog root's `Contents.json`.
    public static func catalog() -> XcodeJSON { .object(["info": info]) }

    /// A group folder's `Contents.json`; `provides-namespace` makes Xcode prefix the group's
    /// name to the asset names inside it.
    public static func group(providesNamespace: Bool) -> XcodeJSON {
        var doc: [String: XcodeJSON] = ["info": info]
        if providesNamespace { doc["properties"] = .object(["provides-namespace": .bool(true)]) }
        return .object(doc)
    }

    /// One slot of an imageset: its scale, its file (nil leaves the slot empty) and its slicing.
    public struct Slot: Sendable, Hashable {
        public var scale: Int
        public var filename: String?
        public var slicing: ScaledSlicing?
        public init(scale: Int, filename: String?, slicing: ScaledSlicing? = nil) {
            self.scale = scale; self.filename = filename; self.slicing = slicing
        }
    }

    /// An imageset's `Contents.json`. Slots are written in ascending scale.
    public static func imageSet(slots: [Slot], renderingIntent: RenderingIntent? = nil) -> XcodeJSON {
        var doc: [String: XcodeJSON] = ["info": info]
        doc["images"] = .array(slots.sorted { $0.scale < $1.scale }.map(image))
        if let intent = renderingIntent {
            doc["properties"] = .object(["template-rendering-intent": .string(intent.rawValue)])
        }
        return .object(doc)
    }

    private static func image(_ slot: Slot) -> XcodeJSON {
        var entry: [String: XcodeJSON] = ["idiom": .string("universal"), "scale": .string("\(slot.scale)x")]
        if let f = slot.filename { entry["filename"] = .string(f) }
        if slot.filename != nil, let s = slot.slicing { entry["resizing"] = resizing(s) }
        return .object(entry)
    }

    /// `resizing`: a 3-part mode writes only the two insets (and the centre side) of its axis.
    static func resizing(_ s: ScaledSlicing) -> XcodeJSON {
        var insets: [String: XcodeJSON] = [:]
        var center: [String: XcodeJSON] = ["mode": .string(s.centerMode.rawValue)]
        if s.resizingMode != .threePartVertical {
            insets["left"] = .int(s.insets.left); insets["right"] = .int(s.insets.right)
            center["width"] = .int(s.centerWidth)
        }
        if s.resizingMode != .threePartHorizontal {
            insets["top"] = .int(s.insets.top); insets["bottom"] = .int(s.insets.bottom)
            center["height"] = .int(s.centerHeight)
        }
        return .object(["mode": .string(s.resizingMode.rawValue), "center": .object(center),
                        "cap-insets": .object(insets)])
    }
}
