import ThemegenCore
import ThemegenImage

/// An Android 9-patch export (`NAME@3x.9.png`): the art inside a 1-pixel frame whose marks say
/// how it stretches.
///
/// - Top and left: opaque black marks the stretchable column and row range.
/// - Bottom and right: opaque black marks the content (padding) range.
/// - Bottom and right: opaque red (#FF0000) marks the optical (layout) bounds, as runs from
///   either end of the edge.
/// - Anything else in the frame must be neutral: fully transparent, or opaque white.
/// Ranges are in pixels of the art (frame removed), half-open.
package struct NinePatch: Sendable, Equatable {
    /// The art without its frame, in the source's bit depth and colour space.
    package var content: Image
    package var stretchX: Range<Int>?
    package var stretchY: Range<Int>?
    package var paddingX: Range<Int>?
    package var paddingY: Range<Int>?
    /// Optical bounds as insets in pixels (zero where the edge has no red run).
    package var opticalInsets: PixelInsets

    /// Cap insets in points (source pixels / `sourceScale`) and the resizing mode the stretch
    /// marks describe; nil when neither axis has a mark. `paddedWidth`/`paddedHeight` give the
    /// art's size after transparent padding at the right and bottom, which widens those caps.
    package func slicing(sourceScale: Int = 3, centerMode: CenterMode = .stretch,
                        paddedWidth: Int? = nil, paddedHeight: Int? = nil) -> Slicing? {
        let s = Double(sourceScale)
        let w = paddedWidth ?? content.width, h = paddedHeight ?? content.height
        let left = Double(stretchX?.lowerBound ?? 0) / s
        let right = Double(stretchX.map { w - $0.upperBound } ?? 0) / s
        let top = Double(stretchY?.lowerBound ?? 0) / s
        let bottom = Double(stretchY.map { h - $0.upperBound } ?? 0) / s
        let insets = CapInsets(top: top, left: left, bottom: bottom, right: right)
        switch (stretchX != nil, stretchY != nil) {
        case (true, true): return Slicing(capInsets: insets, resizingMode: .ninePart, centerMode: centerMode)
        case (true, false): return Slicing(capInsets: insets, resizingMode: .threePartHorizontal, centerMode: centerMode)
        case (false, true): return Slicing(capInsets: insets, resizingMode: .threePartVertical, centerMode: centerMode)
        case (false, false): return nil
        }
    }
}

/// Insets in whole pixels.
package struct PixelInsets: Sendable, Hashable {
    package var top: Int, left: Int, bottom: Int, right: Int
    package init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

/// A 9-patch frame that iOS cannot express or that is not a 9-patch frame at all.
package struct NinePatchError: ThemegenError, Equatable {
    package let path: String
    package let message: String
    package var kind: ErrorKind { .input }
    package var description: String { "\(path): \(message)" }
}

extension NinePatch {
    /// Reads the frame of `image`, the decoded `path` (used in error messages only).
    package init(parsing image: Image, path: String) throws {
        guard image.width >= 3 && image.height >= 3 else {
            throw NinePatchError(path: path, message: "a 9-patch needs a 1-pixel frame around at least 1×1 pixels of art, but the image is \(image.width)×\(image.height)")
        }
        let w = image.width, h = image.height
        let frame = FrameReader(image: image)
        func fail(_ m: String) -> NinePatchError { NinePatchError(path: path, message: m) }

        // Corners belong to no edge and must be neutral.
        for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
            let mark = frame.mark(x, y)
            guard mark == .neutral else {
                throw fail("9-patch corner pixel (\(x), \(y)) is \(frame.describe(x, y)); corners must be transparent or white")
            }
        }
        // Top/left: black stretch marks only. Bottom/right: black padding, red optical bounds.
        func runs(_ edge: String, along n: Int, allowRed: Bool, at point: (Int) -> (Int, Int))
            throws -> (black: [Range<Int>], red: [Range<Int>]) {
            var black: [Range<Int>] = [], red: [Range<Int>] = []
            var i = 1
            while i < n - 1 {
                let (x, y) = point(i)
                let mark = frame.mark(x, y)
                switch mark {
                case .neutral:
                    i += 1; continue
                case .other:
                    throw fail("9-patch frame pixel (\(x), \(y)) on the \(edge) edge is \(frame.describe(x, y)); use opaque black, \(allowRed ? "opaque red (#FF0000), " : "")transparent or white")
                case .red where !allowRed:
                    throw fail("9-patch frame pixel (\(x), \(y)) on the \(edge) edge is red; optical-bounds marks belong on the bottom and right edges")
                case .black, .red:
                    var j = i + 1
                    while j < n - 1 {
                        let (x2, y2) = point(j)
                        if frame.mark(x2, y2) != mark { break }
                        j += 1
                    }
                    if mark == .black { black.append((i - 1)..<(j - 1)) } else { red.append((i - 1)..<(j - 1)) }
                    i = j
                }
            }
            return (black, red)
        }
        let top = try runs("top", along: w, allowRed: false) { ($0, 0) }
        let left = try runs("left", along: h, allowRed: false) { (0, $0) }
        let bottom = try runs("bottom", along: w, allowRed: true) { ($0, h - 1) }
        let right = try runs("right", along: h, allowRed: true) { (w - 1, $0) }

        func single(_ r: [Range<Int>], _ what: String) throws -> Range<Int>? {
            guard r.count <= 1 else {
                let list = r.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound - 1)" }.joined(separator: ", ")
                throw fail("9-patch has \(r.count) \(what) (art pixels \(list)); iOS can express only one per axis")
            }
            return r.first
        }
        let cw = w - 2, ch = h - 2
        stretchX = try single(top.black, "stretch ranges on the horizontal axis (top edge)")
        stretchY = try single(left.black, "stretch ranges on the vertical axis (left edge)")
        paddingX = try single(bottom.black, "padding ranges on the horizontal axis (bottom edge)")
        paddingY = try single(right.black, "padding ranges on the vertical axis (right edge)")

        // Optical bounds: red runs touching the ends of the bottom and right edges.
        func ends(_ r: [Range<Int>], length: Int, edge: String) throws -> (Int, Int) {
            var lead = 0, trail = 0
            for run in r {
                if run.lowerBound == 0 { lead = run.count }
                else if run.upperBound == length { trail = run.count }
                else {
                    throw fail("9-patch optical-bounds mark on the \(edge) edge (art pixels \(run.lowerBound)–\(run.upperBound - 1)) must start at an end of the edge")
                }
            }
            return (lead, trail)
        }
        let (ol, or) = try ends(bottom.red, length: cw, edge: "bottom")
        let (ot, ob) = try ends(right.red, length: ch, edge: "right")
        opticalInsets = PixelInsets(top: ot, left: ol, bottom: ob, right: or)
        content = image.cropped(x: 1, y: 1, width: cw, height: ch)
    }
}

/// Classifies frame pixels by their 8-bit value.
private struct FrameReader {
    enum Mark { case neutral, black, red, other }
    let image: Image

    func rgba(_ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let i = (y * image.width + x) * 4
        switch image.pixels {
        case .rgba8(let a): return (Int(a[i]), Int(a[i + 1]), Int(a[i + 2]), Int(a[i + 3]))
        case .rgba16(let a):
            func r(_ v: UInt16) -> Int { Int((UInt32(v) * 255 + 32767) / 65535) }
            return (r(a[i]), r(a[i + 1]), r(a[i + 2]), r(a[i + 3]))
        }
    }

    func mark(_ x: Int, _ y: Int) -> Mark {
        let (r, g, b, a) = rgba(x, y)
        if a == 0 { return .neutral }
        guard a == 255 else { return .other }
        switch (r, g, b) {
        case (255, 255, 255): return .neutral
        case (0, 0, 0): return .black
        case (255, 0, 0): return .red
        default: return .other
        }
    }

    func describe(_ x: Int, _ y: Int) -> String {
        let (r, g, b, a) = rgba(x, y)
        func hex(_ v: Int) -> String { let s = String(v, radix: 16, uppercase: true); return s.count < 2 ? "0" + s : s }
        return "#" + hex(r) + hex(g) + hex(b) + (a == 255 ? "" : hex(a))
    }
}
