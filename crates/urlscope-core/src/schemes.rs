//! The schemes the analysis knows, listed once: the URL Standard's
//! special schemes (<https://url.spec.whatwg.org/#special-scheme>), which
//! WHATWG parsers treat differently from every other scheme, and the
//! default ports that normalization drops (RFC 3986 §6.2.3).

/// A scheme the analysis treats specially.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KnownScheme {
    /// The scheme in lowercase.
    pub(crate) name: &'static str,
    /// Whether the URL Standard calls it special.
    pub(crate) special: bool,
    /// Its default port, dropped by normalization.
    pub(crate) default_port: Option<u16>,
}

const fn scheme(name: &'static str, special: bool, default_port: Option<u16>) -> KnownScheme {
    KnownScheme {
        name,
        special,
        default_port,
    }
}

/// Every known scheme: the six special ones, then the others whose
/// registration defines a default port.
pub(crate) const KNOWN: &[KnownScheme] = &[
    scheme("ftp", true, Some(21)),
    scheme("file", true, None),
    scheme("http", true, Some(80)),
    scheme("https", true, Some(443)),
    scheme("ws", true, Some(80)),
    scheme("wss", true, Some(443)),
    scheme("gopher", false, Some(70)),
];

fn known(scheme: &str) -> Option<&'static KnownScheme> {
    KNOWN.iter().find(|s| s.name == scheme)
}

/// Schemes of applications' own links (app stores, messengers, office
/// and meeting applications): what follows `//` names a screen or an
/// action of the application (`market://details`, `tg://resolve`), no
/// host on any network.
const APP_SCHEMES: &[&str] = &[
    "alipay",
    "alipays",
    "discord",
    "fb",
    "fb-messenger",
    "googlechrome",
    "instagram",
    "intent",
    "itms-apps",
    "itms-appss",
    "linkedin",
    "market",
    "ms-excel",
    "ms-outlook",
    "ms-powerpoint",
    "ms-word",
    "msteams",
    "onenote",
    "roblox",
    "skype",
    "slack",
    "snapchat",
    "spotify",
    "steam",
    "tg",
    "twitter",
    "venmo",
    "viber",
    "weixin",
    "whatsapp",
    "youtube",
    "zoommtg",
    "zoomus",
];

/// Whether `scheme` (any case) is one of [`APP_SCHEMES`].
pub(crate) fn is_app_scheme(scheme: &str) -> bool {
    APP_SCHEMES.iter().any(|s| s.eq_ignore_ascii_case(scheme))
}

/// Whether `b` may follow a scheme's first letter: a letter, a digit,
/// `+`, `-` or `.` (RFC 3986 §3.1).
#[inline]
pub(crate) fn is_scheme_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// Whether the lowercase `scheme` is special in the URL Standard.
pub(crate) fn is_special(scheme: &str) -> bool {
    known(scheme).is_some_and(|s| s.special)
}

/// The default port of the lowercase `scheme`, when it has one.
pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    known(scheme).and_then(|s| s.default_port)
}

/// Whether the lowercase `scheme` is special and has a network host (all
/// the special schemes but `file`): its empty path reads as `/`.
pub(crate) fn is_special_network(scheme: &str) -> bool {
    known(scheme).is_some_and(|s| s.special && s.default_port.is_some())
}

/// [`is_special_network`] for the scheme's bytes as written, in any case.
#[inline]
pub(crate) fn is_special_network_bytes(scheme: &[u8]) -> bool {
    KNOWN.iter().any(|s| {
        s.special && s.default_port.is_some() && s.name.as_bytes().eq_ignore_ascii_case(scheme)
    })
}

/// Where the authority starts when `input` opens with a scheme of
/// [`is_special_network_bytes`] (at most five letters, any case) and its
/// `://`: after them.
#[inline]
pub(crate) fn special_network_authority(input: &[u8]) -> Option<usize> {
    let colon = input.iter().take(6).position(|&b| b == b':')?;
    let scheme = input.get(..colon)?;
    (is_special_network_bytes(scheme) && input.get(colon + 1..colon + 3) == Some(b"//"))
        .then_some(colon + 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_port_examples() {
        assert_eq!(default_port("https"), Some(443));
        assert_eq!(default_port("mailto"), None);
    }
}
