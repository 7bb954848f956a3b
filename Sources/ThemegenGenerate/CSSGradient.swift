import ThemegenCore
import ThemegenGradients

/// The CSS form of a theme's geometry, shared by the `css` template's context and the preview:
/// what goes between `linear-gradient(`, `radial-gradient(` or `conic-gradient(` and the
/// interpolation space and stops.
enum CSSGradient {
    /// `linear-gradient`, `radial-gradient` or `conic-gradient`.
    static func function(_ shape: GradientShape) -> String {
        switch shape {
        case .linear: return "linear-gradient"
        case .radial: return "radial-gradient"
        case .angular: return "conic-gradient"
        }
    }

    /// `180deg`; `ellipse 80.0000% 36.9600% at 50.0000% 50.0000%` (radii as percentages of
    /// the box's width and height, as CSS takes them); `from 30deg at 50.0000% 45.0000%`.
    static func geometry(_ t: Theme) -> String {
        switch t.shape {
        case .linear:
            return NumberFormat.angle(t.angle) + "deg"
        case let .radial(center, radius):
            return "ellipse " + percent(radius.x) + " " + percent(radius.y) + " at " + percent(center.x) + " " + percent(center.y)
        case let .angular(center, startAngle):
            return "from " + NumberFormat.angle(startAngle) + "deg at " + percent(center.x) + " " + percent(center.y)
        }
    }

    /// A unit fraction with the model's 6 decimals as a percentage: `0.369600` → `36.9600%`.
    static func percent(_ x: Double) -> String { NumberFormat.fixed(x * 100, 4) + "%" }

    /// A stop position as CSS gives it: 2 decimals of percent for linear themes (as before),
    /// 4 for radial and angular ones (their positions carry 6 decimals).
    static func position(_ x: Double, shape: GradientShape) -> String {
        shape == .linear ? NumberFormat.fixed(x * 100, 2) + "%" : percent(x)
    }
}
