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
}
