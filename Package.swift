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
        // libspng: PNG decoding from memory that stops at the end of the data.
        .systemLibrary(name: "CSPNG", providers: [.apt(["libspng-dev"])]),
        // Everything that touches SDL: window, renderer, textures, fonts, events, run loops.
        .target(name: "StripsSDL", dependencies: ["StripsCore", "CSDL2", "CTurboJPEG", "CExif", "CSPNG"]),
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
        .testTarget(name: "StripsCoreTests", dependencies: ["StripsCore"]),
        .testTarget(name: "StripsAppTests", dependencies: ["StripsCore", "StripsSDL"]),
    ]
)
