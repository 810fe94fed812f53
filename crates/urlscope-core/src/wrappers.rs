//! Link wrappers: the addresses that mail filters and sites put in front
//! of a link (Microsoft Safe Links, Proofpoint URL Defense, Google's and
//! Facebook's redirectors, ...) and the destination each carries.
//!
//! [`unwrap`] names the wrapper and reads the address it carries, or says
//! that the wrapper holds the destination on its own servers (Mimecast),
//! where nothing can be read offline. Every decoder is one pass over its
//! input; nothing here fetches anything.
//!
//! The decoders also say which bytes of the wrapper's text wrote each byte
//! of the destination (Proofpoint v2's `-2F` a `/`, v3's `*` the character
//! its substitutions put there), so that what the destination's own
//! analysis finds is marked on the bytes that write it; only base64
//! (Bing) leaves its whole value writing every byte.

use crate::split::Span;

/// A link wrapper urlscope knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Wrapper {
    /// Microsoft Defender for Office 365 Safe Links.
    SafeLinks,
    /// Proofpoint URL Defense, version 1 (`/v1/url?u=`).
    ProofpointV1,
    /// Proofpoint URL Defense, version 2 (`/v2/url?u=`, `-XX` escapes).
    ProofpointV2,
    /// Proofpoint URL Defense, version 3 (`/v3/__URL__;!!`).
    ProofpointV3,
    /// Google's redirector (`www.google.com/url?q=`).
    Google,
    /// Facebook's link shim (`l.facebook.com/l.php?u=`).
    Facebook,
    /// LinkedIn's redirector (`www.linkedin.com/redir/redirect?url=`).
    LinkedIn,
    /// Slack's redirector (`slack-redir.net/link?url=`).
    Slack,
    /// Barracuda Link Protection (`linkprotect.cudasvc.com/url?a=`).
    Barracuda,
    /// Cisco Secure Email (`secure-web.cisco.com/TOKEN/URL`).
    Cisco,
    /// Trend Micro click-time protection.
    TrendMicro,
    /// Symantec click-time protection (`clicktime.symantec.com`).
    Symantec,
    /// Mimecast URL Protect: the destination is held by Mimecast.
    Mimecast,
    /// Bing's click tracker (`www.bing.com/ck/a?...&u=a1` and the target
    /// in base64url).
    Bing,
    /// YouTube's redirector (`www.youtube.com/redirect?q=`).
    YouTube,
    /// Mailchimp's click tracking (`*.list-manage.com/track/click`): the
    /// destination is held by Mailchimp.
    Mailchimp,
    /// SendGrid's click tracking (`*.ct.sendgrid.net/ls/click`): the
    /// destination is held by SendGrid.
    SendGrid,
    /// Amazon SES click tracking (`*.awstrack.me/L0/URL/...`, the
    /// destination percent-encoded in one path segment).
    AmazonSes,
    /// Postmark's click tracking (`click.pstmrk.it/3s/URL/...`, the
    /// destination without its scheme, percent-encoded in one segment).
    Postmark,
    /// Google's AMP viewer (`www.google.com/amp/s/HOST/PATH`: the
    /// destination without its scheme, `s/` for HTTPS), which phishing
    /// links use to pass for Google's.
    GoogleAmp,
}

impl Wrapper {
    /// The vendor's product, as a sentence names it.
    pub fn vendor(self) -> &'static str {
        match self {
            Wrapper::SafeLinks => "Microsoft Safe Links",
            Wrapper::ProofpointV1 | Wrapper::ProofpointV2 | Wrapper::ProofpointV3 => {
                "Proofpoint URL Defense"
            }
            Wrapper::Google => "Google's redirector",
            Wrapper::Facebook => "Facebook's link shim",
            Wrapper::LinkedIn => "LinkedIn's redirector",
            Wrapper::Slack => "Slack's redirector",
            Wrapper::Barracuda => "Barracuda Link Protection",
            Wrapper::Cisco => "Cisco Secure Email",
            Wrapper::TrendMicro => "Trend Micro click-time protection",
            Wrapper::Symantec => "Symantec click-time protection",
            Wrapper::Mimecast => "Mimecast URL Protect",
            Wrapper::Bing => "Bing's click tracker",
            Wrapper::YouTube => "YouTube's redirector",
            Wrapper::Mailchimp => "Mailchimp's click tracking",
            Wrapper::SendGrid => "SendGrid's click tracking",
            Wrapper::AmazonSes => "Amazon SES click tracking",
            Wrapper::Postmark => "Postmark's click tracking",
            Wrapper::GoogleAmp => "Google's AMP viewer",
        }
    }

    /// Whether the destination is written in the wrapper's own encoding
    /// (Proofpoint's `-3A` escapes and `__` markers, Bing's base64,
    /// Postmark's scheme-less URL), which nothing but [`unwrap`] reads: a
    /// URL found in those bytes by the generic unfolding is a misreading
    /// (Proofpoint v3's `__;!!...` trailer taken into a carried URL).
    pub(crate) fn encodes_its_own(self) -> bool {
        matches!(
            self,
            Wrapper::ProofpointV2
                | Wrapper::ProofpointV3
                | Wrapper::Bing
                | Wrapper::Postmark
                | Wrapper::GoogleAmp
        )
    }

    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            Wrapper::SafeLinks => "safelinks",
            Wrapper::ProofpointV1 => "proofpoint-v1",
            Wrapper::ProofpointV2 => "proofpoint-v2",
            Wrapper::ProofpointV3 => "proofpoint-v3",
            Wrapper::Google => "google",
            Wrapper::Facebook => "facebook",
            Wrapper::LinkedIn => "linkedin",
            Wrapper::Slack => "slack",
            Wrapper::Barracuda => "barracuda",
            Wrapper::Cisco => "cisco",
            Wrapper::TrendMicro => "trendmicro",
            Wrapper::Symantec => "symantec",
            Wrapper::Mimecast => "mimecast",
            Wrapper::Bing => "bing",
            Wrapper::YouTube => "youtube",
            Wrapper::Mailchimp => "mailchimp",
            Wrapper::SendGrid => "sendgrid",
            Wrapper::AmazonSes => "amazon-ses",
            Wrapper::Postmark => "postmark",
            Wrapper::GoogleAmp => "google-amp",
        }
    }
}

/// What a wrapper carries.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Carried {
    /// The destination, decoded.
    Url(String),
    /// The wrapper keeps the destination on its own servers.
    Opaque,
}

/// A wrapped link taken apart.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Unwrapped {
    /// Who wrapped it.
    pub wrapper: Wrapper,
    /// What it carries.
    pub carried: Carried,
    /// The bytes of the URL given to [`unwrap`] that carry the
    /// destination (a parameter's value, Proofpoint v3's encoded URL,
    /// Cisco's path), when it is read: `(start, end)`.
    pub at: Option<(usize, usize)>,
    /// The destination's domain, when a wrapper that keeps the destination
    /// still names it (Mimecast's `domain=`), with the bytes that name it.
    pub domain: Option<(String, (usize, usize))>,
    /// For each byte of the destination's text, the bytes of the URL given
    /// to [`unwrap`] that write it: an escape (`%2F`, Proofpoint v2's
    /// `-2F`), a character standing for another (v2's `_` for `/`), a
    /// Proofpoint v3 `*` or `**X` for the characters its substitutions put
    /// there, no bytes at the start for a scheme the wrapper leaves out
    /// (Postmark). Empty when no byte writes one alone (Bing's base64,
    /// whose every character holds bits of two) or nothing is carried:
    /// then the bytes of [`Unwrapped::at`] write them all.
    pub(crate) written: Vec<Span>,
}

/// The wrapper `url` is written in and what it carries, or `None` when
/// `url` is no wrapper urlscope knows (or a wrapper's address without the
/// parameter that carries the destination).
pub fn unwrap(url: &str) -> Option<Unwrapped> {
    let rest = url
        .get(..8)
        .filter(|s| s.eq_ignore_ascii_case("https://"))
        .map(|_| &url[8..])
        .or_else(|| {
            url.get(..7)
                .filter(|s| s.eq_ignore_ascii_case("http://"))
                .map(|_| &url[7..])
        })?;
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let host = rest[..host_end].to_ascii_lowercase();
    let host = host.split(':').next().unwrap_or("");
    let after = &rest[host_end..];
    let (path, query) = match after.find('?') {
        Some(q) => (&after[..q], after[q + 1..].split('#').next().unwrap_or("")),
        None => (after.split('#').next().unwrap_or(""), ""),
    };
    // Where a slice of `url` lies in it.
    let range = |raw: &str| {
        let start = (raw.as_ptr() as usize).saturating_sub(url.as_ptr() as usize);
        (start, start + raw.len())
    };
    // The destination decoded from `raw` (a slice of `url`), its bytes'
    // provenance moved from `raw` onto `url`.
    let found = |wrapper, raw: Option<&str>, decode: &dyn Fn(&str) -> Option<Decoded>| {
        let raw = raw?;
        let at = range(raw);
        decode(raw)
            .filter(|d| !d.text.is_empty())
            .map(|d| Unwrapped {
                wrapper,
                carried: Carried::Url(d.text),
                at: Some(at),
                domain: None,
                written: d
                    .written
                    .into_iter()
                    .map(|s| Span::new(at.0 + s.start, at.0 + s.end))
                    .collect(),
            })
    };
    let plain = |v: &str| Some(unpercent(v.as_bytes()).into_text());
    if host.ends_with(".safelinks.protection.outlook.com")
        || host.ends_with(".safelinks.protection.office365.us")
        || (host == "statics.teams.cdn.office.net" && path.contains("safelinks"))
    {
        return found(Wrapper::SafeLinks, param(query, "url"), &plain);
    }
    if host == "urldefense.proofpoint.com" || host == "urldefense.com" {
        let p = path.to_ascii_lowercase();
        if p.starts_with("/v1/url") {
            return found(Wrapper::ProofpointV1, param(query, "u"), &plain);
        }
        if p.starts_with("/v2/url") {
            return found(Wrapper::ProofpointV2, param(query, "u"), &|v| {
                Some(proofpoint_v2(v))
            });
        }
        if p.starts_with("/v3/__") {
            // The destination's bytes end where its substitutions start
            // (`__;`), as proofpoint_v3 reads them.
            let tail = rest.get(host_end + 6..);
            let url_len = tail.and_then(|t| t.split_once("__;")).map(|(u, _)| u.len());
            return found(Wrapper::ProofpointV3, tail, &proofpoint_v3).map(|mut u| {
                u.at =
                    u.at.zip(url_len)
                        .map(|((start, _), len)| (start, start + len));
                u
            });
        }
        return None;
    }
    if (host == "www.google.com" || host == "google.com") && path == "/url" {
        return found(
            Wrapper::Google,
            param(query, "q").or_else(|| param(query, "url")),
            &plain,
        );
    }
    if matches!(
        host,
        "l.facebook.com" | "lm.facebook.com" | "l.messenger.com"
    ) && path == "/l.php"
    {
        return found(Wrapper::Facebook, param(query, "u"), &plain);
    }
    if matches!(host, "www.linkedin.com" | "linkedin.com") && path == "/redir/redirect" {
        return found(Wrapper::LinkedIn, param(query, "url"), &plain);
    }
    if host == "slack-redir.net" && path == "/link" {
        return found(Wrapper::Slack, param(query, "url"), &plain);
    }
    if host == "linkprotect.cudasvc.com" && path == "/url" {
        return found(Wrapper::Barracuda, param(query, "a"), &plain);
    }
    // The path's first segment, and what follows it.
    let first_segment = path.get(1..).and_then(|p| p.split_once('/'));
    if host == "secure-web.cisco.com" {
        // /TOKEN/URL: the destination, percent-encoded, is the path after
        // the first segment.
        let tail = first_segment.map(|(_, t)| t);
        return found(Wrapper::Cisco, tail, &|t| {
            Some(unpercent(t.as_bytes()).into_text()).filter(|d| d.text.contains("://"))
        });
    }
    if host.ends_with(".trendmicro.com") && path.contains("/wis/clicktime/") {
        return found(Wrapper::TrendMicro, param(query, "url"), &plain);
    }
    if host == "clicktime.symantec.com" {
        return found(Wrapper::Symantec, param(query, "u"), &plain);
    }
    let opaque = |wrapper| {
        Some(Unwrapped {
            wrapper,
            carried: Carried::Opaque,
            at: None,
            domain: None,
            written: Vec::new(),
        })
    };
    if is_mimecast(host.as_bytes()) && path.starts_with("/s/") {
        // The link names the destination's domain (`?domain=example.com`).
        let domain = param(query, "domain")
            .filter(|d| {
                d.contains('.')
                    && d.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.'))
            })
            .map(|d| (d.to_ascii_lowercase(), range(d)));
        return opaque(Wrapper::Mimecast).map(|u| Unwrapped { domain, ..u });
    }
    if matches!(host, "www.bing.com" | "bing.com") && path == "/ck/a" {
        // `u=a1` then the target in base64url, unpadded.
        // Its bytes are base64's bits, which mark no character of the
        // target alone: the whole value writes each (as for any base64
        // payload the unfolding reads).
        return found(Wrapper::Bing, param(query, "u"), &|u| {
            let bytes = base64url(u.strip_prefix("a1")?)?;
            let text = String::from_utf8(bytes).ok()?;
            text.contains("://").then_some(Decoded {
                text,
                written: Vec::new(),
            })
        });
    }
    if matches!(host, "www.youtube.com" | "youtube.com" | "m.youtube.com") && path == "/redirect" {
        return found(Wrapper::YouTube, param(query, "q"), &plain);
    }
    if host.ends_with(".list-manage.com") && path == "/track/click" {
        return opaque(Wrapper::Mailchimp);
    }
    if host.ends_with(".ct.sendgrid.net") && path == "/ls/click" {
        return opaque(Wrapper::SendGrid);
    }
    // The first segment and the second: `/L0/https:%2F%2Fexample.com%2Fx/1/...`.
    let second_segment =
        || first_segment.map(|(first, rest)| (first, rest.split('/').next().unwrap_or(rest)));
    if host == "awstrack.me" || host.ends_with(".awstrack.me") {
        let segment = second_segment().filter(|(first, _)| *first == "L0");
        return found(Wrapper::AmazonSes, segment.map(|(_, s)| s), &|t| {
            Some(unpercent(t.as_bytes()).into_text()).filter(|d| d.text.contains("://"))
        });
    }
    if let Some(https) = amp_path(host.as_bytes(), path.as_bytes()) {
        // The rest of the URL, its query included, is the destination's,
        // as written; the scheme is the prefix's (`/amp/s/`: HTTPS).
        let prefix = if https { "/amp/s/" } else { "/amp/" };
        let tail = rest
            .get(host_end + prefix.len()..)
            .map(|t| t.split('#').next().unwrap_or(t));
        return found(Wrapper::GoogleAmp, tail, &|t| {
            let mut d = Bytes::with_capacity(t.len());
            for (i, b) in t.bytes().enumerate() {
                d.push(b, Span::new(i, i + 1));
            }
            let scheme = if https { "https://" } else { "http://" };
            Some(with_scheme(d.into_text(), scheme)).filter(|_| t.contains('.'))
        });
    }
    if host == "click.pstmrk.it" {
        // `2s`, `3s`, `3ts`, `2sm`...: a version, then up to two letters.
        let versioned = |v: &str| {
            let mut b = v.bytes();
            matches!(b.next(), Some(b'2' | b'3'))
                && v.len() <= 3
                && b.all(|c| matches!(c, b'm' | b's' | b't'))
        };
        let segment = second_segment().filter(|(first, _)| versioned(first));
        return found(Wrapper::Postmark, segment.map(|(_, s)| s), &|t| {
            let mut d = unpercent(t.as_bytes()).into_text();
            // The scheme is left out; the tracker sends its visitors on
            // over HTTPS.
            if !d.text.contains("://") {
                d = with_scheme(d, "https://");
            }
            Some(d).filter(|d| d.text.len() > "https://".len())
        });
    }
    None
}

/// Whether a URL on `host` with `path` is Google's AMP viewer's
/// (`/amp/s/` for an HTTPS destination: `Some(true)`; `/amp/` for HTTP).
/// Its destination holds no byte the fast path ([`crate::triage`]) turns
/// away: it asks this of each plain URL, the path's first bytes first.
pub(crate) fn amp_path(host: &[u8], path: &[u8]) -> Option<bool> {
    let rest = path.strip_prefix(b"/amp/")?;
    let google = [&b"www.google.com"[..], b"google.com"]
        .iter()
        .any(|g| host.eq_ignore_ascii_case(g));
    google.then(|| rest.starts_with(b"s/"))
}

/// Whether a host is a wrapper's whose destination no byte of the URL
/// betrays: Proofpoint's and Bing's own encodings, Postmark's URL without
/// its scheme, the domain Mimecast names in a parameter. The other wrappers' destinations hold a '%' or a ':', which
/// the fast path ([`crate::triage`]) sends to the full analysis already;
/// these hosts it must send there itself.
pub(crate) fn hides_destination(host: &[u8]) -> bool {
    is_mimecast(host)
        || [
            &b"urldefense.proofpoint.com"[..],
            b"urldefense.com",
            b"www.bing.com",
            b"bing.com",
            b"click.pstmrk.it",
        ]
        .iter()
        .any(|w| host.eq_ignore_ascii_case(w))
}

/// Whether `host` is one of Mimecast URL Protect's, whose links may name
/// their destination's domain in a plain parameter: since 2024
/// `url.REGION.SERVICE.mimecastprotect.com` (`url.us.m.mimecastprotect.com`),
/// before that a first label of `protect` and the region under
/// `mimecast.com` (`protect-eu.mimecast.com`, `us-protect.mimecast.com`).
/// It runs on every host `scan` reads, so it compares in place (no
/// lowercase copy).
fn is_mimecast(host: &[u8]) -> bool {
    // The `.m` that starts either suffix turns nearly every host away
    // with two loads.
    let dot_m = |len: usize| {
        host.len() > len
            && host.get(host.len() - len) == Some(&b'.')
            && host
                .get(host.len() - len + 1)
                .is_some_and(|b| b | 32 == b'm')
    };
    let (new, old) = (dot_m(20), dot_m(13));
    if !new && !old {
        return false;
    }
    let ends = |suffix: &[u8]| {
        host.len() > suffix.len()
            && host
                .get(host.len() - suffix.len()..)
                .is_some_and(|tail| tail.eq_ignore_ascii_case(suffix))
    };
    if new && ends(b".mimecastprotect.com") {
        return host
            .get(..4)
            .is_some_and(|head| head.eq_ignore_ascii_case(b"url."));
    }
    const PROTECT: &[u8] = b"protect";
    let first = host.split(|&b| b == b'.').next().unwrap_or_default();
    ends(b".mimecast.com")
        && first.len() > PROTECT.len()
        && (first
            .get(..PROTECT.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(PROTECT))
            || first
                .get(first.len() - PROTECT.len()..)
                .is_some_and(|t| t.eq_ignore_ascii_case(PROTECT)))
}

/// The raw value of the first parameter named `name` in `query`.
fn param<'a>(query: &'a str, name: &str) -> Option<&'a str> {
    query.split('&').find_map(|pair| {
        pair.split_once('=')
            .filter(|(k, _)| *k == name)
            .map(|(_, v)| v)
    })
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).and_then(|d| u8::try_from(d).ok())
}

/// Text a wrapper's decoder made, and for each of its bytes the bytes of
/// the decoder's input that wrote it.
#[derive(Debug, Default)]
struct Decoded {
    text: String,
    written: Vec<Span>,
}

/// `d` with `scheme` put ahead of it, a scheme the wrapper leaves out
/// (Postmark's, the AMP viewer's): no byte writes it.
fn with_scheme(mut d: Decoded, scheme: &str) -> Decoded {
    d.text.insert_str(0, scheme);
    d.written
        .splice(0..0, std::iter::repeat_n(Span::new(0, 0), scheme.len()));
    d
}

/// Bytes a decoder made, each with the input bytes that wrote it.
#[derive(Debug, Default)]
struct Bytes {
    bytes: Vec<u8>,
    written: Vec<Span>,
}

impl Bytes {
    fn with_capacity(n: usize) -> Bytes {
        Bytes {
            bytes: Vec::with_capacity(n),
            written: Vec::with_capacity(n),
        }
    }

    fn push(&mut self, byte: u8, from: Span) {
        self.bytes.push(byte);
        self.written.push(from);
    }

    /// The bytes as text, as `String::from_utf8_lossy` reads them: each
    /// run of bytes that are not UTF-8 becomes U+FFFD, written by the bytes
    /// it stands for.
    fn into_text(self) -> Decoded {
        let mut out = Decoded {
            text: String::with_capacity(self.bytes.len()),
            written: Vec::with_capacity(self.bytes.len()),
        };
        let mut at = 0;
        for chunk in self.bytes.utf8_chunks() {
            let (valid, invalid) = (chunk.valid(), chunk.invalid());
            out.text.push_str(valid);
            out.written
                .extend(self.written.get(at..at + valid.len()).unwrap_or_default());
            at += valid.len();
            if !invalid.is_empty() {
                let from = written_by(&self.written, at, at + invalid.len());
                out.text.push(char::REPLACEMENT_CHARACTER);
                out.written
                    .extend([from; char::REPLACEMENT_CHARACTER.len_utf8()]);
                at += invalid.len();
            }
        }
        out
    }
}

/// The input bytes that wrote the made bytes `from..to`, given `written`,
/// the input bytes behind each made byte: all of them, joined.
fn written_by(written: &[Span], from: usize, to: usize) -> Span {
    written
        .get(from..to)
        .and_then(|w| w.iter().copied().reduce(Span::join))
        .unwrap_or_default()
}

/// `%XX` decoded (invalid escapes kept as written), `+` left alone; each
/// byte written by its escape or by itself.
fn unpercent(b: &[u8]) -> Bytes {
    let mut out = Bytes::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let byte = b.get(i).copied().unwrap_or(0);
        if byte == b'%' {
            if let (Some(h), Some(l)) = (
                b.get(i + 1).copied().and_then(hex),
                b.get(i + 2).copied().and_then(hex),
            ) {
                out.push(h << 4 | l, Span::new(i, i + 3));
                i += 3;
                continue;
            }
        }
        out.push(byte, Span::new(i, i + 1));
        i += 1;
    }
    out
}

/// Proofpoint v2: `-` stands for `%` and `_` for `/`, then the escapes
/// are decoded (so `-2F` writes a `/`).
fn proofpoint_v2(value: &str) -> Decoded {
    let swapped: Vec<u8> = value
        .bytes()
        .map(|c| match c {
            b'-' => b'%',
            b'_' => b'/',
            c => c,
        })
        .collect();
    unpercent(&swapped).into_text()
}

/// The length a v3 run letter stands for: `A`..`Z` 2..27, `a`..`z`
/// 28..53, `0`..`9` 54..63, `-` 64, `_` 65.
fn run_length(c: char) -> Option<usize> {
    let n = match c {
        'A'..='Z' => c as usize - 'A' as usize,
        'a'..='z' => 26 + c as usize - 'a' as usize,
        '0'..='9' => 52 + c as usize - '0' as usize,
        '-' => 62,
        '_' => 63,
        _ => return None,
    };
    Some(n + 2)
}

/// Proofpoint v3, given what follows `/v3/__`: `URL__;BYTES!...`. The URL
/// is percent-decoded; each `*` in it takes the next character of the
/// base64url-decoded BYTES, each `**X` the next run of as many characters
/// as X stands for. A character put in by a substitution is written by its
/// `*` (or its run's `**X`), the mark that stands for it in the URL.
fn proofpoint_v3(tail: &str) -> Option<Decoded> {
    let (url, rest) = tail.split_once("__;")?;
    let bytes = rest.split('!').next().unwrap_or("");
    let decoded = base64url(bytes)?;
    let replacements: Vec<char> = String::from_utf8(decoded).ok()?.chars().collect();
    let url = unpercent(url.as_bytes()).into_text();
    let mut out = Decoded {
        text: String::with_capacity(url.text.len()),
        written: Vec::with_capacity(url.text.len()),
    };
    // The bytes that wrote the characters from `from` to `to` of the URL.
    let written = |from: usize, to: usize| written_by(&url.written, from, to);
    let mut put = |c: char, from: Span| {
        out.text.push(c);
        out.written.extend(std::iter::repeat_n(from, c.len_utf8()));
    };
    let mut at = 0usize;
    let mut chars = url.text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c != '*' {
            put(c, written(i, i + c.len_utf8()));
            continue;
        }
        if chars.peek().is_some_and(|&(_, c)| c == '*') {
            chars.next();
            let (x, letter) = chars.next()?;
            let n = run_length(letter)?;
            let from = written(i, x + letter.len_utf8());
            for &r in replacements.get(at..at.checked_add(n)?)? {
                put(r, from);
            }
            at += n;
        } else {
            put(*replacements.get(at)?, written(i, i + 1));
            at += 1;
        }
    }
    Some(out)
}

/// Base64url without padding (padding tolerated); `None` on any other
/// character.
fn base64url(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for b in text.bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            b'=' => break,
            _ => return None,
        };
        acc = (acc << 6 | u32::from(v)) & 0xff_ffff;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(url: &str) -> (Wrapper, String) {
        let u = unwrap(url).unwrap();
        match u.carried {
            Carried::Url(s) => (u.wrapper, s),
            Carried::Opaque => panic!("opaque"),
        }
    }

    #[test]
    fn proofpoint_v3_published_example() {
        // The example in Proofpoint's own decoder documentation.
        let (w, t) = target(
            "https://urldefense.com/v3/__https://google.com:443/search?q=a*test&gs=ps__;Kw!-612Flbf0JvQ3kNJkRi5Jg!Ue6tQudNKaShHg93trcdjqDP8se2ySE65jyCIe2K1D_uNjZ1Lnf6YLQERujngZv9UWf66ujQIQ$",
        );
        assert_eq!(w, Wrapper::ProofpointV3);
        assert_eq!(t, "https://google.com:443/search?q=a+test&gs=ps");
    }

    #[test]
    fn proofpoint_v3_runs_and_plain() {
        let (_, t) =
            target("https://urldefense.com/v3/__https://evil.example.com/login__;!!ABC!xyz$");
        assert_eq!(t, "https://evil.example.com/login");
        // "**A" takes a run of two characters; "abc" is YWJj.
        let (_, t) = target("https://urldefense.com/v3/__https://x.example/**Ac__;YWJj!!x$");
        assert_eq!(t, "https://x.example/abc");
        // More stars than replacement characters: not decoded.
        assert_eq!(
            unwrap("https://urldefense.com/v3/__https://x.example/**__;YQ!!x$"),
            None
        );
    }

    #[test]
    fn proofpoint_v2_and_v1() {
        let (w, t) = target(
            "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example.com_login-3Fa-3D1&d=DwMFaQ&c=x&r=y&m=z&s=w&e=",
        );
        assert_eq!(w, Wrapper::ProofpointV2);
        assert_eq!(t, "https://evil.example.com/login?a=1");
        let (w, t) = target(
            "https://urldefense.proofpoint.com/v1/url?u=http://www.example.com/&k=abc%0A&r=def",
        );
        assert_eq!(w, Wrapper::ProofpointV1);
        assert_eq!(t, "http://www.example.com/");
    }

    #[test]
    fn proofpoint_v1_published_example() {
        // Swimlane's Proofpoint connector documentation
        // (swimlane/techpubs-knowledgecenter, decode_urls.md), written as
        // it arrives from HTML mail, with '&amp;'.
        let (w, t) = target(
            "https://urldefense.proofpoint.com/v1/url?u=http://www.bouncycastle.org/&amp;k=oIvRg1%2BdGAgOoM1BIlLLqw%3D%3D%0A&amp;r=IKM5u8%2B%2F%2Fi8EBhWOS%2BqGbTqCC%2BrMqWI%2FVfEAEsQO%2F0Y%3D%0A&amp;m=Ww6iaHO73mDQpPQwOwfLfN8WMapqHyvtu8jM8SjqmVQ%3D%0A&amp;s=d3583cfa53dade97025bc6274c6c8951dc29fe0f38830cf8e5a447723b9f1c9a",
        );
        assert_eq!(
            (w, t.as_str()),
            (Wrapper::ProofpointV1, "http://www.bouncycastle.org/")
        );
    }

    #[test]
    fn safelinks_and_others() {
        let (w, t) = target(
            "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example.com%2Flogin&data=05%7C01&sdata=x&reserved=0",
        );
        assert_eq!(
            (w, t.as_str()),
            (Wrapper::SafeLinks, "https://evil.example.com/login")
        );
        let cases = [
            ("https://www.google.com/url?q=https://evil.example/&sa=D", Wrapper::Google),
            ("https://l.facebook.com/l.php?u=https%3A%2F%2Fevil.example%2F&h=AT0", Wrapper::Facebook),
            ("https://www.linkedin.com/redir/redirect?url=https%3A%2F%2Fevil.example%2F&urlhash=x", Wrapper::LinkedIn),
            ("https://slack-redir.net/link?url=https%3A%2F%2Fevil.example%2F", Wrapper::Slack),
            ("https://linkprotect.cudasvc.com/url?a=https%3a%2f%2fevil.example%2f&c=E,1,x&typo=1", Wrapper::Barracuda),
            ("https://secure-web.cisco.com/1abcDEF/https%3A%2F%2Fevil.example%2F", Wrapper::Cisco),
            ("https://imsva91-ctp.trendmicro.com:443/wis/clicktime/v1/query?url=https%3a%2f%2fevil.example%2f&umid=x", Wrapper::TrendMicro),
            ("https://clicktime.symantec.com/3abc?u=https%3A%2F%2Fevil.example%2F", Wrapper::Symantec),
        ];
        for (url, wrapper) in cases {
            assert_eq!(
                target(url),
                (wrapper, "https://evil.example/".to_owned()),
                "{url}"
            );
        }
    }

    #[test]
    fn click_trackers() {
        for (url, wrapper, destination) in [
            // Bing: `a1`, then base64url of the target.
            (
                "https://www.bing.com/ck/a?!&&p=0123abcd&ptn=3&ver=2&hsh=3&u=a1aHR0cHM6Ly9ldmlsLmV4YW1wbGUvbG9naW4&ntb=1",
                Wrapper::Bing,
                "https://evil.example/login",
            ),
            (
                "https://www.youtube.com/redirect?event=video_description&redir_token=x&q=https%3A%2F%2Fevil.example%2F&v=abc",
                Wrapper::YouTube,
                "https://evil.example/",
            ),
            // Amazon SES and Postmark, as their links are published.
            (
                "https://4bqs42xm.r.us-west-2.awstrack.me/L0/https:%2F%2Fevil.example%2Flogin%3Fa=1/1/0100018e-000000/abc=151",
                Wrapper::AmazonSes,
                "https://evil.example/login?a=1",
            ),
            (
                "https://click.pstmrk.it/3ts/evil.example%2Flogin%3Ft%3D1/5VpE/dOizAQ/AQ/01cb/1/58BL",
                Wrapper::Postmark,
                "https://evil.example/login?t=1",
            ),
            (
                "https://click.pstmrk.it/2s/www.lipsum.com%2Ffeed%2Fhtml/wmxJTyAN/Gc9Q/H5vxf8qJfE",
                Wrapper::Postmark,
                "https://www.lipsum.com/feed/html",
            ),
        ] {
            let (w, t) = target(url);
            assert_eq!((w, t.as_str()), (wrapper, destination), "{url}");
        }
        for (url, wrapper) in [
            (
                "https://example.us1.list-manage.com/track/click?u=abc&id=def&e=0123",
                Wrapper::Mailchimp,
            ),
            (
                "https://u123456.ct.sendgrid.net/ls/click?upn=xyz",
                Wrapper::SendGrid,
            ),
        ] {
            let u = unwrap(url).unwrap();
            assert_eq!((u.wrapper, u.carried), (wrapper, Carried::Opaque), "{url}");
        }
        // Their other addresses carry nothing.
        for url in [
            "https://x.r.us-east-1.awstrack.me/I0/0100018e/abc",
            "https://click.pstmrk.it/about/x",
            "https://awstrack.me.evil.example/L0/https:%2F%2Fa.example/1/x",
        ] {
            assert!(
                unwrap(url).is_none_or(|u| u.carried == Carried::Opaque),
                "{url}"
            );
            assert!(
                !matches!(unwrap(url), Some(u) if matches!(u.wrapper, Wrapper::AmazonSes | Wrapper::Postmark)),
                "{url}"
            );
        }
        // A Bing search, and a `u` that is no target.
        assert_eq!(
            unwrap("https://www.bing.com/search?q=https://evil.example/"),
            None
        );
        assert_eq!(unwrap("https://www.bing.com/ck/a?u=a1bm90IGEgdXJs"), None);
    }

    #[test]
    fn the_carrying_bytes_are_the_parameters_value() {
        // Proofpoint v3's are its URL's, up to its substitutions' `__;`.
        for (url, carrying) in [
            (
                "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fx.example%2F&data=05",
                "https%3A%2F%2Fx.example%2F",
            ),
            (
                "https://urldefense.com/v3/__https://x.example/__;!!x$",
                "https://x.example/",
            ),
            (
                "https://secure-web.cisco.com/1abc/https%3A%2F%2Fx.example%2F",
                "https%3A%2F%2Fx.example%2F",
            ),
        ] {
            let (s, e) = unwrap(url).and_then(|u| u.at).expect("read");
            assert_eq!(&url[s..e], carrying, "{url}");
        }
    }

    /// The bytes of `url` that write each piece of the destination (the
    /// first place its text holds it), as `written` says.
    fn writing(url: &str, pieces: &[&str]) -> Vec<String> {
        let u = unwrap(url).expect("a wrapper");
        let Carried::Url(text) = &u.carried else {
            panic!("opaque")
        };
        assert_eq!(u.written.len(), text.len(), "{url}");
        pieces
            .iter()
            .map(|piece| {
                let from = text.find(piece).expect(piece);
                let spans = &u.written[from..from + piece.len()];
                let all = spans.iter().copied().reduce(Span::join).expect(piece);
                url[all.start..all.end].to_string()
            })
            .collect()
    }

    #[test]
    fn each_byte_of_the_destination_is_written_by_its_own_bytes() {
        // Proofpoint v2: '-XX' escapes, '_' for '/', the rest as it is.
        let url = "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example.com_a_..-2F..-2Fetc-2Fpasswd&d=x";
        assert_eq!(
            writing(url, &["https:", "//", "evil", "/a/", "../../", "passwd"]),
            ["https-3A", "__", "evil", "_a_", "..-2F..-2F", "passwd"]
        );
        // An escape inside v2's escape: '-252e' writes '%2e'.
        let url = "https://urldefense.proofpoint.com/v2/url?u=https-3A__x.example_-252e&d=x";
        assert_eq!(writing(url, &["%2e", "%", "2e"]), ["-252e", "-25", "2e"]);
        // Proofpoint v3: each '*' writes the character it stands for, a
        // '**X' its whole run; the rest is written as it is.
        let url = "https://urldefense.com/v3/__https://evil.example/a?next=http:**A127.0.0.1*__;Ly8v!!ABC!xyz$";
        assert_eq!(
            writing(url, &["next=", "http://", "127.0.0.1", "1/"]),
            ["next=", "http:**A", "127.0.0.1", "1*"]
        );
        let url =
            "https://urldefense.com/v3/__https://evil.example.com/a/*2e*2e/etc/passwd__;JSUl!!ABC!xyz$";
        assert_eq!(writing(url, &["%2e%2e", "%"]), ["*2e*2e", "*"]);
        // Safe Links' escapes; Postmark's scheme, which no byte writes.
        let url = "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example.com%2Flogin&data=05";
        assert_eq!(
            writing(url, &["://", "evil", "/login"]),
            ["%3A%2F%2F", "evil", "%2Flogin"]
        );
        let url = "https://click.pstmrk.it/3ts/evil.example%2Flogin%3Ft%3D1/5VpE/dOizAQ";
        let u = unwrap(url).expect("Postmark");
        let start = url.find("evil").expect("the host");
        assert_eq!(u.written.first(), Some(&Span::new(start, start)));
        assert_eq!(
            writing(url, &["evil.example/login?"]),
            ["evil.example%2Flogin%3F"]
        );
        // Bytes that are not UTF-8: the replacement character is written
        // by all of them.
        let url = "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fx.example%2F%C3%28&data=05";
        assert_eq!(writing(url, &["\u{FFFD}("]), ["%C3%28"]);
        // Bing's base64: no character writes one byte alone.
        let u = unwrap(
            "https://www.bing.com/ck/a?!&&p=0&u=a1aHR0cHM6Ly9ldmlsLmV4YW1wbGUvbG9naW4&ntb=1",
        )
        .expect("Bing");
        assert!(u.written.is_empty(), "{u:?}");
    }

    #[test]
    fn mimecast_is_opaque() {
        let u =
            unwrap("https://protect-eu.mimecast.com/s/AbCdEfGhIjKl?domain=evil.example").unwrap();
        assert_eq!((u.wrapper, u.carried), (Wrapper::Mimecast, Carried::Opaque));
        // The domain it names, and where.
        let url = "https://protect-us.mimecast.com/s/Dq2tCqx82YfM?domain=Docs.Example.com";
        let (domain, (s, e)) = unwrap(url).and_then(|u| u.domain).expect("a domain");
        assert_eq!(
            (domain.as_str(), &url[s..e]),
            ("docs.example.com", "Docs.Example.com")
        );
        // Nothing that is not a host name.
        let url = "https://protect-us.mimecast.com/s/Dq2tCqx82YfM?domain=a%2Fb";
        assert_eq!(unwrap(url).and_then(|u| u.domain), None);
        // Every host Mimecast has rewritten links to, and near misses.
        for host in [
            "protect-eu.mimecast.com",
            "us-protect.mimecast.com",
            "url.us.m.mimecastprotect.com",
            "URL.UK.A.MIMECASTPROTECT.COM",
        ] {
            let url = format!("https://{host}/s/AbCd?domain=evil.example");
            let u = unwrap(&url).unwrap_or_else(|| panic!("{url}"));
            assert_eq!(u.wrapper, Wrapper::Mimecast, "{url}");
            assert!(hides_destination(host.as_bytes()), "{host}");
        }
        for host in [
            "protect.mimecast.com",
            "www.mimecast.com",
            "login.mimecast.com",
            "mimecastprotect.com",
            "www.mimecastprotect.com",
            "url.us.m.mimecastprotect.com.evil.example",
        ] {
            let url = format!("https://{host}/s/AbCd?domain=evil.example");
            assert_eq!(unwrap(&url), None, "{url}");
            assert!(!hides_destination(host.as_bytes()), "{host}");
        }
    }

    #[test]
    fn near_misses() {
        for url in [
            "https://victim.example/?url=https://evil.example/",
            "https://www.google.com/search?q=https://evil.example/",
            "https://safelinks.protection.outlook.com.evil.example/?url=https://x.example/",
            "https://urldefense.com/v4/__https://x.example/__;!!x$",
            "https://nam02.safelinks.protection.outlook.com/?data=x",
            "https://urldefense.com/v3/__https://x.example/__;!!#$",
        ] {
            // The last has no replacement bytes and no stars: decodes plainly.
            if url.contains("v3") {
                assert_eq!(target(url).1, "https://x.example/");
                continue;
            }
            assert_eq!(unwrap(url), None, "{url}");
        }
    }

    #[test]
    fn v3_linear_in_size() {
        // A v3 URL of n stars and n replacement characters ("Kysr" is
        // "+++"); the decoded URL has every star replaced, and 1 MB takes
        // no more than a generous multiple of twice the time of 0.5 MB.
        let make = |n: usize| {
            let mut s = "https://urldefense.com/v3/__https://x.example/".to_owned();
            s.push_str(&"a*".repeat(n));
            s.push_str("__;");
            s.push_str(&"Kysr".repeat(n / 3));
            s.push_str("!!x$");
            s
        };
        let time = |n: usize| {
            let u = make(n);
            let start = std::time::Instant::now();
            let t = target(&u).1;
            let took = start.elapsed();
            assert_eq!(t.matches('+').count(), n / 3 * 3);
            took
        };
        let (half, full) = (time(174_762), time(349_524));
        assert!(make(349_524).len() > 1_000_000);
        assert!(
            full < half * 8 + std::time::Duration::from_millis(50),
            "{half:?} {full:?}"
        );
    }
}
