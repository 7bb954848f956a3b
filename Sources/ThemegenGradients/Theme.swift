import ThemegenImage

/// A point in unit coordinates of a view's box, y pointing down (CAGradientLayer, SwiftUI).
package struct UnitPoint: Sendable, Hashable {
    package var x: Double
    package var y: Double
    package init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A rectangle in artboard pixels.
package struct PixelRect: Sendable, Hashable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

package struct GradientStop: Sendable, Hashable {
    package var color: RGBA
    /// 0…1 along the CSS gradient line of the artboard's box (linear), from the centre to the
    /// ellipse (radial), or as a fraction of the turn from the start angle (angular).
    package var position: Double
    package init(color: RGBA, position: Double) { self.color = color; self.position = position }
}

/// A named text colour checked against the gradient.
package struct TextColor: Sendable, Hashable {
    package var name: String
    package var color: RGBA
    /// The dark-appearance variant, when the config gives one.
    package var dark: RGBA?
    /// Large text needs only 3:1 under WCAG 2.x.
    package var large: Bool
    /// The worst WCAG 2.x contrast ratio of `color` against any point of the gradient.
    package var contrast: Double
    /// In dark appearance: the worst ratio of `dark ?? color` against the dark gradient (or the
    /// gradient, when the theme has no dark one); nil when the theme has no dark appearance.
    package var darkContrast: Double? = nil

    package init(name: String, color: RGBA, dark: RGBA? = nil, large: Bool = false, contrast: Double) {
        self.name = name; self.color = color; self.dark = dark; self.large = large; self.contrast = contrast
    }
}

/// How well the recovered gradient explains the artboard's gradient pixels (ΔE2000).
package struct FitQuality: Sendable, Hashable {
    package var meanDeltaE: Double
    package var maxDeltaE: Double
    package init(meanDeltaE: Double, maxDeltaE: Double) { self.meanDeltaE = meanDeltaE; self.maxDeltaE = maxDeltaE }
}

/// One gradient theme recovered from an exported artboard.
///
/// `shape` says whether it is linear, radial or angular. A linear gradient's geometry follows CSS
/// `linear-gradient` over the artboard's box: `angle` in CSS degrees (180 = top to bottom, 90 =
/// left to right); `startPoint`/`endPoint` are the ends of the CSS gradient line in unit
/// coordinates of the box. Radial and angular ones carry theirs in `shape`; for them `angle`,
/// `startPoint` and `endPoint` keep the vertical defaults and mean nothing.
package struct Theme: Sendable, Hashable {
    package var name: String
    package var identifier: String
    /// Relative to the current folder or the config, with `/` separators.
    package var file: String
    package var width: Int
    package var height: Int
    package var colorSpace: ColorSpace
    package var angle: Double
    package var startPoint: UnitPoint
    package var endPoint: UnitPoint
    package var stops: [GradientStop]
    package var themeColor: RGBA
    package var textColors: [TextColor]
    package var fit: FitQuality
    package var overlays: [PixelRect]
    package var shape: GradientShape
    /// The dark-appearance variant recovered from `NAME~dark@Nx.png`, as a theme of its own
    /// (an array only because a struct cannot hold itself; at most one element). See `dark`.
    package var darkVariants: [Theme] = []

    package init(name: String, identifier: String, file: String, width: Int, height: Int,
                colorSpace: ColorSpace, angle: Double, startPoint: UnitPoint, endPoint: UnitPoint,
                stops: [GradientStop], themeColor: RGBA, textColors: [TextColor] = [],
                fit: FitQuality, overlays: [PixelRect] = [], shape: GradientShape = .linear) {
        self.name = name; self.identifier = identifier; self.file = file
        self.width = width; self.height = height; self.colorSpace = colorSpace
        self.angle = angle; self.startPoint = startPoint; self.endPoint = endPoint
        self.stops = stops; self.themeColor = themeColor; self.textColors = textColors
        self.fit = fit; self.overlays = overlays; self.shape = shape
    }

    /// The gradient as drawn over the artboard's box.
    package var model: GradientModel { GradientModel(shape: shape, angle: angle, stops: stops) }
}

extension Theme {
    /// The gradient for dark appearance (from `NAME~dark@3x.png`), when the folder has one.
    package var dark: Theme? {
        get { darkVariants.first }
        set { darkVariants = newValue.map { [$0] } ?? [] }
    }
}
