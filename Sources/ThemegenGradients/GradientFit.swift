/// What the fitter recovered from one artboard.
package struct GradientFit: Sendable, Hashable {
    /// CSS degrees in [90, 270): the direction always points down or (at exactly 90) right;
    /// the opposite angle with reversed stops draws the same pixels.
    package var angle: Double
    /// Colours 0…1 in the image's own colour space; one stop for a flat fill.
    package var stops: [GradientStop]
    package var startPoint: UnitPoint
    package var endPoint: UnitPoint
    package var quality: FitQuality
    /// Regions left out of the fit (bars, cards with their shadows, rows, panels, text, icons),
    /// merged, in artboard pixels.
    package var overlays: [PixelRect]
    /// Why the artboard is not a linear gradient under overlays, when it is not.
    package var problem: FitProblem?
    /// The share of the artboard's cells the gradient explains (the fit's cells).
    package var explained: Double
    /// Linear, or a radial or angular gradient's geometry (then `angle` and the points are
    /// the vertical defaults, unused).
    package var shape: GradientShape = .linear
    /// Where the model is a guess beyond what the fit sees (under overlays) by more than the
    /// promise; nil when nothing is, or it was not measured.
    package var extrapolation: Extrapolation? = nil
    /// Set when the max ΔE is not the cells' own error but what they cannot vouch for: an
    /// angular seam seen elsewhere than the model's, or a stretch of the turn seen only under
    /// overlays (see `ShapeFitter.angularUnchecked`).
    package var unchecked: UncheckedPart? = nil

    package var model: GradientModel { GradientModel(shape: shape, angle: angle, stops: stops) }

    package var gradient: LinearGradient { LinearGradient(angle: angle, stops: stops) }
}

/// Why an artboard does not give a trustworthy linear gradient.
package enum FitProblem: Sendable, Hashable {
    /// Pixel noise far above dither or grain: a photo, texture or noise.
    case photo
    /// The smoothly shaded area is not explained by a linear gradient (radial, angular or a
    /// shaded illustration); the share of it left unexplained.
    case notLinear(unexplained: Double)
    /// The gradient explains less than half of the artboard; the share it explains.
    case littleGradient(explained: Double)
    /// The overlays found would cover more than half of the artboard; the share they cover.
    case overlaysTooLarge(coverage: Double)
}

/// What an angular fit's max ΔE measures when the cells it fits cannot vouch for the model.
package enum UncheckedPart: Sendable, Hashable {
    /// The seam, where it shows beside the overlays, lies elsewhere than the model's.
    case seam
    /// A stretch of the turn is seen only under overlays, and the model guesses there (a stop,
    /// a steep ramp or the seam hidden under them).
    case hiddenTurn
}
