import XCTest
@testable import ThemegenImage
import ThemegenTestKit

final class ColorChunksTests: XCTestCase {
    func testPrecedenceIsCICPThenICCPThenSRGBThenCHRMThenGAMA() {
        var c = ColorChunks()
        XCTAssertEqual(c.colorSpace, .sRGB, "untagged is sRGB")
        c.gamma = 1.0
        XCTAssertEqual(c.colorSpace, .other("gAMA 1"))
        c.gamma = 0.45455
        XCTAssertEqual(c.colorSpace, .sRGB)
        c.chromaticities = [0.3127, 0.329, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060]
        XCTAssertEqual(c.colorSpace, .displayP3)
        c.srgbIntent = 0
        XCTAssertEqual(c.colorSpace, .sRGB)
        c.iccpProfile = ICCProfile.displayP3
        XCTAssertEqual(c.colorSpace, .displayP3)
        c.cicp = [1, 13, 0, 1]
        XCTAssertEqual(c.colorSpace, .sRGB)
        c.cicp = [12, 13, 0, 1]
        XCTAssertEqual(c.colorSpace, .displayP3)
        c.cicp = [9, 16, 0, 1]
        XCTAssertEqual(c.colorSpace, .other("cICP primaries 9, transfer 16"))
    }

    func testProfilesAreIdentifiedByDescriptionThenPrimaries() {
        XCTAssertEqual(ICCProfile.description(of: ICCProfile.displayP3), "Display P3")
        let unnamedP3 = ICCProfile.build(description: "Untitled", primaries: .displayP3)
        XCTAssertEqual(ICCProfile.identify(unnamedP3, name: "ICC"), .displayP3)
        let unnamedSRGB = ICCProfile.build(description: "Untitled", primaries: .sRGB)
        XCTAssertEqual(ICCProfile.identify(unnamedSRGB, name: "ICC"), .sRGB)
        let wide = ICCProfile.Primaries(red: (0.7347, 0.2653), green: (0.1596, 0.8404), blue: (0.0366, 0.0001),
                                        white: (0.3457, 0.3585))
        XCTAssertEqual(ICCProfile.identify(ICCProfile.build(description: "ProPhoto", primaries: wide), name: "x"),
                       .other("ProPhoto"))
    }

    func testTheP3ProfileCarriesThePublishedColorantsAdaptedToD50() throws {
        // The rXYZ, gXYZ and bXYZ tags of Apple's Display P3 profile.
        let apple: [[Double]] = [[0.5151, 0.2412, -0.0011], [0.2920, 0.6922, 0.0419], [0.1571, 0.0666, 0.7841]]
        let m = ICCProfile.d50ColorantXYZ(of: .displayP3)
        for colorant in 0..<3 {
            for k in 0..<3 {
                XCTAssertEqual(m[k][colorant], apple[colorant][k], accuracy: 0.0002, "colorant \(colorant) component \(k)")
            }
        }
        let c = try XCTUnwrap(ICCProfile.colorantChromaticities(of: ICCProfile.displayP3))
        XCTAssertEqual(c[1].0, 0.2920 / (0.2920 + 0.6922 + 0.0419), accuracy: 0.0002)
    }

    func testCorpusFilesReportTheirSpaces() throws {
        func space(_ f: String) throws -> ColorSpace {
            try PNGRowReader(path: SharedCorpus.url("pngsuite/" + f).path).colorSpace
        }
        XCTAssertEqual(try space("pngsuite-full/basn2c08.png"), .other("gAMA 1"))
        XCTAssertEqual(try space("pngsuite-full/g25n2c08.png"), .other("gAMA 2.5"))
    }
}
