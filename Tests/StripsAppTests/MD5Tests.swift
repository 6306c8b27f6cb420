import Testing
@testable import StripsPictures
@testable import StripsSDL

@Suite struct MD5Tests {
    @Test func rfc1321TestSuite() {
        #expect(MD5.hex("") == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex("a") == "0cc175b9c0f1b6a831c399e269772661")
        #expect(MD5.hex("abc") == "900150983cd24fb0d6963f7d28e17f72")
        #expect(MD5.hex("message digest") == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(MD5.hex("abcdefghijklmnopqrstuvwxyz") == "c3fcd3d76192e4007dfb496cca67e13b")
        #expect(MD5.hex("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") == "d174ab98d277d9f5a5611c2c9f419d9f")
        #expect(MD5.hex(String(repeating: "1234567890", count: 8)) == "57edf4a22be3c955ac49da2e2107b67a")
    }

    /// Lengths around the 56-byte padding boundary, where a second block starts.
    @Test func paddingBoundaries() {
        #expect(MD5.hex(String(repeating: "a", count: 55)) == "ef1772b6dff9a122358552954ad0df65")
        #expect(MD5.hex(String(repeating: "a", count: 56)) == "3b0c8ac703f828b04c6c197006d17218")
        #expect(MD5.hex(String(repeating: "a", count: 64)) == "014842d480b571495a4a0363793f7367")
    }

    /// The Thumbnail Managing Standard's own example.
    @Test func thumbnailStandardExample() {
        #expect(FileURI.of(path: "/home/jens/photos/me.png") == "file:///home/jens/photos/me.png")
        #expect(MD5.hex(FileURI.of(path: "/home/jens/photos/me.png")) == "c6ee772d9e49320e97ec29a7eb5b1697")
    }

    @Test func fileURIsAreEscapedAsGLibEscapesThem() {
        #expect(FileURI.of(path: "/tmp/a b/\u{fc}#?%.jpg") == "file:///tmp/a%20b/%C3%BC%23%3F%25.jpg")
        #expect(FileURI.of(path: "/x/!$&'()*+,=:@~_-.y") == "file:///x/!$&'()*+,=:@~_-.y")
        #expect(FileURI.of(path: "/x/[a]{b}<c>;d\\e^f`g|h\"") == "file:///x/%5Ba%5D%7Bb%7D%3Cc%3E%3Bd%5Ce%5Ef%60g%7Ch%22")
        #expect(FileURI.canonicalPath("/x//./y/../z/") == "/x/z")
        #expect(FileURI.canonicalPath("/..") == "/")
    }
}
