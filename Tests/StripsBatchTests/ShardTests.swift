import StripsConvert
import Testing

/// `--shard K/N` and `--shard env`: which documents a shard takes, and the schedulers' variables.
@Suite struct ShardTests {
    func shard(_ text: String, _ environment: [String: String] = [:]) -> Shard? { try? Shard.parse(text, environment: environment).get() }
    func refusal(_ text: String, _ environment: [String: String] = [:]) -> String? {
        if case .failure(let error) = Shard.parse(text, environment: environment) { return error.description }
        return nil
    }

    @Test func theSharesAreTheBatchExactlyOnce() throws {
        for count in 1...5 {
            let shards = (1...count).map { Shard(index: $0, count: count)! }
            for place in 1...23 {
                #expect(shards.filter { $0.takes(place: place) }.count == 1, "place \(place) of \(count) shards")
            }
        }
        let second = try #require(shard("2/4"))
        #expect((1...12).filter(second.takes) == [2, 6, 10])
        #expect((1...12).filter(Shard(index: 4, count: 4)!.takes) == [4, 8, 12])
    }

    @Test func badSharesAreRefusedInOneLine() {
        for bad in ["0/4", "5/4", "1/0", "2", "a/b", "2/4/1", "-1/4", ""] {
            let line = refusal(bad)
            #expect(line != nil && !line!.contains("\n"), "\(bad)")
        }
    }

    @Test func kubernetesIndexCountsFromZero() {
        #expect(shard("env", ["JOB_COMPLETION_INDEX": "0", "STRIPS_SHARD_COUNT": "4"]) == Shard(index: 1, count: 4))
        #expect(shard("env", ["JOB_COMPLETION_INDEX": "3", "STRIPS_SHARD_COUNT": "4"]) == Shard(index: 4, count: 4))
        #expect(refusal("env", ["JOB_COMPLETION_INDEX": "4", "STRIPS_SHARD_COUNT": "4"])?.contains("from 0 to") == true)
        #expect(refusal("env", ["JOB_COMPLETION_INDEX": "1"])?.contains("STRIPS_SHARD_COUNT") == true)
        #expect(refusal("env", ["JOB_COMPLETION_INDEX": "x", "STRIPS_SHARD_COUNT": "4"])?.contains("not a whole number") == true)
    }

    @Test func slurmTasksCountFromTheirRangesStart() {
        // --array=1-8: tasks 1..8 are shards 1..8.
        #expect(shard("env", ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"]) == Shard(index: 1, count: 8))
        // --array=0-3: task 0 is shard 1.
        #expect(shard("env", ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"]) == Shard(index: 1, count: 4))
        // --array=10-16:2 (10, 12, 14, 16): task 14 is shard 3 of 4.
        #expect(shard("env", ["SLURM_ARRAY_TASK_ID": "14", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_STEP": "2",
                              "SLURM_ARRAY_TASK_COUNT": "4"]) == Shard(index: 3, count: 4))
        // --array=1,4,9 is no range: task 9 would be shard 9 of 3.
        #expect(refusal("env", ["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"]) != nil)
        #expect(refusal("env", ["SLURM_ARRAY_TASK_ID": "2"])?.contains("SLURM_ARRAY_TASK_COUNT") == true)
        #expect(refusal("env", [:])?.contains("neither") == true)
    }
}
