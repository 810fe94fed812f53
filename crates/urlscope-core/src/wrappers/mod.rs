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
use decode::{
    base64url, mandrill_url, param, proofpoint_v2, proofpoint_v3, unpercent, with_scheme, Bytes,
    Decoded,
};

mod archive;
mod decode;
#[cfg(test)]
mod tests;

pub use archive::Archive;
pub(crate) use archive::{archived_copy, is_archive};

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
    /// Instagram's link shim (`l.instagram.com/?u=`).
    Instagram,
    /// Steam's link filter (`steamcommunity.com/linkfilter/?u=`, formerly
    /// `?url=`), the
    /// page that warns a visitor leaving Steam.
    Steam,
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
    /// Google Ads' click tracker (`www.googleadservices.com/pagead/aclk?adurl=`),
    /// which an ad's link goes through.
    GoogleAds,
    /// Yahoo Search's click tracker (`r.search.yahoo.com/.../RU=URL/RK=...`,
    /// the destination percent-encoded in the path segment after `RU=`).
    Yahoo,
    /// Mandrill's (Mailchimp Transactional's) click tracking
    /// (`mandrillapp.com/track/click/ID/HOST?p=`: base64url of JSON whose
    /// `p` is JSON holding the destination as `url`).
    Mandrill,
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
            Wrapper::Instagram => "Instagram's link shim",
            Wrapper::Steam => "Steam's link filter",
            Wrapper::LinkedIn => "LinkedIn's redirector",
            Wrapper::Slack => "Slack's redirector",
            Wrapper::Barracuda => "Barracuda Link Protection",
            Wrapper::Cisco => "Cisco Secure Email",
            Wrapper::TrendMicro => "Trend Micro click-time protection",
            Wrapper::Symantec => "Symantec click-time protection",
            Wrapper::Mimecast => "Mimecast URL Protect",
            Wrapper::Bing => "Bing's click tracker",
            Wrapper::YouTube => "YouTube's redirector",
            Wrapper::GoogleAds => "Google Ads' click tracker",
            Wrapper::Yahoo => "Yahoo Search's click tracker",
            Wrapper::Mandrill => "Mandrill's click tracking",
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
                | Wrapper::Mandrill
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
            Wrapper::Instagram => "instagram",
            Wrapper::Steam => "steam",
            Wrapper::LinkedIn => "linkedin",
            Wrapper::Slack => "slack",
            Wrapper::Barracuda => "barracuda",
            Wrapper::Cisco => "cisco",
            Wrapper::TrendMicro => "trendmicro",
            Wrapper::Symantec => "symantec",
            Wrapper::Mimecast => "mimecast",
            Wrapper::Bing => "bing",
            Wrapper::YouTube => "youtube",
            Wrapper::GoogleAds => "google-ads",
            Wrapper::Yahoo => "yahoo",
            Wrapper::Mandrill => "mandrill",
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
            // A search result's link leaves `q` empty and names its
            // destination in `url`.
            param(query, "q")
                .filter(|q| !q.is_empty())
                .or_else(|| param(query, "url")),
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
    if host == "l.instagram.com" && path == "/" {
        return found(Wrapper::Instagram, param(query, "u"), &plain);
    }
    if host == "steamcommunity.com" && matches!(path, "/linkfilter/" | "/linkfilter") {
        let target = param(query, "u").or_else(|| param(query, "url"));
        return found(Wrapper::Steam, target, &plain);
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
    if host == "mandrillapp.com" && path.starts_with("/track/click/") {
        // Base64url of JSON whose `p` is JSON again (its slashes escaped
        // twice over), holding the destination as `url`: no byte of the
        // value writes one of the destination's alone, as for Bing.
        return found(Wrapper::Mandrill, param(query, "p"), &|p| {
            let text = mandrill_url(&base64url(p)?)?;
            text.contains("://").then_some(Decoded {
                text,
                written: Vec::new(),
            })
        });
    }
    if matches!(host, "www.youtube.com" | "youtube.com" | "m.youtube.com") && path == "/redirect" {
        return found(Wrapper::YouTube, param(query, "q"), &plain);
    }
    if matches!(host, "www.googleadservices.com" | "googleadservices.com") && path == "/pagead/aclk"
    {
        return found(Wrapper::GoogleAds, param(query, "adurl"), &plain);
    }
    if host == "r.search.yahoo.com" {
        let segment = path.split('/').find_map(|s| s.strip_prefix("RU="));
        return found(Wrapper::Yahoo, segment, &|t| {
            Some(unpercent(t.as_bytes()).into_text()).filter(|d| d.text.contains("://"))
        });
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
/// betrays: Proofpoint's, Bing's and Mandrill's own encodings, Postmark's URL without
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
            b"mandrillapp.com",
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
