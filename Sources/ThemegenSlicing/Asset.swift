import ThemegenImage

/// 9-slice cap insets, in points.
package struct CapInsets: Sendable, Hashable {
    package var top: Double
    package var left: Double
    package var bottom: Double
    package var right: Double
    package init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

/// Xcode's `resizing.mode`.
package enum ResizingMode: String, Sendable, Hashable {
    case ninePart = "9-part"
    case threePartHorizontal = "3-part-horizontal"
    case threePartVertical = "3-part-vertical"
}

/// Xcode's `resizing.center.mode`.
package enum CenterMode: String, Sendable, Hashable {
    case stretch, tile
}

/// Xcode's `template-rendering-intent`.
package enum RenderingIntent: String, Sendable, Hashable {
    case original, template
}

/// How an image stretches: its caps in points and the modes Xcode and UIKit need.
package struct Slicing: Sendable, Hashable {
    package var capInsets: CapInsets
    package var resizingMode: ResizingMode
    package var centerMode: CenterMode
    package init(capInsets: CapInsets, resizingMode: ResizingMode, centerMode: CenterMode = .stretch) {
        self.capInsets = capInsets; self.resizingMode = resizingMode; self.centerMode = centerMode
    }
}

/// One image asset sliced from an @3x (or lower) export into an imageset.
package struct Asset: Sendable, Hashable {
    package var name: String
    /// A valid Swift identifier for `name`.
    package var identifier: String
    /// The source export, relative to the current folder or the config, with `/` separators.
    package var file: String
    /// Groups from the input's subfolders, outermost first (`["Icons"]` for `Icons/Star@3x.png`).
    package var groups: [String]
    /// Size in points (the @1x size).
    package var pointWidth: Int
    package var pointHeight: Int
    /// Scales written, ascending (e.g. [1, 2, 3]).
    package var scales: [Int]
    package var colorSpace: ColorSpace
    package var slicing: Slicing?
    package var renderingIntent: RenderingIntent?

    package init(name: String, identifier: String, file: String, groups: [String] = [],
                pointWidth: Int, pointHeight: Int, scales: [Int], colorSpace: ColorSpace = .sRGB,
                slicing: Slicing? = nil, renderingIntent: RenderingIntent? = nil) {
        self.name = name; self.identifier = identifier; self.file = file; self.groups = groups
        self.pointWidth = pointWidth; self.pointHeight = pointHeight; self.scales = scales
        self.colorSpace = colorSpace; self.slicing = slicing; self.renderingIntent = renderingIntent
    }
}
