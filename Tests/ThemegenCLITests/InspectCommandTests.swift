import Foundation
import XCTest
@testable import ThemegenCLI
import ThemegenTestKit

/// `themegen inspect` over broken and hostile files (the decoder's side is in PNGHostileInputTests).
final class InspectCommandTests: XCTestCase {
    func bytes() throws -> [UInt8] { try HostilePNG.bytes() }
    func withHeader(width: UInt32, height: UInt32) throws -> [UInt8] { try HostilePNG.withHeader(width: width, height: height) }

    func testInspectReportsEveryBadFileAndGoesOn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("x.png"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        XCTAssertTrue(FileManager.default.createFile(atPath: dir.appendingPathComponent("a-empty.png").path, contents: Data()))
        try Data(try bytes()).write(to: dir.appendingPathComponent("b-good.png"))
        try Data(try withHeader(width: 100_000, height: 100_000)).write(to: dir.appendingPathComponent("c-huge.png"))
        let run = CLIRun(["inspect", dir.path])
        XCTAssertEqual(run.code, .input)
        XCTAssertEqual(run.err.split(separator: "\n").count, 3, run.err)
        XCTAssertTrue(run.err.contains("themegen: error: \(dir.path)/a-empty.png: file is empty"))
        XCTAssertTrue(run.err.contains("themegen: error: \(dir.path)/c-huge.png: image is 100000×100000"))
        XCTAssertTrue(run.err.contains("themegen: error: \(dir.path)/x.png: is a folder"))
        XCTAssertEqual(run.out, """
        [
          {
            "file": "\(dir.path)/b-good.png",
            "width": 32,
            "height": 32,
            "bitDepth": 8,
            "colorType": "rgb",
            "interlaced": false,
            "hasAlpha": false,
            "colorSpace": "other",
            "colorProfile": "gAMA 1"
          }
        ]

        """)
    }
}

/// Runs the CLI in-process and captures what it prints.
struct CLIRun {
    let code: ExitCode
    let out: String
    let err: String

    init(_ args: [String]) {
        final class Box: @unchecked Sendable { var out = ""; var err = "" }
        let box = Box()
        let console = Console(out: { box.out += $0 }, err: { box.err += $0 })
        code = ThemegenCLI.run(args, console: console)
        out = box.out
        err = box.err
    }
}
