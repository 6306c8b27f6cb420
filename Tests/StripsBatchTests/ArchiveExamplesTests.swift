import Foundation
import StripsTestSupport
import XCTest

/// deploy/'s Kubernetes Indexed Job and Slurm array script, checked as far as this machine allows
/// (no cluster): the manifest parsed (PyYAML) and held to what an Indexed Job of strips needs, the
/// script's syntax checked by bash; then each runs the command line it names here, once per index
/// with the variables the scheduler and the file set, against a shared folder: the shards together
/// write exactly the documents of one run.
final class ArchiveExamplesTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    /// The shared folder both examples run against (`batch/` in it), and one run's documents of it:
    /// drawn and converted once for the two tests. The reference run reads the text of the pages at
    /// these very paths, so the shards find it in the text cache (this test process's own) and only
    /// the reference pays for recognition.
    nonisolated(unsafe) private static var folder = ""
    nonisolated(unsafe) private static var expected: [String: Data] = [:]
    /// The examples' own --ocr and dates (the manifest's and the script's defaults; checked below).
    static let ocr = "eng", epoch = "1764000000"

    override class func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-deploy-\(UUID().uuidString)").path
        for made in ["/archive/batch", "/reference"] { try? FileManager.default.createDirectory(atPath: folder + made, withIntermediateDirectories: true) }
        guard ArchiveBatch.write(pages: 10, to: folder + "/archive/batch"),
              let run = try? runProcess(stripsBinary, ["convert", folder + "/archive/batch", "--output", folder + "/reference/batch.pdf", "--ocr", ocr],
                                        environment: ["SOURCE_DATE_EPOCH": epoch]), run.status == 0 else { return }
        expected = ArchiveBatch.documents(folder + "/reference")
    }

    override class func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    override func setUpWithError() throws {
        XCTAssertEqual(Self.expected.count, 2, "10 pages, a separator every fifth: 2 documents")
        for made in ["documents", "reports"] { try? FileManager.default.removeItem(atPath: Self.folder + "/archive/" + made) }
    }

    func testTheKubernetesIndexedJobRunsItsShardsIntoOneRunsDocuments() throws {
        let parsed = try runProcess("/usr/bin/python3", ["-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)",
                                                          Self.root + "/deploy/kubernetes/strips-convert-job.yaml"])
        XCTAssertEqual(parsed.status, 0, "PyYAML (python3-yaml) reads the manifest: \(parsed.stderr)")
        let job = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(job["apiVersion"] as? String, "batch/v1")
        XCTAssertEqual(job["kind"] as? String, "Job")
        let spec = try XCTUnwrap(job["spec"] as? [String: Any])
        XCTAssertEqual(spec["completionMode"] as? String, "Indexed")
        let completions = try XCTUnwrap(spec["completions"] as? Int)
        let pod = try XCTUnwrap((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        XCTAssertEqual(pod["restartPolicy"] as? String, "Never", "a Job's pods restart Never or OnFailure")
        let container = try XCTUnwrap((pod["containers"] as? [[String: Any]])?.first)
        let command = (container["command"] as? [String] ?? []) + (container["args"] as? [String] ?? [])
        XCTAssertEqual(command.first, "strips")
        XCTAssertTrue(command.contains("--resume") && command.contains("env"), "\(command)")
        let env = container["env"] as? [[String: Any]] ?? []
        var literal: [String: String] = [:]
        var fromIndex: [String] = []
        for variable in env {
            let name = try XCTUnwrap(variable["name"] as? String)
            if let value = variable["value"] as? String { literal[name] = value }
            let field = ((variable["valueFrom"] as? [String: Any])?["fieldRef"] as? [String: Any])?["fieldPath"] as? String
            if field == "metadata.annotations['batch.kubernetes.io/job-completion-index']" { fromIndex.append(name) }
        }
        XCTAssertEqual(literal["STRIPS_SHARD_COUNT"], String(completions), "the shard count is the Job's completions")
        let mount = try XCTUnwrap((container["volumeMounts"] as? [[String: Any]])?.first?["mountPath"] as? String)
        let initCommand = ((pod["initContainers"] as? [[String: Any]])?.first?["command"] as? [String]) ?? []

        XCTAssertEqual(command.firstIndex(of: "--ocr").map { command[$0 + 1] }, Self.ocr)
        XCTAssertEqual(literal["SOURCE_DATE_EPOCH"], Self.epoch)
        let expected = Self.expected
        let shared = Self.folder + "/archive"
        func local(_ word: String) -> String { word.replacingOccurrences(of: mount, with: shared) }
        if let tool = initCommand.first {
            XCTAssertEqual(try runProcess("/usr/bin/env", [tool] + initCommand.dropFirst().map(local)).status, 0)
        }
        for index in 0..<completions {
            // What the Job gives each pod: its index, and the variables the manifest lists.
            var variables = literal
            variables["JOB_COMPLETION_INDEX"] = String(index)
            for name in fromIndex { variables[name] = String(index) }
            // Kubernetes replaces $(NAME) in command and args with the container's variables.
            let words = command.dropFirst().map { word in
                variables.reduce(local(word)) { $0.replacingOccurrences(of: "$(\($1.key))", with: $1.value) }
            }
            let run = try runProcess(stripsBinary, Array(words), environment: variables)
            XCTAssertEqual(run.status, 0, "pod \(index): \(run.stderr)")
        }
        XCTAssertEqual(ArchiveBatch.documents(shared + "/documents"), expected, "the pods wrote one run's documents")
        let reports = try FileManager.default.contentsOfDirectory(atPath: shared + "/reports").sorted()
        // Every pod reports; those whose shard holds no document (2 documents, 4 pods) write no line.
        XCTAssertEqual(reports, (0..<completions).map { "shard-\($0).jsonl" })
        XCTAssertEqual(reports.map { ArchiveBatch.reportLines(shared + "/reports/" + $0).count }.reduce(0, +), expected.count)
    }

    func testTheSlurmArrayScriptRunsItsTasksIntoOneRunsDocuments() throws {
        let script = Self.root + "/deploy/slurm/strips-convert.sbatch"
        XCTAssertEqual(try runProcess("/bin/bash", ["-n", script]).status, 0, "bash reads the script")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        let array = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("#SBATCH --array=") }).dropFirst("#SBATCH --array=".count)
        let bounds = array.split(separator: "-").compactMap { Int($0) }
        XCTAssertEqual(bounds.count, 2, "a range, as --shard env needs: \(array)")
        let tasks = Array(bounds[0]...bounds[1])
        XCTAssertTrue(text.contains("--ocr \"${OCR:-\(Self.ocr)}\""), "the script's languages")
        XCTAssertTrue(text.contains("SOURCE_DATE_EPOCH=\"${SOURCE_DATE_EPOCH:-\(Self.epoch)}\""), "the script's dates")
        let expected = Self.expected
        let shared = Self.folder + "/archive"
        for task in tasks {
            // What Slurm sets for a task of --array=FIRST-LAST, and what the script reads.
            let run = try runProcess("/bin/bash", [script], environment: [
                "ARCHIVE": shared, "STRIPS": stripsBinary,
                "SLURM_ARRAY_JOB_ID": "4242", "SLURM_ARRAY_TASK_ID": String(task), "SLURM_ARRAY_TASK_MIN": String(bounds[0]),
                "SLURM_ARRAY_TASK_MAX": String(bounds[1]), "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": String(tasks.count),
            ])
            XCTAssertEqual(run.status, 0, "task \(task): \(run.stderr)")
        }
        XCTAssertEqual(ArchiveBatch.documents(shared + "/documents"), expected, "the tasks wrote one run's documents")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: shared + "/reports").sorted(), tasks.map { "shard-\($0).jsonl" })
    }
}
