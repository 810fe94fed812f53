//! A brand's own sign-in route on a site that is not the brand's: the
//! path segments or query keys only that brand's pages use
//! (`/ap/signin`, Amazon's; `?country.x=US&locale.x=en_US`, PayPal's),
//! which a phishing kit copies from the page it imitates. It is
//! `brand-in-path`'s case [`Case::BrandRoute`](crate::warnings::Case):
//! the brand's login page written under someone else's host.
//!
//! Only routes no other site uses are listed: a generic `/login`,
//! `/myaccount/` or `/owa/` (every Exchange server's Outlook on the web)
//! is no brand's.

/// Where a route is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    /// Whole path segments, in order, anywhere in the path.
    Path,
    /// A query key.
    Key,
}

/// One brand's own route.
#[derive(Debug)]
pub(crate) struct Route {
    /// A registrable domain of the brand's (its brand is the brand
    /// table's for that domain).
    pub(crate) domain: &'static str,
    pub(crate) place: Place,
    /// The segments (joined by '/') or the key, compared in any case
    /// unless `exact`.
    pub(crate) text: &'static str,
    /// Compared in the brand's own case: a route whose words another
    /// site writes in another case (Xiaomi's own `/pass/serviceLogin`
    /// beside Google's `/ServiceLogin`).
    pub(crate) exact: bool,
}

/// The routes. Each is a sign-in or account address of the brand's own
/// site, as its pages write it.
pub(crate) const ROUTES: &[Route] = &[
    // PayPal's pages carry the visitor's country and language in keys of
    // their own (`/signin?country.x=US&locale.x=en_US`); its classic
    // payment and sign-in script is `/cgi-bin/webscr?cmd=_login-run`.
    Route {
        domain: "paypal.com",
        place: Place::Key,
        text: "country.x",
        exact: false,
    },
    Route {
        domain: "paypal.com",
        place: Place::Key,
        text: "locale.x",
        exact: false,
    },
    Route {
        domain: "paypal.com",
        place: Place::Path,
        text: "cgi-bin/webscr",
        exact: false,
    },
    // Amazon's sign-in (`www.amazon.com/ap/signin?openid.return_to=...`).
    Route {
        domain: "amazon.com",
        place: Place::Path,
        text: "ap/signin",
        exact: false,
    },
    // Google's account sign-in, old and new
    // (`accounts.google.com/ServiceLogin`, `/v3/signin/identifier`).
    Route {
        domain: "google.com",
        place: Place::Path,
        text: "ServiceLogin",
        exact: true,
    },
    Route {
        domain: "google.com",
        place: Place::Path,
        text: "signin/v2/identifier",
        exact: false,
    },
    Route {
        domain: "google.com",
        place: Place::Path,
        text: "v3/signin/identifier",
        exact: false,
    },
    // Microsoft's sign-in for work and school accounts
    // (`login.microsoftonline.com/common/oauth2/v2.0/authorize`).
    Route {
        domain: "microsoft.com",
        place: Place::Path,
        text: "common/oauth2",
        exact: false,
    },
    // Bank of America's online banking sign-in
    // (`secure.bankofamerica.com/login/sign-in/signOnV2Screen.go`).
    Route {
        domain: "bankofamerica.com",
        place: Place::Path,
        text: "signOnV2Screen.go",
        exact: false,
    },
];

/// The bit of a last segment of `len` bytes ending in `last` (either
/// case) in [`LAST_SEGMENTS`].
const fn last_segment_bit(len: usize, last: u8) -> usize {
    (len.wrapping_mul(8) ^ (last | 0x20) as usize) & 255
}

/// The path routes' last segments, a bit each for their length and last
/// byte: most path segments have none of them, and are turned away by one
/// load and test.
#[allow(
    clippy::indexing_slicing,
    reason = "a constant, checked as it is built"
)]
const LAST_SEGMENTS: [u64; 4] = {
    let mut bits = [0u64; 4];
    let mut i = 0;
    while i < ROUTES.len() {
        let route = &ROUTES[i];
        if matches!(route.place, Place::Path) {
            let text = route.text.as_bytes();
            let mut start = text.len();
            while start > 0 && text[start - 1] != b'/' {
                start -= 1;
            }
            let bit = last_segment_bit(text.len() - start, text[text.len() - 1]);
            bits[bit / 64] |= 1 << (bit % 64);
        }
        i += 1;
    }
    bits
};

/// Whether a path segment of `len` bytes ending in `last` may end a path
/// route: one load and test, which turns most segments away.
#[inline(always)]
pub(crate) fn may_end_route(len: usize, last: u8) -> bool {
    let bit = last_segment_bit(len, last);
    LAST_SEGMENTS.get(bit / 64).copied().unwrap_or(0) >> (bit % 64) & 1 != 0
}

/// The path route that ends where the segment ending at `end` of `path`
/// ends: its segments are the last ones of `path[..end]`, whole (a '/' or
/// the start of `path` before them). `segment` is that last segment's
/// length, for the fast test ([`may_end_route`]).
pub(crate) fn path_route_ending(path: &[u8], end: usize, segment: usize) -> Option<&'static Route> {
    let last = *end.checked_sub(1).and_then(|e| path.get(e))?;
    if !may_end_route(segment, last) {
        return None;
    }
    let head = path.get(..end)?;
    ROUTES.iter().find(|r| {
        let text = r.text.as_bytes();
        r.place == Place::Path
            && head.len() >= text.len()
            && head
                .get(head.len() - text.len()..)
                .is_some_and(|tail| tail == text || !r.exact && tail.eq_ignore_ascii_case(text))
            && (head.len() == text.len() || head.get(head.len() - text.len() - 1) == Some(&b'/'))
    })
}

/// The route a query key is, if any.
pub(crate) fn key_route(key: &[u8]) -> Option<&'static Route> {
    // Every listed key holds a dot: most keys are turned away by it.
    memchr::memchr(b'.', key)?;
    ROUTES
        .iter()
        .find(|r| r.place == Place::Key && r.text.as_bytes().eq_ignore_ascii_case(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_is_a_listed_brand_s() {
        for r in ROUTES {
            assert!(crate::sites::brand_of(r.domain).is_some(), "{r:?}");
            assert!(!r.text.is_empty() && !r.text.starts_with('/') && !r.text.ends_with('/'));
            if r.place == Place::Key {
                assert!(r.text.contains('.'), "key_route's filter: {r:?}");
            }
        }
    }

    #[test]
    fn routes_are_whole_segments() {
        let at = |path: &str| {
            let p = path.as_bytes();
            let last = p.len() - p.iter().rposition(|&b| b == b'/').map_or(0, |s| s + 1);
            path_route_ending(p, p.len(), last).map(|r| r.text)
        };
        assert_eq!(at("/ap/signin"), Some("ap/signin"));
        assert_eq!(at("kit/AP/SignIn"), Some("ap/signin"));
        assert_eq!(at("x/v3/signin/identifier"), Some("v3/signin/identifier"));
        assert_eq!(at("a/signOnV2Screen.go"), Some("signOnV2Screen.go"));
        assert_eq!(at("cgi-bin/webscr"), Some("cgi-bin/webscr"));
        assert_eq!(at("/kit/ServiceLogin"), Some("ServiceLogin"));
        for quiet in [
            "/map/signin",
            "/ap/signin2",
            "/signin",
            "/cgi-bin/webscrx",
            "/xServiceLogin",
            "/pass/serviceLogin",
        ] {
            assert_eq!(at(quiet), None, "{quiet}");
        }
        assert_eq!(
            key_route(b"Country.X").map(|r| r.domain),
            Some("paypal.com")
        );
        assert!(key_route(b"country").is_none());
        assert!(key_route(b"submit.x").is_none());
    }
}
