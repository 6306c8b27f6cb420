import StripsCore
import StripsPhotosFeatures

/// Where the features' outputs go: each room's reducer says what it wants of the rest of the
/// editor as `PhotosOutput`s, and this is the one place that does them, in the order given.
extension PhotosScene {
    /// Does `outputs` in order; the requests to the host among them (and those of the actions
    /// they perform) are returned.
    mutating func apply(_ outputs: [PhotosOutput], at time: Double) -> [Effect] {
        var effects: [Effect] = []
        for output in outputs {
            switch output {
            case .notice(let text):
                notices.post(text, at: time)
            case .effect(let effect):
                effects.append(effect)
            case .edit(let edit):
                underPrompt { $0.edit(edit, at: time) }
            case .enqueue(let command):
                underPrompt { $0.enqueue(command, at: time) }
            case .arriving(let placed):
                edit(.insert([placed]), growsWhileOpening: true, at: time)
            case .replace(let index, let page):
                document = document.replacing(index, with: page)
                layOut()
            case .withdraw(let placed):
                withdraw(placed, at: time)
            case .correctAtOnce(let change):
                document = document.apply(.correct([change]))
                layOut()
            case .amendLast(let after):
                guard let next = document.amendingLast(after) else { break }
                document = next
                layOut()
            case .closeBorders(let corners):
                effects += closeBorders(corners: corners, at: time)
            case .judgeThenSave(let pages):
                effects += judgeThenSave(pages, at: time)
            case .perform(let action):
                effects += perform(action, at: time)
            case .act(let action, let pageID):
                guard let index = pages.firstIndex(where: { $0.id == pageID }) else { break }
                underPrompt { $0.settleFocus(on: index) }
                effects += perform(action, at: time)
            case .select(let selection):
                document.selection = selection
            case .saved(let revision, let path):
                document = document.saved(revision: revision)
                // The strip's names follow the file now written (`NAME-N` after its name).
                setup.outputName = Self.fileStem(path)
            case .startScan(let choice):
                effects += startScan(choice, at: time)
            case .endPress:
                endPress()
            case .abandonPress:
                rooms.pointer.gestures.abandon()
            case .textArrived(let keys):
                search(.arrived(keys), at: time)
            case .go(let index):
                underPrompt { $0.enqueue(.go(.page(index)), at: time) }
            case .zoom(let action):
                underPrompt { $0.zooming(action, at: time) }
            case .passDown:
                break  // the door that handed the input in hands it down
            }
        }
        return effects
    }
}
