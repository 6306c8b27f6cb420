import CSANE
import Foundation

extension ScanDevice {
    /// What the device offers now.
    public func capabilities() throws(ScanFault) -> ScanCapabilities {
        let options = try options()
        var values: [String: ScanOptionValue] = [:]
        if let source = try value(of: SANE_NAME_SCAN_SOURCE) { values[SANE_NAME_SCAN_SOURCE] = source }
        return ScanCapabilities(options: options, values: values)
    }

    /// The settings the device holds now, changing nothing (a scan "as the device is set").
    public func current() throws(ScanFault) -> AppliedScanSettings {
        let capabilities = try capabilities()
        var settings = ScanSettings(device: name, source: capabilities.currentSource?.name)
        var deviceMode: String?
        if case .string(let mode)? = try value(of: SANE_NAME_SCAN_MODE) {
            deviceMode = mode
            let depth = try value(of: SANE_NAME_BIT_DEPTH)?.number.map { Int($0) }
            let offer = capabilities.modes.first { $0.deviceMode == mode && ($0.depth == nil || $0.depth == depth) }
                ?? capabilities.modes.first { $0.deviceMode == mode }
            settings.mode = offer?.mode ?? .color
        }
        if let dpi = try value(of: SANE_NAME_SCAN_RESOLUTION)?.number { settings.dpi = Int(dpi.rounded()) }
        let corners = try [SANE_NAME_SCAN_TL_X, SANE_NAME_SCAN_TL_Y, SANE_NAME_SCAN_BR_X, SANE_NAME_SCAN_BR_Y].map { name throws(ScanFault) in
            try value(of: name)?.number
        }
        if let left = corners[0], let top = corners[1], let right = corners[2], let bottom = corners[3] {
            settings.pageSize = ScanPageSize(width: right - left, height: bottom - top)
        }
        let depth = try value(of: SANE_NAME_BIT_DEPTH)?.number.map { Int($0) }
        return AppliedScanSettings(settings: settings, source: capabilities.currentSource, deviceMode: deviceMode, depth: depth, adjustments: [])
    }

    /// Sets source, mode (and depth), resolution and page area, in that order because each can
    /// change what the next offers. A value the device does not offer is refused with the ones
    /// it does; nothing after it is set. Returns what the device took.
    @discardableResult
    public func apply(_ settings: ScanSettings) throws(ScanFault) -> AppliedScanSettings {
        var applied = AppliedScanSettings(settings: settings, source: nil, deviceMode: nil, depth: nil, adjustments: [])
        applied.settings.device = name

        var capabilities = try capabilities()
        if let wanted = settings.source {
            guard let source = capabilities.source(named: wanted) else {
                let offered = capabilities.sources.map(\.name).joined(separator: ", ")
                throw ScanFault(.refusedValue, device: name, capabilities.sources.isEmpty
                    ? "has no choice of source (asked for \"\(wanted)\")"
                    : "has no source \"\(wanted)\" (it offers \(offered))")
            }
            try set(SANE_NAME_SCAN_SOURCE, to: .string(source.name))
            capabilities = try self.capabilities()
        }
        applied.source = capabilities.currentSource
        applied.settings.source = capabilities.currentSource?.name

        if !capabilities.modes.isEmpty {
            guard let offer = capabilities.mode(settings.mode) else {
                let offered = capabilities.modes.map(\.mode.rawValue).joined(separator: ", ")
                throw ScanFault(.refusedValue, device: name, "has no \(settings.mode.rawValue) mode (it offers \(offered))")
            }
            try set(SANE_NAME_SCAN_MODE, to: .string(offer.deviceMode))
            applied.deviceMode = offer.deviceMode
            if let depth = offer.depth, let option = try option(SANE_NAME_BIT_DEPTH), option.isActive, option.isSettable {
                try set(SANE_NAME_BIT_DEPTH, to: .int(depth))
                applied.depth = depth
            }
            capabilities = try self.capabilities()
        } else if settings.mode != .color {
            throw ScanFault(.refusedValue, device: name, "has no choice of mode (asked for \(settings.mode.rawValue))")
        }

        if capabilities.resolutions != .none {
            guard capabilities.resolutions.offers(settings.dpi) else {
                throw ScanFault(.refusedValue, device: name, "\(settings.dpi) dpi is not offered (it offers \(Self.words(capabilities.resolutions)))")
            }
            let option = try option(SANE_NAME_SCAN_RESOLUTION)
            let value: ScanOptionValue = option?.kind == .fixed ? .fixed(Double(settings.dpi)) : .int(settings.dpi)
            let taken = try set(SANE_NAME_SCAN_RESOLUTION, to: value)
            if let number = taken.number, Int(number.rounded()) != settings.dpi {
                applied.settings.dpi = Int(number.rounded())
                applied.adjustments.append("scanner \(name): \(settings.dpi) dpi became \(applied.settings.dpi) dpi")
            }
        }

        if let area = capabilities.area {
            applied.settings.pageSize = try setArea(settings.pageSize, within: area, adjustments: &applied.adjustments)
        } else if settings.pageSize != nil {
            throw ScanFault(.refusedValue, device: name, "has no scan area to set a page size in")
        }
        return applied
    }

    /// Sets tl/br to the page (or the whole area): a page up to 1.5 mm larger than the area is
    /// trimmed to it (a 215.9 mm Letter page on a 215 mm bed), a larger one is refused.
    private func setArea(_ page: ScanPageSize?, within area: ScanArea, adjustments: inout [String]) throws(ScanFault) -> ScanPageSize? {
        let left = area.left.lowerBound, top = area.top.lowerBound
        var right = area.right.upperBound, bottom = area.bottom.upperBound
        if let page {
            let tolerance = 1.5
            guard page.width <= area.maxWidth + tolerance, page.height <= area.maxHeight + tolerance else {
                throw ScanFault(.refusedValue, device: name, "\(Self.words(page)) is larger than its scan area "
                    + "(\(Self.mm(area.maxWidth)) x \(Self.mm(area.maxHeight)) mm)")
            }
            right = min(left + page.width, area.right.upperBound)
            bottom = min(top + page.height, area.bottom.upperBound)
        }
        // Top-left first: some drivers refuse a bottom-right above or left of the current
        // top-left. Each corner goes to the nearest value the option's steps allow.
        var taken: [Double] = []
        for (option, value) in [(SANE_NAME_SCAN_TL_X, left), (SANE_NAME_SCAN_TL_Y, top), (SANE_NAME_SCAN_BR_X, right), (SANE_NAME_SCAN_BR_Y, bottom)] {
            guard let described = try self.option(option) else { throw ScanFault(.refusedValue, device: name, "has no option \"\(option)\"") }
            let snapped = described.nearest(value)
            let result = try set(option, to: described.kind == .int ? .int(Int(snapped.rounded())) : .fixed(snapped))
            taken.append(result.number ?? snapped)
        }
        let size = ScanPageSize(width: taken[2] - taken[0], height: taken[3] - taken[1])
        guard let page else { return nil }
        if abs(size.width - page.width) > 0.05 || abs(size.height - page.height) > 0.05 {
            adjustments.append("scanner \(name): \(Self.words(page)) became \(Self.mm(size.width)) x \(Self.mm(size.height)) mm")
            return size
        }
        return page
    }

    static func words(_ resolutions: ScanResolutions) -> String {
        switch resolutions {
        case .none: return "none"
        case .list(let values): return values.map(String.init).joined(separator: ", ") + " dpi"
        case .range(let min, let max, let step): return step > 1 ? "\(min)..\(max) dpi in steps of \(step)" : "\(min)..\(max) dpi"
        }
    }

    /// `an A4 page (210 x 297 mm)`, `a 100 x 150 mm page`.
    static func words(_ page: ScanPageSize) -> String {
        let size = "\(mm(page.width)) x \(mm(page.height)) mm"
        guard let named = ScanPageSize.named.first(where: { $0.size == page })?.name else { return "a \(size) page" }
        let title = named.count == 2 ? named.uppercased() : named.capitalized
        return "\(title.hasPrefix("A") ? "an" : "a") \(title) page (\(size))"
    }

    static func mm(_ value: Double) -> String { ScanOptionValue.fixed((value * 10).rounded() / 10).description }
}
