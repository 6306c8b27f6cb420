// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Strips",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "strips", targets: ["strips"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // Geometry, physics, layouts, scenes, the draw list, the headless script and trace.
        // No SDL and no wall clock: time is always a parameter.
        .target(name: "StripsCore", dependencies: ["CGettext"]),
        // The Photos scene's features (issue 39): each feature's State, Action, reducer and view
        // model, and the vocabulary they share (the document's pages, editor keys and commands,
        // notices). Below the scene: no file here can name `PhotosScene` or its fields, so a
        // reducer sees only the state it is handed.
        .target(name: "StripsPhotosFeatures", dependencies: ["StripsCore"]),
        // The Photos scene: `PhotosScene` composing the features, the doors (`PhotosScene+*`) that
        // hand each feature its state and route its outputs, the frame, decorations and trace.
        .target(name: "StripsPhotos", dependencies: ["StripsCore", "StripsPhotosFeatures"]),
        // The pizza selector of the second article: a scene on the engine, nothing of the editor's.
        .target(name: "StripsPizza", dependencies: ["StripsCore"]),
        // glibc's gettext and setlocale (libintl.h, which the Glibc module leaves out): every word
        // the window shows in the user's language (po/*.po, Scripts/compile-translations.sh).
        .systemLibrary(name: "CGettext"),
        // SDL2 and SDL_ttf: the window, its renderer, fonts and events. Headers are found through
        // <SDL2/...>, so no pkg-config flags are needed (SDL's own -D_REENTRANT is one SwiftPM
        // refuses and warns about on every build).
        .systemLibrary(
            name: "CSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev"])]
        ),
        // libjpeg-turbo's TurboJPEG API: scaled JPEG decoding for thumbnails and previews.
        .systemLibrary(name: "CTurboJPEG", providers: [.apt(["libturbojpeg0-dev"])]),
        // libjpeg-turbo's libjpeg API (TurboJPEG 2.1 has no cropping): one region of a huge JPEG
        // decoded at a scale (skip and crop scanlines), and JPEGs written row by row; a small C
        // wrapper catches libjpeg's longjmp errors, which Swift cannot.
        .target(name: "CJPEGRegion", path: "Sources/CJPEGRegion", linkerSettings: [.linkedLibrary("jpeg")]),
        // libexif: the EXIF orientation of phone scans.
        .systemLibrary(name: "CExif", providers: [.apt(["libexif-dev"])]),
        // libimagequant: palette quantisation for GIF recording (pngquant's quality).
        .systemLibrary(name: "CImageQuant", providers: [.apt(["libimagequant-dev"])]),
        // giflib: the GIF container for recordings.
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        // ffmpeg's libraries (libavcodec, libavformat, libavutil, libswscale): MP4 and WebM recordings.
        .systemLibrary(name: "CAVCodec",
                       providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavutil-dev", "libswscale-dev"])]),
        // ffmpeg's libavdevice: V4L2 cameras through its v4l2 input.
        .systemLibrary(name: "CAVDevice", providers: [.apt(["libavdevice-dev"])]),
        // What a V4L2 camera offers (formats, sizes, rates), asked read-only before it is opened:
        // ffmpeg has no call that returns them.
        .target(name: "CCameraDevices"),
        // The camera (issue 27): devices and video files through one ffmpeg path, decoding and
        // detection on workers (newest frame wins), the scene's clock in scripts, takes kept as JPEGs.
        // A camera through PipeWire (libpipewire-0.3, libpipewire-0.3-dev), on the remote the XDG
        // desktop portal hands out: a C shim, because PipeWire answers through callbacks on its
        // own thread; no PipeWire type reaches Swift. Its headers' folders are PipeWire's and
        // SPA's own (pkg-config's -D_REENTRANT is a flag SwiftPM refuses).
        .target(name: "CPipeWireCamera",
                cSettings: [.unsafeFlags(["-I/usr/include/pipewire-0.3", "-I/usr/include/spa-0.2"])],
                linkerSettings: [.linkedLibrary("pipewire-0.3")]),
        .target(name: "StripsCamera", dependencies: ["StripsCore", "StripsPhotosFeatures", "StripsFiles", "StripsPictures", "StripsCorrection", "StripsLooks", "CAVCodec", "CAVDevice", "CCameraDevices",
                                                     "CPipeWireCamera", "StripsDesktop"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // GIF, MP4 and WebM recording of rendered frames (plain ARGB8888 rows; StripsSDL hands over
        // the window's), encoded on a worker thread.
        .target(name: "StripsRecording", dependencies: ["StripsFiles", "StripsPictures", "CImageQuant", "CGIF", "CAVCodec"]),
        // The tuning value as a commented TOML file, and back.
        .target(name: "StripsTuning", dependencies: ["StripsCore", .product(name: "TOMLKit", package: "TOMLKit")]),
        // GLib (already there for poppler-glib): the thumbnail cache names entries by an MD5.
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // libspng: the freedesktop thumbnail cache's PNGs and their tEXt metadata; PNGs saved to a folder.
        .systemLibrary(name: "CSPNG", providers: [.apt(["libspng-dev"])]),
        // libwebp: WebP pictures.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // Reading pages: headers, EXIF, the decoders (libjpeg-turbo, libspng, giflib, libtiff, libwebp,
        // ffmpeg's for BMP, TGA, PNM, QOI, PCX and LBM), the page formats and their protocol, the
        // thumbnail cache, the decode workers, the PNG writer, and PixelBuffer, the library-neutral
        // picture they give. No SDL.
        // Its pixel loops (resizing, enlarging, colour conversions) are optimised in debug builds too:
        // unoptimised, opening the sample document spent 3.7 s of processor time, most of it resizing,
        // and every test that starts `strips` paid it.
        .target(name: "StripsPictures", dependencies: ["StripsCore", "StripsPhotosFeatures", "StripsFiles", "CTurboJPEG", "CJPEGRegion", "CExif", "CSPNG", "CGIF", "CTIFF", "CGLib",
                                                       "CWebP", "CAVCodec"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // leptonica: projective transforms, skew finding, thresholds and background normalisation.
        .systemLibrary(name: "CLeptonica", providers: [.apt(["libleptonica-dev"])]),
        // Border correction (issue 21): finding the page in a photo, flattening it, levelling its text.
        // Its pixel loops are optimised in debug builds too: unoptimised, flattening a 12 MP page takes
        // a minute, and the tests and `swift run` would wait on it.
        .target(name: "StripsCorrection", dependencies: ["StripsCore", "StripsPictures", "CLeptonica"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // A page's recipe drawn (issue 21): the source's pixels flattened, straightened and given their
        // look in one place, behind the preview, thumbnails, zoomed parts, `strips thumbnail` and saving.
        .target(name: "StripsRender", dependencies: ["StripsCore", "StripsPictures", "StripsCorrection", "StripsLooks"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .testTarget(name: "StripsRenderTests", dependencies: ["StripsRender", "StripsCorrection", "StripsCore", "StripsPictures", "StripsLooks",
                                                        "StripsDocumentPhotos", "StripsSampleScans", "StripsText"]),
        // Synthetic document photos with known corners (pages on desks and light tables, shadows, blur,
        // JPEG noise): the border detector's evaluation set, made from seeds.
        .target(name: "StripsDocumentPhotos", dependencies: ["StripsCore", "StripsPictures", "CTurboJPEG"], path: "Tests/StripsDocumentPhotos",
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Test footage for the camera: desks with pages laid down, a hand passing, a book's pages
        // turned, a page that keeps moving; written as Motion JPEG in AVI, as webcams send it.
        .target(name: "StripsCameraFootage", dependencies: ["StripsCore", "StripsPictures", "StripsDocumentPhotos", "CAVCodec"], path: "Tests/StripsCameraFootage",
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Camera benchmark: decode and detection ms per 720p and 1080p frame, rest-to-take time;
        // and `film` writes test footage.
        .executableTarget(name: "strips-bench-camera", dependencies: ["StripsCamera", "StripsCameraFootage", "StripsCore", "StripsPhotos", "StripsPhotosFeatures", "StripsPictures"],
                          path: "Benchmarks/CameraBench"),
        // Border detection evaluation and benchmark: detection share per class, detector and flatten ms per 12 MP photo.
        .executableTarget(name: "strips-bench-correction", dependencies: ["StripsCorrection", "StripsDocumentPhotos", "StripsCore", "StripsPictures", "StripsRender", "StripsSampleScans", "StripsBatch"],
                          path: "Benchmarks/CorrectionBench"),
        // Tesseract's C API: text recognition, orientation, the text-only PDF layer.
        .systemLibrary(name: "CTesseract", providers: [.apt(["libtesseract-dev"])]),
        // A recognised page's words in Tesseract's stored order, each step constant (its C API's
        // reading-order steps walk the page from the top each time: see tesseract_order.h).
        .target(name: "CTesseractOrder", linkerSettings: [.linkedLibrary("tesseract")]),
        // libtiff: multi-page TIFF pages, CCITT G4 for black-and-white pages.
        .systemLibrary(name: "CTIFF", providers: [.apt(["libtiff-dev"])]),
        // SANE: scanners (sane-airscan for network ones).
        .systemLibrary(name: "CSANE", providers: [.apt(["libsane-dev"])]),
        // Scanners through SANE (issue 23): devices and their options, pages streaming in on a
        // reader thread with cancel and a time-out, the recovery folder, the remembered settings.
        .target(name: "StripsScan", dependencies: ["CSANE", "CDriverThreads", "CSPNG", "StripsPictures", "StripsFiles"]),
        // Drivers' reader threads are cancelled only where libc can let go of its locks (deferred,
        // never asynchronous cancellation): see driver_threads.c. Exported so that the backends
        // SANE loads find it before libc's.
        .target(name: "CDriverThreads", linkerSettings: [
            .linkedLibrary("dl"),
            .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=pthread_setcanceltype"]),
        ]),
        // A scanning child process for the scan tests (a fresh sane_init, a real kill -9) and by hand.
        .executableTarget(name: "strips-scan-probe", dependencies: ["StripsScan", "StripsPictures"], path: "Sources/ScanProbe"),
        // Scan benchmark: a chunk's time from sane_read to being reported, on SANE's test backend.
        .executableTarget(name: "strips-bench-scan", dependencies: ["StripsScan", "StripsPictures", "StripsCore", "CSANE"], path: "Benchmarks/ScanBench"),
        .testTarget(name: "StripsScanTests", dependencies: ["StripsScan", "StripsPictures", "StripsTestSupport", "CSANE", "CSPNG"]),
        // Writing a new file whole or not at all, never over an existing one (temp beside, flush, link).
        .target(name: "StripsFiles", dependencies: ["CLiveTemporaries"]),
        // The hidden temporaries being written now, for a SIGINT/SIGTERM handler that removes them
        // (async-signal-safe: C, memory never freed).
        .target(name: "CLiveTemporaries"),
        // Everything that touches SDL: window, renderer, textures (from PixelBuffers), fonts, events, run loops.
        .target(name: "StripsSDL", dependencies: ["StripsCore", "StripsPhotos", "StripsFiles", "StripsPictures", "StripsRecording", "CSDL2", "CX11"]),
        // Xlib: the desktop's scale (Xft.dpi in the X resource database) where SDL 2 gives none.
        .systemLibrary(name: "CX11", providers: [.apt(["libx11-dev"])]),
        // GIO: the session's D-Bus, for the XDG desktop portal's file chooser and camera.
        // Its include paths are glib-2.0's, which come with CGLib beside it: gio-2.0's pkg-config
        // adds -pthread, a flag SwiftPM refuses and warns about on every build.
        .systemLibrary(name: "CGIO", providers: [.apt(["libglib2.0-dev"])]),
        // The desktop's services for the window: its file chooser (the portal, else zenity or kdialog),
        // the portal's camera (its PipeWire remote).
        .target(name: "StripsDesktop", dependencies: ["CGLib", "CGIO"]),
        .testTarget(name: "StripsDesktopTests", dependencies: ["StripsDesktop", "StripsTestSupport", "CGLib", "CGIO"]),
        // cairo: writes saved documents as PDF (JPEGs passed through, others embedded losslessly).
        .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"])]),
        // Saving the edited document: PDF (cairo) or a folder of numbered pictures; pages in a look
        // and scanned pages stored compactly (StripsLooks), corrected pages drawn by StripsRender,
        // known text laid on invisibly (StripsText).
        .target(name: "StripsExport", dependencies: ["StripsCore", "StripsPhotosFeatures", "StripsFiles", "StripsPictures", "StripsPDF", "StripsRender", "StripsLooks", "StripsText",
                                                     "CTurboJPEG", "CExif", "CCairo", "CSPNG"]),
        // Benchmark workloads: the article's layout re-implemented for comparison, the fling
        // session, tables. Only the benchmarks and their tests use it.
        .target(name: "StripsBench", dependencies: ["StripsPhotos", "StripsPhotosFeatures", "StripsCore"], path: "Benchmarks/StripsBench"),
        // The effect hosts (issue 29): what the Photos scene's effects become on this machine (saving,
        // reading dropped files, scanning in a worker process, reading text, finding borders), answered
        // as host events. No SDL: the program wires in the window's waker, clipboard and standard error.
        .target(name: "StripsHosts", dependencies: ["StripsCore", "StripsPhotosFeatures", "StripsFiles", "StripsPictures", "StripsPDF", "StripsText", "StripsScan",
                                                    "StripsExport", "StripsCorrection", "StripsDesktop", "StripsCamera", "StripsBatch"]),
        .testTarget(name: "StripsHostsTests", dependencies: ["StripsHosts", "StripsBatch", "StripsCamera", "StripsCore", "StripsPhotosFeatures", "StripsPictures", "StripsScan", "StripsText",
                                                             "StripsDocumentPhotos", "StripsSampleScans", "StripsTestSupport", "StripsPDF", "StripsRender", "StripsDesktop"]),
        .executableTarget(
            name: "strips",
            dependencies: [
                "StripsCore", "StripsPhotos", "StripsPhotosFeatures", "StripsPizza", "StripsFiles", "StripsPictures", "StripsPDF", "StripsSDL", "StripsBench", "StripsTuning", "StripsRecording", "StripsExport", "StripsScan",
                "StripsText", "StripsRender", "StripsCorrection", "StripsDesktop", "StripsCamera", "StripsBatch", "StripsConvert", "StripsHosts", "CGettext",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Loader benchmark: first frame, thumbnails shown and memory for 100 and 1000 12 MP scans; a
        // frame's work at 10, 1,000 and 20,000 pages (--frame-work).
        .executableTarget(name: "strips-bench-load", dependencies: ["StripsCore", "StripsPhotos", "StripsPhotosFeatures", "StripsPictures", "StripsSDL", "StripsBench", "StripsPDF", "CSDL2", "CTurboJPEG",
                                                                  "StripsHosts", "StripsRender", "StripsBatch", "StripsCamera"],
                          path: "Benchmarks/LoadBench"),
        // PDF documents (issue 14): poppler-glib opens and renders pages through cairo; qpdf copies
        // pages between files so saved pages keep their text and vectors.
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib",
                       providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CQPDF", providers: [.apt(["libqpdf-dev"])]),
        .target(name: "StripsPDF", dependencies: ["StripsCore", "StripsPhotosFeatures", "StripsFiles", "StripsPictures", "CPoppler", "CQPDF"]),
        // PDF benchmark: opens a 500-page PDF it makes itself and renders a letter page for a preview.
        .executableTarget(name: "strips-bench-pdf", dependencies: ["StripsCore", "StripsPictures", "StripsPDF", "CPoppler", "CTurboJPEG"],
                          path: "Benchmarks/PDFBench"),
        .testTarget(name: "StripsPDFTests", dependencies: ["StripsCore", "StripsPhotosFeatures", "StripsPictures", "StripsPDF", "StripsLooks", "CPoppler", "CTurboJPEG", "CLeptonica"]),
        // Recording benchmark: encode ms per frame and file size at 1024x768, GIF, MP4 and WebM.
        .executableTarget(name: "strips-bench-record", dependencies: ["StripsRecording", "StripsCore", "StripsPictures"], path: "Benchmarks/RecordBench"),
        // Save benchmark: 100 pages of 12 MP JPEGs to PDF.
        .executableTarget(name: "strips-bench-save", dependencies: ["StripsCore", "StripsPhotosFeatures", "StripsExport", "StripsPDF", "CTurboJPEG"], path: "Benchmarks/SaveBench"),
        // Looks (issue 22): colour, grey and black-and-white documents from scans, and their compact
        // encodings for saving (CCITT G4 or 1-bit Flate, grey and colour JPEG).
        // Its pixel loops are optimised in debug builds too (as the pictures').
        .target(name: "StripsLooks", dependencies: ["StripsCore", "StripsPictures", "CLeptonica", "CTIFF", "CTurboJPEG"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Text (issue 22): Tesseract recognition and orientation, PDF pages' own text (poppler), the
        // text cache, invisible text layers laid onto saved pages (qpdf).
        .target(name: "StripsText", dependencies: ["StripsCore", "StripsPhotosFeatures", "StripsPictures", "StripsLooks", "StripsFiles", "CTesseract", "CTesseractOrder", "CLeptonica", "CPoppler", "CQPDF"]),
        // Made-up 300 dpi scans of text pages with the truth about their words: tests and the text benchmark.
        .target(name: "StripsSampleScans", dependencies: ["StripsCore", "StripsPictures", "CCairo", "CTurboJPEG", "CSPNG", "CShapedPage"], path: "Tests/StripsSampleScans"),
        // Text benchmark: word accuracy of text-layered PDFs, word boxes, bw sizes, recognition time
        // against the tesseract command (Scripts/bench-text.sh).
        .executableTarget(name: "strips-bench-text", dependencies: ["StripsText", "StripsLooks", "StripsCore", "StripsPictures", "StripsSampleScans", "CCairo", "CTurboJPEG"],
                          path: "Benchmarks/TextBench"),
        .testTarget(name: "StripsLooksTests", dependencies: ["StripsLooks", "StripsCore", "StripsPhotosFeatures", "StripsPictures", "StripsSampleScans", "StripsTestSupport", "CCairo"]),
        // Test pages in any script: words shaped by HarfBuzz on FreeType, drawn by cairo (its own
        // text calls cannot form Devanagari).
        .target(name: "CShapedPage", path: "Tests/CShapedPage",
                cSettings: [.unsafeFlags(["-I/usr/include/freetype2", "-I/usr/include/harfbuzz"])],
                linkerSettings: [.linkedLibrary("harfbuzz"), .linkedLibrary("freetype"), .linkedLibrary("cairo")]),
        .testTarget(name: "StripsTextTests", dependencies: ["StripsText", "StripsLooks", "StripsCore", "StripsPhotosFeatures", "StripsPictures", "StripsSampleScans", "StripsTestSupport", "CCairo", "CTesseract",
                                                            "CShapedPage"]),
        // Reading a scene's frame by the names tests use; public API only.
        .target(name: "StripsTestSupport", dependencies: ["StripsCore", "StripsPhotos", "StripsPhotosFeatures", "StripsPizza", "CTIFF"], path: "Tests/StripsTestSupport"),
        .testTarget(name: "StripsCoreTests", dependencies: ["StripsCore", "StripsPhotos", "StripsPhotosFeatures", "StripsPizza", "StripsBench", "StripsTestSupport"]),
        .testTarget(name: "StripsAppTests", dependencies: ["StripsCore", "StripsPhotos", "StripsPhotosFeatures", "StripsPizza", "StripsPictures", "StripsSDL", "StripsPDF", "StripsRender", "StripsCorrection", "StripsDocumentPhotos", "StripsTestSupport", "CJPEGRegion", "CSDL2", "StripsRecording",
                                                           "StripsCameraFootage"]),
        .testTarget(name: "StripsPicturesTests", dependencies: ["StripsCore", "StripsPictures", "StripsTestSupport", "CTurboJPEG"]),
        // Tests only: leaves freed heap memory holding a pattern (the MP4 determinism test).
        .target(name: "CFreedMemory", path: "Tests/CFreedMemory"),
        .testTarget(name: "StripsRecordingTests", dependencies: ["StripsRecording", "StripsTestSupport", "CGIF", "CAVCodec", "CFreedMemory"]),
        .testTarget(name: "StripsExportTests", dependencies: ["StripsExport", "StripsCore", "StripsPhotosFeatures", "StripsFiles", "StripsPictures", "StripsPDF", "StripsRender", "StripsTestSupport", "CSDL2", "CTurboJPEG",
                                                             "StripsText", "StripsLooks", "StripsSampleScans"]),
        .testTarget(name: "StripsCorrectionTests", dependencies: ["StripsCorrection", "StripsDocumentPhotos", "StripsCore", "StripsPictures"]),
        .testTarget(name: "StripsTuningTests", dependencies: ["StripsCore", "StripsTuning"]),
        .testTarget(name: "StripsCameraTests", dependencies: ["StripsCamera", "StripsCameraFootage", "StripsCore", "StripsPhotos", "StripsPhotosFeatures", "StripsPictures",
                                                        "StripsDocumentPhotos", "StripsSampleScans", "StripsDesktop", "CGIO", "CAVCodec",
                                                        "CPipeWireCamera", "StripsTestSupport"]),
        // ZBar: barcodes and QR codes on separator sheets.
        .systemLibrary(name: "CZBar", providers: [.apt(["libzbar-dev"])]),
        // libqrencode: the QR codes of the made-up separator sheets (tests and benchmarks only).
        .systemLibrary(name: "CQREncode", providers: [.apt(["libqrencode-dev"])]),
        // Batches (issue 30): blank pages and separator sheets judged on a small picture, the judging
        // host, and `strips convert`'s pipeline. Its pixel loops are optimised in debug builds too.
        .target(name: "StripsBatch", dependencies: ["StripsCore", "StripsPhotosFeatures", "StripsPictures", "StripsLooks", "CZBar"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Made-up feeder batches with the truth about each sheet (separator sheets with QR codes,
        // Code 128 and Patch T, blank backs with bleed-through, punch holes, staples): tests and benchmarks.
        .target(name: "StripsSampleBatches", dependencies: ["StripsCore", "StripsPhotosFeatures", "StripsPictures", "StripsSampleScans", "StripsDocumentPhotos", "CCairo", "CQREncode"],
                path: "Tests/StripsSampleBatches", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The judges' false positives and negatives on a generated corpus, and `strips convert` timings.
        .executableTarget(name: "strips-bench-batch", dependencies: ["StripsBatch", "StripsSampleBatches", "StripsCore", "StripsPhotosFeatures", "StripsPictures"],
                          path: "Benchmarks/BatchBench"),
        // The real corpus (Tests/Corpus/real: public pages nobody here made) and each judgement Strips
        // makes by itself asked of it: the real-pages tests and strips-bench-real.
        .target(name: "StripsRealPages", dependencies: ["StripsBatch", "StripsConvert", "StripsHosts", "StripsText", "StripsLooks", "StripsCore", "StripsPhotosFeatures", "StripsCorrection", "StripsPictures"],
                path: "Tests/StripsRealPages"),
        // Per class and per part (tuned, held-out) of the real corpus, how many pages are judged right.
        .executableTarget(name: "strips-bench-real", dependencies: ["StripsRealPages", "StripsConvert", "StripsBatch", "StripsHosts", "StripsCore", "StripsPDF", "StripsPictures", "StripsRender"],
                          path: "Benchmarks/RealBench"),
        // `strips convert`'s pipeline: pages to saved documents through the window's own steps.
        // Archives (issue 42): shards, resumed runs (a record of each document written), reports,
        // the hot folder (inotify); GLib for the records' SHA-256. StripsLooks: pages turned upright.
        .target(name: "StripsConvert", dependencies: ["StripsBatch", "StripsExport", "StripsText", "StripsLooks", "StripsCore", "StripsPhotosFeatures", "StripsPictures", "StripsFiles", "CGLib"]),
        .testTarget(name: "StripsBatchTests", dependencies: ["StripsBatch", "StripsConvert", "StripsExport", "StripsSampleBatches", "StripsCore", "StripsPhotosFeatures", "StripsPictures",
                                                             "StripsPDF", "StripsFiles", "StripsTestSupport", "StripsRealPages", "StripsRender"]),
    ]
)
