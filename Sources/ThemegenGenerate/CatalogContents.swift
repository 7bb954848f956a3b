import ThemegenCore
import ThemegenSlicing

/// The `Contents.json` documents of an asset catalog; write them with `text(.xcode)`.
package enum CatalogContents {
    package static let author = "themegen"

    static var info: JSONNode { .sortedObject(["author": .string(author), "version": .int(1)]) }

    /// The catalog root's `Contents.json`.
    package static func catalog() -> JSONNode { .sortedObject(["info": info]) }

    /// A group folder's `Contents.json`; `provides-namespace` makes Xcode prefix the group's
    /// name to the asset names inside it.
    package static func group(providesNamespace: Bool) -> JSONNode {
        var doc: [String: JSONNode] = ["info": info]
        if providesNamespace { doc["properties"] = .sortedObject(["provides-namespace": .bool(true)]) }
        return .sortedObject(doc)
    }

    /// One slot of an imageset: its scale, its file (nil leaves the slot empty) and its slicing.
    package struct Slot: Sendable, Hashable {
        package var scale: Int
        package var filename: String?
        package var slicing: ScaledSlicing?
        package init(scale: Int, filename: String?, slicing: ScaledSlicing? = nil) {
            self.scale = scale; self.filename = filename; self.slicing = slicing
        }
    }

    /// An imageset's `Contents.json`. Slots are written in ascending scale.
    package static func imageSet(slots: [Slot], renderingIntent: RenderingIntent? = nil) -> JSONNode {
        var doc: [String: JSONNode] = ["info": info]
        doc["images"] = .array(slots.sorted { $0.scale < $1.scale }.map(image))
        if let intent = renderingIntent {
            doc["properties"] = .sortedObject(["template-rendering-intent": .string(intent.rawValue)])
        }
        return .sortedObject(doc)
    }

    private static func image(_ slot: Slot) -> JSONNode {
        var entry: [String: JSONNode] = ["idiom": .string("universal"), "scale": .string("\(slot.scale)x")]
        if let f = slot.filename { entry["filename"] = .string(f) }
        if slot.filename != nil, let s = slot.slicing { entry["resizing"] = resizing(s) }
        return .sortedObject(entry)
    }

    /// `resizing`: a 3-part mode writes only the two insets (and the centre side) of its axis.
    static func resizing(_ s: ScaledSlicing) -> JSONNode {
        var insets: [String: JSONNode] = [:]
        var center: [String: JSONNode] = ["mode": .string(s.centerMode.rawValue)]
        if s.resizingMode != .threePartVertical {
            insets["left"] = .int(s.insets.left); insets["right"] = .int(s.insets.right)
            center["width"] = .int(s.centerWidth)
        }
        if s.resizingMode != .threePartHorizontal {
            insets["top"] = .int(s.insets.top); insets["bottom"] = .int(s.insets.bottom)
            center["height"] = .int(s.centerHeight)
        }
        return .sortedObject(["mode": .string(s.resizingMode.rawValue), "center": .sortedObject(center),
                        "cap-insets": .sortedObject(insets)])
    }
}
