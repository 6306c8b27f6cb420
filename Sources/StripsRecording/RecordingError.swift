/// Why a recording failed, as the one line the app prints (`strips: record: ...`).
public struct RecordingError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
