import Foundation
import StripsCore
import StripsDocumentPhotos

/// Feeder batches made up from seeds: the sheets an office puts through a scanner in one go
/// (letters, their blank backs, separator sheets between them), with the truth about each.
public enum SampleBatch {
    /// The batch the tests open: four documents split by a QR code, a Code 128 barcode and a
    /// Patch T sheet; blank backs with bleed-through, punch holes, a staple; near-blank pages
    /// (a page number, a signature) that are kept; a letter with a QR code that is no separator.
    ///
    ///     1 text, 2 text, 3 blank (bleed-through)          -> document 1
    ///     4 separator: QR "Invoices/2024" (with its caption)
    ///     5 text, 6 "Page 7", 7 blank (punch holes)       -> document "Invoices-2024"
    ///     8 separator: Code 128 "ACME-4711"
    ///     9 text, 10 signature                             -> document "ACME-4711"
    ///     11 separator: Patch T
    ///     12 text, 13 blank (staple, dust), 14 letter with a QR code  -> document NAME-4
    public static let feeder: [SampleSheet] = [
        SampleSheet(.text, seed: 1),
        SampleSheet(.text, seed: 2),
        SampleSheet(.blank([.noise, .bleedThrough]), seed: 3),
        SampleSheet(.separator(.qr("Invoices/2024"), caption: true, [.noise]), seed: 4),
        SampleSheet(.text, seed: 5),
        SampleSheet(.nearBlank(.pageNumber(7), [.noise]), seed: 6),
        SampleSheet(.blank([.noise, .darkHoles, .unevenLight]), seed: 7),
        SampleSheet(.separator(.code128("ACME-4711"), caption: false, [.noise, .holeShadows]), seed: 8),
        SampleSheet(.text, seed: 9),
        SampleSheet(.nearBlank(.signature, [.noise]), seed: 10),
        SampleSheet(.separator(.patchT, caption: false, [.noise]), seed: 11),
        SampleSheet(.text, seed: 12),
        SampleSheet(.blank([.noise, .staple, .dust, .holeShadows]), seed: 13),
        SampleSheet(.textWithQR("https://pay.example/7F3K"), seed: 14),
    ]

    /// Writes each sheet as `001.jpg`, `002.jpg`, ... in `folder` (made if missing); the paths,
    /// or nil when a sheet could not be drawn or written.
    public static func write(_ sheets: [SampleSheet], dpi: Double, to folder: String) -> [String]? {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for (i, sheet) in sheets.enumerated() {
            guard let rendered = SheetPainter.render(sheet, dpi: dpi) else { return nil }
            let path = "\(folder)/\(String(format: "%03d", i + 1)).jpg"
            guard FileManager.default.createFile(atPath: path, contents: Data(rendered.jpeg)) else { return nil }
            paths.append(path)
        }
        return paths
    }

    /// The judges' evaluation set: `perClass` sheets of each class, seeds from `seed`. Blank
    /// sheets take every mix of spoils; near-blank ones a page number, a signature or a word;
    /// separators each code, with and without a caption, on spoilt paper.
    public static func corpus(perClass: Int, seed: UInt64) -> [SampleSheet] {
        var random = SeededRandom(seed: seed)
        var sheets: [SampleSheet] = []
        let words = ["Copy", "Approved", "Notes", "Received", "Draft", "Void"]
        let texts = ["INV-2024-0017", "Contracts/Lease", "ACME 4711", "Tax 2023", "HR-Onboarding", "42"]
        func spoils() -> SampleSheet.Spoils {
            var s = SampleSheet.Spoils(rawValue: Int(random.next() % UInt64(SampleSheet.Spoils.all.rawValue + 1)))
            s.insert(.noise)
            return s
        }
        for i in 0..<perClass {
            sheets.append(SampleSheet(.blank(spoils()), seed: random.next()))
            let mark: SampleSheet.Mark = switch i % 3 {
            case 0: .pageNumber(Int(random.next() % 300) + 1)
            case 1: .signature
            default: .word(words[Int(random.next() % UInt64(words.count))])
            }
            sheets.append(SampleSheet(.nearBlank(mark, spoils()), seed: random.next()))
            let text = texts[Int(random.next() % UInt64(texts.count))]
            let code: SampleSheet.Code = switch i % 3 {
            case 0: .qr(text)
            case 1: .code128(text)
            default: .patchT
            }
            sheets.append(SampleSheet(.separator(code, caption: i % 2 == 0, spoils()), seed: random.next()))
            if i % 2 == 0 {
                sheets.append(SampleSheet(.text, seed: random.next()))
            } else {
                sheets.append(SampleSheet(.textWithQR("https://pay.example/\(i)"), seed: random.next()))
            }
        }
        return sheets
    }
}
