/// A reading language as a page's menu names it: in its own words (a Russian speaker looks for
/// "Русский", a French one for "Français"), whatever language the window speaks.
public enum LanguageNames {
    /// `rus` -> "Русский", `fra+eng` -> "Français + English"; a code it does not know as itself.
    public static func name(_ tesseract: String) -> String {
        tesseract.split(separator: "+").map { own[String($0)] ?? String($0) }.joined(separator: " + ")
    }

    private static let own: [String: String] = [
        "eng": "English", "fra": "Français", "deu": "Deutsch", "spa": "Español", "ita": "Italiano", "por": "Português",
        "nld": "Nederlands", "ind": "Bahasa Indonesia", "msa": "Bahasa Melayu", "pol": "Polski", "ces": "Čeština",
        "slk": "Slovenčina", "hun": "Magyar", "ron": "Română", "swe": "Svenska", "dan": "Dansk", "nor": "Norsk",
        "fin": "Suomi", "tur": "Türkçe", "vie": "Tiếng Việt", "rus": "Русский", "ukr": "Українська", "bel": "Беларуская",
        "bul": "Български", "srp": "Српски", "ell": "Ελληνικά", "hin": "हिन्दी", "mar": "मराठी", "nep": "नेपाली",
        "ben": "বাংলা", "ara": "العربية", "heb": "עברית", "fas": "فارسی", "chi_sim": "简体中文", "chi_tra": "繁體中文",
        "jpn": "日本語", "kor": "한국어", "tha": "ไทย",
    ]
}
