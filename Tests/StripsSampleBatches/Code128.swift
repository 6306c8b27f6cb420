/// Code 128 drawn from its table, for the made-up separator sheets: the text in code set B
/// (printable ASCII), its check symbol, the stop pattern. What reads it back is ZBar, a decoder
/// written by others, so a wrong width here shows up as a sheet that is not read.
public enum Code128 {
    /// Each symbol's bar, space, bar, space, bar, space widths in modules (11 modules a symbol),
    /// values 0 to 105; 103, 104, 105 start code sets A, B, C.
    static let patterns: [String] = [
        "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
        "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
        "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
        "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
        "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
        "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
        "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
        "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
        "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
        "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
        "114131", "311141", "411131", "211412", "211214", "211232",
    ]
    /// The stop pattern: bar, space, bar, space, bar, space, bar (13 modules).
    static let stop = "2331112"
    static let startB = 104

    /// The widths in modules, bar first, bars and spaces alternating, from the start symbol to the
    /// stop's last bar; nil when the text holds a character code set B has not (outside ' '...'~').
    public static func modules(_ text: String) -> [Int]? {
        var values: [Int] = [startB]
        for scalar in text.unicodeScalars {
            guard (32...126).contains(scalar.value) else { return nil }
            values.append(Int(scalar.value) - 32)
        }
        // The check symbol: the start's value plus each symbol's value times its place, mod 103.
        let check = values.enumerated().reduce(0) { sum, item in sum + (item.offset == 0 ? item.element : item.element * item.offset) } % 103
        values.append(check)
        let digits = values.map { patterns[$0] }.joined() + stop
        return digits.compactMap { $0.wholeNumberValue }
    }
}
