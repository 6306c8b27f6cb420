@testable import StripsCore
@testable import StripsPhotosFeatures

/// A room's outputs in order, as words a reducer test can compare ("notice: ..." for a line on the
/// status line, an effect as it prints, the rest by what they carry).
func described(_ outputs: [PhotosOutput]) -> [String] {
    outputs.map { output in
        switch output {
        case .effect(let effect):
            if let request = effect.as(SaveRequest.self) { return "save \(request.scope) \(request.pages.map(\.id)) r\(request.revision)" }
            return "\(effect)"
        case .notice(let text): return "notice: " + text
        case .enqueue(let command): return "enqueue \(command)"
        case .edit(let edit): return "edit \(edit)"
        case .arriving(let placed): return "arriving \(placed.page.id) at \(placed.index)"
        case .replace(let index, let page): return "replace \(index) with \(page.id)"
        case .withdraw(let placed): return "withdraw \(placed.page.id) at \(placed.index)"
        case .correctAtOnce(let change): return "correct \(change.index) crop \(change.after.crop.map { "\($0)" } ?? "none")"
        case .closeBorders(let corners): return "close onto \(corners)"
        case .amendLast(let after): return "amend \(after.keys.sorted())"
        case .judgeThenSave(let pages): return "judge then save \(pages.map(\.id))"
        case .startScan(let choice): return "start \(choice.device ?? "-") \(choice.dpi.map(String.init) ?? "-")"
        default: return "other"
        }
    }
}
