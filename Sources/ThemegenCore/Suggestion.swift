/// "Did you mean …?" for a mistyped name: the closest known name within an edit distance of 2.
package enum Suggestion {
    /// The known name closest to `name` (case-insensitive Levenshtein distance ≤ 2, ties to the
    /// first in `known`), or nil when none is that close or `name` is itself known.
    package static func closest(to name: String, in known: [String]) -> String? {
        let target = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in known where candidate != name {
            let d = distance(target, Array(candidate.lowercased()))
            if d <= 2, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// `" (did you mean 'X'?)"`, or "" when nothing is close.
    package static func phrase(for name: String, in known: [String]) -> String {
        closest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
