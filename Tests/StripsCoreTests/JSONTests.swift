import Testing
@testable import StripsCore

@Suite struct JSONTests {
    @Test func stringsAreEscapedOnlyWhereNeeded() {
        #expect(JSON.string("page 1.jpg").serialized == #""page 1.jpg""#)
        #expect(JSON.string("a\"b\\c\nd\u{1}").serialized == #""a\"b\\c\nd\u0001""#)
        #expect(JSON.string("Straße – ünïcode").serialized == "\"Straße – ünïcode\"")
    }

    @Test func numbersArePlainAndRoundedToAThousandth() {
        #expect(JSON.number(512).serialized == "512")
        #expect(JSON.number(16.666666).serialized == "16.667")
        #expect(JSON.number(-0.0001).serialized == "0")
        #expect(JSON.number(-2.5).serialized == "-2.5")
        #expect(JSON.object([("a", .array([.bool(true), .null]))]).serialized == #"{"a":[true,null]}"#)
    }

    @Test func numbersPastTheTracesRangeStayPlainJSON() {
        // 1e306 * 1000 overflowed to inf, which was written as `inf`.
        #expect(JSON.number(1e306).serialized == "1000000000000000")
        #expect(JSON.number(-Double.greatestFiniteMagnitude).serialized == "-1000000000000000")
        #expect(JSON.number(.infinity).serialized == "0" && JSON.number(.nan).serialized == "0")
        #expect(JSON.number(123_456_789.125).serialized == "123456789.125")
    }
}
