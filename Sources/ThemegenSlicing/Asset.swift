import ThemegenCore
import ThemegenImage

/// 9-slice cap insets, in points.
public struct CapInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

/// Xcode's `resizing.mode`.
public enum ResizingMode: String, Sendable, Hashable {
    case ninePart = "9-part"
    case threePartHorizontal = "3-part-horizontal"
    case threePartVertical = "3-part-vertical"
}

/// Xcode's `resizing.center.mode`.
public enum CenterMode: String, Sendable, Hashable {
    case stretch, tile
}

/// Xcode's `template-rendering-intent`.
public enum RenderingIntent: String, Sendable, Hashable {
    case original, template
}

/// How an image stretches: its caps in points and the modes Xcode and UIKit need.
public struct Slicing: Sendable, Hashable {
    public var capInsets: CapInsets
    public var resizingMode: ResizingMode
    public var centerMode: CenterMode
    public init(capInsets: CapInsets, resizingMode: ResizingMode, centerMode: CenterMode = .stretch) {
        self.capInsets = capInsets; self.resizingMode = resizingMode; self.centerMode = centerMode
    }
}

/// One image asset sliced from an @3x (or lower) export into an imageset.
public struct Asset: Sendable, Hashable {
    public var name: String
    /// A valid Swift identifier for `name`.
    public var identifier: String
    /// The source export, relative to the current folder or the config, with `/` separators.
    public var file: String
    /// Groups from the input's subfolders, outermost first (`["Icons"]` for `Icons/Star@3x.png`).
    public var groups: [String]
    /// Size in points (the @1x size).
    public var pointWidth: Int
    public var pointHeight: Int
    /// Scales written, ascending (e.g. [1, 2, 3]).
    public var scales: [Int]
    public var colorSpace: ColorSpace
    public var slicing: Slicing?
    public var renderingIntent: RenderingIntent?

    public init(name: String, identifier: String, file: String, groups: [String] = [],
                pointWidth: Int, pointHeight: Int, scales: [Int], colorSpace: ColorSpace = .sRGB,
                slicing: Slicing? = nil, renderingIntent: RenderingIntent? = nil) {
        self.name = name; self.identifier = identifier; self.file = file; self.groups = groups
        self.pointWidth = pointWidth; self.pointHeight = pointHeight; self.scales = scales
        self.colorSpace = colorSpace; self.slicing = slicing; self.renderingIntent = renderingIntent
    }
}
