import Foundation
import StripsScan

/// `--out DIR`: each finished page as `DIR/NAME.png`, to look at.
enum ProbeOutput {
    static func write(_ page: ScannedPage, to folder: String) {
        guard case .success(let bytes) = RecoveryPNG.encode(page.pixels) else { return }
        _ = FileManager.default.createFile(atPath: folder + "/" + page.name.replacingOccurrences(of: " ", with: "-") + ".png", contents: Data(bytes))
    }
}
