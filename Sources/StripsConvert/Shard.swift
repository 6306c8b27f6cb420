/// One share of a batch for one of N processes (a Kubernetes Indexed Job's pods, a Slurm array's
/// tasks, N machines by hand): the documents whose place in the batch's order (1, 2, 3, ...) is
/// K modulo N. Every process splits the whole batch the same way, so the N shares are the batch's
/// documents exactly, each under the name one run gives it.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// K, from 1.
    public let index: Int
    /// N, at least 1.
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Whether the document at `place` (from 1) is this shard's: document K, K+N, K+2N, ...
    public func takes(place: Int) -> Bool { (place - 1) % count == index - 1 }

    public var description: String { "\(index)/\(count)" }

    /// What `--shard` accepts: `K/N` (K from 1 to N), or `env` for the scheduler's variables.
    public static func parse(_ text: String, environment: [String: String]) -> Result<Shard, ShardError> {
        if text == "env" { return fromEnvironment(environment) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            return .failure(ShardError("--shard takes K/N (K from 1 to N, as 2/4) or env, not '\(text)'"))
        }
        guard let shard = Shard(index: k, count: n) else {
            return .failure(ShardError("--shard \(text): K must be from 1 to N, and N at least 1"))
        }
        return .success(shard)
    }

    /// The share a scheduler gave this process:
    ///
    /// - Kubernetes Indexed Job: `JOB_COMPLETION_INDEX` counts from 0 (shard K = index + 1); the
    ///   count is not in the pod's environment, so the Job sets `STRIPS_SHARD_COUNT` (its
    ///   `completions`).
    /// - Slurm job array: `SLURM_ARRAY_TASK_ID` is the task's number in the `--array` range, which
    ///   may start anywhere and step (`--array=1-8`, `0-14:2`): K = (ID - SLURM_ARRAY_TASK_MIN) /
    ///   SLURM_ARRAY_TASK_STEP + 1, N = SLURM_ARRAY_TASK_COUNT. A list that is not a range
    ///   (`--array=1,4,9`) is refused.
    ///
    /// `STRIPS_SHARD_COUNT`, when set, is N for either.
    public static func fromEnvironment(_ environment: [String: String]) -> Result<Shard, ShardError> {
        func number(_ name: String) -> Result<Int?, ShardError> {
            guard let text = environment[name]?.trimmingSpaces, !text.isEmpty else { return .success(nil) }
            guard let value = Int(text) else { return .failure(ShardError("--shard env: \(name)=\(text) is not a whole number")) }
            return .success(value)
        }
        do throws(ShardError) {
            let given = try number("STRIPS_SHARD_COUNT").get()
            if let index = try number("JOB_COMPLETION_INDEX").get() {
                guard let count = given else {
                    return .failure(ShardError("--shard env: JOB_COMPLETION_INDEX is set but not STRIPS_SHARD_COUNT (set it to the Job's completions)"))
                }
                guard let shard = Shard(index: index + 1, count: count) else {
                    return .failure(ShardError("--shard env: JOB_COMPLETION_INDEX=\(index) is not from 0 to STRIPS_SHARD_COUNT-1 (\(count - 1))"))
                }
                return .success(shard)
            }
            if let id = try number("SLURM_ARRAY_TASK_ID").get() {
                let listed = try number("SLURM_ARRAY_TASK_COUNT").get()
                guard let count = given ?? listed else {
                    return .failure(ShardError("--shard env: SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT"))
                }
                let first = try number("SLURM_ARRAY_TASK_MIN").get() ?? 0
                let step = try number("SLURM_ARRAY_TASK_STEP").get() ?? 1
                guard step >= 1, id >= first, (id - first) % step == 0, let shard = Shard(index: (id - first) / step + 1, count: count) else {
                    return .failure(ShardError("--shard env: SLURM_ARRAY_TASK_ID=\(id) is not one of \(count) tasks from \(first) in steps of \(step) (give --array a range, as 0-\(count - 1))"))
                }
                return .success(shard)
            }
        } catch {
            return .failure(error)
        }
        return .failure(ShardError("--shard env: neither JOB_COMPLETION_INDEX (Kubernetes) nor SLURM_ARRAY_TASK_ID (Slurm) is set"))
    }
}

/// Why `--shard` was refused, in one line.
public struct ShardError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
