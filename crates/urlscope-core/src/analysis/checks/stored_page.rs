//! The web page a URL opens on file storage or an IPFS gateway: an HTML
//! file in a bucket (`storage.googleapis.com/bucket/index.html`), or a
//! bare IPFS content address, which opens the page or the folder index
//! it holds. Nobody's own site is served that way; phishing kits are,
//! to borrow the service's name and certificate. `shared-hosting` says
//! so ([`super::lures`]).

use crate::services::HostingKind;
use crate::split::{Span, Split};

/// The extensions a browser opens as a web page from a file server
/// (each among [`crate::services::lures::is_page_extension`]'s, which
/// triage's fast path looks for).
const PAGE_EXTENSIONS: &[&[u8]] = &[b"html", b"htm", b"shtml", b"xhtml"];

/// The extensions of the files a page fetches, which no one signs in on:
/// images, styles, scripts, fonts, audio and video (not SVG, which may
/// hold a page's script, nor documents and archives, which phishing
/// e-mails link to).
const ASSET_EXTENSIONS: &[&[u8]] = &[
    b"png", b"jpg", b"jpeg", b"gif", b"webp", b"avif", b"ico", b"bmp", b"tif", b"tiff", b"css",
    b"js", b"mjs", b"map", b"woff", b"woff2", b"ttf", b"otf", b"eot", b"mp3", b"mp4", b"webm",
    b"mov", b"wav", b"ogg", b"m3u8",
];

/// Whether `path` ends in a file a page fetches ([`ASSET_EXTENSIONS`]):
/// an image on someone's hosting (Notion's `prod-files-secure` bucket)
/// is no sign-in page, whatever the account is called.
pub(crate) fn is_asset(path: &[u8]) -> bool {
    last_file(path).1.is_some_and(|extension| {
        ASSET_EXTENSIONS
            .iter()
            .any(|e| e.eq_ignore_ascii_case(extension))
    })
}

/// Where the last segment of `path` starts, and the extension after its
/// last dot when it has one.
fn last_file(path: &[u8]) -> (usize, Option<&[u8]>) {
    let file = path.iter().rposition(|&b| b == b'/').map_or(0, |i| i + 1);
    let name = path.get(file..).unwrap_or_default();
    let extension = name
        .iter()
        .rposition(|&b| b == b'.')
        .and_then(|dot| name.get(dot + 1..));
    (file, extension)
}

/// What a URL on file storage or IPFS opens, at its bytes.
pub(crate) enum StoredPage {
    /// A file a browser shows as a web page (`index.html`).
    File(Span),
    /// A bare IPFS content address, whatever it holds: a page, or a
    /// folder whose index page the gateway shows.
    Content(Span),
}

/// The span of the page a URL on a `kind` service opens: the last path
/// segment when it names an HTML file, or, on an IPFS gateway, the bare
/// content address (`/ipfs/<cid>`, `<cid>.ipfs.gateway/`) when nothing
/// follows it. `None` for any other file (an image, a PDF, a JSON
/// document) and on other services.
pub(crate) fn stored_page(
    input: &[u8],
    parts: &Split,
    kind: HostingKind,
    host: Span,
) -> Option<StoredPage> {
    if !matches!(kind, HostingKind::Storage | HostingKind::Ipfs) {
        return None;
    }
    let path = parts.path.of(input);
    if let (file, Some(extension)) = last_file(path) {
        if PAGE_EXTENSIONS
            .iter()
            .any(|e| e.eq_ignore_ascii_case(extension))
        {
            return Some(StoredPage::File(Span::new(
                parts.path.start + file,
                parts.path.start + path.len(),
            )));
        }
    }
    if kind != HostingKind::Ipfs {
        return None;
    }
    // A path gateway: `/ipfs/<cid>` or `/ipfs/<cid>/`, nothing after.
    let bare = |rest: &[u8]| rest.is_empty() || rest == b"/";
    if let Some(after) = path.strip_prefix(b"/ipfs/") {
        let (cid, rest) =
            after.split_at(after.iter().position(|&b| b == b'/').unwrap_or(after.len()));
        let end = cid.len();
        if is_cid(cid) && bare(rest) {
            let start = parts.path.start + 6;
            return Some(StoredPage::Content(Span::new(start, start + end)));
        }
        return None;
    }
    // A subdomain gateway: `<cid>.ipfs.dweb.link/`.
    let cid = gateway_cid(host.of(input))?;
    bare(path).then(|| StoredPage::Content(Span::new(host.start, host.start + cid.len())))
}

/// The content address a subdomain gateway's name starts with
/// (`<cid>.ipfs.dweb.link`), or the labels ahead of the gateway's domain
/// (`<cid>.ipfs`): a version 1 CID, since a name's case is not kept and
/// a version 0 one needs it.
pub(crate) fn gateway_cid(name: &[u8]) -> Option<&[u8]> {
    let mut labels = name.split(|&b| b == b'.');
    let cid = labels.next()?;
    let ipfs = labels.next()?.eq_ignore_ascii_case(b"ipfs");
    (ipfs && is_cid(cid) && !cid.starts_with(b"Qm")).then_some(cid)
}

/// Whether what follows a shared host's name (port, path, query) may
/// open a page [`stored_page`] reports, for triage's fast path: a path
/// that ends in a page file or holds `/ipfs/`. Cheap, and never `false`
/// where [`stored_page`] finds one.
pub(crate) fn may_open_page(rest: &[u8]) -> bool {
    let end = rest
        .iter()
        .position(|&b| b == b'?' || b == b'#')
        .unwrap_or(rest.len());
    let path = rest.get(..end).unwrap_or_default();
    last_file(path)
        .1
        .is_some_and(crate::services::lures::is_page_extension)
        || path.windows(6).any(|w| w == b"/ipfs/")
}

/// Whether `text` is an IPFS content identifier: a version 0 CID (`Qm`
/// and 44 more base58 characters) or a version 1 CID in base32 (`baf`,
/// lowercase, at least 50 characters in all).
fn is_cid(text: &[u8]) -> bool {
    let alphanumeric = text.iter().all(u8::is_ascii_alphanumeric);
    alphanumeric
        && ((text.len() == 46 && text.starts_with(b"Qm"))
            || (text.len() >= 50
                && text.starts_with(b"baf")
                && !text.iter().any(u8::is_ascii_uppercase)))
}

#[cfg(test)]
mod tests {
    use crate::warnings::{Severity, WarningCode};

    use super::super::test_support::found;

    const V0: &str = "QmXoypizjW3WknFiJnKLwHCnL72vedxjQkDDP1mXWo6uco";
    const V1: &str = "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi";

    #[test]
    fn a_web_page_on_storage_or_ipfs() {
        let code = WarningCode::SharedHosting;
        for (url, bytes) in [
            (
                "https://storage.googleapis.com/bucket/index.html".to_string(),
                ["storage.googleapis.com", "index.html"],
            ),
            (
                "https://someone.blob.core.windows.net/web/Doc-2291.HTM?x=1".to_string(),
                ["someone.blob.core.windows.net", "Doc-2291.HTM"],
            ),
            (
                "https://firebasestorage.googleapis.com/v0/b/x.appspot.com/o/a%2Fb.html?alt=media"
                    .to_string(),
                ["firebasestorage.googleapis.com", "a%2Fb.html"],
            ),
            (format!("https://ipfs.io/ipfs/{V0}"), ["ipfs.io", V0]),
            (
                format!("https://gateway.pinata.cloud/ipfs/{V1}/#me@example.com"),
                ["gateway.pinata.cloud", V1],
            ),
            (
                format!("https://{V1}.ipfs.dweb.link/"),
                [&*format!("{V1}.ipfs.dweb.link"), V1],
            ),
            (
                format!("https://ipfs.io/ipfs/{V1}/doc.htm"),
                ["ipfs.io", "doc.htm"],
            ),
        ] {
            assert_eq!(
                found(&url, code),
                [(
                    Severity::Medium,
                    bytes.iter().map(|b| b.to_string()).collect::<Vec<_>>()
                )],
                "{url}"
            );
        }
        assert_eq!(
            super::super::test_support::message(
                "https://storage.googleapis.com/bucket/index.html",
                code
            ),
            "'storage.googleapis.com' is a service (file storage), where anyone can publish, and the URL opens a web page there ('index.html'): a page served from someone's files is written by whoever holds them, not by the domain's owner, and phishing pages are put there to borrow the service's name."
        );
        assert_eq!(
            super::super::test_support::message(&format!("https://ipfs.io/ipfs/{V0}"), code),
            format!("'ipfs.io' is a service (an IPFS gateway), where anyone can publish, and the URL opens what the content address '{V0}' holds there (a page, or a folder's index page): a page served from someone's files is written by whoever holds them, not by the domain's owner, and phishing pages are put there to borrow the service's name.")
        );
        // An image on someone's storage, whatever the bucket is called.
        assert!(found(
            "https://prod-files-secure.s3.us-west-2.amazonaws.com/1a2b/diagram.png?X-Amz-Expires=3600",
            code
        )
        .is_empty());
        assert!(found("https://paypal-login.github.io/logo.PNG", code).is_empty());
        assert_eq!(
            found("https://paypal-login.github.io/logo.svg", code).len(),
            1
        );
        // Near misses: another kind of file, a file inside a content
        // address's folder, a hosting service that is not storage, a
        // page in the service's own site, something that is not a CID.
        for url in [
            "https://storage.googleapis.com/bucket/report.pdf".to_string(),
            "https://storage.googleapis.com/bucket/".to_string(),
            "https://s3.amazonaws.com/bucket/html".to_string(),
            format!("https://ipfs.io/ipfs/{V0}/1.png"),
            format!("https://ipfs.io/ipfs/{V1}/metadata.json"),
            "https://someone.github.io/blog/notes.html".to_string(),
            "https://cloud.google.com/storage/docs/index.html".to_string(),
            "https://ipfs.io/ipfs/QmShort".to_string(),
            format!("https://{V0}.ipfs.dweb.link/"),
            "https://docs.ipfs.tech/ipfs/".to_string(),
        ] {
            assert!(found(&url, code).is_empty(), "{url}");
        }
    }
}
