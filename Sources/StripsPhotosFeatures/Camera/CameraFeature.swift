import StripsCore

/// The camera room: the view's value (`State`: closed, or the `CameraView` open) and the one
/// reducer that opens and closes it, takes its commands, the host's news and the clock. What it
/// needs of the editor (the number the next take gets, the time) comes in with the action and as
/// `Context`; what it wants of the rest comes back as outputs: the host's camera requests, a line
/// on the status line, a page taken to insert. Where the view sits in the interaction (over the
/// thumbnail strip, under a prompt) is the scene's door's business, as is what makes way for it.
package enum CameraFeature: PhotosFeature {
    package typealias State = CameraView?

    package enum Action {
        /// Ctrl+K (Escape in the view): the view closes, or opens with its takes numbered from
        /// `nextNumber` (`Camera N`, unique in the document and its history).
        case toggle(nextNumber: Int)
        /// Space in the view: the frame shown now is taken.
        case takeNow
        /// A in the view: pages are taken by themselves as they come to rest, or not.
        case toggleAutoTake
        /// The host's news of the camera.
        case news(CameraNews)
        /// After every tick: the flash fades and the flights land.
        case tick
    }

    package typealias Context = AtTime

    package static func reduce(into state: inout State, action: Action, context c: Context) -> [PhotosOutput] {
        let time = c.time
        switch action {
        case .toggle(let nextNumber):
            guard state != nil else {
                state = CameraView(at: time, firstNumber: nextNumber)
                return [.effect(.camera(.open))]
            }
            state = nil
            return [.effect(.camera(.close))]
        case .takeNow:
            guard let take = state?.takeNow(at: time) else { return [] }
            return [.effect(.camera(.take(take)))]
        case .toggleAutoTake:
            guard state != nil else { return [] }
            state?.toggleAutoTake()
            return [.notice(state?.autoTake == true ? tr("Pages are taken when they lie still") : tr("Pages are taken with Space only"))]
        case .news(let news):
            guard state != nil else {
                // A page kept after the view closed is still a page taken.
                if case .taken(let page) = news { return [.enqueue(.insert([page]))] }
                return []
            }
            return heard(news, &state, at: time)
        case .tick:
            guard state?.isAnimating == true else { return [] }
            state?.tick(at: time)
            return []
        }
    }

    /// The host's news while the view is open.
    private static func heard(_ news: CameraNews, _ state: inout State, at time: Double) -> [PhotosOutput] {
        switch news {
        case .opened(let info):
            state?.opened(info)
        case .looked(let look):
            if let take = state?.looked(look, at: time) { return [.effect(.camera(.take(take)))] }
        case .taken(let page):
            let number: Int? = if case .camera(_, let n) = page.source { n } else { nil }
            state?.arrived(page, number: number, at: time)
            return [.enqueue(.insert([page]))]
        case .failed(let message):
            let line = message.shown
            // A camera that would not open: the view says so where its picture would be, for as
            // long as it is open. A take that could not be kept: the status line, once.
            let starting = state?.phase == .starting
            state?.failed(line)
            if !starting { return [.notice(line)] }
        case .stopped(let message):
            // Said over the last picture for as long as the view is open.
            state?.stopped(message.shown)
        }
        return []
    }
}
