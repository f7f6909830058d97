import Foundation

/// A rows-per-second rate smoothed over the last seconds, so one fast or slow batch does not swing the ETA,
/// and withheld until there is enough to go on.
package struct RateEstimate: Sendable, Hashable {
    /// The shortest stretch a sample spans; events drained in one tick share a time and say nothing alone.
    static let sampleSpan = 0.25
    /// How long it takes (seconds) for the smoothed rate to follow a change of pace most of the way.
    static let smoothing = 2.0
    /// How long rows must have been counted before a rate (and an ETA) is shown.
    static let warmUp = 1.0

    /// Rows done at a time.
    private struct Sample: Sendable, Hashable {
        var time: Double
        var done: Int
    }

    /// When counting started and how many rows were done then.
    private var start: Sample?
    /// The last sample.
    private var last: Sample?
    /// The smoothed rate.
    private var smoothed: Double?

    /// An estimate with no samples.
    package init() {}

    /// Records that `done` rows were done at `time`.
    package mutating func record(done: Int, at time: Double) {
        guard let previous = last else {
            start = Sample(time: time, done: done)
            last = start
            return
        }
        let span = time - previous.time
        guard span >= Self.sampleSpan else { return }
        let rate = Double(max(0, done - previous.done)) / span
        // Time-weighted: a long gap between samples counts for more than a short one.
        let weight = 1 - exp(-span / Self.smoothing)
        smoothed = smoothed.map { $0 + (rate - $0) * weight } ?? rate
        last = Sample(time: time, done: done)
    }

    /// The smoothed rate, once rows have been counted for long enough.
    package func rate(at time: Double) -> Double? {
        guard let start, let smoothed, time - start.time >= Self.warmUp else { return nil }
        return smoothed
    }

    /// Seconds until `total` rows are done at the smoothed rate, counted down since the last sample.
    package func remaining(total: Int, at time: Double) -> Double? {
        guard let rate = rate(at: time), rate > 0, let last else { return nil }
        return max(0, Double(max(0, total - last.done)) / rate - (time - last.time))
    }
}
