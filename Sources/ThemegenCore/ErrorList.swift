/// Several errors found in one pass (every bad config key, every output themegen may not
/// touch), reported together. `Console.error` prints each on its own line.
package struct ErrorList: Error, CustomStringConvertible {
    package var errors: [Error]
    package init(_ errors: [Error]) { self.errors = errors }
    package var description: String { errors.map { "\($0)" }.joined(separator: "\n") }
}
