//! `planted-login`: a sign-in page kept among a content management
//! system's own files (`/wp-content/plugins/x/login.php`,
//! `/wp-includes/js/kit/signin.html`), where phishing kits are dropped on
//! the sites they break into. WordPress serves its own sign-in at
//! `/wp-login.php`; what it keeps in `wp-content` (themes, plugins,
//! uploads), `wp-includes` (its library) and `wp-admin` (its dashboard)
//! is no page a visitor is sent to sign in on.

use crate::analysis::HostReading;
use crate::services::lures::{credential_words_except, sign_in_page, SignInPage};
use crate::split::{Span, Split};
use crate::text::quote_str;
use crate::warnings::{Warning, WarningCode};

/// The folders of a content management system's own files.
const CMS_FOLDERS: &[&str] = &["wp-content", "wp-includes", "wp-admin"];

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

/// The CMS folder a path (its first '/' aside, up to its query) keeps
/// its [`sign_in_page`] `page` under: the folder's byte range.
fn cms_folder(path: &[u8], page: &SignInPage) -> Option<(usize, usize)> {
    let mut at = 0;
    for segment in path.get(..page.file)?.split(|&b| b == b'/') {
        if CMS_FOLDERS
            .iter()
            .any(|f| f.as_bytes().eq_ignore_ascii_case(segment))
        {
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
    cms_folder(path, page).is_some()
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
        return;
    };
    let Some((folder_start, folder_end)) = cms_folder(path, &page) else {
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
    let mut spans = vec![folder];
    spans.extend(words);
    out.push(Warning::new(
        WarningCode::PlantedLogin,
        spans,
        component_at(first.start),
        format!(
            "The page '{}' asks for a sign-in ('{}') from inside '{}', among the files of the site's content management system, where no site keeps its sign-in page: a phishing kit dropped on a site someone broke into.",
            quote_str(&String::from_utf8_lossy(file)),
            quote_str(&String::from_utf8_lossy(first.of(input))),
            quote_str(&String::from_utf8_lossy(folder.of(input))),
        ),
    ));
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
            [(Medium, vec!["wp-admin".into(), "LoginVerification".into()])]
        );
        let a = analyze(
            b"http://x.example/wp-content/cc/login.php",
            &Options::default(),
        );
        let w = a
            .warnings
            .iter()
            .find(|w| w.code == WarningCode::PlantedLogin)
            .expect("planted-login");
        assert_eq!(
            w.message,
            "The page 'login.php' asks for a sign-in ('login') from inside 'wp-content', among the files of the site's content management system, where no site keeps its sign-in page: a phishing kit dropped on a site someone broke into."
        );
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
