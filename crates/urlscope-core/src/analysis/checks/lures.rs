//! Where a phishing page is put and how its link travels: a sign-in page
//! on shared hosting (`shared-hosting`), on a bare public address
//! (`raw-ip-login`), and a link behind a shortener (`shortener`). The
//! tables and the sign-in words are [`crate::services`]'.
//!
//! Each judges the URL itself; a URL it carries is judged by its own
//! analysis, whose warnings are lifted with their `via`.

use crate::analysis::{Destination, HostReading, HostingKind, Reach};
use crate::services::lures::{account_lure_words, credential_words, lure_words};
use crate::split::{Span, Split};
use crate::text::quote_str;
use crate::warnings::{Warning, WarningCode};

/// `shared-hosting`, `raw-ip-login` and `shortener` for the URL itself
/// (`own`, its first destination).
pub(crate) fn lure_warnings(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    own: Option<&Destination>,
    host_index: Option<usize>,
    out: &mut Vec<Warning>,
) {
    let Some(host_span) = parts.host else {
        return;
    };
    // The sign-in words of the path and the query, at their input bytes.
    let words = || {
        let path_and_query = parts
            .query
            .map_or(parts.path, |q| parts.path.join(q))
            .of(input);
        words_at(path_and_query, parts.path.start)
    };
    if let Some(service) = host
        .filter(|h| !is_brands_account(h))
        .and_then(|h| h.hosting.as_ref())
        .filter(|s| s.kind != HostingKind::Shared)
        .filter(|_| !super::stored_page::is_asset(parts.path.of(input)))
    {
        // Sign-in words and brands' names, in the host and after it.
        let path_and_query = parts.query.map_or(parts.path, |q| parts.path.join(q));
        // In the host, only the labels ahead of the service's domain (the
        // account's): `sites.google.com` names no brand of its own.
        let raw_host = host_span.of(input);
        let ahead = raw_host.len().saturating_sub(service.service.len());
        let account = raw_host.get(..ahead).unwrap_or_default();
        let mut spans = spans_at(
            account_lure_words(account, service.service.as_bytes()),
            host_span.start,
        );
        // The service's own pages (SharePoint's `/_layouts/`) show its
        // brand on every account: the path from there on is no lure; the
        // site's folders ahead of it and the query may be.
        // Pages a service keeps for its own (Firebase's `/__/auth/`) are
        // the service's, query and all: only the account's name is read.
        let path = parts.path.of(input);
        let read = match crate::services::own_folder_at(&service.service, path) {
            _ if crate::services::is_reserved_path(&service.service, path) => {
                Span::new(parts.path.start, parts.path.start)
            }
            Some(at) => {
                let ahead = Span::new(parts.path.start, parts.path.start + at);
                spans.extend(spans_at(lure_words(ahead.of(input)), ahead.start));
                parts
                    .query
                    .unwrap_or(Span::new(parts.path.end, parts.path.end))
            }
            None => path_and_query,
        };
        spans.extend(spans_at(lure_words(read.of(input)), read.start));
        spans.retain(|&s| !in_signing_key(input, parts, s));
        // Dynamic DNS names people's own machines, whose sign-in pages
        // are their own (a home server's `/auth/login`): only a brand's
        // name there is a lure.
        if service.kind == HostingKind::DynamicDns {
            spans.retain(|s| {
                let text = s.of(input);
                credential_words(text) != [(0, text.len())]
            });
        }
        let name = host.map_or("", |h| h.ascii.as_deref().unwrap_or(&h.decoded));
        // `user.github.io` is on `github.io`; `storage.googleapis.com`
        // (its buckets in the path) is the service itself.
        let place = || {
            if name.eq_ignore_ascii_case(&service.service) {
                format!(
                    "'{}' is a service ({}),",
                    quote_str(name),
                    service.kind.label()
                )
            } else {
                format!(
                    "'{}' is on '{}' ({}),",
                    quote_str(name),
                    quote_str(&service.service),
                    service.kind.label()
                )
            }
        };
        if let Some(&first) = spans.first() {
            let word = String::from_utf8_lossy(first.of(input));
            // A brand's token misspelt: which, and how.
            let shows = match crate::sites::brand_lookalike_word(account) {
                Some(((s, e), i))
                    if Span::new(host_span.start + s, host_span.start + e) == first =>
                {
                    let token = i.domain.split('.').next().unwrap_or_default();
                    format!(
                        "'{}', {}'s name '{token}' with {}",
                        quote_str(&word),
                        i.brand.unwrap_or(&i.domain),
                        i.edit
                    )
                }
                _ => match crate::services::lures::misspelt_credential_word(account) {
                    // A sign-in word misspelt: which, and how.
                    Some(m)
                        if Span::new(host_span.start + m.at.0, host_span.start + m.at.1)
                            == first =>
                    {
                        format!(
                            "'{}', the sign-in word '{}' with {}",
                            quote_str(&word),
                            m.word,
                            m.edit
                        )
                    }
                    _ => format!("'{}'", quote_str(&word)),
                },
            };
            out.push(Warning::new(
                WarningCode::SharedHosting,
                std::iter::once(host_span).chain(spans).collect(),
                host_index,
                format!(
                    "{} where anyone can publish, and the URL shows {shows}: a sign-in page or a brand's page there is written by whoever holds the account, not by the domain's owner or the brand.",
                    place(),
                ),
            ));
        } else if let Some(page) =
            super::stored_page::stored_page(input, parts, service.kind, host_span)
        {
            use super::stored_page::StoredPage;
            let quoted = |span: Span| quote_str(&String::from_utf8_lossy(span.of(input)));
            let (span, opens) = match page {
                StoredPage::File(span) => (span, format!("a web page there ('{}')", quoted(span))),
                StoredPage::Content(span) => (
                    span,
                    format!(
                        "what the content address '{}' holds there (a page, or a folder's index page)",
                        quoted(span)
                    ),
                ),
            };
            out.push(Warning::new(
                WarningCode::SharedHosting,
                vec![host_span, span],
                host_index,
                format!(
                    "{} where anyone can publish, and the URL opens {opens}: a page served from someone's files is written by whoever holds them, not by the domain's owner, and phishing pages are put there to borrow the service's name.",
                    place(),
                ),
            ));
        }
    }
    let Some(own) = own else {
        return;
    };
    if let Some(class) = own
        .host
        .as_ref()
        .filter(|h| h.address.is_some() && matches!(h.reach, Reach::Public | Reach::Documentation))
    {
        let spans = words();
        if let Some(&first) = spans.first() {
            out.push(Warning::new(
                WarningCode::RawIpLogin,
                std::iter::once(host_span).chain(spans).collect(),
                host_index,
                format!(
                    "The URL leads to the bare address {} and shows '{}': a sign-in page served from an address, with no name a reader could check.",
                    quote_str(&class.canonical),
                    quote_str(&String::from_utf8_lossy(first.of(input))),
                ),
            ));
        }
    }
    if let Some(short) = &own.shortened {
        let preview = short.preview.as_ref().map_or_else(String::new, |p| {
            format!(
                " ({} shows it at {} without following it)",
                short.provider,
                quote_str(p)
            )
        });
        let mut spans = vec![host_span];
        spans.extend((!parts.path.is_empty()).then_some(parts.path));
        out.push(Warning::new(
            WarningCode::Shortener,
            spans,
            host_index,
            format!(
                "The link is shortened by {}: where it leads is held by the provider and cannot be read offline{preview}.",
                quote_str(&short.provider),
            ),
        ));
    }
}

/// The prefixes of the query keys of a signed link to a storage
/// bucket's file (AWS Signature Version 4's `X-Amz-Credential`,
/// `X-Amz-Security-Token`; Google Cloud Storage's `X-Goog-Credential`).
const SIGNING_KEYS: &[&[u8]] = &[b"x-amz-", b"x-goog-"];

/// Whether `span` lies in a query key of [`SIGNING_KEYS`]: the
/// signature's own words, on every signed link to a file, are no lure.
fn in_signing_key(input: &[u8], parts: &Split, span: Span) -> bool {
    parts.query.is_some_and(|q| {
        super::query::pairs(input, q).any(|p| {
            let key = p.key.of(input);
            p.key.start <= span.start
                && span.end <= p.key.end
                && SIGNING_KEYS.iter().any(|prefix| {
                    key.get(..prefix.len())
                        .is_some_and(|h| h.eq_ignore_ascii_case(prefix))
                })
        })
    })
}

/// Whether the host is a brand's own account on its hosting service
/// (`paypal.github.io`, `www.microsoft.github.io`: the brand's GitHub
/// organisation's pages, which the brand table lists among its domains):
/// the brand's site, not a lure. The service's own names
/// (`storage.googleapis.com`, Google's) hold anyone's files.
fn is_brands_account(host: &HostReading) -> bool {
    let account = || {
        let service = &host.hosting.as_ref()?.service;
        let name = host.ascii.as_deref().unwrap_or(&host.decoded);
        let name = name.strip_suffix('.').unwrap_or(name);
        let ahead = name.get(..name.len().checked_sub(service.len())?)?;
        let label = ahead.strip_suffix('.')?.rsplit('.').next()?;
        Some(format!("{label}.{service}").to_ascii_lowercase())
    };
    account().is_some_and(|domain| crate::sites::brand_of(&domain).is_some())
}

/// Byte ranges found in a text that starts at input byte `at`, as spans
/// of the input.
fn spans_at(found: Vec<(usize, usize)>, at: usize) -> Vec<Span> {
    found
        .into_iter()
        .map(|(s, e)| Span::new(at + s, at + e))
        .collect()
}

/// The sign-in words of `text`, as spans of the input (`text` starts at
/// input byte `at`).
fn words_at(text: &[u8], at: usize) -> Vec<Span> {
    spans_at(credential_words(text), at)
}

#[cfg(test)]
mod tests {
    use crate::analysis::{analyze, Options};
    use crate::warnings::{Severity, WarningCode};

    use super::super::test_support::found;

    #[test]
    fn shared_hosting_with_a_sign_in_word() {
        use Severity::Medium;
        let code = WarningCode::SharedHosting;
        assert_eq!(
            found("https://storage.googleapis.com/bucket/login.html", code),
            [(
                Medium,
                vec!["storage.googleapis.com".into(), "login".into()]
            )]
        );
        assert_eq!(
            found("https://storage.googleapis.com/bucket/office365.html", code),
            [(
                Medium,
                vec!["storage.googleapis.com".into(), "office365".into()]
            )]
        );
        assert_eq!(
            found("https://paypal-help.web.app/", code),
            [(Medium, vec!["paypal-help.web.app".into(), "paypal".into()])]
        );
        assert_eq!(
            found("https://secure-update.web.app/", code),
            [(
                Medium,
                vec![
                    "secure-update.web.app".into(),
                    "secure".into(),
                    "update".into()
                ]
            )]
        );
        assert_eq!(
            found("https://abc-1-2.ngrok-free.app/ap/signin?x=1", code),
            [(
                Medium,
                vec!["abc-1-2.ngrok-free.app".into(), "signin".into()]
            )]
        );
        assert_eq!(
            found(
                "https://docs.google.com/forms/d/e/1FAIpQL/viewform?verify=1",
                code
            )
            .len(),
            1
        );
        // A brand's token in the account's labels, however many words
        // the deploy's name holds, or glued to digits.
        assert_eq!(
            found("http://amazon-clone-peach-eta.vercel.app/", code),
            [(
                Medium,
                vec!["amazon-clone-peach-eta.vercel.app".into(), "amazon".into()]
            )]
        );
        assert_eq!(
            found("https://portal-coinbase-strt-us-en.pages.dev/", code),
            [(
                Medium,
                vec![
                    "portal-coinbase-strt-us-en.pages.dev".into(),
                    "coinbase".into()
                ]
            )]
        );
        assert_eq!(found("https://2018paypal0x.github.io/", code).len(), 1);
        // A brand's token misspelt by one edit, or written with a digit
        // for a letter, on the bytes of the word.
        for (url, word) in [
            ("https://cdn-coinbse-com.pages.dev/", "coinbse"),
            ("https://support-k-kucoii-cdn.pages.dev/", "kucoii"),
            (
                "https://nedbnk484756fdreh.000webhostapp.com/x.html",
                "nedbnk",
            ),
            ("https://paypa1-help.web.app/", "paypa1"),
        ] {
            let host = url.split('/').nth(2).unwrap_or_default();
            assert_eq!(
                found(url, code),
                [(Medium, vec![host.into(), word.into()])],
                "{url}"
            );
        }
        // What the host imitates, for the destination: the edited bytes.
        let url = "https://cdn-coinbse-com.pages.dev/";
        let a = analyze(url.as_bytes(), &Options::default());
        let i = a.destinations.first().and_then(|d| d.imitates.as_ref());
        assert_eq!(
            i.map(|i| (i.domain.as_str(), i.family, &url[i.span.start..i.span.end])),
            Some(("coinbase.com", "omission", "bs"))
        );
        // The same for the host alone (the Python package's `imitates`).
        let alone = crate::sites::imitation_of_host("cdn-coinbse-com.pages.dev");
        assert_eq!(alone.map(|i| i.domain), Some("coinbase.com".to_string()));
        // Another account that shows the brand's name is still a lure,
        // glued to other words too: the account's author chose the name.
        assert_eq!(found("https://paypal-login.github.io/", code).len(), 1);
        assert_eq!(
            found("https://www.live-openseafreenft779.vercel.app/", code),
            [(
                Severity::Medium,
                vec![
                    "www.live-openseafreenft779.vercel.app".into(),
                    "opensea".into()
                ]
            )]
        );
        assert_eq!(
            found("https://paypalooza-fan-site.github.io/", code).len(),
            1
        );
        assert_eq!(
            crate::sites::imitation_of_host("trust-fund.pages.dev"),
            None
        );
        assert_eq!(
            super::super::test_support::message("https://cdn-coinbse-com.pages.dev/", code),
            "'cdn-coinbse-com.pages.dev' is on 'pages.dev' (web hosting), where anyone can publish, and the URL shows 'coinbse', Coinbase's name 'coinbase' with 'a' left out: a sign-in page or a brand's page there is written by whoever holds the account, not by the domain's owner or the brand."
        );
        // Near misses: no sign-in word, the service's own site, a domain
        // of the Public Suffix List's private section (a fact only), a
        // word inside another.
        for url in [
            "https://sites.google.com/a/example.com/",
            "https://someone.github.io/blog/2024/notes.html",
            "https://storage.googleapis.com/bucket/report.pdf",
            "https://www.herokuapp.com/login",
            "https://someone.dyndns.org/login",
            "https://someone.github.io/author/",
            // A common word (not a token) in a long deploy name, a token
            // inside an ordinary word, a long slug in the path.
            "https://office-supplies-shop.vercel.app/",
            "https://my-apple-pie-recipes.github.io/",
            "https://revolutionary-art.vercel.app/",
            "https://counterintuitive-design.github.io/",
            // Words one edit from a token: a first letter replaced, a
            // common word, a short token's neighbour.
            "https://finance-notes.github.io/",
            "https://email-tips.github.io/",
            "https://trust-fund.pages.dev/",
            "https://cloud-tools.pages.dev/",
            "https://postal-codes.github.io/",
            "https://someone.github.io/using-paypal-with-stripe-and-more/",
            // A brand's own GitHub organisation's pages, a sign-in page
            // among them.
            "https://microsoft.github.io/monaco-editor/",
            "https://paypal.github.io/PayPal-Android-SDK/login.html",
            "https://www.facebook.github.io/react-native/",
        ] {
            assert!(found(url, code).is_empty(), "{url}");
        }
    }

    #[test]
    fn a_shared_host_is_a_fact_of_the_host() {
        let a = analyze(b"https://someone.github.io/", &Options::default());
        let hosting = a.host.as_ref().and_then(|h| h.hosting.as_ref()).unwrap();
        assert_eq!(hosting.service, "github.io");
        let a = analyze(b"https://example.com/", &Options::default());
        assert_eq!(a.host.as_ref().unwrap().hosting, None);
    }

    #[test]
    fn a_bare_address_with_a_sign_in_path() {
        use Severity::Medium;
        let code = WarningCode::RawIpLogin;
        assert_eq!(
            found("http://203.0.113.7/ap/signin", code),
            [(Medium, vec!["203.0.113.7".into(), "signin".into()])]
        );
        assert_eq!(
            found("http://198.51.100.4/login.php", code),
            [(Medium, vec!["198.51.100.4".into(), "login".into()])]
        );
        assert_eq!(
            found("http://[2001:db8::5]/owa/auth/logon.aspx", code),
            [(
                Medium,
                vec![
                    "[2001:db8::5]".into(),
                    "owa".into(),
                    "auth".into(),
                    "logon".into()
                ]
            )]
        );
        assert_eq!(found("http://8.8.8.8/?account=1", code).len(), 1);
        // Near misses: a router's page (inside: internal-destination's),
        // an address with no sign-in word, a name with one.
        for url in [
            "http://192.168.1.1/login.cgi",
            "http://192.168.1.1/",
            "http://203.0.113.7/index.html",
            "https://example.com/login.php",
            "http://127.0.0.1/signin",
        ] {
            assert!(found(url, code).is_empty(), "{url}");
        }
    }

    #[test]
    fn a_shortened_link_and_its_preview() {
        let a = analyze(b"https://bit.ly/3abcDEF", &Options::default());
        let w: Vec<_> = a
            .warnings
            .iter()
            .filter(|w| w.code == WarningCode::Shortener)
            .collect();
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].severity, Severity::Low);
        assert!(
            w[0].message.contains("https://bit.ly/3abcDEF+"),
            "{}",
            w[0].message
        );
        assert_eq!(
            found("https://bit.ly/3abcDEF", WarningCode::Shortener)[0].1,
            ["bit.ly", "/3abcDEF"]
        );
        let own = &a.destinations[0];
        assert_eq!(own.shortened.as_ref().unwrap().provider, "bit.ly");
        // Carried: its own analysis gives it, lifted with its via.
        let a = analyze(
            b"https://example.com/?next=https%3A%2F%2Ftinyurl.com%2Fy2abc",
            &Options::default(),
        );
        let lifted = a
            .warnings
            .iter()
            .find(|w| w.code == WarningCode::Shortener)
            .unwrap();
        assert_eq!(lifted.via.as_deref(), Some("query value 'next' → host"));
        assert_eq!(
            a.destinations[1]
                .shortened
                .as_ref()
                .unwrap()
                .preview
                .as_deref(),
            Some("https://preview.tinyurl.com/y2abc")
        );
        // Near misses: the provider's home page, a name that ends in one.
        for url in [
            "https://bit.ly/",
            "https://bitly.com/pages/pricing",
            "https://habit.ly/x",
        ] {
            assert!(found(url, WarningCode::Shortener).is_empty(), "{url}");
        }
    }
}
