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
    ],
    targets: [
        // Geometry, physics, layouts, scenes, the draw list, the headless script and trace.
        // No SDL and no wall clock: time is always a parameter.
        .target(name: "StripsCore"),
        // Headers are found through <SDL2/...>, so no pkg-config flags are needed (SDL's own
        // -D_REENTRANT is one SwiftPM refuses and warns about on every build).
        .systemLibrary(
            name: "CSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        // libjpeg-turbo's TurboJPEG API: scaled JPEG decoding for thumbnails and previews.
        .systemLibrary(name: "CTurboJPEG", providers: [.apt(["libturbojpeg0-dev"])]),
        // libexif: the EXIF orientation of phone scans.
        .systemLibrary(name: "CExif", providers: [.apt(["libexif-dev"])]),
        // Everything that touches SDL: window, renderer, textures, fonts, events, run loops.
        .target(name: "StripsSDL", dependencies: ["StripsCore", "CSDL2", "CTurboJPEG", "CExif"]),
        .executableTarget(
            name: "strips",
            dependencies: [
                "StripsCore", "StripsSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Loader benchmark: first frame, thumbnails shown and memory for 100 and 1000 12 MP scans.
        .executableTarget(name: "strips-bench-load", dependencies: ["StripsCore", "StripsSDL", "CSDL2", "CTurboJPEG"],
                          path: "Sources/LoadBench"),
        // PDF documents (issue 14): poppler-glib opens and renders pages through cairo; qpdf copies
        // pages between files so saved pages keep their text and vectors.
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib",
                       providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CQPDF", providers: [.apt(["libqpdf-dev"])]),
        .target(name: "StripsPDF", dependencies: ["StripsCore", "CPoppler", "CQPDF", "CSDL2"]),
        // PDF benchmark: opens a 500-page PDF it makes itself and renders a letter page for a preview.
        .executableTarget(name: "strips-bench-pdf", dependencies: ["StripsCore", "StripsPDF", "CPoppler", "CSDL2", "CTurboJPEG"],
                          path: "Sources/PDFBench"),
        .testTarget(name: "StripsPDFTests", dependencies: ["StripsCore", "StripsPDF", "CPoppler", "CSDL2"]),
        .testTarget(name: "StripsCoreTests", dependencies: ["StripsCore"]),
        .testTarget(name: "StripsAppTests", dependencies: ["StripsCore", "StripsSDL"]),
    ]
)
