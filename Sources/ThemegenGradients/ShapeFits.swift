import ThemegenImage

/// The radial and angular fits of one artboard, each run at most once: the type decision's
/// look and its full decision ask for the same fits on the same cells.
///
/// A translucent artboard's shapes are fitted on the smooth cells of its premultiplied
/// colours (what the linear fit took may stop where the stored colour jumps as alpha
/// reaches 0).
final class ShapeFits {
    private let grid: CellGrid
    private let options: GradientFitter.Options
    private var fitted: [ShapeFitter.Kind: ShapeFitter.Result?] = [:]
    private lazy var shapeGrid = grid.withPremultipliedSpread()
    private lazy var cells = GradientFitter(grid: shapeGrid, options: options).candidateCells()

    init(grid: CellGrid, options: GradientFitter.Options) {
        self.grid = grid
        self.options = options
    }

    /// The cells the shapes are fitted on (the smooth region of the premultiplied colours).
    var candidates: [Bool] { cells.cells }

    /// The fit of `kind`, nil when the cells give it no usable geometry.
    func fit(_ kind: ShapeFitter.Kind) -> ShapeFitter.Result? {
        if let done = fitted[kind] { return done }
        let c = cells
        let r = ShapeFitter(kind: kind, grid: shapeGrid, options: options)
            .fit(candidates: c.cells, noiseVariance: c.noiseVariance, smooth: c.smooth, regions: (c.labels, c.largest))
        fitted[kind] = .some(r)
        return r
    }
}
