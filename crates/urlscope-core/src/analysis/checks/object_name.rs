//! APIs that name an object in one path segment and percent-encode the
//! slashes of its name there, by their documented design: Firebase
//! Storage (`/v0/b/<bucket>/o/images%2Fphoto.jpg`), Google Cloud
//! Storage's JSON API (`/storage/v1/b/<bucket>/o/<object>`), npm's
//! registries for a scoped package (`/@scope%2fname`), GitHub's contents
//! API (`/repos/<owner>/<repo>/contents/docs%2Fsetup.md`) and GitLab's
//! REST API for a project or a file (`/api/v4/projects/group%2Fproject`).
//! Their servers read that segment whole, so its `%2F` is no
//! `encoded-slash`: every link to such an object would otherwise be one.

use crate::split::{Span, Split};
use crate::warnings::{Warning, WarningCode};

/// The segments (their indexes among the path's, the first `/` aside)
/// that hold an object's name on `host` (lowercase), by the path's
/// segments: empty where the API is not one of these.
fn object_segments(host: &str, segments: &[&[u8]]) -> [Option<usize>; 2] {
    let is = |i: usize, word: &[u8]| segments.get(i) == Some(&word);
    let host = host.strip_suffix('.').unwrap_or(host);
    match host {
        "firebasestorage.googleapis.com" if is(0, b"v0") && is(1, b"b") && is(3, b"o") => {
            [Some(4), None]
        }
        "storage.googleapis.com" | "www.googleapis.com" => {
            let at = usize::from(is(0, b"download"));
            let api = is(at, b"storage") && is(at + 1, b"v1") && is(at + 2, b"b");
            [(api && is(at + 4, b"o")).then_some(at + 5), None]
        }
        "api.github.com" if is(0, b"repos") && is(3, b"contents") => [Some(4), None],
        "registry.npmjs.org"
        | "registry.yarnpkg.com"
        | "registry.npmmirror.com"
        | "npm.pkg.github.com" => [
            segments
                .first()
                .is_some_and(|s| s.starts_with(b"@"))
                .then_some(0),
            None,
        ],
        // GitLab, on gitlab.com or a server of one's own.
        _ if is(0, b"api") && is(1, b"v4") && (is(2, b"projects") || is(2, b"groups")) => [
            Some(3),
            (is(2, b"projects") && is(4, b"repository") && is(5, b"files")).then_some(6),
        ],
        _ => [None, None],
    }
}

/// Drops the `encoded-slash` warnings in the segment of an object's name
/// of such an API ([`object_segments`]).
pub(crate) fn api_object_names(
    input: &[u8],
    parts: &Split,
    host: Option<&str>,
    warnings: &mut Vec<Warning>,
) {
    if !warnings.iter().any(|w| w.code == WarningCode::EncodedSlash) {
        return;
    }
    let Some(host) = host else {
        return;
    };
    let path = parts.path.of(input);
    let Some(rest) = path.strip_prefix(b"/") else {
        return;
    };
    let segments: Vec<&[u8]> = rest.split(|&b| b == b'/').collect();
    let spans: Vec<Span> = object_segments(&host.to_ascii_lowercase(), &segments)
        .into_iter()
        .flatten()
        .filter_map(|i| {
            let start = segments
                .get(..i)?
                .iter()
                .map(|s| s.len() + 1)
                .sum::<usize>();
            let len = segments.get(i)?.len();
            let start = parts.path.start + 1 + start;
            Some(Span::new(start, start + len))
        })
        .collect();
    warnings.retain(|w| {
        w.code != WarningCode::EncodedSlash
            || !spans
                .iter()
                .any(|s| s.start <= w.span.start && w.span.end <= s.end)
    });
}

#[cfg(test)]
mod tests {
    use crate::warnings::WarningCode;

    use super::super::test_support::found;

    #[test]
    fn an_apis_object_name_is_one_segment() {
        let code = WarningCode::EncodedSlash;
        for url in [
            "https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/images%2Fphoto.jpg?alt=media&token=1a2b",
            "https://storage.googleapis.com/storage/v1/b/bucket/o/a%2Fb%2Fc.txt",
            "https://storage.googleapis.com/download/storage/v1/b/bucket/o/a%2Fb.txt?alt=media",
            "https://registry.npmjs.org/@types%2fnode",
            "https://npm.pkg.github.com/@acme%2fdesign-system",
            "https://api.github.com/repos/acme/api/contents/docs%2Fsetup.md?ref=main",
            "https://gitlab.com/api/v4/projects/group%2Fproject/issues",
            "https://git.example.com/api/v4/projects/7/repository/files/src%2Fmain.rs/raw?ref=main",
        ] {
            assert!(found(url, code).is_empty(), "{url}");
        }
        // Elsewhere, and in the API's other segments, it still counts.
        for (url, at) in [
            ("https://example.com/v0/b/x/o/a%2Fb", "%2F"),
            (
                "https://firebasestorage.googleapis.com/v0/b/x%2Fy/o/a",
                "%2F",
            ),
            ("https://registry.npmjs.org/left%2fpad", "%2f"),
            ("https://gitlab.com/api/v4/projects/1/x%2Fy", "%2F"),
        ] {
            assert_eq!(
                found(url, code),
                [(crate::warnings::Severity::Medium, vec![at.to_string()])],
                "{url}"
            );
        }
    }
}
