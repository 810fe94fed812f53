//! `planted-login`: a sign-in page kept among a content management
//! system's own files (`/wp-content/plugins/x/login.php`,
//! `/wp-includes/js/kit/signin.html`), where phishing kits are dropped on
//! the sites they break into. WordPress serves its own sign-in at
//! `/wp-login.php`; what it keeps in `wp-content` (themes, plugins,
//! uploads), `wp-includes` (its library) and `wp-admin` (its dashboard)
//! is no page a visitor is sent to sign in on. Nor is what any site
//! keeps among the images, styles and uploads its pages fetch
//! (`/images/admin/login.html`, `/css/themes/login.php`).

use crate::analysis::HostReading;
use crate::services::lures::{credential_words_except, is_one_of, sign_in_page, SignInPage};
use crate::split::{Span, Split};
use crate::text::quote_str;
use crate::warnings::{Warning, WarningCode};

/// The folders of a content management system's own files.
const CMS_FOLDERS: &[&str] = &["wp-content", "wp-includes", "wp-admin"];

/// The folders where a site keeps its images, styles, fonts, uploads and
/// temporary files, which its pages fetch but no visitor is sent to as a
/// page (Drupal's uploads are under `files`). Not `js` nor `assets`,
/// where a single-page application keeps the templates it fetches
/// (`/assets/views/login.html`), nor `includes`, where a PHP site's
/// sign-in form may post (`/includes/login.inc.php`).
const ASSET_FOLDERS: &[&str] = &[
    "_images", "cache", "css", "files", "font", "fonts", "icons", "image", "images", "img", "imgs",
    "media", "temp", "tmp", "upload", "uploads",
];

/// Sign-in words that also name a CMS's own pages (`wp-admin/update.php`,
/// a shop plugin's `account.php`, `wp-admin/authorize-application.php`,
/// where WordPress sends a user to grant an application a password):
/// not enough there.
const CMS_PAGE_WORDS: &[&str] = &[
    "update",
    "secure",
    "security",
    "confirm",
    "billing",
    "banking",
    "wallet",
    "account",
    "accounts",
    "authorize",
];

/// The CMS folder ([`CMS_FOLDERS`]) or asset folder ([`ASSET_FOLDERS`]) a
/// path (its first '/' aside, up to its query) keeps its
/// [`sign_in_page`] `page` under: the folder's byte range, the first.
fn planting_folder(path: &[u8], page: &SignInPage) -> Option<(usize, usize)> {
    let mut at = 0;
    for segment in path.get(..page.file)?.split(|&b| b == b'/') {
        if is_one_of(CMS_FOLDERS, segment) || is_one_of(ASSET_FOLDERS, segment) {
            return Some((at, at + segment.len()));
        }
        at += segment.len() + 1;
    }
    None
}

/// Whether a path (its first '/' aside, up to its query) that ends in the
/// [`sign_in_page`] `page` may be a planted one, for the fast path: the
/// page is under a CMS folder (the words a CMS's own pages use are left
/// to the check).
pub(crate) fn may_be_planted_login(path: &[u8], page: &SignInPage) -> bool {
    planting_folder(path, page).is_some()
}

/// `planted-login` for the URL itself: a [`sign_in_page`] under a CMS
/// folder, but for the words a CMS's own pages use, on a site someone may
/// break into: not on a listed hosting or storage service, whose account
/// holder writes every page (`shared-hosting` says so there).
pub(crate) fn planted_login_warnings(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    component_at: impl Fn(usize) -> Option<usize>,
    out: &mut Vec<Warning>,
) {
    if host.is_some_and(HostReading::on_listed_service) {
        return;
    }
    let path = parts.path.of(input);
    let Some(page) = sign_in_page(path) else {
        if let Some(w) = folder_login(input, parts, &component_at) {
            out.push(w);
        }
        return;
    };
    let Some((folder_start, folder_end)) = planting_folder(path, &page) else {
        return;
    };
    // The page's folder (when not the CMS's own) and its name: the words
    // that say what it is.
    let holder = page.folder.max(folder_end + 1);
    let named = path.get(holder..).unwrap_or_default();
    let at = parts.path.start + holder;
    let words: Vec<Span> = credential_words_except(named, CMS_PAGE_WORDS)
        .into_iter()
        .map(|(s, e)| Span::new(at + s, at + e))
        .collect();
    let Some(&first) = words.first() else {
        return;
    };
    let folder = Span::new(
        parts.path.start + folder_start,
        parts.path.start + folder_end,
    );
    let file = path.get(page.file..).unwrap_or_default();
    let among = if is_one_of(CMS_FOLDERS, folder.of(input)) {
        "among the files of the site's content management system"
    } else {
        "among the images, styles or uploads a site's pages fetch"
    };
    let mut spans = vec![folder];
    spans.extend(words);
    out.push(Warning::new(
        WarningCode::PlantedLogin,
        spans,
        component_at(first.start),
        format!(
            "The page '{}' asks for a sign-in ('{}') from inside '{}', {among}, where no site keeps its sign-in page: a phishing kit dropped on a site someone broke into.",
            quote_str(&String::from_utf8_lossy(file)),
            quote_str(&String::from_utf8_lossy(first.of(input))),
            quote_str(&String::from_utf8_lossy(folder.of(input))),
        ),
    ));
}

/// The folders whose sub-folders are a plugin's or a theme's own, named
/// by its author (`/wp-content/plugins/limit-login-attempts/`).
const PACKAGE_FOLDERS: &[&str] = &["plugins", "mu-plugins", "themes"];

/// The folder a path (its first '/' aside, up to its query) ends at, when
/// it ends at one: its last segment when that holds no dot, or the one
/// before a last empty segment (`/signin/`). The visitor is sent to that
/// folder's index page.
fn last_folder(path: &[u8]) -> Option<(usize, usize)> {
    let body = path.strip_suffix(b"/").unwrap_or(path);
    let start = body.iter().rposition(|&b| b == b'/').map_or(0, |s| s + 1);
    let name = body.get(start..)?;
    (!name.is_empty() && memchr::memchr(b'.', name).is_none()).then_some((start, body.len()))
}

/// Whether a path (its first '/' aside, up to its query) that ends at a
/// folder may be a sign-in folder planted in `wp-content`, for the fast
/// path: the folder's name holds a sign-in word (the exceptions and the
/// folders above it are left to the check).
pub(crate) fn may_be_planted_folder_login(path: &[u8]) -> bool {
    last_folder(path).is_some_and(|(s, e)| {
        crate::services::lures::has_credential_word(path.get(s..e).unwrap_or_default())
    })
}

/// `planted-login` for a URL that ends at a folder rather than a page file
/// (`/wp-content/upgrade/login/customer_center/signin`, `/wp-content/SignIn/`):
/// a folder of `wp-content` named with a sign-in word, whose index page a
/// kit keeps there. `wp-content` serves no folder as a page (WordPress's
/// routes are at the site's root), but a plugin's or theme's own folder is
/// named by its author (`/wp-content/plugins/limit-login-attempts/`), so
/// one directly under `plugins` or `themes` does not count. The folders of
/// `wp-includes` and `wp-admin`, which WordPress alone fills, are
/// `planted-folder`'s to judge against its own.
fn folder_login(
    input: &[u8],
    parts: &Split,
    component_at: &impl Fn(usize) -> Option<usize>,
) -> Option<Warning> {
    let path = parts.path.of(input);
    let (start, end) = last_folder(path)?;
    let name = path.get(start..end)?;
    let word = *credential_words_except(name, CMS_PAGE_WORDS).first()?;
    // The segments above the folder: `wp-content` among them, and the one
    // just above it no package folder.
    let mut above = path.get(..start.checked_sub(1)?)?.split(|&b| b == b'/');
    let parent = above.clone().next_back()?;
    if is_one_of(PACKAGE_FOLDERS, parent) {
        return None;
    }
    let mut at = 0;
    let cms = above.find_map(|segment| {
        let found = segment
            .eq_ignore_ascii_case(b"wp-content")
            .then(|| Span::new(parts.path.start + at, parts.path.start + at + segment.len()));
        at += segment.len() + 1;
        found
    })?;
    let folder = Span::new(parts.path.start + start, parts.path.start + end);
    let word = Span::new(folder.start + word.0, folder.start + word.1);
    Some(Warning::new(
        WarningCode::PlantedLogin,
        vec![cms, word],
        component_at(word.start),
        format!(
            "The URL opens the folder '{}' as a page, and '{}' asks for a sign-in, from inside '{}', among the files of the site's content management system, which serves no folder there as a page: a phishing kit dropped on a site someone broke into.",
            quote_str(&String::from_utf8_lossy(folder.of(input))),
            quote_str(&String::from_utf8_lossy(word.of(input))),
            quote_str(&String::from_utf8_lossy(cms.of(input))),
        ),
    ))
}

#[cfg(test)]
mod tests {
    use crate::analysis::{analyze, Options};
    use crate::warnings::{Severity, WarningCode};

    /// The `planted-login` warnings of `url`: severity and the bytes of
    /// each span.
    fn found(url: &str) -> Vec<(Severity, Vec<String>)> {
        super::super::test_support::found(url, WarningCode::PlantedLogin)
    }

    #[test]
    fn a_sign_in_page_among_wordpress_files() {
        use Severity::Medium;
        assert_eq!(
            found("http://x.example/wp-includes/js/jcrop/fbs/login.php"),
            [(Medium, vec!["wp-includes".into(), "login".into()])]
        );
        assert_eq!(
            found("https://x.example/blog/WP-Content/plugins/css/49415/SignIn.html?id=1"),
            [(Medium, vec!["WP-Content".into(), "SignIn".into()])]
        );
        // The folder holding an index page names it.
        assert_eq!(
            found("http://x.example/wp-content/verify/index.php?email=a@b.example"),
            [(Medium, vec!["wp-content".into(), "verify".into()])]
        );
        assert_eq!(
            found("http://x.example/wp-admin/maint/LoginVerification.php"),
            [(Medium, vec!["wp-admin".into(), "Login".into()])]
        );
        assert_eq!(
            super::super::test_support::message("http://x.example/wp-content/cc/login.php", WarningCode::PlantedLogin),
            "The page 'login.php' asks for a sign-in ('login') from inside 'wp-content', among the files of the site's content management system, where no site keeps its sign-in page: a phishing kit dropped on a site someone broke into."
        );
    }

    #[test]
    fn a_sign_in_page_among_a_site_s_images_styles_and_uploads() {
        use Severity::Medium;
        for (url, folder, word) in [
            (
                "http://x.example/images/admin/login.html",
                "images",
                "login",
            ),
            ("http://x.example/css/themes/login.php", "css", "login"),
            (
                "http://x.example/tmp/importantupdates/SignIn.htm",
                "tmp",
                "SignIn",
            ),
            (
                "http://x.example/sites/default/files/field/boa/login.php",
                "files",
                "login",
            ),
            (
                "https://x.example/wp/admin/_images/home/login.html",
                "_images",
                "login",
            ),
        ] {
            assert_eq!(
                found(url),
                [(Medium, vec![folder.to_string(), word.to_string()])],
                "{url}"
            );
        }
        assert_eq!(
            super::super::test_support::message("http://x.example/images/login.html", WarningCode::PlantedLogin),
            "The page 'login.html' asks for a sign-in ('login') from inside 'images', among the images, styles or uploads a site's pages fetch, where no site keeps its sign-in page: a phishing kit dropped on a site someone broke into."
        );
        for quiet in [
            // A single-page application's templates; a PHP form's handler.
            "https://x.example/assets/views/login.html",
            "https://x.example/js/templates/login.html",
            "https://x.example/includes/login.inc.php",
            // No page: an image, a style sheet; no sign-in word.
            "https://x.example/images/login.png",
            "https://x.example/css/login.css",
            "https://x.example/images/gallery.php",
            // The folder after the page.
            "https://x.example/login.php/images/x",
        ] {
            assert!(found(quiet).is_empty(), "{quiet}: {:?}", found(quiet));
        }
    }

    #[test]
    fn a_sign_in_folder_in_wp_content() {
        use Severity::Medium;
        assert_eq!(
            found("http://x.example/wp-content/SignIn"),
            [(Medium, vec!["wp-content".into(), "SignIn".into()])]
        );
        assert_eq!(
            found("http://x.example/wp/wp-content/plugins/werap/login/?id=1"),
            [(Medium, vec!["wp-content".into(), "login".into()])]
        );
        assert_eq!(
            found("http://x.example/wp-content/upgrade/login/customer_center/customer-ID/myaccount/signin"),
            [(Medium, vec!["wp-content".into(), "signin".into()])]
        );
        assert_eq!(
            super::super::test_support::message("http://x.example/wp-content/x/Login-Verify/", WarningCode::PlantedLogin),
            "The URL opens the folder 'Login-Verify' as a page, and 'Login' asks for a sign-in, from inside 'wp-content', among the files of the site's content management system, which serves no folder there as a page: a phishing kit dropped on a site someone broke into."
        );
        for quiet in [
            // A plugin's or theme's own name; a folder above a file or
            // with no sign-in word; the words a CMS's own pages use.
            "https://x.example/wp-content/plugins/limit-login-attempts/",
            "https://x.example/wp-content/themes/login-theme",
            "https://x.example/wp-content/plugins/x/login/1",
            "https://x.example/wp-content/plugins/x/login/readme.txt",
            "https://x.example/wp-content/uploads/2019/05/",
            "https://x.example/wp-content/plugins/shop/account/",
            // No wp-content above it; WordPress's own folders are
            // planted-folder's.
            "https://x.example/members/login/",
            "https://x.example/login/wp-content",
            "https://x.example/wp-includes/Requests/Auth/",
        ] {
            assert!(found(quiet).is_empty(), "{quiet}: {:?}", found(quiet));
        }
    }

    #[test]
    fn quiet_for_the_cms_s_own_pages() {
        for url in [
            // WordPress's own sign-in, dashboard and update pages.
            "https://x.example/wp-login.php",
            "https://x.example/blog/wp-login.php?action=lostpassword",
            "https://x.example/wp-admin/update-core.php",
            "https://x.example/wp-admin/network/update.php",
            "https://x.example/wp-admin/authorize-application.php?app_name=App",
            "https://x.example/wp-admin/admin-ajax.php?action=ajax_login",
            "https://x.example/wp-content/plugins/shop/account.php",
            // Assets and routes, not pages; a sign-in word higher up.
            "https://x.example/wp-content/plugins/theme-my-login/assets/login.js",
            "https://x.example/wp-content/plugins/theme-my-login/templates/form.php",
            "https://x.example/wp-json/login/v1/token",
            // No CMS folder; the folder after the page.
            "https://x.example/members/login.php",
            "https://x.example/login.php/wp-content/x",
        ] {
            assert!(found(url).is_empty(), "{url}: {:?}", found(url));
        }
    }

    /// On a hosting or storage service the account's holder wrote the
    /// page: nobody broke in, and `shared-hosting` speaks for the lure.
    #[test]
    fn quiet_on_a_listed_hosting_service() {
        for url in [
            "https://storage.googleapis.com/bucket/wp-content/login.html",
            "https://x.s3.amazonaws.com/wp-includes/signin.php",
            "https://user.github.io/wp-admin/login.html",
        ] {
            assert!(found(url).is_empty(), "{url}: {:?}", found(url));
            let a = analyze(url.as_bytes(), &Options::default());
            assert!(
                a.warnings
                    .iter()
                    .any(|w| w.code == WarningCode::SharedHosting && w.severity == Severity::Medium),
                "{url}"
            );
        }
    }
}
