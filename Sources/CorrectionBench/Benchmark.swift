import StripsDocumentPhotos
import Foundation
enum Benchmark { static func run(runs: Int, seed: UInt64, pages: [PageArt]) {} }
