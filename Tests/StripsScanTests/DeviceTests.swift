import Foundation
import Testing
@testable import StripsScan

/// Every test that talks to libsane in this process: one at a time (the test backend's options
/// outlive a close, and its devices open once).
@Suite("SANE's test backend", .serialized)
struct SANETests {}

@Suite("Drivers' reader threads")
struct DriverThreadTests {
    typealias SetCancelType = @convention(c) (Int32, UnsafeMutablePointer<Int32>?) -> Int32

    @Test func aDriverThreadAskingForAsynchronousCancellationGetsDeferred() throws {
        #expect(ScannerSystem.driverThreadsAreGuarded)
        // Found as a SANE backend finds it: through the dynamic linker, from a library loaded later.
        let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_setcanceltype"))
        let setCancelType = unsafeBitCast(symbol, to: SetCancelType.self)
        let asynchronous = Int32(PTHREAD_CANCEL_ASYNCHRONOUS), deferred = Int32(PTHREAD_CANCEL_DEFERRED)
        let seen = Seen()
        // On a thread of its own, as sanei_thread's readers do it.
        let thread = Thread {
            var old: Int32 = -1
            seen.results.append(setCancelType(asynchronous, &old))
            // What the request left in force: the type it replaces now.
            seen.results.append(setCancelType(deferred, &old))
            seen.results.append(old)
            seen.done.signal()
        }
        thread.start()
        seen.done.wait()
        #expect(seen.results == [0, 0, deferred])
    }

    final class Seen: @unchecked Sendable {
        var results: [Int32] = []
        let done = DispatchSemaphore(value: 0)
    }
}

extension SANETests {
    @Suite("Devices and their options")
    struct Devices {
        @Test func devicesAreListedOnAWorkerWithTheirNames() async throws {
            _ = try TestBackend.system()
            let listed = try await ScannerSystem.shared.devices(localOnly: true).get()
            #expect(listed.map(\.name) == (0..<8).map { "test:\($0)" })
            #expect(listed.first?.vendor == "Noname")
            #expect(listed.first?.model == "frontend-tester")
            #expect(listed.first?.type == "virtual device")
            #expect(listed.first?.displayName == "Noname frontend-tester")
        }

        @Test func capabilitiesNameSourcesModesResolutionsAndArea() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let capabilities = try device.capabilities()
            #expect(capabilities.sources == [ScanSource(name: "Flatbed"), ScanSource(name: "Automatic Document Feeder")])
            #expect(capabilities.sources.map(\.kind) == [.flatbed, .feeder])
            #expect(capabilities.currentSource?.kind == .flatbed)
            #expect(capabilities.modes.map(\.mode) == [.color, .gray, .lineart])
            // The test backend has no line-art mode: line art is 1-bit grey.
            #expect(capabilities.mode(.lineart)?.deviceMode == "Gray")
            #expect(capabilities.mode(.lineart)?.depth == 1)
            #expect(capabilities.resolutions == .range(min: 1, max: 1200, step: 1))
            #expect(capabilities.area?.maxWidth == 400)
            #expect(capabilities.area?.maxHeight == 400)
        }

        @Test func settingsAreAppliedWithTheDevicesNames() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let applied = try device.apply(ScanSettings(source: "feeder", dpi: 150, mode: .lineart, pageSize: .letter))
            #expect(applied.source?.name == "Automatic Document Feeder")
            #expect(applied.isBatch)
            #expect(applied.deviceMode == "Gray")
            #expect(applied.depth == 1)
            #expect(applied.settings.device == device.name)
            #expect(try device.value(of: "source") == .string("Automatic Document Feeder"))
            #expect(try device.value(of: "mode") == .string("Gray"))
            #expect(try device.value(of: "depth") == .int(1))
            #expect(try device.value(of: "resolution")?.number == 150)
            let bottomRight = try device.value(of: "br-x")?.number ?? 0
            #expect(abs(bottomRight - 215.9) < 0.001)
            #expect(abs((try device.value(of: "br-y")?.number ?? 0) - 279.4) < 0.001)
            // And read back as they are.
            let current = try device.current()
            #expect(current.settings.mode == .lineart)
            #expect(current.settings.dpi == 150)
            #expect(current.settings.source == "Automatic Document Feeder")
        }

        @Test func refusedValuesSayWhatTheDeviceOffers() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let duplex = #expect(throws: ScanFault.self) { try device.apply(ScanSettings(source: "Duplex")) }
            #expect(duplex?.kind == .refusedValue)
            #expect(duplex?.line == "scanner \(device.name): has no source \"Duplex\" (it offers Flatbed, Automatic Document Feeder)")
            let dpi = #expect(throws: ScanFault.self) { try device.apply(ScanSettings(dpi: 5000)) }
            #expect(dpi?.line == "scanner \(device.name): 5000 dpi is not offered (it offers 1..1200 dpi)")
            let page = #expect(throws: ScanFault.self) { try device.apply(ScanSettings(dpi: 75, pageSize: ScanPageSize(width: 500, height: 600))) }
            #expect(page?.line == "scanner \(device.name): a 500 x 600 mm page is larger than its scan area (400 x 400 mm)")
            let raw = #expect(throws: ScanFault.self) { try device.set("mode", to: .string("Infrared")) }
            #expect(raw?.line == "scanner \(device.name): mode Infrared is not offered (it offers Gray, Color)")
            let missing = #expect(throws: ScanFault.self) { try device.set("lamp-colour", to: .string("blue")) }
            #expect(missing?.line == "scanner \(device.name): has no option \"lamp-colour\"")
        }

        @Test func aDeviceNoBackendKnowsIsNoScanner() throws {
            let system = try TestBackend.system()
            let fault = #expect(throws: ScanFault.self) { try system.open("nosuch:0") }
            #expect(fault?.kind == .noScanner)
            #expect(fault?.line == "scanner nosuch:0: not found (is it connected and switched on?)")
            let test = #expect(throws: ScanFault.self) { try system.open("test:99") }
            #expect(test?.kind == .noScanner)
        }

        @Test func aDeviceAlreadyOpenIsBusy() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let fault = #expect(throws: ScanFault.self) { try ScannerSystem.shared.open(device.name) }
            #expect(fault?.kind == .busy)
            #expect(fault?.line == "scanner \(device.name): the scanner is busy (another program may be using it) (opening it)")
        }

        @Test func optionsAreFrozenWhileAScanReads() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let log = EventLog()
            let checked = DispatchSemaphore(value: 0)
            let session = try ScanSession.start(device: device, settings: ScanSettings(dpi: 50, mode: .gray, pageSize: .a4)) { event in
                log.add(event)
                // The reader waits at the first rows while the test tries to change things.
                if case .rows(let rows) = event, rows.firstRow == 0 { checked.wait() }
            }
            log.firstRows.wait()
            let busy = #expect(throws: ScanFault.self) { try device.set("resolution", to: .int(100)) }
            #expect(busy?.line == "scanner \(device.name): a scan is in progress")
            let second = #expect(throws: ScanFault.self) { try ScanSession.start(device: device, settings: nil) { _ in } }
            #expect(second?.line == "scanner \(device.name): already scanning")
            checked.signal()
            session.waitUntilEnded()
            #expect(log.ended?.stop == .finished)
            // Settable again once the session has ended.
            try device.set("resolution", to: .int(100))
            #expect(try device.value(of: "resolution")?.number == 100)
        }
    }
}
