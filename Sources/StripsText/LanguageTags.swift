/// Tesseract's language names (`eng`, `deu`, `chi_sim`, `srp_latn`) as the BCP 47 tags a PDF's
/// /Lang and XMP's dc:language take (`en`, `de`, `zh-Hans`, `sr-Latn`): the two-letter ISO 639-1
/// code where there is one, else the three-letter one, a script where Tesseract names one.
public enum LanguageTags {
    /// The tag of one Tesseract language; nil for the ones that are no language (`osd`, `equ`,
    /// the `script/...` models).
    public static func tag(forTesseract name: String) -> String? {
        var base = name.lowercased()
        for suffix in ["_vert", "_old"] where base.hasSuffix(suffix) { base = String(base.dropLast(suffix.count)) }
        if let special = special[base] { return special }
        guard !base.contains("/"), !["osd", "equ"].contains(base) else { return nil }
        return twoLetter[base] ?? (base.count == 3 && base.allSatisfy(\.isLetter) ? base : nil)
    }

    /// The tags of a `+`-joined list (`eng+deu`), in its order, each once.
    public static func tags(forTesseract languages: String) -> [String] {
        var seen: [String] = []
        for name in languages.split(separator: "+") {
            if let tag = tag(forTesseract: String(name)), !seen.contains(tag) { seen.append(tag) }
        }
        return seen
    }

    private static let special: [String: String] = [
        "chi_sim": "zh-Hans", "chi_tra": "zh-Hant", "aze_cyrl": "az-Cyrl", "srp_latn": "sr-Latn", "uzb_cyrl": "uz-Cyrl",
        "kat": "ka", "frk": "de", "kmr": "kmr",
    ]

    /// ISO 639-2/T (and Tesseract's own) to ISO 639-1, for the languages Tesseract reads.
    private static let twoLetter: [String: String] = [
        "afr": "af", "amh": "am", "ara": "ar", "asm": "as", "aze": "az", "bel": "be", "ben": "bn", "bod": "bo", "bos": "bs",
        "bre": "br", "bul": "bg", "cat": "ca", "ces": "cs", "cos": "co", "cym": "cy", "dan": "da", "deu": "de", "div": "dv",
        "dzo": "dz", "ell": "el", "eng": "en", "epo": "eo", "est": "et", "eus": "eu", "fao": "fo", "fas": "fa", "fin": "fi",
        "fra": "fr", "fry": "fy", "gla": "gd", "gle": "ga", "glg": "gl", "guj": "gu", "hat": "ht", "heb": "he", "hin": "hi",
        "hrv": "hr", "hun": "hu", "hye": "hy", "iku": "iu", "ind": "id", "isl": "is", "ita": "it", "jav": "jv", "jpn": "ja",
        "kan": "kn", "kaz": "kk", "khm": "km", "kir": "ky", "kor": "ko", "lao": "lo", "lat": "la", "lav": "lv", "lit": "lt",
        "ltz": "lb", "mal": "ml", "mar": "mr", "mkd": "mk", "mlt": "mt", "mon": "mn", "mri": "mi", "msa": "ms", "mya": "my",
        "nep": "ne", "nld": "nl", "nor": "no", "oci": "oc", "ori": "or", "pan": "pa", "pol": "pl", "por": "pt", "pus": "ps",
        "que": "qu", "ron": "ro", "rus": "ru", "san": "sa", "sin": "si", "slk": "sk", "slv": "sl", "snd": "sd", "spa": "es",
        "sqi": "sq", "srp": "sr", "sun": "su", "swa": "sw", "swe": "sv", "tam": "ta", "tat": "tt", "tel": "te", "tgk": "tg",
        "tha": "th", "tir": "ti", "ton": "to", "tur": "tr", "uig": "ug", "ukr": "uk", "urd": "ur", "uzb": "uz", "vie": "vi",
        "yid": "yi", "yor": "yo",
    ]
}
