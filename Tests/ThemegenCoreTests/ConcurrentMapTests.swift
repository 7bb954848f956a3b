import XCTest
@testable import ThemegenCore

final class ConcurrentMapTests: XCTestCase {
    func testResultsComeBackInIndexOrder() {
        // Uneven work so that workers finish out of order.
        let out = concurrentMap(500) { i -> String in
            var x = 0
            for k in 0..<((i % 7) * 1000) { x &+= k }
            return "\(i):\(x & 1)"
        }
        XCTAssertEqual(out.count, 500)
        XCTAssertEqual(out.map { Int($0.split(separator: ":")[0])! }, Array(0..<500))
        XCTAssertEqual(concurrentMap(0) { $0 }, [])
        XCTAssertEqual(concurrentMap(1) { [$0, $0 + 1] }, [[0, 1]])
    }
}
