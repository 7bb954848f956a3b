import XCTest
@testable import ThemegenImage

final class ColorMathTests: XCTestCase {
    /// All 34 pairs of Sharma, Wu and Dalal (2005), Table 1: L1 a1 b1 L2 a2 b2 ΔE00.
    static let sharma: [[Double]] = [
        [50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425],
        [50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615],
        [50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412],
        [50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000],
        [50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000],
        [50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000],
        [50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669],
        [50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669],
        [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792],
        [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792],
        [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195],
        [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195],
        [50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045],
        [50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045],
        [50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461],
        [50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065],
        [50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492],
        [50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977],
        [50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030],
        [50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535],
        [50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000],
        [50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000],
        [50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000],
        [50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000],
        [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
        [63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630],
        [61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731],
        [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
        [22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373],
        [36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
        [90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441],
        [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
        [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
        [2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082],
    ]

    func testCIEDE2000MatchesAll34SharmaPairsBothWays() {
        XCTAssertEqual(Self.sharma.count, 34)
        for (i, p) in Self.sharma.enumerated() {
            let a = Lab(l: p[0], a: p[1], b: p[2]), b = Lab(l: p[3], a: p[4], b: p[5])
            XCTAssertEqual((DeltaE2000.difference(a, b) * 10000).rounded() / 10000, p[6], accuracy: 1e-9, "pair \(i + 1)")
            XCTAssertEqual((DeltaE2000.difference(b, a) * 10000).rounded() / 10000, p[6], accuracy: 1e-9, "pair \(i + 1) reversed")
        }
        XCTAssertEqual(DeltaE2000.difference(Lab(l: 40, a: 10, b: -5), Lab(l: 40, a: 10, b: -5)), 0)
    }

    func testWCAGContrastKnownPairs() {
        let black = RGBA(red: 0, green: 0, blue: 0), white = RGBA(red: 1, green: 1, blue: 1)
        XCTAssertEqual(WCAG.contrastRatio(black, white), 21, accuracy: 1e-9)
        XCTAssertEqual(WCAG.contrastRatio(white, white), 1, accuracy: 1e-12)
        func ratio(_ a: String, _ b: String) -> Double {
            (WCAG.contrastRatio(HexColor.parse(a)!, HexColor.parse(b)!) * 100).rounded() / 100
        }
        XCTAssertEqual(ratio("#777777", "#FFFFFF"), 4.48)
        XCTAssertEqual(ratio("#767676", "#FFFFFF"), 4.54)    // the lightest grey passing AA on white
        XCTAssertEqual(ratio("#0000FF", "#FFFFFF"), 8.59)
        XCTAssertEqual(ratio("#FF0000", "#FFFFFF"), 4.0)
        XCTAssertEqual(ratio("#FFFFFF", "#808080"), 3.95)
        XCTAssertEqual(WCAG.luminance(HexColor.parse("#808080")!), 0.2158605, accuracy: 1e-6)
    }

    func testTransferFunctionRoundTripsAndKnownValues() {
        XCTAssertEqual(TransferFunction.toLinear(0.5), 0.2140411, accuracy: 1e-7)
        XCTAssertEqual(TransferFunction.toLinear(0.04), 0.04 / 12.92, accuracy: 1e-12)
        for i in 0...255 {
            let v = Double(i) / 255
            XCTAssertEqual(TransferFunction.toEncoded(TransferFunction.toLinear(v)), v, accuracy: 1e-12)
        }
    }

    func testSRGBWhiteIsD65AndLabOfKnownColours() {
        let white = Lab(rgb: Vec3(1, 1, 1), in: .sRGB)
        XCTAssertEqual(white.l, 100, accuracy: 1e-3)
        XCTAssertEqual(white.a, 0, accuracy: 1e-2)
        XCTAssertEqual(white.b, 0, accuracy: 1e-2)
        // sRGB red: L 53.24, a 80.09, b 67.20 (D65).
        let red = Lab(rgb: Vec3(1, 0, 0), in: .sRGB)
        XCTAssertEqual(red.l, 53.24, accuracy: 0.01)
        XCTAssertEqual(red.a, 80.09, accuracy: 0.02)
        XCTAssertEqual(red.b, 67.20, accuracy: 0.02)
    }

    func testDisplayP3ToSRGBConversion() {
        // P3 red lies outside sRGB: about (1.0931, -0.2267, -0.1501) unclamped.
        let v = RGBSpace.displayP3.convert(Vec3(1, 0, 0), to: .sRGB)
        XCTAssertEqual(v.x, 1.0931, accuracy: 1e-3)
        XCTAssertEqual(v.y, -0.2267, accuracy: 1e-3)
        XCTAssertEqual(v.z, -0.1501, accuracy: 1e-3)
        // sRGB colours survive a round trip through P3.
        for c in [Vec3(0.2, 0.4, 0.6), Vec3(1, 1, 1), Vec3(0, 0, 0), Vec3(0.9, 0.1, 0.3)] {
            let back = RGBSpace.displayP3.convert(RGBSpace.sRGB.convert(c, to: .displayP3), to: .sRGB)
            XCTAssertEqual(back.x, c.x, accuracy: 1e-9); XCTAssertEqual(back.y, c.y, accuracy: 1e-9); XCTAssertEqual(back.z, c.z, accuracy: 1e-9)
        }
        // The same colour has the same Lab from either space.
        let p3 = RGBSpace.sRGB.convert(Vec3(0.2, 0.4, 0.6), to: .displayP3)
        XCTAssertEqual(DeltaE2000.difference(Lab(rgb: Vec3(0.2, 0.4, 0.6), in: .sRGB), Lab(rgb: p3, in: .displayP3)), 0, accuracy: 1e-9)
        XCTAssertEqual(RGBA(red: 1, green: 0, blue: 0).converted(from: .displayP3, to: .sRGB), RGBA(red: 1, green: 0, blue: 0))
    }

    func testHexFormattingAndParsing() {
        XCTAssertEqual(HexColor.format(RGBA(red: 1, green: 0.5, blue: 0)), "#FF8000")
        XCTAssertEqual(HexColor.format(RGBA(red: -0.2, green: 1.3, blue: 0.0019)), "#00FF00")
        XCTAssertEqual(HexColor.parse("#0a0B0c"), RGBA(red: 10.0 / 255, green: 11.0 / 255, blue: 12.0 / 255))
        XCTAssertEqual(HexColor.parse("fff"), RGBA(red: 1, green: 1, blue: 1))
        XCTAssertEqual(HexColor.parse("#00000080")?.alpha, 128.0 / 255)
        XCTAssertNil(HexColor.parse("#12345"))
        XCTAssertNil(HexColor.parse("#GG0000"))
    }
}
