import Mustache
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// The files of a catalog, planned but not written.
public struct CatalogPlan: Sendable, Equatable {
    /// Sorted by path; paths are relative to the catalog's parent and start with the catalog.
    public var files: [PlannedFile]
    /// The decoded pixels of every planned PNG by path (for the images the slicer kept), so
    /// `--check` can compare pixels without decoding what it just encoded.
    public var images: [String: Image]
    /// The imageset folders the plan owns, sorted (for the ownership manifest).
    public var imageSets: [String]
    /// The colorset folders the plan owns, sorted.
    public var colorSets: [String]
}

/// Plans an asset catalog from sliced assets: pure, it returns the files instead of writing them,
/// so the output writer decides what changes on disk and `--check` can compare.
public enum CatalogPlanner {
    /// - Parameters:
    ///   - catalog: the catalog's path relative to the output root, e.g. `Assets.xcassets`.
    ///   - colors: colours to write as colorsets beside the images.
    ///   - providesNamespace: whether group folders get `provides-namespace`.
    /// - Throws: `CatalogError` when a colour's space cannot be written, or when two entries of one
    ///   folder share a name.
    public static func plan(catalog: String, assets: [SlicedAsset], colors: [NamedColor] = [],
                            providesNamespace: Bool = false) throws -> CatalogPlan {
        let root = catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog
        var files: [PlannedFile] = [PlannedFile(path: root + "/Contents.json", text: CatalogContents.catalog().text)]
        var images: [String: Image] = [:]
        var groups = Set<String>()
        var sets: [String] = [], colorSets: [String] = []
        var names: [String: String] = [:]   // folder/name → what already uses it
        func folder(_ path: [String]) -> String {
            var folder = root
            for g in path {
                folder += "/" + g
                if groups.insert(folder).inserted {
                    files.append(PlannedFile(path: folder + "/Contents.json",
                                             text: CatalogContents.group(providesNamespace: providesNamespace).text))
                }
            }
            return folder
        }
        func claim(_ folder: String, _ name: String, by what: String) throws {
            let key = folder + "/" + name
            if let other = names[key] {
                throw CatalogError(message: "\(key): both \(other) and \(what) are named '\(name)' in the same catalog folder; rename one")
            }
            names[key] = what
        }
        for sliced in assets {
            let a = sliced.asset
            let folder = folder(a.groups)
            try claim(folder, a.name, by: "the image \(a.file)")
            let set = folder + "/" + a.name + ".imageset"
            sets.append(set)
            var slots: [CatalogContents.Slot] = []
            for scale in 1...3 {
                guard let img = sliced.images.first(where: { $0.scale == scale }) else {
                    slots.append(.init(scale: scale, filename: nil))
                    continue
                }
                let name = fileName(a.name, scale: scale)
                slots.append(.init(scale: scale, filename: name, slicing: img.slicing))
                files.append(PlannedFile(path: set + "/" + name, bytes: img.png, kind: .png))
                if let image = img.image { images[set + "/" + name] = image }
            }
            files.append(PlannedFile(path: set + "/Contents.json",
                                     text: CatalogContents.imageSet(slots: slots, renderingIntent: a.renderingIntent).text))
        }
        for c in colors {
            let folder = folder(c.groups)
            try claim(folder, c.name, by: "the colour \(c.name)")
            let set = folder + "/" + c.name + ".colorset"
            colorSets.append(set)
            files.append(PlannedFile(path: set + "/Contents.json", text: try CatalogContents.colorSet(c).text))
        }
        let byteOrder: (String, String) -> Bool = { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        files.sort { byteOrder($0.path, $1.path) }
        return CatalogPlan(files: files, images: images, imageSets: sets.sorted(by: byteOrder),
                           colorSets: colorSets.sorted(by: byteOrder))
    }

    /// `NAME.png` at 1x, `NAME@2x.png`, `NAME@3x.png`.
    public static func fileName(_ name: String, scale: Int) -> String {
        scale == 1 ? name + ".png" : "\(name)@\(scale)x.png"
    }
}
