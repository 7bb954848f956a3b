import ThemegenConfig
import ThemegenCore

/// The record of what themegen wrote: output path (relative to the root) → SHA-256 of the
/// bytes it left there. A file is themegen's to overwrite or delete only when its current
/// content hashes to what the manifest says.
///
/// `pending` holds the hashes of a run's writes while they are in flight: the manifest is
/// written once with them before the first write and once without them after the last, so a
/// run killed in between still knows, next time, that it owns the files it had written.
package struct OwnershipManifest: Sendable, Equatable {
    package var files: [String: String] = [:]
    package var pending: [String: String] = [:]
    /// What the keys of a standalone command's manifest are relative to: "." (the folder the
    /// command ran in) or "/" (an output outside it). nil in a run's manifest (the config's
    /// folder) and in manifests written before the key existed.
    package var root: String?

    package init(files: [String: String] = [:], pending: [String: String] = [:]) {
        self.files = files; self.pending = pending
    }

    package static let defaultPath = ThemegenConfig.defaultManifestPath

    /// Whether a file at `path` whose content hashes to `hash` is themegen's.
    package func owns(_ path: String, hash: String) -> Bool {
        files[path] == hash || pending[path] == hash
    }

    /// Every path the manifest mentions, sorted.
    package var allPaths: [String] { Set(files.keys).union(pending.keys).sorted() }

    /// Loads the manifest at `path`; an absent file is an empty manifest.
    package static func load(path: String, shownAs name: String) throws -> OwnershipManifest {
        guard let bytes = try FileSystem.readFile(path, shownAs: name, followLinks: false) else { return OwnershipManifest() }
        return try parse(bytes, shownAs: name)
    }

    /// Parses manifest bytes (the keys' form is checked by `OutputWriter.validate`).
    package static func parse(_ bytes: [UInt8], shownAs name: String) throws -> OwnershipManifest {
        let root = try JSONParser.parse(bytes, file: name)
        func table(_ key: String) throws -> [String: String] {
            guard let node = root.value[key] else { return [:] }
            guard let members = node.value.objectValue else {
                throw FileError(name, "'\(key)' is not an object; delete the manifest and run with --force to take the outputs again")
            }
            var out: [String: String] = [:]
            for m in members {
                guard let h = m.node.value.stringValue else {
                    throw FileError(name, "line \(m.node.line): '\(key).\(m.key)' is not a hash string")
                }
                out[m.key] = h
            }
            return out
        }
        var manifest = OwnershipManifest(files: try table("files"), pending: try table("pending"))
        if let r = root.value["root"] {
            guard let s = r.value.stringValue, s == "." || s == "/" else {
                throw FileError(name, "line \(r.line): 'root' is not \".\" or \"/\"; delete the manifest and run with --force to take the outputs again")
            }
            manifest.root = s
        }
        return manifest
    }

    /// Deterministic bytes: sorted keys, relative paths only, no timestamps.
    package func serialized() -> [UInt8] {
        var top: [JSONMember] = [JSONMember("generator", JSONItem(.string("themegen")))]
        if let root { top.append(JSONMember("root", JSONItem(.string(root)))) }
        top.append(JSONMember("files", JSONItem(.sortedObject(files.mapValues { .string($0) }))))
        if !pending.isEmpty {
            top.append(JSONMember("pending", JSONItem(.sortedObject(pending.mapValues { .string($0) }))))
        }
        return Array(JSONValue.object(top).serialized().utf8)
    }
}
