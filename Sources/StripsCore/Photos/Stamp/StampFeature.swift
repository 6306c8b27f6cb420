/// Throwaway (README's walk): Ctrl+Shift+T stamps the page in focus.
enum StampFeature: PhotosFeature {
    typealias State = Set<String>
    enum Action { case stamp(Page) }
    static func reduce(into state: inout State, action: Action, context: Void) -> [PhotosOutput] {
        switch action {
        case .stamp(let page):
            state.insert(page.id)
            return [.notice(tr("Stamped %s", page.id))]
        }
    }
}
