import XCTest
@testable import Mustache

/// A lazy list renders, tests and prints exactly as the list of its items, making each item only
/// when a section reaches it.
final class LazyListTests: XCTestCase {
    final class Counter: @unchecked Sendable { var made: [Int] = [] }

    func names(_ counter: Counter, _ count: Int = 3) -> TemplateValue {
        .lazyList(LazyTemplateList(count: count) { i in
            counter.made.append(i)
            return ["name": .string(["Dawn", "Dusk", "Ocean"][i]), "n": .number(Double(i))]
        })
    }

    func testRendersAsTheListOfItsItems() throws {
        let counter = Counter()
        let template = try Template(source: "{{#themes}}{{name}},{{/themes}}|{{^themes}}none{{/themes}}|{{#themes}}{{n}}{{/themes}}", name: "t")
        let lazy = try template.render(["themes": names(counter)])
        let eager = try template.render(["themes": .list(names(Counter()).items!)])
        XCTAssertEqual(lazy, "Dawn,Dusk,Ocean,||012")
        XCTAssertEqual(lazy, eager)
        // Made once per pass over the list, never all held before.
        XCTAssertEqual(counter.made, [0, 1, 2, 0, 1, 2])
    }

    func testAnEmptyLazyListIsFalsey() throws {
        let empty = TemplateValue.lazyList(LazyTemplateList(count: 0) { _ in preconditionFailure("no items") })
        XCTAssertTrue(empty.isFalsey)
        XCTAssertEqual(try Template(source: "{{#l}}x{{/l}}{{^l}}empty{{/l}}", name: "t").render(["l": empty]), "empty")
    }

    func testEqualsHashesAndPrintsAsTheEagerList() {
        let lazy = names(Counter())
        let eager = TemplateValue.list(names(Counter()).items!)
        XCTAssertEqual(lazy, eager)
        XCTAssertEqual(eager, lazy)
        XCTAssertEqual(lazy.hashValue, eager.hashValue)
        XCTAssertNotEqual(lazy, names(Counter(), 2))
        XCTAssertEqual(lazy.jsonText, eager.jsonText)
        XCTAssertEqual(TemplateValue.lazyList(LazyTemplateList(count: 2) { .number(Double($0)) }).interpolated, "0,1")
    }
}
