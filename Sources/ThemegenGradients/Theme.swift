import ThemegenCore
import ThemegenImage

/// A point in unit coordinates of a view's box, y pointing down (CAGradientLayer, SwiftUI).
public struct UnitPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A rectangle in artboard pixels.
public struct PixelRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

public struct GradientStop: Sendable, Hashable {
    public var color: RGBA
    /// 0…1 along the CSS gradient line of the artboard's box.
    public var position: Double
    public init(color: RGBA, position: Double) { self.color = color; self.position = position }
}

/// A named text colour checked against the gradient.
public struct TextColor: Sendable, Hashable {
    public var name: String
    public var color: RGBA
    /// The dark-appearance variant, when the config gives one.
    public var dark: RGBA?
    /// Large text needs only 3:1 under WCAG 2.x.
    public var large: Bool
    /// The worst WCAG 2.x contrast ratio of `color` against any point of the gradient.
    public var contrast: Double

    public init(name: String, color: RGBA, dark: RGBA? = nil, large: Bool = false, contrast: Double) {
        self.name = name; self.color = color; self.dark = dark; self.large = large; self.contrast = contrast
    }
}

/// How well the recovered gradient explains the artboard's gradient pixels (ΔE2000).
public struct FitQuality: Sendable, Hashable {
    public var meanDeltaE: Double
    public var maxDeltaE: Double
    public init(meanDeltaE: Double, maxDeltaE: Double) { self.meanDeltaE = meanDeltaE; self.maxDeltaE = maxDeltaE }
}

/// One gradient theme recovered from an exported artboard.
///
/// Geometry follows CSS `linear-gradient` over the artboard's box: `angle` in CSS degrees
/// (180 = top to bottom, 90 = left to right); `startPoint`/`endPoint` are the ends of the CSS
/// gradient line in unit coordinates of the box.
public struct Theme: Sendable, Hashable {
    public var name: String
    public var identifier: String
    /// Relative to the current folder or the config, with `/` separators.
    public var file: String
    public var width: Int
    public var height: Int
    public var colorSpace: ColorSpace
    public var angle: Double
    public var startPoint: UnitPoint
    public var endPoint: UnitPoint
    public var stops: [GradientStop]
    public var themeColor: RGBA
    public var textColors: [TextColor]
    public var fit: FitQuality
    public var overlays: [PixelRect]

    public init(name: String, identifier: String, file: String, width: Int, height: Int,
                colorSpace: ColorSpace, angle: Double, startPoint: UnitPoint, endPoint: UnitPoint,
                stops: [GradientStop], themeColor: RGBA, textColors: [TextColor] = [],
                fit: FitQuality, overlays: [PixelRect] = []) {
        self.name = name; self.identifier = identifier; self.file = file
        self.width = width; self.height = height; self.colorSpace = colorSpace
        self.angle = angle; self.startPoint = startPoint; self.endPoint = endPoint
        self.stops = stops; self.themeColor = themeColor; self.textColors = textColors
        self.fit = fit; self.overlays = overlays
    }
}
