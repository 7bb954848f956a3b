#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ThemegenImage

/// What an angular fit cannot vouch for from the cells it measures: the seam, and the stretches
/// of the turn that only overlays cover.
///
/// The fit's quality is taken on cell means the model describes, which leaves out the band
/// along the seam (a cell there mixes the last and first colours) and everything under the
/// overlays. Both may hide a wrong answer that the cells measured never show: a seam found
/// 2° off on a 1640 × 2360 artboard put a wedge 16 px wide of the wrong colour along it (ΔE 57
/// while the fit said 0.55), and a seam hidden under a card came back as a steep ramp of two
/// stops there, with its own seam moved under the card where the colours were alike (ΔE 18,
/// fit 0.07). So the fit's max also takes:
/// * the seam band: the cells along the model's seam outside the overlays, compared with the
///   model averaged over their pixels, the seam allowed to move by the 2 px renderers differ by;
/// * the hidden turn: where a stretch of the turn is drawn in the box but seen only under
///   overlays, what the model does there is a guess. Its worst departure from the straight
///   ramp between the colours seen on either side (a stop or a steep ramp placed in the
///   stretch), or, when the seam lies in the stretch, the seam's own jump (it may lie anywhere
///   in it) unless it has none where the ramps meet. A seam that crosses no cell outside the
///   boxes may still show through a shadow inside one (`seamShadedCells`): then it is seen,
///   and so is the turn of the cells that show it.
extension ShapeFitter {
    struct AngularUnchecked {
        /// ΔE2000 of the worst cell but one along the seam, outside the overlays.
        var seam = 0.0
        /// ΔE2000 the model may be off by in the stretches of the turn hidden under overlays.
        var hidden = 0.0
        /// How far from the centre the seam shows through a shadow inside the overlays' boxes,
        /// in pixels; 0 when it does not, or when cells outside the boxes see it.
        var seamShaded = 0.0
    }

    /// The checks above for an angular model; `seen`: the drawn cells outside the reported
    /// overlays' boxes.
    func angularUnchecked(_ m: GradientModel, seen: [Bool]) -> AngularUnchecked {
        guard case let .angular(centre, startAngle) = m.shape, m.stops.count >= 2 else { return AngularUnchecked() }
        let cx = centre.x * Double(grid.width), cy = centre.y * Double(grid.height)
        let stops = m.stops, space = options.space
        let seamed = stops[0].color != stops[stops.count - 1].color
        let line = LinearGradient(angle: 180, stops: stops)
        /// The premultiplied colour at a fraction of the turn, 8-bit scale; the end segments
        /// continue past 0 and 1 (a seam moved a little puts the ramps on either side there).
        func colour(_ t: Double) -> Color4 {
            // The segment a→b carried on to t; `end` where it has no length.
            func carried(_ a: GradientStop, _ b: GradientStop, else end: GradientStop) -> Color4 {
                b.position > a.position ? clamped255(premultiplied(a) + (premultiplied(b) - premultiplied(a)) * ((t - a.position) / (b.position - a.position))) : premultiplied(end)
            }
            if t > 1, stops.count >= 2 { return carried(stops[stops.count - 2], stops[stops.count - 1], else: stops[stops.count - 1]) }
            if t < 0 { return carried(stops[0], stops[1], else: stops[0]) }
            return line.premultiplied255(at: min(1, t))
        }
        func lab(_ c: Color4) -> Lab { Lab(r255: c.x, g: c.y, b: c.z, in: space) }
        // The jump between the turn's ends, where its seam is.
        let endsJump = seamed ? DeltaE2000.difference(lab(colour(1)), lab(colour(0))) : 0
        var out = AngularUnchecked()
        let cs = Double(grid.cellSize), minR = 4 * cs
        let a = startAngle * Double.pi / 180, ux = sin(a), uy = -cos(a)
        let n = grid.columns * grid.rows

        // The seam band, seen.
        var seamSeen = false, shaded: [Int] = []
        if seamed {
            var worst: [Double] = []
            for k in 0..<n where seen[k] {
                let dx = grid.cx[k] - cx, dy = grid.cy[k] - cy
                let along = dx * ux + dy * uy
                guard along > minR && abs(dx * uy - dy * ux) < 1.5 * cs else { continue }
                // A cell the seam crosses sees it.
                if abs(dx * uy - dy * ux) < 0.75 * cs { seamSeen = true }
                // Every other cell along the seam is compared: a seam out of place is out of
                // place all along.
                guard Int(along / cs) % 2 == 0 else { continue }
                let r = (dx * dx + dy * dy).squareRoot()
                worst.append(seamMisplacement(k, cx: cx, cy: cy, start: startAngle, pixel: 1 / r / (2 * Double.pi), colour: colour))
            }
            // The worst cell but one: a stray cell (an icon's edge outside the overlays' boxes)
            // does not move a seam. A seam seen by one cell only (where it leaves the box beside
            // a card) is measured by that cell.
            worst.sort(by: >)
            out.seam = worst.count >= 2 ? worst[1] : (worst.first ?? 0)
            if !seamSeen {
                shaded = seamShadedCells(seen: seen, cx: cx, cy: cy, start: startAngle, colour: colour)
                out.seamShaded = shaded.map { (grid.cx[$0] - cx) * ux + (grid.cy[$0] - cy) * uy }.max() ?? 0
                seamSeen = !shaded.isEmpty
            }
        }

        // The turn, in degree bins: drawn (any cell of the box) and seen (outside the overlays).
        let bins = 360
        var drawn = [Bool](repeating: false, count: bins), visible = drawn
        for k in 0..<n where grid.drawn(k) {
            let dx = grid.cx[k] - cx, dy = grid.cy[k] - cy
            guard dx * dx + dy * dy >= minR * minR else { continue }
            let b = min(bins - 1, Int(GradientModel.Coordinates.turn(dx: dx, dy: dy, from: startAngle) * Double(bins)))
            drawn[b] = true
            if seen[k] || shaded.contains(k) { visible[b] = true }
        }
        guard visible.contains(true) else { return out }
        // Each hidden stretch: a run of drawn bins not seen, between seen ones (around the turn).
        let first = visible.firstIndex(of: true)!
        var i = first
        repeat {
            let j = (i + 1) % bins
            guard !visible[j] else { i = j; continue }
            // Bins j… up to the next seen one.
            var e = j
            while !visible[e % bins] { e += 1 }
            let hiddenDrawn = (j..<e).contains { drawn[$0 % bins] }
            if hiddenDrawn && e - j >= 2 {
                let lo = Double(j) / Double(bins), hi = Double(e) / Double(bins)
                func at(_ f: Double) -> Color4 { colour(f >= 1 ? f - 1 : (f < 0 ? f + 1 : f)) }
                // What the cells seen on either side carry on into the stretch: the ramp there
                // continued. A model that follows one of them and then the other (a stop where
                // they meet, or the seam) is what they tell; one that leaves both (a steep ramp
                // or stops of its own in the stretch) is a guess.
                let h = 0.5 / Double(bins)
                // A stretch that starts or ends at the seam has the model's own ramp there on
                // that side (the seen turn beyond it lies across the seam's jump).
                let atSeamStart = seamed && j == 0, atSeamEnd = seamed && e == bins
                let ca = atSeamStart ? colour(0) : at(lo), cb = atSeamEnd ? colour(1) : at(hi)
                let slopeL = atSeamStart ? (colour(h) - ca) / h : (ca - at(lo - h)) / h
                let slopeR = atSeamEnd ? (cb - colour(1 - h)) / h : (at(hi + h) - cb) / h
                func left(_ f: Double) -> Color4 { clamped255(ca + slopeL * (f - lo)) }
                func right(_ f: Double) -> Color4 { clamped255(cb + slopeR * (f - hi)) }
                for s in 1..<32 {
                    let f = lo + (hi - lo) * Double(s) / 32
                    let v = lab(at(f))
                    out.hidden = max(out.hidden, min(DeltaE2000.difference(v, lab(left(f))), DeltaE2000.difference(v, lab(right(f)))))
                }
                // Where the two ramps come closest in the stretch (their difference is linear in
                // the turn).
                let meet = Color4.closestApproach(ca - slopeL * lo, slope: slopeL, cb - slopeR * hi, slope: slopeR)
                let closest = meet.map { max(lo, min(hi, $0)) } ?? lo
                let apart = DeltaE2000.difference(lab(left(closest)), lab(right(closest)))
                let seamInside = seamed && (e >= bins || j == 0)
                // A seam of no visible jump where the ramps seen on either side meet is a stop
                // like any other (a seamless conic, its valley under a card, browser seed 4 #26,
                // came back right to 0.56 with its ends a level apart and the ramps meeting within
                // 0.002 at its seam, but was charged the jump of a seam that might lie anywhere,
                // 13.2). Ramps that miss each other by more (1.6 where a 4-stop conic's extra stops
                // lay under the card, seed 3 #5, 37 off) leave the seam's place a guess.
                let seamless = seamInside && !atSeamStart && !atSeamEnd
                    && endsJump < 0.5 && apart < 0.5
                if seamInside && !seamSeen && !seamless {
                    // The seam in the stretch may lie anywhere in it, and be any jump from the
                    // ramp on one side to the ramp on the other: the seen turn tells neither (a
                    // seam hidden by a card came back as a gentle ramp between its colours, and
                    // the model's own seam moved under the card where they were alike).
                    var jump = endsJump
                    for s in 0...16 {
                        let f = lo + (hi - lo) * Double(s) / 16
                        jump = max(jump, DeltaE2000.difference(lab(left(f)), lab(right(f))))
                    }
                    out.hidden = max(out.hidden, jump)
                } else if !seamInside || seamless {
                    // Ramps either side that never meet in the stretch turn from one to the
                    // other somewhere in it (a hard stop, or stops of their own): where is a guess.
                    out.hidden = max(out.hidden, apart)
                }
            }
            i = e % bins
        } while i != first
        return out
    }

    /// How far cell k along the seam says the seam is misplaced, in ΔE2000: the cell mean
    /// against the model averaged over the cell's pixels with the seam moved by at most the
    /// 2 px renderers differ by, less the same with the seam moved as far as two cells. A cell
    /// matched only by a seam moved farther shows a wedge of the wrong colour; one matched no
    /// better either way is off by the renderers' own rounding of pixels along the seam (a
    /// pixel of a large jump is ΔE 2 in an 8 px cell), which no placement of the seam removes.
    /// `pixel`: a pixel at the cell's distance from the centre, in turns.
    private func seamMisplacement(_ k: Int, cx: Double, cy: Double, start: Double, pixel: Double, colour: (Double) -> Color4) -> Double {
        let reach = 2.0 * Double(grid.cellSize)
        let shifts = seamShifts(k, cx: cx, cy: cy, start: start, pixel: pixel, reach: reach, colour: colour)
        let c = grid.color(k)
        var allowed = (error: Double.infinity, colour: Color4.zero), free = allowed
        for (i, v) in shifts.averages.enumerated() {
            let e = (v - c).lengthSquared
            if e < free.error { free = (e, v) }
            if abs(-reach + Double(i) * Self.seamStep) <= 2 && e < allowed.error { allowed = (e, v) }
        }
        let cell = Lab(r255: c.x, g: c.y, b: c.z, in: options.space)
        func lab(_ v: Color4) -> Lab { Lab(r255: v.x, g: v.y, b: v.z, in: options.space) }
        return max(0, DeltaE2000.difference(lab(allowed.colour), cell) - DeltaE2000.difference(lab(free.colour), cell))
    }

    /// The seam's moves in `seamShifts`, in pixels.
    static let seamStep = 0.25

    /// Cell k's mean under the model with the seam moved by each step of `seamStep` from
    /// -`reach` to +`reach` pixels (`averages`), and with all its pixels after the seam (`after`)
    /// and before it (`before`): the ramps continued past the seam. Moving the seam by s puts
    /// the pixels whose signed offset from it is below s before it; each pixel changes sides at
    /// one step, so one pass over the pixels gives every step's cell average.
    private func seamShifts(_ k: Int, cx: Double, cy: Double, start: Double, pixel: Double, reach: Double,
                            colour: (Double) -> Color4) -> (averages: [Color4], after: Color4, before: Color4) {
        let steps = Int(2 * reach / Self.seamStep) + 1
        var change = [Color4](repeating: .zero, count: steps + 1)
        var after = Color4.zero, before = Color4.zero, m = 0.0
        grid.forEachPixel(k) { x, y in
            let f = GradientModel.Coordinates.turn(dx: x - cx, dy: y - cy, from: start)
            let d = f < 0.5 ? f : f - 1
            let a = colour(d), b = colour(d + 1)
            after += a; before += b
            m += 1
            // Before the seam from the first step whose shift exceeds d.
            change[max(0, min(steps, Int(((d / pixel + reach) / Self.seamStep).rounded(.down)) + 1))] += b - a
        }
        var sum = after, averages: [Color4] = []
        averages.reserveCapacity(steps)
        for i in 0..<steps {
            sum += change[i]
            averages.append(sum / m)
        }
        return (averages, after / m, before / m)
    }

    /// The cells inside the overlays' boxes that show the model's seam through a shadow; none
    /// when fewer than two do. A card's drop shadow (or any dark translucent veil) only darkens
    /// what lies beneath: a shaded pixel is s · G, s a little below 1, so the band of the box
    /// around the card still shows the gradient's colours up to their lightness, and a seam
    /// crossing it shows as a cell mixing its two sides in the model's proportion. A conic
    /// centred under a full-width card, its seam running under the card to the artboard's edge,
    /// came back right to ΔE 0.37 but was charged the seam's whole jump (78.9) as if it might
    /// lie anywhere under the card, while the 32 px of shadow beside the card showed it where
    /// the model put it (browser seed 5 #11). Two cells are needed: one may be an icon's edge or
    /// text that happens to match.
    private func seamShadedCells(seen: [Bool], cx: Double, cy: Double, start: Double, colour: (Double) -> Color4) -> [Int] {
        guard !grid.translucent else { return [] }
        let cs = Double(grid.cellSize), a = start * Double.pi / 180, ux = sin(a), uy = -cos(a)
        var cells: [Int] = []
        for k in 0..<(grid.columns * grid.rows) where !seen[k] && grid.drawn(k) {
            let dx = grid.cx[k] - cx, dy = grid.cy[k] - cy
            let along = dx * ux + dy * uy
            guard along > 4 * cs && abs(dx * uy - dy * ux) < 0.75 * cs else { continue }
            let r = (dx * dx + dy * dy).squareRoot()
            if seamShowsThroughShade(k, cx: cx, cy: cy, start: start, pixel: 1 / r / (2 * Double.pi), colour: colour) { cells.append(k) }
        }
        return cells.count >= 2 ? cells : []
    }

    /// Whether cell k shows the model's seam through a shade: its mean is the model averaged
    /// over its pixels, with the seam moved by at most the 2 px renderers differ by, darkened by
    /// a factor in `shadeRange`, within the 1.5 themegen promises; and the ramp of either side
    /// carried across the whole cell, darkened as well as it may be, is more than the rejection
    /// line's 3 off (a cell the seam barely touches, or a seam of little jump, tells nothing).
    /// `pixel`: a pixel at the cell's distance from the centre, in turns.
    private func seamShowsThroughShade(_ k: Int, cx: Double, cy: Double, start: Double, pixel: Double, colour: (Double) -> Color4) -> Bool {
        let shifts = seamShifts(k, cx: cx, cy: cy, start: start, pixel: pixel, reach: 2, colour: colour)
        let c = grid.color(k), cell = Lab(r255: c.x, g: c.y, b: c.z, in: options.space)
        // ΔE2000 between the cell and `v` darkened by the factor in range that fits best.
        func shaded(_ v: Color4) -> Double {
            let norm = (v * v).sum() - v.w * v.w
            let s = norm > 0 ? min(Self.shadeRange.upperBound, max(Self.shadeRange.lowerBound, ((v * c).sum() - v.w * c.w) / norm)) : 1
            return DeltaE2000.difference(Lab(r255: v.x * s, g: v.y * s, b: v.z * s, in: options.space), cell)
        }
        let mixed = shifts.averages.map(shaded).min() ?? .infinity
        return mixed < 1.5 && min(shaded(shifts.after), shaded(shifts.before)) > 3
    }

    /// How much a shade may darken the gradient: a card's drop shadow is black at 0.1–0.3
    /// opacity at its darkest (CSS cards commonly 0.18); 0.4 leaves room for a darker veil.
    static let shadeRange = 0.6...1.0

    private func premultiplied(_ s: GradientStop) -> Color4 {
        let c = s.color
        return Color4(c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha) * 255
    }
}
