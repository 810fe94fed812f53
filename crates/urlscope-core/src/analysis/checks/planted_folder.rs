//! `planted-folder`: a folder inside one whose contents are fixed by
//! the software that fills it alone.
//!
//! WordPress fills `wp-includes` (its library) and `wp-admin` (its
//! dashboard). WordPress writes every folder there itself, in every
//! version (`data/wordpress-folders.txt` lists them); a site's owner adds
//! nothing (themes, plugins and uploads go to `wp-content`). A folder
//! that is not WordPress's (`/wp-includes/js/us/delta.com/index.php`,
//! `/wp-admin/includes/keybank`) was put there by someone else: phishing
//! kits and web shells are dropped so on the sites someone broke into, in
//! a folder whose name makes the files look like the site's own.
//!
//! Nor does WordPress ship a static page there: its pages are PHP, and
//! the few `.html` and `.htm` files it ever shipped (the dialogs of old
//! editors) sit under `wp-includes/js`. A page file elsewhere in either
//! folder (`/wp-admin/includes/adobe.html`,
//! `/wp-includes/pomo/p_Lowell.html`) was dropped there too.
//!
//! A certificate authority checks a site by a file it asks for under
//! `/.well-known/acme-challenge/` (ACME, RFC 8555 section 8.3: a token,
//! no folder) or `/.well-known/pki-validation/` (the CA/Browser Forum's
//! file validation). Hosting panels leave both folders writable, and
//! kits are dropped there
//! (`/.well-known/acme-challenge/yh/mail.html`): a folder inside either is
//! no validation file.

use crate::analysis::HostReading;
use crate::services::lures::is_page_extension;
use crate::split::{Span, Split};
use crate::text::quote_str;
use crate::warnings::{Warning, WarningCode};

include!(concat!(env!("OUT_DIR"), "/wordpress.rs"));

/// The folders WordPress alone fills.
const CORE_FOLDERS: [&str; 2] = ["wp-includes", "wp-admin"];

/// The folders of `.well-known` that hold only the files a certificate
/// authority checks.
const VALIDATION_FOLDERS: [&str; 2] = ["acme-challenge", "pki-validation"];

/// Who fills the folder a [`Foreign`] one is inside.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Owner {
    /// WordPress (`wp-includes`, `wp-admin`).
    WordPress,
    /// A certificate authority's validation (`.well-known/acme-challenge`).
    Validation,
}

/// WordPress's archive bases, whose next segment is a slug.
const ARCHIVE_BASES: [&str; 3] = ["tag", "category", "author"];

/// Whether a plain path segment (no escapes) may be one of
/// [`CORE_FOLDERS`], its `;params` aside, any case: the fast path's test
/// on each part of a path, a comparison of lengths for most.
#[inline]
pub(crate) fn is_core_folder(segment: &[u8]) -> bool {
    may_be_wordpress(segment) && names_core_folder(segment)
}

/// Whether a plain path segment may be one of WordPress's folders
/// (`wp-` and at least five more bytes): the fast path's first test.
#[inline(always)]
pub(crate) fn may_be_wordpress(segment: &[u8]) -> bool {
    segment.len() >= 8
        && segment
            .get(..3)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"wp-"))
}

/// Whether a path segment, as a server reads it ([`folder_name`]), is one
/// of [`CORE_FOLDERS`].
fn names_core_folder(segment: &[u8]) -> bool {
    CORE_FOLDERS.contains(&folder_name(segment).as_str())
}

/// A folder WordPress never ships, in the path: the bytes of the core
/// folder it is under and of its own name, within the path.
pub(crate) struct Foreign {
    pub(crate) core: (usize, usize),
    pub(crate) folder: (usize, usize),
    pub(crate) owner: Owner,
    /// Whether `folder` is a static page WordPress never ships there
    /// rather than a folder.
    pub(crate) page: bool,
}

/// A path segment as a server reads it when it looks a folder up: its
/// escapes decoded, its `;params` dropped (Tomcat, Jetty), in lowercase.
fn folder_name(segment: &[u8]) -> String {
    let decoded = crate::percent::decode(segment, false);
    let name = decoded.split(|&b| b == b';').next().unwrap_or_default();
    String::from_utf8_lossy(name).to_ascii_lowercase()
}

/// The first folder of `path` (up to its query) under a core folder that
/// WordPress never ships there. The core folder must be where WordPress
/// puts it: the path's first segment, or the second after the folder
/// WordPress is installed in (`/blog/wp-admin/`, but not after an archive
/// base: `/tag/wp-admin/feed/`); one deeper is a page about WordPress
/// (`/reference/files/wp-includes/...`) or a plugin's own folder.
///
/// The last segment is a file when it holds a dot (`index.php`), and any
/// segment is when it ends in a page's extension (`admin.php/x`, a script
/// and the path after it): a file's folders are what is judged, so it
/// ends the walk. So does a dot segment (where it leads is
/// `path-traversal`'s) and a folder whose sub-folders the table leaves
/// open (the built packages of `wp-includes/js/dist`, which change with
/// each version); empty segments are skipped, as servers merge them.
///
/// Else the first folder inside `.well-known/acme-challenge` or
/// `.well-known/pki-validation` ([`validation_folder`]).
pub(crate) fn foreign_folder(path: &[u8]) -> Option<Foreign> {
    let mut segments = Vec::new();
    let mut at = 0;
    for segment in path.split(|&b| b == b'/') {
        if !segment.is_empty() {
            segments.push((at, segment));
        }
        at += segment.len() + 1;
    }
    wordpress_folder(&segments).or_else(|| validation_folder(path, &segments))
}

/// Whether a plain path segment may be `.well-known`, for the fast path
/// (which notes it with WordPress's core folders, as a folder whose
/// contents are fixed).
#[inline]
pub(crate) fn is_well_known(segment: &[u8]) -> bool {
    segment.eq_ignore_ascii_case(b".well-known")
}

/// The first folder inside a [`VALIDATION_FOLDERS`] folder of a
/// `.well-known` (at any depth: a site kept in a sub-folder has its own):
/// a segment there with another after it, or before a last '/'. The
/// last segment alone is a file, the token. A dot segment ends the walk
/// (where it leads is `path-traversal`'s).
fn validation_folder(path: &[u8], segments: &[(usize, &[u8])]) -> Option<Foreign> {
    let i = segments.windows(2).position(|w| {
        matches!(w, [(_, a), (_, b)] if folder_name(a) == ".well-known"
            && VALIDATION_FOLDERS.contains(&folder_name(b).as_str()))
    })?;
    let (start, _) = *segments.get(i)?;
    let (v_start, validation) = *segments.get(i + 1)?;
    let &(f_start, folder) = segments.get(i + 2)?;
    let is_folder = segments.len() > i + 3 || path.ends_with(b"/");
    if !is_folder || folder_name(folder).bytes().all(|b| b == b'.') {
        return None;
    }
    Some(Foreign {
        core: (start, v_start + validation.len()),
        folder: (f_start, f_start + folder.len()),
        owner: Owner::Validation,
        page: false,
    })
}

/// The WordPress case of [`foreign_folder`], on the path's non-empty
/// segments and where each starts.
fn wordpress_folder(segments: &[(usize, &[u8])]) -> Option<Foreign> {
    // After one of WordPress's own archive bases the next segment is a
    // slug (`/tag/wp-admin/feed/`), not the folder it is installed in.
    let archive = segments
        .first()
        .is_some_and(|(_, s)| ARCHIVE_BASES.contains(&folder_name(s).as_str()));
    let first = segments
        .iter()
        .take(if archive { 1 } else { 2 })
        .position(|(_, s)| names_core_folder(s))?;
    let (start, name) = *segments.get(first)?;
    let core = (start, start + name.len());
    foreign_wordpress_folder(segments, first, core).or_else(|| static_page(segments, first, core))
}

/// The first folder after the core folder at `first` (whose bytes are
/// `core`) that WordPress never ships there.
fn foreign_wordpress_folder(
    segments: &[(usize, &[u8])],
    first: usize,
    core: (usize, usize),
) -> Option<Foreign> {
    let (_, name) = *segments.get(first)?;
    let mut key = folder_name(name);
    let last = segments.len() - 1;
    for (i, &(start, segment)) in segments.iter().enumerate().skip(first + 1) {
        let name = folder_name(segment);
        if i == last && name.contains('.') || ends_walk(&name) {
            return None;
        }
        key.push('/');
        key.push_str(&name);
        if WORDPRESS_FOLDERS.binary_search(&key.as_str()).is_err() {
            return Some(Foreign {
                core,
                folder: (start, start + segment.len()),
                owner: Owner::WordPress,
                page: false,
            });
        }
        if WORDPRESS_OPEN.binary_search(&key.as_str()).is_ok() {
            return None;
        }
    }
    None
}

/// Whether a segment's name (as [`folder_name`] reads it) ends a walk
/// through the folders: a dot segment (where it leads is
/// `path-traversal`'s) or a script, with a path after it
/// (`admin.php/x`) that the script reads.
fn ends_walk(name: &str) -> bool {
    name.bytes().all(|b| b == b'.')
        || name
            .rsplit_once('.')
            .is_some_and(|(_, e)| is_page_extension(e.as_bytes()))
}

/// A static page (`.html`, `.htm`) as the path's last segment, under the
/// core folder at `first` but not under `wp-includes/js`, through folders
/// alone (no script before it: `admin.php/x.html` is the script's).
fn static_page(segments: &[(usize, &[u8])], first: usize, core: (usize, usize)) -> Option<Foreign> {
    let (&(start, file), folders) = segments.get(first + 1..)?.split_last()?;
    let under_js = segments
        .get(first)
        .is_some_and(|(_, s)| folder_name(s) == "wp-includes")
        && folders.first().is_some_and(|(_, s)| folder_name(s) == "js");
    let name = folder_name(file);
    let (stem, extension) = name.rsplit_once('.')?;
    let page = matches!(extension, "html" | "htm") && !stem.is_empty();
    let through_folders = !folders.iter().any(|(_, s)| ends_walk(&folder_name(s)));
    (page && !under_js && through_folders).then_some(Foreign {
        core,
        folder: (start, start + file.len()),
        owner: Owner::WordPress,
        page: true,
    })
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
    let core = at(foreign.core.0, foreign.core.1);
    // The folders it is in, up to the '/' (or '//') before it.
    let before = parts
        .path
        .of(input)
        .get(..start)
        .unwrap_or_default()
        .iter()
        .rposition(|&b| b != b'/')
        .map_or(foreign.core.1, |p| p + 1);
    let parent = at(foreign.core.0, before);
    let quoted = |span: Span| quote_str(&String::from_utf8_lossy(span.of(input)));
    let message = match foreign.owner {
        Owner::WordPress if foreign.page => format!(
            "WordPress never ships a page '{}' inside '{}', among the files it alone writes (its pages there are PHP; a site's own go to wp-content): someone put it there, the way phishing kits are dropped on sites someone broke into.",
            quoted(folder),
            quoted(parent),
        ),
        Owner::WordPress => format!(
            "WordPress never ships a folder '{}' inside '{}', among the files it alone writes (a site's own go to wp-content): someone put it there, the way phishing kits and web shells are dropped on sites someone broke into.",
            quoted(folder),
            quoted(parent),
        ),
        Owner::Validation => format!(
            "A folder '{}' is inside '{}', which holds only the files a certificate authority checks to validate the site, never a folder: someone put it there, the way phishing kits are dropped in the folders a hosting panel leaves writable.",
            quoted(folder),
            quoted(parent),
        ),
    };
    out.push(Warning::new(
        WarningCode::PlantedFolder,
        vec![core, folder],
        component_at(folder.start),
        message,
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
    fn a_folder_inside_a_validation_folder() {
        use Severity::Medium;
        assert_eq!(
            found("http://mail.x.example/.well-known/acme-challenge/yh/mail.html"),
            [(
                Medium,
                vec![".well-known/acme-challenge".into(), "yh".into()]
            )]
        );
        // At any depth, escapes decoded, a folder before a last '/'.
        assert_eq!(
            found("https://x.example/site/.well-known/acme-challenge/Share%20poit%20office365/index.php"),
            [(
                Medium,
                vec![
                    ".well-known/acme-challenge".into(),
                    "Share%20poit%20office365".into()
                ]
            )]
        );
        assert_eq!(
            found("http://x.example/.well-known/pki-validation/noobs/")[0].1[1],
            "noobs"
        );
        assert_eq!(
            super::super::test_support::message("http://x.example/.well-known/acme-challenge/kit/a.php", WarningCode::PlantedFolder),
            "A folder 'kit' is inside '.well-known/acme-challenge', which holds only the files a certificate authority checks to validate the site, never a folder: someone put it there, the way phishing kits are dropped in the folders a hosting panel leaves writable."
        );
        for quiet in [
            // The tokens and files themselves; other well-known names.
            "http://x.example/.well-known/acme-challenge/LoqXcYV8q5ONbJQxbmR7SCTNo3tiAXDfowyjxAjEuX0",
            "http://x.example/.well-known/pki-validation/fileauth.txt",
            "http://x.example/.well-known/openid-configuration",
            "http://x.example/.well-known/matrix/server",
            "http://x.example/.well-known/acme-challenge/../x/y",
            "http://x.example/acme-challenge/x/y",
        ] {
            assert!(found(quiet).is_empty(), "{quiet}: {:?}", found(quiet));
        }
    }

    #[test]
    fn a_static_page_among_wordpress_s_own_files() {
        use Severity::Medium;
        for (url, core, page) in [
            (
                "http://x.example/wp-admin/includes/adobe.html",
                "wp-admin",
                "adobe.html",
            ),
            (
                "https://x.example/wp-includes/pomo/p_Lowell.HTML",
                "wp-includes",
                "p_Lowell.HTML",
            ),
            // Under a folder whose sub-folders are not judged, and
            // installed in a folder of the site.
            (
                "https://x.example/blog/wp-admin/images/tmp/vmo.htm?x=1",
                "wp-admin",
                "vmo.htm",
            ),
        ] {
            assert_eq!(
                found(url),
                [(Medium, vec![core.into(), page.into()])],
                "{url}"
            );
        }
        assert_eq!(
            super::super::test_support::message("http://x.example/wp-admin/includes/adobe.html", WarningCode::PlantedFolder),
            "WordPress never ships a page 'adobe.html' inside 'wp-admin/includes', among the files it alone writes (its pages there are PHP; a site's own go to wp-content): someone put it there, the way phishing kits are dropped on sites someone broke into."
        );
        for quiet in [
            // The dialogs of WordPress's old editors.
            "http://x.example/wp-includes/js/tinymce/themes/advanced/about.htm",
            "http://x.example/wp-includes/js/codepress/codepress.html",
            // A script's path after it; WordPress's own pages; a page
            // about WordPress; a folder, not a page.
            "http://x.example/wp-admin/admin.php/x.html",
            "http://x.example/wp-admin/index.php",
            "http://x.example/docs/files/wp-admin/x.html",
            "http://x.example/wp-admin/css/",
            "http://x.example/wp-content/themes/x/page.html",
        ] {
            assert!(found(quiet).is_empty(), "{quiet}: {:?}", found(quiet));
        }
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
            // Escaped or with `;params`, the folder a server looks up.
            (
                "http://x.example/wp-%69ncludes/js/kit/index.php",
                "wp-%69ncludes",
                "kit",
            ),
            ("http://x.example/wp-admin;x=1/kit/", "wp-admin;x=1", "kit"),
        ] {
            assert_eq!(
                found(url),
                [(Medium, vec![core.to_string(), folder.to_string()])],
                "{url}"
            );
        }
        let message = |url: &[u8]| {
            crate::analysis::analyze(url, &crate::analysis::Options::default())
                .warnings
                .into_iter()
                .find(|w| w.code == WarningCode::PlantedFolder)
                .expect("planted-folder")
                .message
        };
        assert_eq!(
            message(b"http://x.example/wp-includes/js/us/delta.com/index.php"),
            "WordPress never ships a folder 'us' inside 'wp-includes/js', among the files it alone writes (a site's own go to wp-content): someone put it there, the way phishing kits and web shells are dropped on sites someone broke into."
        );
        // The folders it is in, without the '/' of an empty segment.
        let m = message(b"http://x.example/blog/wp-includes//kit/");
        assert!(
            m.starts_with("WordPress never ships a folder 'kit' inside 'wp-includes',"),
            "{m}"
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
            // Where WordPress does not put it: pages about WordPress, a
            // tag, a plugin's own folder.
            "https://developer.wordpress.org/reference/files/wp-includes/class-wp-query.php/",
            "https://core.trac.wordpress.org/browser/trunk/src/wp-includes/js/media/views/frame.js",
            "https://www.wpbeginner.com/tag/wp-admin/feed/",
            "https://x.example/wp-content/plugins/foo/wp-admin/partials/x.php",
            // A script and the path after it; `;params` and `..;`.
            "https://x.example/wp-admin/admin.php/kit",
            "https://x.example/wp-admin/admin-ajax.php/x",
            "https://x.example/wp-includes/js;v=1/jquery/jquery.js",
            "https://x.example/wp-includes/..;/kit/",
            // Folders of older releases.
            "https://x.example/wp-includes/js/media/views/frame/post.js",
            "https://x.example/wp-admin/images/screenshots/theme-customizer.png",
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
