import StripsCore

/// The batches feature's requests and answers: pages to judge (blank, a separator sheet, which
/// way up: StripsBatch's `JudgeHost`), and the judgements, in parts as they are done (the window
/// judges in the background; a script at once).

/// Pages to judge, and whether something waits for them (Ctrl+Shift+B, a save: the host takes
/// these before the pages merely near the focus).
public struct JudgeRequest: FeatureRequest {
    public var pages: [Page]
    public var urgent: Bool

    public init(pages: [Page], urgent: Bool = false) {
        self.pages = pages
        self.urgent = urgent
    }
}

/// Pages judged (`JudgeRequest`), each under the key it was judged for.
public struct JudgedPages: FeatureAnswer {
    public var pages: [JudgedPage]

    public init(_ pages: [JudgedPage]) { self.pages = pages }
}

extension Effect {
    public static func judge(_ request: JudgeRequest) -> Effect { Effect(request) }
}

extension HostEvent {
    public static func judged(_ pages: [JudgedPage]) -> HostEvent { HostEvent(JudgedPages(pages)) }
}
