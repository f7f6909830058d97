/// A small deterministic random number generator (SplitMix64): the same seed gives the same sequence on every
/// platform and Swift release, which `SystemRandomNumberGenerator` does not promise. Seeded stores and
/// generated models are reproduced from their seed alone.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// True with probability `1/n`.
    package mutating func oneIn(_ n: UInt64) -> Bool {
        next() % n == 0
    }
}
