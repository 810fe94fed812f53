//! `planted-folder`: a folder WordPress never ships, inside one of the
//! folders it fills alone: `wp-includes` (its library) and `wp-admin`
//! (its dashboard). WordPress writes every folder there itself, in every
//! version (`data/wordpress-folders.txt` lists them); a site's owner adds
//! nothing (themes, plugins and uploads go to `wp-content`). A folder
//! that is not WordPress's (`/wp-includes/js/us/delta.com/index.php`,
//! `/wp-admin/includes/keybank`) was put there by someone else: phishing
//! kits and web shells are dropped so on the sites someone broke into, in
//! a folder whose name makes the files look like the site's own.

use crate::analysis::HostReading;
use crate::split::{Span, Split};
use crate::text::quote_str;
use crate::warnings::{Warning, WarningCode};

include!(concat!(env!("OUT_DIR"), "/wordpress.rs"));

/// The folders WordPress alone fills.
const CORE_FOLDERS: [&str; 2] = ["wp-includes", "wp-admin"];

/// Whether a path segment is one of [`CORE_FOLDERS`] (any case): the fast
/// path's test on each part of a path, one comparison of lengths for most.
#[inline]
pub(crate) fn is_core_folder(segment: &[u8]) -> bool {
    matches!(segment.len(), 8 | 11)
        && CORE_FOLDERS
            .iter()
            .any(|f| f.as_bytes().eq_ignore_ascii_case(segment))
}

/// A folder WordPress never ships, in the path: where the core folder it
/// is under starts and the bytes of its own name, within the path.
pub(crate) struct Foreign {
    pub(crate) core: usize,
    pub(crate) folder: (usize, usize),
}

/// The first folder of `path` (up to its query) under a core folder that
/// WordPress never ships there. A path's last segment is a folder unless
/// it holds a dot (a file: `index.php`, whose folder is what is judged).
/// A dot segment stops the walk (where it leads is `path-traversal`'s),
/// and so does a folder whose sub-folders the table leaves open (the
/// built packages of `wp-includes/js/dist`, which change with each
/// version); empty segments are skipped, as servers merge them.
pub(crate) fn foreign_folder(path: &[u8]) -> Option<Foreign> {
    let mut segments = Vec::new();
    let mut at = 0;
    for segment in path.split(|&b| b == b'/') {
        segments.push((at, segment));
        at += segment.len() + 1;
    }
    let first = segments.iter().position(|(_, s)| is_core_folder(s))?;
    let (core, name) = *segments.get(first)?;
    let mut key = String::from_utf8_lossy(name).to_ascii_lowercase();
    let last = segments.len() - 1;
    for (i, &(start, segment)) in segments.iter().enumerate().skip(first + 1) {
        if segment.is_empty() {
            continue;
        }
        let decoded = crate::percent::decode(segment, false);
        if decoded.iter().all(|&b| b == b'.') || i == last && decoded.contains(&b'.') {
            return None;
        }
        key.push('/');
        key.push_str(&String::from_utf8_lossy(&decoded).to_ascii_lowercase());
        if WORDPRESS_FOLDERS.binary_search(&key.as_str()).is_err() {
            return Some(Foreign {
                core,
                folder: (start, start + segment.len()),
            });
        }
        if WORDPRESS_OPEN.binary_search(&key.as_str()).is_ok() {
            return None;
        }
    }
    None
}

/// `planted-folder` for the URL itself: a [`foreign_folder`] in its
/// path, but not on a listed hosting or storage service (whose account
/// holder writes every page; `shared-hosting` says so there) nor where
/// `planted-login`, in `found`, names the sign-in page planted there
/// already.
pub(crate) fn planted_folder_warnings(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    component_at: impl Fn(usize) -> Option<usize>,
    out: &mut Vec<Warning>,
) {
    if host.is_some_and(HostReading::on_listed_service)
        || out.iter().any(|w| w.code == WarningCode::PlantedLogin)
    {
        return;
    }
    let Some(foreign) = foreign_folder(parts.path.of(input)) else {
        return;
    };
    let at = |s: usize, e: usize| Span::new(parts.path.start + s, parts.path.start + e);
    let (start, end) = foreign.folder;
    let folder = at(start, end);
    let parent = at(foreign.core, start.saturating_sub(1));
    let core = at(
        foreign.core,
        foreign.core
            + parent
                .of(input)
                .iter()
                .position(|&b| b == b'/')
                .unwrap_or(parent.len()),
    );
    let quoted = |span: Span| quote_str(&String::from_utf8_lossy(span.of(input)));
    out.push(Warning::new(
        WarningCode::PlantedFolder,
        vec![core, folder],
        component_at(folder.start),
        format!(
            "WordPress never ships a folder '{}' inside '{}', among the files it alone writes (a site's own go to wp-content): someone put it there, the way phishing kits and web shells are dropped on sites someone broke into.",
            quoted(folder),
            quoted(parent),
        ),
    ));
}

#[cfg(test)]
mod tests {
    use crate::warnings::{Severity, WarningCode};

    /// The `planted-folder` warnings of `url`: severity and the bytes of
    /// each span.
    fn found(url: &str) -> Vec<(Severity, Vec<String>)> {
        super::super::test_support::found(url, WarningCode::PlantedFolder)
    }

    #[test]
    fn a_folder_wordpress_never_ships_in_its_own() {
        use Severity::Medium;
        for (url, core, folder) in [
            (
                "http://x.example/wp-includes/js/us/delta.com/index.php",
                "wp-includes",
                "us",
            ),
            (
                "http://x.example/blog/wp-includes/images/smilies/signin/?country=US",
                "wp-includes",
                "signin",
            ),
            (
                "http://x.example/WP-Admin/includes/keybank",
                "WP-Admin",
                "keybank",
            ),
            (
                "http://x.example/wp-includes/pomo/izz/gd.htm",
                "wp-includes",
                "izz",
            ),
            (
                "http://x.example/wp-includes/SimplePie/Mini%20Card",
                "wp-includes",
                "Mini%20Card",
            ),
        ] {
            assert_eq!(
                found(url),
                [(Medium, vec![core.to_string(), folder.to_string()])],
                "{url}"
            );
        }
        let a = crate::analysis::analyze(
            b"http://x.example/wp-includes/js/us/delta.com/index.php",
            &crate::analysis::Options::default(),
        );
        let w = a
            .warnings
            .iter()
            .find(|w| w.code == WarningCode::PlantedFolder)
            .expect("planted-folder");
        assert_eq!(
            w.message,
            "WordPress never ships a folder 'us' inside 'wp-includes/js', among the files it alone writes (a site's own go to wp-content): someone put it there, the way phishing kits and web shells are dropped on sites someone broke into."
        );
    }

    #[test]
    fn quiet_for_wordpress_s_own_files() {
        for url in [
            "https://x.example/wp-includes/js/jquery/jquery.min.js?ver=3.7.1",
            "https://x.example/wp-includes/SimplePie/Decode/HTML/Entities.php",
            "https://x.example/wp-includes/css/",
            "https://x.example/wp-includes/wlwmanifest.xml",
            "https://x.example/blog/wp-admin/admin-ajax.php?action=x",
            "https://x.example/wp-admin/",
            "https://x.example/wp-admin//js/widgets/",
            "https://x.example/wp-admin/maint/repair.php",
            // Below a folder whose sub-folders change with each version.
            "https://x.example/wp-includes/js/dist/vendor/new-package/x.js",
            "https://x.example/wp-includes/css/dist/block-library/new-block/style.css",
            // A file's name is not judged, only its folder.
            "https://x.example/wp-includes/certificates/shell.php",
            // Themes, plugins and uploads are anyone's.
            "https://x.example/wp-content/plugins/kit/us/index.php",
            // A dot segment is path-traversal's.
            "https://x.example/wp-includes/../evil/x",
            // No core folder, or only in the query.
            "https://x.example/wordpress/x/y",
            "https://x.example/x?p=/wp-includes/kit/",
        ] {
            assert!(found(url).is_empty(), "{url}: {:?}", found(url));
        }
    }

    /// One fact once: a sign-in page planted there is `planted-login`'s;
    /// a hosting service's account holder wrote every folder.
    #[test]
    fn quiet_where_another_rule_says_it() {
        for url in [
            "http://x.example/wp-includes/js/kit/login.php",
            "https://user.github.io/wp-includes/js/us/index.html",
        ] {
            assert!(found(url).is_empty(), "{url}: {:?}", found(url));
        }
    }
}
