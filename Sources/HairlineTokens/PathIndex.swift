import HairlineDiagnostics

/// Positions by token path: what aliases are looked up in, and a set's tokens by path.
///
/// A large index is kept in shards (`Parallel.parts` of them), built side by side (a dictionary of a hundred
/// thousand paths took one core tens of milliseconds while the other waited); a path's shard is told by its last
/// byte, so a lookup hashes the path once.
struct PathIndex: Sendable {
    private let shards: [[String: Int]]

    /// The positions of `paths`; where a path is given twice, the later position.
    init(_ paths: [String], parallelMinimum: Int = TokenSet.parallelMinimum) {
        let count = Parallel.parts(paths.count, minimum: parallelMinimum)
        // Each path's shard told once, on every core; then each shard's positions, in order, indexed on a core.
        let shardOf = Parallel.array(paths.count, minimum: parallelMinimum) { Int32(Self.shard(of: paths[$0], among: count)) }
        var positions = Array(repeating: [Int](), count: count)
        for position in shardOf.indices { positions[Int(shardOf[position])].append(position) }
        shards = Parallel.map(positions) { positions in
            var index: [String: Int] = [:]
            index.reserveCapacity(positions.count)
            for position in positions { index[paths[position]] = position }
            return index
        }
    }

    private static func shard(of path: String, among count: Int) -> Int {
        count == 1 ? 0 : Int(path.utf8.last ?? 0) % count
    }

    /// The position of a path.
    subscript(path: String) -> Int? {
        shards[Self.shard(of: path, among: shards.count)][path]
    }

    /// How many distinct paths it holds.
    var count: Int { shards.reduce(0) { $0 + $1.count } }

    /// Every distinct path, in no particular order.
    var paths: some Sequence<String> { shards.lazy.flatMap(\.keys) }
}
