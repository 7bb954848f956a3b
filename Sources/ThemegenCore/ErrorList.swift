/// Several errors found in one pass (every bad config key, every output themegen may not
/// touch), reported together. `Console.error` prints each on its own line.
public struct ErrorList: Error, CustomStringConvertible {
    public var errors: [Error]
    public init(_ errors: [Error]) { self.errors = errors }
    public var description: String { errors.map { "\($0)" }.joined(separator: "\n") }
}
