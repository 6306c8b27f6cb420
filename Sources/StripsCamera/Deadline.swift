import CAVCodec

/// A time limit on libavformat's blocking calls, in memory its interrupt callback reads
/// (`strips_deadline_attach`): a format context it is attached to must go before it does.
final class Deadline {
    let limit = UnsafeMutablePointer<strips_deadline>.allocate(capacity: 1)

    init() { limit.initialize(to: strips_deadline(deadline: 0)) }

    deinit { limit.deallocate() }

    /// The limit `seconds` from now.
    func start(_ seconds: Double) { strips_deadline_in(limit, Int64(seconds * 1_000_000)) }

    var passed: Bool { strips_deadline_passed(limit) != 0 }
}
