import Foundation
import StripsCore

/// What a PDF says about itself: in its document information dictionary (what `pdfinfo` and
/// viewers' property sheets show), in its XMP metadata stream (what search indexes, archives and
/// `exiftool` read) and, for the language, in the catalog's /Lang (what screen readers use). A
/// saved document carries its title, author, dates, the program that made it and its language.
public struct PDFMetadata: Hashable, Sendable {
    public var title: String?
    public var author: String?
    public var subject: String?
    public var keywords: String?
    /// The program the document was first made with (kept from an opened PDF, else Strips).
    public var creator: String?
    /// The program that wrote this file.
    public var producer: String
    public var created: Date?
    public var modified: Date?
    /// BCP 47 tags (`en`, `de`, `zh-Hans`), the main language first.
    public var languages: [String]

    public init(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil, creator: String? = nil,
                producer: String = AppVersion.software, created: Date? = nil, modified: Date? = nil, languages: [String] = []) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.producer = producer
        self.created = created
        self.modified = modified
        self.languages = languages
    }

    /// What an opened PDF should keep when it is saved again: its title, author, subject,
    /// keywords, the program that made it, when it was made, its language.
    public func kept(from earlier: PDFMetadata) -> PDFMetadata {
        var merged = self
        merged.title = earlier.title ?? title
        merged.author = earlier.author ?? author
        merged.subject = earlier.subject ?? subject
        merged.keywords = earlier.keywords ?? keywords
        merged.creator = earlier.creator ?? creator
        merged.created = earlier.created ?? created
        if languages.isEmpty { merged.languages = earlier.languages }
        return merged
    }

    /// The user's full name (the first field of the GECOS entry in the password database), else
    /// the login name; nil when neither is known.
    public static func currentUser() -> String? {
        if let entry = getpwuid(getuid()) {
            if let gecos = entry.pointee.pw_gecos, let name = String(cString: gecos).split(separator: ",", omittingEmptySubsequences: false).first,
               !name.trimmingCharacters(in: .whitespaces).isEmpty {
                return name.trimmingCharacters(in: .whitespaces)
            }
            if let login = entry.pointee.pw_name, !String(cString: login).isEmpty { return String(cString: login) }
        }
        let environment = ProcessInfo.processInfo.environment
        return environment["USER"] ?? environment["LOGNAME"]
    }
}

// MARK: Dates

extension PDFMetadata {
    /// A PDF date (ISO 32000 7.9.4): `D:20240312143000+01'00'`, in `zone`.
    public static func pdfDate(_ date: Date, in zone: TimeZone = .current) -> String {
        let (fields, offset) = parts(date, zone)
        let sign = offset < 0 ? "-" : "+", minutes = abs(offset) / 60
        return String(format: "D:%04d%02d%02d%02d%02d%02d%@%02d'%02d'", fields.year, fields.month, fields.day, fields.hour, fields.minute,
                      fields.second, sign, minutes / 60, minutes % 60)
    }

    /// An XMP date (ISO 8601): `2024-03-12T14:30:00+01:00`, in `zone`.
    public static func xmpDate(_ date: Date, in zone: TimeZone = .current) -> String {
        let (fields, offset) = parts(date, zone)
        let sign = offset < 0 ? "-" : "+", minutes = abs(offset) / 60
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", fields.year, fields.month, fields.day, fields.hour, fields.minute,
                      fields.second, sign, minutes / 60, minutes % 60)
    }

    private static func parts(_ date: Date, _ zone: TimeZone) -> ((year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int), Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return ((c.year ?? 1970, c.month ?? 1, c.day ?? 1, c.hour ?? 0, c.minute ?? 0, c.second ?? 0), zone.secondsFromGMT(for: date))
    }

    /// A PDF date read back (`D:2024`, `D:20240312143000Z`, `D:20240312143000+01'00'`, with or
    /// without the `D:`); nil when it is not one.
    public static func date(fromPDF text: String) -> Date? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest.hasPrefix("D:") { rest = rest.dropFirst(2) }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 4, digits.count % 2 == 0 else { return nil }
        func field(_ at: Int, _ length: Int, _ fallback: Int) -> Int {
            guard digits.count >= at + length else { return fallback }
            let start = digits.index(digits.startIndex, offsetBy: at)
            return Int(digits[start..<digits.index(start, offsetBy: length)]) ?? fallback
        }
        var components = DateComponents(year: field(0, 4, 1970), month: field(4, 2, 1), day: field(6, 2, 1),
                                        hour: field(8, 2, 0), minute: field(10, 2, 0), second: field(12, 2, 0))
        guard let month = components.month, (1...12).contains(month), let day = components.day, (1...31).contains(day) else { return nil }
        var zone = rest.dropFirst(digits.count)
        var offset = 0
        if let sign = zone.first, sign == "+" || sign == "-" {
            zone = zone.dropFirst()
            let numbers = zone.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            offset = ((numbers.first ?? 0) * 60 + (numbers.dropFirst().first ?? 0)) * 60 * (sign == "-" ? -1 : 1)
        }
        components.timeZone = TimeZone(secondsFromGMT: offset)
        return Calendar(identifier: .gregorian).date(from: components)
    }
}

// MARK: XMP

extension PDFMetadata {
    /// The XMP packet (Dublin Core, XMP basic and PDF schemas): the same facts as the information
    /// dictionary, as ISO 16684 and PDF/A readers want them. `now` is the metadata's own date.
    public func xmp(now: Date, in zone: TimeZone = .current) -> String {
        var fields = ["   <dc:format>application/pdf</dc:format>"]
        if let title { fields.append("   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(Self.escaped(title))</rdf:li></rdf:Alt></dc:title>") }
        if let author { fields.append("   <dc:creator><rdf:Seq><rdf:li>\(Self.escaped(author))</rdf:li></rdf:Seq></dc:creator>") }
        if let subject { fields.append("   <dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(Self.escaped(subject))</rdf:li></rdf:Alt></dc:description>") }
        if !languages.isEmpty {
            fields.append("   <dc:language><rdf:Bag>" + languages.map { "<rdf:li>\(Self.escaped($0))</rdf:li>" }.joined() + "</rdf:Bag></dc:language>")
        }
        if let created { fields.append("   <xmp:CreateDate>\(Self.xmpDate(created, in: zone))</xmp:CreateDate>") }
        if let modified { fields.append("   <xmp:ModifyDate>\(Self.xmpDate(modified, in: zone))</xmp:ModifyDate>") }
        fields.append("   <xmp:MetadataDate>\(Self.xmpDate(now, in: zone))</xmp:MetadataDate>")
        if let creator { fields.append("   <xmp:CreatorTool>\(Self.escaped(creator))</xmp:CreatorTool>") }
        fields.append("   <pdf:Producer>\(Self.escaped(producer))</pdf:Producer>")
        if let keywords { fields.append("   <pdf:Keywords>\(Self.escaped(keywords))</pdf:Keywords>") }
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                xmlns:dc="http://purl.org/dc/elements/1.1/"
                xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
            \(fields.joined(separator: "\n"))
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
    }

    /// Text as XML character data or an attribute's value.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // XML 1.0 has no place for the other control characters.
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}

extension PDFMetadata {
    /// The time a save stamps as its dates: now, or `SOURCE_DATE_EPOCH` (seconds since 1970) when
    /// it is set, the reproducible-builds convention, so that the same pages saved twice (the
    /// window's save and `strips convert`, a build's documents) are the same bytes.
    public static func saveTime(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
        guard let epoch = environment["SOURCE_DATE_EPOCH"].flatMap(Int.init), epoch >= 0 else { return Date() }
        return Date(timeIntervalSince1970: TimeInterval(epoch))
    }
}
