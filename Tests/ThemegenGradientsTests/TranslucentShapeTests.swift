import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenGradients
@testable import ThemegenTestSupport

/// Translucent radial and angular gradients: their stops carry alpha (within 0.01), their
/// geometry is recovered as for opaque ones (centre within 0.5% of the box, radii within 1%,
/// start angle within 0.5°), and the recovered gradient composited over white and over black
/// is within mean ΔE2000 0.5 / max 1.5 of the authored one, premultiplied as CSS interpolates.
final class TranslucentShapeTests: XCTestCase {
    typealias S = GradientTestSupport

    static func stop(_ hex: String, _ alpha: Double, _ position: Double) -> GradientStop {
        var c = S.hex(hex)
        c.alpha = alpha
        return GradientStop(color: c, position: position)
    }

    func testTranslucentAngularKeepsItsAlpha() {
        check("conic with a seam", GradientRenderer(width: 375, height: 812, gradient: LinearGradient(angle: 180, stops: [
            Self.stop("#8E2DE2", 0.8, 0), Self.stop("#4A00E0", 0.3, 0.5), Self.stop("#F64F59", 1, 1)]), dither: true,
            shape: .angular(center: UnitPoint(x: 0.5, y: 0.45), startAngle: 30)))
    }

    /// A glow that fades to transparent at its ellipse: where alpha reaches 0 the stored colour
    /// jumps (to black here), and the ellipse must still end where the premultiplied colours do.
    func testTranslucentRadialFadingOutKeepsItsEllipse() {
        check("radial fading out", GradientRenderer(width: 375, height: 812, gradient: LinearGradient(angle: 180, stops: [
            Self.stop("#FC466B", 0.9, 0), Self.stop("#3F5EFB", 0.4, 0.6), Self.stop("#FFFFFF", 0, 1)]), dither: true,
            shape: .radial(center: UnitPoint(x: 0.4, y: 0.35), radius: UnitPoint(x: 0.8, y: 0.45))))
    }

    /// Alpha that falls but never reaches 0, on a circle whose last stop lies inside the box.
    func testTranslucentRadialCircle() {
        check("radial circle", GradientRenderer(width: 375, height: 812, gradient: LinearGradient(angle: 180, stops: [
            Self.stop("#FFFFFF", 1, 0), Self.stop("#12C2E9", 0.7, 0.5), Self.stop("#C471ED", 0.25, 1)]), dither: true,
            shape: .radial(center: UnitPoint(x: 0.55, y: 0.5), radius: UnitPoint(x: 0.9, y: 0.9 * 375 / 812))))
    }

    private func check(_ name: String, _ r: GradientRenderer, file: StaticString = #filePath, line: UInt = #line) {
        let f = S.fit(r)
        XCTAssertEqual(f.shape.type, r.shape.type, name, file: file, line: line)
        XCTAssertNil(f.problem, name, file: file, line: line)
        XCTAssertTrue(f.overlays.isEmpty, "\(name): \(f.overlays)", file: file, line: line)
        XCTAssertLessThanOrEqual(f.quality.meanDeltaE, 0.5, name, file: file, line: line)
        XCTAssertLessThanOrEqual(f.quality.maxDeltaE, 1.5, name, file: file, line: line)
        let q = S.accuracy(r.model, f.model, width: r.width, height: r.height)
        XCTAssertLessThanOrEqual(q.meanDeltaE, 0.5, "\(name): over white and black", file: file, line: line)
        XCTAssertLessThanOrEqual(q.maxDeltaE, 1.5, "\(name): over white and black", file: file, line: line)
        switch (r.shape, f.shape) {
        case let (.radial(ec, er), .radial(fc, fr)):
            XCTAssertEqual(fc.x, ec.x, accuracy: 0.005, name, file: file, line: line)
            XCTAssertEqual(fc.y, ec.y, accuracy: 0.005, name, file: file, line: line)
            XCTAssertEqual(fr.x, er.x, accuracy: 0.01 * er.x, name, file: file, line: line)
            XCTAssertEqual(fr.y, er.y, accuracy: 0.01 * er.y, name, file: file, line: line)
        case let (.angular(ec, ea), .angular(fc, fa)):
            XCTAssertEqual(fc.x, ec.x, accuracy: 0.005, name, file: file, line: line)
            XCTAssertEqual(fc.y, ec.y, accuracy: 0.005, name, file: file, line: line)
            XCTAssertEqual(fa, ea, accuracy: 0.5, name, file: file, line: line)
        default:
            XCTFail("\(name): \(f.shape)", file: file, line: line)
        }
        XCTAssertEqual(f.stops.count, r.gradient.stops.count, "\(name): \(f.stops)", file: file, line: line)
        for (a, b) in zip(f.stops, r.gradient.stops) {
            XCTAssertEqual(a.color.alpha, b.color.alpha, accuracy: 0.01, name, file: file, line: line)
            XCTAssertEqual(a.position, b.position, accuracy: 0.01, name, file: file, line: line)
            // A fully transparent stop's colour never shows (premultiplied, it is black).
            guard b.color.alpha > 0 else { continue }
            let e = DeltaE2000.difference(Lab(rgb: Vec3(a.color.red, a.color.green, a.color.blue), in: .sRGB),
                                          Lab(rgb: Vec3(b.color.red, b.color.green, b.color.blue), in: .sRGB))
            XCTAssertLessThanOrEqual(e, 1.5, "\(name): \(HexColor.format(a.color)) vs \(HexColor.format(b.color))", file: file, line: line)
        }
    }
}
