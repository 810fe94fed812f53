//! The catalogue's [`Case`]s: the severities other than a code's
//! default, each named by the check that gives it, as data beside the
//! catalogue.

use super::{Severity, WarningCode};

macro_rules! cases {
    ($( $(#[$doc:meta])* $variant:ident => ($code:ident, $severity:ident), )*) => {
        /// A case of a code whose severity is not the code's default: the
        /// severity rules, as data beside the catalogue. A check names the
        /// case; the severity comes from here.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Case { $( $(#[$doc])* $variant, )* }

        impl Case {
            /// Every case.
            pub const ALL: &'static [Case] = &[ $( Case::$variant, )* ];

            /// The code the case belongs to.
            pub const fn code(self) -> WarningCode {
                match self { $( Case::$variant => WarningCode::$code, )* }
            }

            /// The severity the case gives its code.
            pub const fn severity(self) -> Severity {
                match self { $( Case::$variant => Severity::$severity, )* }
            }
        }
    };
}

cases! {
    /// A path part that is `..`: a traversal.
    DotDotSegment => (PathTraversal, High),
    /// A run of three or more dots: `..` once a filter strips `../` or
    /// Windows trims trailing dots.
    DotRun => (PathTraversal, Medium),
    /// A lone `.`, written so: harmless but for confusion.
    LoneDot => (PathTraversal, Low),
    /// A lone `.` spelled another way: something hides it.
    SpelledDot => (PathTraversal, Medium),
    /// `javascript:` and `vbscript:` run script.
    ScriptScheme => (DangerousScheme, High),
    /// `data:` carries its own content, of a media type a browser renders
    /// as a page that runs script (HTML, SVG, XML).
    DataScheme => (DangerousScheme, High),
    /// `data:` carries its own content, of a media type a browser shows as
    /// it is (plain text, the default; an image): no script runs.
    DataContent => (DangerousScheme, Low),
    /// `file:` reads local files.
    FileScheme => (DangerousScheme, Medium),
    /// A scheme that starts a tool of the visitor's system with the
    /// link's arguments, through which links have run code
    /// (`ms-msdt:`, `ms-officecmd:`).
    SystemToolScheme => (DangerousScheme, High),
    /// A scheme that shows files from the place the link names, a
    /// remote share as readily as a local folder, in a local window
    /// (`search-ms:`).
    RemoteFilesScheme => (DangerousScheme, Medium),
    /// A link of an application's scheme whose address is a URL
    /// (`microsoft-edge:https://...`, `ms-word:ofe|u|https://...`): the
    /// application opens it, outside the program the link is clicked in.
    HandedToApplication => (DangerousScheme, Low),
    /// A template expression that reaches the runtime (a class, a module,
    /// a process, an evaluator): a payload, not a probe.
    TemplateRuntime => (TemplateInjection, High),
    /// Userinfo that looks like a host name: the reader trusts the wrong site.
    UserinfoLikeHost => (Userinfo, High),
    /// A user name and password.
    Credentials => (Userinfo, Medium),
    /// A user name alone.
    UserName => (Userinfo, Medium),
    /// The readings disagree on the scheme or the host.
    OriginDiffers => (ParserDifferential, High),
    /// The readings disagree on the port or the path only.
    PathDiffers => (ParserDifferential, Medium),
    /// The WHATWG parser rejects what RFC 3986 accepts, not for its host
    /// (a port, say): if anything went, it would go to the one host.
    WhatwgRejects => (ParserDifferential, Low),
    /// The WHATWG parser rejects the host RFC 3986 clients connect to
    /// (`http://1.2.3.4.5/`, `http://a%40b.com/`): a browser goes nowhere,
    /// a filter built on a browser's parser cannot vet the host, and an
    /// RFC 3986 fetcher goes there anyway.
    WhatwgRejectsHost => (ParserDifferential, Medium),
    /// A blank, control, `;` or `,` at which some parser ends the host,
    /// leaving it another host.
    HostCut => (InvalidHost, High),
    /// A host name DNS cannot carry: a label over 63 bytes or a name over
    /// 253 (RFC 1035 §2.3.4), in its ASCII form. Every parser keeps it;
    /// only its lookup fails, and IDNA-strict libraries refuse it.
    DnsLength => (InvalidHost, Low),
    /// An internal host written plainly in the URL itself.
    PlainInternal => (InternalDestination, Medium),
    /// An internal host reached through a carried URL or spelled to slip
    /// past a filter.
    HiddenInternal => (InternalDestination, High),
    /// A cloud metadata endpoint, however reached.
    MetadataEndpoint => (InternalDestination, High),
    /// A carried URL that lands on another site, plainly written.
    OffSite => (OpenRedirect, Medium),
    /// A carried URL that lands on another site, written so that a
    /// same-site check misreads it.
    HiddenOffSite => (OpenRedirect, High),
    /// A sign-in request's return address, on another site: OAuth's
    /// `redirect_uri` or `post_logout_redirect_uri` beside a `client_id`,
    /// WS-Federation's `wreply`, a SAML discovery service's `return`
    /// beside an `entityID`. The sign-in service sends visitors only
    /// to an address the application registered (RFC 6749, section
    /// 3.1.2), so no open redirect of the service's; an application
    /// anyone registers may name any site, so it is shown.
    SignInReturn => (OpenRedirect, Low),
    /// The document or page a viewer, translator or image search of a
    /// large site fetches and shows under its own domain: the visitor
    /// stays there, so no redirect, but what it shows is another site's.
    ShownByViewer => (OpenRedirect, Low),
    /// A carried URL that runs script.
    ScriptRedirect => (OpenRedirect, High),
    /// A link of the page a `data:` URL holds, to another site: the page
    /// sends what is typed into it, or its visitors, there (no site
    /// redirects).
    DataPageLink => (OpenRedirect, Medium),
    /// Another site's name ahead of the real one in the host.
    HostBehindHost => (DeceptiveHost, Medium),
    /// A fragment or query that mimics userinfo and a host.
    MimicHost => (DeceptiveHost, Medium),
    /// A first path segment that reads as a domain: common in benign
    /// mirrors and hosting, so only shown.
    DomainInPath => (DeceptiveHost, Low),
    /// A known site's domain after the host, with a sign-in word.
    BrandLogin => (BrandInPath, Medium),
    /// A brand's name in the path of a sign-in page file on a site the
    /// brand does not own (`/linkedin/SignIn.php`; glued to other words
    /// in a folder, `/dropboxfiles/login.php`).
    BrandPage => (BrandInPath, Medium),
    /// A brand's name in a folder of a path that ends in a sign-in route
    /// (`/onedrive/file/login`), or a brand's token in the folder of an
    /// index page (`/OneDrive/index.html`), on a site the brand does not
    /// own.
    BrandFolder => (BrandInPath, Medium),
    /// A page named after a brand's page title, as a browser saves it
    /// (`/Absa%20Online%20-%20PROFILE.htm`), on a site the brand does not
    /// own: a kit made by saving the brand's page.
    BrandSavedPage => (BrandInPath, Medium),
    /// A brand's folder inside a folder of the same name
    /// (`/wetransfer/wetransfer`), on a site the brand does not own: an
    /// archive named for the brand, unpacked where it was uploaded.
    BrandUnpacked => (BrandInPath, Medium),
    /// A known site's domain as a folder of the path, with a page file
    /// in it (`/outlook.com/index.html`), on a site that is no known one:
    /// the brand's site copied into another site's folders.
    BrandMirror => (BrandInPath, Medium),
    /// A brand's own sign-in route or page key (`/ap/signin`,
    /// `?country.x=`) on a site the brand does not own.
    BrandRoute => (BrandInPath, Medium),
    /// A known site's domain after the host, and no sign-in word: mirrors
    /// and hosting pages do this too, so only shown.
    BrandMention => (BrandInPath, Low),
    /// A host written with characters UTS #46 maps to others.
    MappedName => (MappedHost, Medium),
    /// A host written with mapped characters whose name is a famous
    /// site's.
    MappedKnownSite => (MappedHost, High),
    /// A host with a deviation character (ß, ς, ZWJ, ZWNJ), which
    /// IDNA2003 and IDNA2008 read as two hosts.
    Deviation => (MappedHost, Medium),
    /// A look-alike of a brand's domain.
    LookalikeBrand => (LookalikeDomain, High),
    /// A brand's name under another suffix (`paypal.net`): brands hold
    /// many such domains, not all of them listed.
    LookalikeSite => (LookalikeDomain, Medium),
    /// The name of a brand's domain that is no token of the brand, a word
    /// others name their sites with too (`office.org`, `force.org`,
    /// `apple.org`), under another suffix: only shown.
    LookalikeSiteWord => (LookalikeDomain, Low),
    /// The same, with a sign-in word in the URL (`office.org/login`).
    LookalikeSiteWordLogin => (LookalikeDomain, Medium),
    /// A brand's name under a country's suffix (`paypal.cn`,
    /// `netflix.co.uk`, `airbnb.es/login`): brands register their names
    /// in most countries' registries and sign their users in there, more
    /// of them than any table lists, so only shown; not under the country
    /// codes sold to anyone as generic names (`.co`, `.io`, `.tk`), which
    /// stay [`LookalikeSite`](Case::LookalikeSite).
    LookalikeSiteNational => (LookalikeDomain, Low),
    /// A look-alike of a top site's domain: many honest names are one
    /// letter from one of 10,000 famous ones, so only shown.
    LookalikeShown => (LookalikeDomain, Low),
    /// A brand's name with an edit and under another suffix than any of
    /// the brand's domains with that name (`qmail.org` for `gmail.com`):
    /// two steps from the brand, where many honest names fall, so only
    /// shown.
    LookalikeBrandElsewhere => (LookalikeDomain, Low),
    /// The same, with a sign-in word in the URL (`paypa1.net/signin`).
    LookalikeBrandElsewhereLogin => (LookalikeDomain, Medium),
    /// A brand's name misspelt as a word of the host, glued to other words
    /// in the registrable domain's name or in a label ahead of it
    /// (`paypa1-help.com`, `secure.rnicrosoft-365.example`).
    LookalikeBrandWord => (LookalikeDomain, Medium),
    /// The same, with a sign-in word in the URL (`paypa1-login.com`).
    LookalikeBrandWordLogin => (LookalikeDomain, High),
    /// A brand's domain or name in the host of a site not its own.
    BrandHost => (BrandInHost, Medium),
    /// The same, with a sign-in word in the URL.
    BrandHostLogin => (BrandInHost, High),
    /// A brand's name in a domain named as the brand's member
    /// institutions' are (`sparkasse-koelnbonn.de` of `sparkasse-*.de`):
    /// theirs, or a phisher's who registered one, so only shown.
    BrandFamilyHost => (BrandInHost, Low),
}
