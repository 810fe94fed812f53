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
    "microsoft-edge",
    // A Windows application's own package (`ms-appx-web://` is the
    // address of its web view, which Microsoft's sign-in broker returns
    // to).
    "ms-appx",
    "ms-appx-web",
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

/// Whether `scheme` (any case) is one of [`APP_SCHEMES`], or a
/// private-use scheme an application registers on its device for the
/// sign-ins it receives (RFC 8252, section 7.1): a reversed domain name
/// (`com.googleusercontent.apps.123:/oauth2redirect`,
/// `msauth.com.microsoft.teams://auth`), or Microsoft's sign-in
/// libraries' `msal` and the application's id (`msal4b0d…://auth`).
pub(crate) fn is_app_scheme(scheme: &str) -> bool {
    let msal_id = scheme
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("msal"))
        && scheme.len() > 4
        && scheme
            .bytes()
            .skip(4)
            .all(|b| b.is_ascii_hexdigit() || b == b'-');
    APP_SCHEMES.iter().any(|s| s.eq_ignore_ascii_case(scheme))
        || scheme.contains('.') && known(&scheme.to_ascii_lowercase()).is_none()
        || msal_id
}

/// Schemes that start a program of the visitor's own system with what
/// the link writes, which attackers' links have used to run code or to
/// show files from their own servers: whatever else the URL holds, the
/// scheme is the danger. Each with what following it does, and whether
/// that runs code (high) or shows another's files as local (medium).
pub(crate) const SYSTEM_TOOL_SCHEMES: &[SystemTool] = &[
    SystemTool {
        name: "ms-msdt",
        does: "starts Windows' Support Diagnostic Tool with the arguments the link writes, through which documents and links ran their authors' commands (CVE-2022-30190, 'Follina')",
        runs_code: true,
    },
    SystemTool {
        name: "ms-officecmd",
        does: "starts an Office application with the arguments the link writes, through which a link could run its author's code on Windows 10 (reported in 2021)",
        runs_code: true,
    },
    SystemTool {
        name: "search-ms",
        does: SEARCH_DOES,
        runs_code: false,
    },
    SystemTool {
        name: "search",
        does: SEARCH_DOES,
        runs_code: false,
    },
];

/// What `search-ms:` and its older name `search:` do.
const SEARCH_DOES: &str = "opens a Windows Explorer search of the place the link names, which may be a share on its author's server: the author's files are shown in a local window, as if they were the visitor's own";

/// One of [`SYSTEM_TOOL_SCHEMES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SystemTool {
    /// The scheme in lowercase.
    pub(crate) name: &'static str,
    /// What following a link of it does.
    pub(crate) does: &'static str,
    /// Whether that has run its author's code.
    pub(crate) runs_code: bool,
}

/// The [`SYSTEM_TOOL_SCHEMES`] entry of the lowercase `scheme`.
pub(crate) fn system_tool(scheme: &str) -> Option<&'static SystemTool> {
    SYSTEM_TOOL_SCHEMES.iter().find(|s| s.name == scheme)
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
