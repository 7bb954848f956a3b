/// What the fitter recovered from one artboard.
public struct GradientFit: Sendable, Hashable {
    /// CSS degrees in [90, 270): the direction always points down or (at exactly 90) right;
    /// the opposite angle with reversed stops draws the same pixels.
    public var angle: Double
    /// Colours 0…1 in the image's own colour space; one stop for a flat fill.
    public var stops: [GradientStop]
    public var startPoint: UnitPoint
    public var endPoint: UnitPoint
    public var quality: FitQuality
    /// Regions left out of the fit (bars, cards, text, icons), merged, in artboard pixels.
    public var overlays: [PixelRect]
    /// Linear, or a radial or angular gradient's geometry (then `angle` and the points are
    /// the vertical defaults, unused).
    public var shape: GradientShape = .linear

    public var model: GradientModel { GradientModel(shape: shape, angle: angle, stops: stops) }

    public var gradient: LinearGradient { LinearGradient(angle: angle, stops: stops) }
}
