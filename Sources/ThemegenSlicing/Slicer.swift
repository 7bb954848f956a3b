#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenCore
import ThemegenImage

/// What the slicer needs to know beyond the sources; per-asset maps are keyed by asset name.
package struct SliceOptions: Sendable {
    /// Pad sources whose sides are not a multiple of their scale, transparently at the right and
    /// bottom, instead of warning.
    package var pad = false
    /// Derive caps from the widest band of identical rows and columns where no other caps exist.
    package var autoCaps = false
    /// Caps from the config, which win over 9-patch marks and `autoCaps`.
    package var slicing: [String: Slicing] = [:]
    /// Assets whose centre tiles instead of stretching.
    package var tiledCenters: Set<String> = []
    package var renderingIntents: [String: RenderingIntent] = [:]
    /// Keep the 8-bit pixels of every output in the result (for `--check` and tests). Off by
    /// default: peak memory then stays at a few images per core.
    package var keepImages = false
    /// Sources with more pixels are refused before decoding (`--max-pixels`).
    package var maxPixels = PNGLimits.defaultMaxPixels
    /// `--color-space srgb` (the config's `colorSpace: "srgb"`): every output in sRGB, Display P3
    /// sources converted and other profiles' values taken as sRGB (with a warning), instead of
    /// failing on other profiles.
    package var convertToSRGB = false
    /// How warnings name the settings that would change the outcome: flags or config keys.
    package var remedy = Remedy.flags
    /// A Swift identifier for an asset name.
    package var identifier: @Sendable (String) -> String = { SwiftIdentifier.lowerCamel($0, fallback: "image") }

    package init() {}
}

/// A decoded source: the pixels and the file's bytes (reused as the output when the source
/// is already the smallest encoding of those pixels).
package struct DecodedSource: Sendable {
    package var image: Image
    package var bytes: [UInt8]
    package init(image: Image, bytes: [UInt8]) { self.image = image; self.bytes = bytes }
}

/// What a slice run produced: the assets in a deterministic order, and all warnings and errors
/// of the run in that same order. When `errors` is not empty nothing should be written.
package struct SliceResult: Sendable {
    package var assets: [SlicedAsset]
    package var warnings: [String]
    package var errors: [ThemegenErrorBox]
}

extension SliceResult {
    /// Prints the run's warnings, then its errors, in asset order.
    package func report(to console: any Diagnostics) {
        for w in warnings { console.warning(w) }
        for e in errors { console.error(e) }
    }
}

/// A `ThemegenError` that crosses threads.
package struct ThemegenErrorBox: Error, Sendable, CustomStringConvertible {
    package let description: String
    package let kind: ErrorKind
    package init(_ e: Error) {
        if let t = e as? ThemegenError { description = t.description; kind = t.kind } else {
            description = "\(e)"; kind = .io
        }
    }
}
extension ThemegenErrorBox: ThemegenError {}

/// The sources grouped into assets (sorted by asset key, each group highest scale first), and
/// the case clashes that stop a slice run before any work.
package struct SlicePlan: Sendable {
    package var groups: [[SliceSource]]
    package var clashes: [ThemegenErrorBox]

    package init(_ sources: [SliceSource]) {
        var byAsset: [String: [SliceSource]] = [:]
        for s in sources { byAsset[s.assetKey, default: []].append(s) }
        let keys = byAsset.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        groups = keys.map { byAsset[$0]!.sorted { $0.scale > $1.scale } }
        clashes = Slicer.caseClashes(groups.map { $0[0] })
    }
}

/// Turns exports into 1x/2x/3x images, their slicing and the asset model.
///
/// Sources are grouped into assets by folder and name. Each source is decoded once for all
/// scales; a slot without its own source is downscaled from the highest source above it, and
/// never upscaled. Assets run concurrently on all cores; results keep the sorted asset order.
package enum Slicer {
    package typealias Decode = @Sendable (String) throws -> DecodedSource
    /// Encodes one output; the name (source path and scale) goes into error messages.
    package typealias Encode = @Sendable (_ image: Image, _ name: String) throws -> [UInt8]

    package static func slice(_ sources: [SliceSource], options: SliceOptions = SliceOptions(),
                             decode: Decode, encode: Encode) -> SliceResult {
        let plan = SlicePlan(sources)
        guard plan.clashes.isEmpty else { return collect(plan, []) }
        let outcomes = concurrentMap(plan.groups.count) { i in
            sliceAsset(plan.groups[i], options: options, decode: decode, encode: encode)
        }
        return collect(plan, outcomes)
    }

    /// The result of a plan: its case clashes, or its assets' outcomes in its order.
    package static func collect(_ plan: SlicePlan, _ outcomes: [AssetOutcome]) -> SliceResult {
        guard plan.clashes.isEmpty else { return SliceResult(assets: [], warnings: [], errors: plan.clashes) }
        var out = SliceResult(assets: [], warnings: [], errors: [])
        for r in outcomes {
            out.warnings += r.warnings
            out.errors += r.errors
            if let a = r.asset { out.assets.append(a) }
        }
        return out
    }

    /// Group folders or imagesets whose names differ only in case, one error per clash: they
    /// are two folders in the catalog on Linux but one on a Mac's case-insensitive disk, where
    /// one Contents.json would overwrite the other.
    static func caseClashes(_ sources: [SliceSource]) -> [ThemegenErrorBox] {
        var seen: [String: (path: String, file: String)] = [:]
        var errors: [ThemegenErrorBox] = []
        for s in sources {
            let parts = s.groups + [s.name]
            for depth in 1...parts.count {
                let path = parts[0..<depth].joined(separator: "/")
                let key = path.lowercased()
                if let first = seen[key] {
                    if first.path != path {
                        let what = depth == parts.count ? "the image set" : "the group folder"
                        errors.append(ThemegenErrorBox(FileError(s.path, "\(what) '\(path)' differs from '\(first.path)' (\(first.file)) only in case; a Mac's disk cannot hold both in one catalog, so rename one")))
                        break
                    }
                } else {
                    seen[key] = (path, s.path)
                }
            }
        }
        return errors
    }

    /// One asset's slicing: the unit of work a run queues with its other work.
    package struct AssetOutcome: Sendable {
        var asset: SlicedAsset?
        var warnings: [String] = []
        var errors: [ThemegenErrorBox] = []
    }

    /// One asset's sources, highest scale first.
    package static func sliceAsset(_ sources: [SliceSource], options: SliceOptions,
                                   decode: Decode, encode: Encode) -> AssetOutcome {
        var outcome = AssetOutcome()
        let name = sources[0].name
        let label = sources[0].assetKey
        // Two sources for one slot (say NAME@3x.png and NAME@3x.9.png) leave the choice open.
        for (a, b) in zip(sources, sources.dropFirst()) where a.scale == b.scale {
            outcome.errors.append(ThemegenErrorBox(FileError(b.path, "\(label) has two @\(a.scale)x sources: \(a.path) and \(b.path); keep one")))
        }
        guard outcome.errors.isEmpty else { return outcome }

        // Decode once; strip 9-patch frames; pad or warn about sides off the scale grid.
        var loaded: [(source: SliceSource, image: Image, bytes: [UInt8]?)] = []
        var ninePatchSlicing: Slicing?
        var warnedGrid = false
        for s in sources {
            do {
                let d = try decode(s.path)
                var image = d.image
                if case .other(let profile) = image.colorSpace {
                    // An input problem (exit 2), worded as `themes` words it; the encoder
                    // could not tag the outputs anyway.
                    let what = "colour profile '\(TerminalText.safe(profile))' is neither sRGB nor Display P3"
                    guard options.convertToSRGB else {
                        throw FileError(s.path, Remedy.hinted(what, "re-export in sRGB or Display P3, or "
                            + options.remedy.action(flag: "color-space", key: "colorSpace", value: "srgb") + " to take its values as sRGB"))
                    }
                    outcome.warnings.append("\(s.path): \(what); its values are taken as sRGB without conversion ("
                        + options.remedy.setting(flag: "color-space", key: "colorSpace", value: "srgb") + ")")
                }
                // Converted pixels (and a re-tagged profile) are new bytes: the source's are not reused.
                let converted = options.convertToSRGB && image.colorSpace != .sRGB
                if converted { image = image.convertedToSRGB() }
                var reusable: [UInt8]? = image.bitDepth == 8 && !converted ? d.bytes : nil
                var patch: NinePatch?
                if s.isNinePatch {
                    patch = try NinePatch(parsing: image, path: s.path)
                    image = patch!.content
                    reusable = nil
                }
                if image.width % s.scale != 0 || image.height % s.scale != 0 {
                    if options.pad {
                        image = image.padded(width: roundUp(image.width, s.scale), height: roundUp(image.height, s.scale))
                        reusable = nil
                    } else if !warnedGrid {
                        warnedGrid = true
                        outcome.warnings.append(Remedy.hinted(
                            "\(s.path): \(label) is \(image.width)×\(image.height) px at @\(s.scale)x, not a multiple of \(s.scale); the 1x would be blurry or off by a pixel",
                            options.remedy.action(flag: "pad", key: "pad") + " to pad it transparently"))
                    }
                }
                // The highest 9-patch decides the caps, measured on the (padded) art.
                if let patch, ninePatchSlicing == nil {
                    ninePatchSlicing = patch.slicing(sourceScale: s.scale,
                                                     centerMode: options.tiledCenters.contains(name) ? .tile : .stretch,
                                                     paddedWidth: image.width, paddedHeight: image.height)
                }
                loaded.append((s, image, reusable))
            } catch {
                outcome.errors.append(ThemegenErrorBox(error))
            }
        }
        guard outcome.errors.isEmpty, let top = loaded.first else { return outcome }
        // A lower-scale source whose size disagrees with the highest one is probably stale.
        for l in loaded.dropFirst() {
            let w = Downscaler.scaledSide(top.image.width, scale: l.source.scale, sourceScale: top.source.scale)
            let h = Downscaler.scaledSide(top.image.height, scale: l.source.scale, sourceScale: top.source.scale)
            if l.image.width != w || l.image.height != h {
                outcome.warnings.append("\(l.source.path): \(label) is \(l.image.width)×\(l.image.height) px at @\(l.source.scale)x, but \(top.source.path) makes it \(w)×\(h); the scales will not match")
            }
        }

        let centerMode: CenterMode = options.tiledCenters.contains(name) ? .tile : .stretch
        var slicing = options.slicing[name] ?? ninePatchSlicing
        if slicing == nil && options.autoCaps {
            slicing = AutoCaps.slicing(for: top.image, sourceScale: top.source.scale, centerMode: centerMode)
            if slicing == nil { outcome.warnings.append("\(top.source.path): automatic caps (\(options.remedy.name(flag: "auto-caps", key: "autoCaps"))) found no band of identical rows or columns in \(label); it is not sliced") }
        }
        if var s = slicing, options.slicing[name] != nil { s.centerMode = centerMode; slicing = s }
        if let s = options.slicing[name] {
            let pw = Downscaler.scaledSide(top.image.width, scale: 1, sourceScale: top.source.scale)
            let ph = Downscaler.scaledSide(top.image.height, scale: 1, sourceScale: top.source.scale)
            if let problem = CapsFit.problem(s.capInsets, pointWidth: pw, pointHeight: ph) {
                outcome.errors.append(ThemegenErrorBox(FileError(top.source.path, "the caps configured for \"\(name)\" \(problem); make them smaller (the asset's \"caps\" in the config)")))
                return outcome
            }
        }

        var images: [ScaledImage] = []
        var empty: [Int] = []
        for scale in 1...3 {
            let image: Image, png: [UInt8]
            do {
                if let own = loaded.first(where: { $0.source.scale == scale }) {
                    image = own.image.to8Bit()
                    let encoded = try encode(image, "\(own.source.path) @\(scale)x")
                    png = own.bytes.map { $0.count <= encoded.count ? $0 : encoded } ?? encoded
                } else if let from = loaded.first(where: { $0.source.scale > scale }) {
                    // From the highest source: 3:1 is an exact area average, 3:2 the edge-aware
                    // remap, both measured on ../shared/quality.
                    image = Downscaler.downscale(from.image, to: scale, from: from.source.scale)
                    png = try encode(image, "\(from.source.path) @\(scale)x")
                } else {
                    empty.append(scale)
                    continue
                }
            } catch {
                // The other scales would fail the same way: one error per asset is enough.
                outcome.errors.append(ThemegenErrorBox(error))
                return outcome
            }
            var scaled: ScaledSlicing?
            if let s = slicing {
                let ss = ScaledSlicing(s, scale: scale, image: image)
                if !ss.uniform {
                    outcome.warnings.append("\(label): at @\(scale)x the stretchable band between the caps is not uniform; stretching it will smear its detail")
                }
                scaled = ss
            }
            images.append(ScaledImage(scale: scale, image: image, png: png, slicing: scaled, keepImage: options.keepImages))
        }
        guard outcome.errors.isEmpty else { return outcome }
        if !empty.isEmpty {
            let slots = empty.map { "@\($0)x" }.joined(separator: ", ")
            outcome.warnings.append("\(label): no source at or above \(slots); the slot\(empty.count > 1 ? "s stay" : " stays") empty (themegen never upscales)")
        }

        let s = top.source.scale
        let asset = Asset(name: name, identifier: options.identifier(name), file: top.source.path,
                          groups: top.source.groups,
                          pointWidth: Downscaler.scaledSide(top.image.width, scale: 1, sourceScale: s),
                          pointHeight: Downscaler.scaledSide(top.image.height, scale: 1, sourceScale: s),
                          scales: images.map(\.scale), colorSpace: top.image.colorSpace,
                          slicing: slicing, renderingIntent: options.renderingIntents[name])
        outcome.asset = SlicedAsset(asset: asset, images: images)
        return outcome
    }

    private static func roundUp(_ v: Int, _ unit: Int) -> Int { (v + unit - 1) / unit * unit }
}
