import ThemegenCore
import ThemegenImage
import ThemegenSlicing

/// The files of a catalog, planned but not written.
package struct CatalogPlan: Sendable, Equatable {
    /// Sorted by path; paths are relative to the catalog's parent and start with the catalog.
    package var files: [PlannedFile]
}

/// Plans an asset catalog from sliced assets: pure, it returns the files instead of writing them,
/// so the output writer decides what changes on disk and `--check` can compare.
package enum CatalogPlanner {
    /// - Parameters:
    ///   - catalog: the catalog's path relative to the output root, e.g. `Assets.xcassets`.
    ///   - colors: colours to write as colorsets beside the images.
    ///   - providesNamespace: whether a group folder (its path inside the catalog, `Icons` or
    ///     `Icons/Small`) gets `provides-namespace`.
    /// - Throws: `CatalogError` when a colour's space cannot be written, or when two entries of one
    ///   folder share a name.
    package static func plan(catalog: String, assets: [SlicedAsset], colors: [NamedColor] = [],
                            providesNamespace: (String) -> Bool = { _ in false }) throws -> CatalogPlan {
        let root = catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog
        var files: [PlannedFile] = [PlannedFile(path: root + "/Contents.json", text: CatalogContents.catalog().text(.xcode))]
        var groups = Set<String>()
        var names: [String: String] = [:]   // folder/name → what already uses it
        func folder(_ path: [String]) -> String {
            var folder = root
            for (i, g) in path.enumerated() {
                folder += "/" + g
                if groups.insert(folder).inserted {
                    let group = path[...i].joined(separator: "/")
                    files.append(PlannedFile(path: folder + "/Contents.json",
                                             text: CatalogContents.group(providesNamespace: providesNamespace(group)).text(.xcode)))
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
            let set = imageSet(root, groups: a.groups, name: a.name)
            var slots: [CatalogContents.Slot] = []
            for scale in 1...3 {
                guard let img = sliced.images.first(where: { $0.scale == scale }) else {
                    slots.append(.init(scale: scale, filename: nil))
                    continue
                }
                let name = fileName(a.name, scale: scale)
                slots.append(.init(scale: scale, filename: name, slicing: img.slicing))
                files.append(PlannedFile(path: set + "/" + name, bytes: img.png, kind: .png))
            }
            files.append(PlannedFile(path: set + "/Contents.json",
                                     text: CatalogContents.imageSet(slots: slots, renderingIntent: a.renderingIntent).text(.xcode)))
        }
        for c in colors {
            let folder = folder(c.groups)
            try claim(folder, c.name, by: "the colour \(c.name)")
            let set = folder + "/" + c.name + ".colorset"
            files.append(PlannedFile(path: set + "/Contents.json", text: try CatalogContents.colorSet(c).text(.xcode)))
        }
        let byteOrder: (String, String) -> Bool = { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        files.sort { byteOrder($0.path, $1.path) }
        return CatalogPlan(files: files)
    }

    /// Where `plan` puts an asset's image at `scale`, from the output root.
    package static func imagePath(catalog: String, asset: Asset, scale: Int) -> String {
        let root = catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog
        return imageSet(root, groups: asset.groups, name: asset.name) + "/" + fileName(asset.name, scale: scale)
    }

    static func imageSet(_ root: String, groups: [String], name: String) -> String {
        ([root] + groups + [name + ".imageset"]).joined(separator: "/")
    }

    /// `NAME.png` at 1x, `NAME@2x.png`, `NAME@3x.png`.
    package static func fileName(_ name: String, scale: Int) -> String {
        scale == 1 ? name + ".png" : "\(name)@\(scale)x.png"
    }
}
