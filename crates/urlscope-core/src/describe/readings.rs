//! How the input reads as a whole, and how its RFC 3986 and WHATWG
//! readings compare: the form, the agreement of each field, and when
//! there is nothing to compare or the normalized URL leads elsewhere.

use crate::analysis::{Analysis, ReadingField};

/// How the input reads as a whole (RFC 3986 §4.1-4.2, and the address
/// bar's reading of a host with no scheme).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// A scheme and what follows it.
    Absolute,
    /// `//host/...`: no scheme.
    NetworkPath,
    /// No scheme or host: a path, a query or a fragment.
    Relative,
    /// No scheme, but a host name first: read as `http://` is put before
    /// it.
    AssumedScheme,
}

impl Form {
    /// The form of the input of `a`.
    pub fn of(a: &Analysis) -> Form {
        match (a.split.is_absolute(), a.split.authority.is_some()) {
            _ if a.assumed.is_some() => Form::AssumedScheme,
            (true, _) => Form::Absolute,
            (false, true) => Form::NetworkPath,
            (false, false) => Form::Relative,
        }
    }

    /// Its name in `explain --json`.
    pub fn name(self) -> &'static str {
        match self {
            Form::Absolute => "absolute-url",
            Form::NetworkPath => "network-path-reference",
            Form::Relative => "relative-reference",
            Form::AssumedScheme => "assumed-scheme",
        }
    }

    /// Its words in the reports.
    pub fn words(self) -> &'static str {
        match self {
            Form::AssumedScheme => {
                "a host with no scheme, read as http:// (as an address bar reads it)"
            }
            Form::Absolute => "absolute URL",
            Form::NetworkPath => "network-path reference (no scheme)",
            Form::Relative => "relative reference (no scheme or host)",
        }
    }
}

/// How the input reads as a whole, in words.
pub fn reading(a: &Analysis) -> &'static str {
    Form::of(a).words()
}

/// Why `a` has no readings to set side by side ([`Analysis::readings`] is
/// `None`): the input is not UTF-8 (a browser reads text), or it is a
/// relative reference (a browser reads one only against a page's URL).
///
/// ```
/// use urlscope_core::analysis::{analyze, Options};
/// use urlscope_core::describe;
/// let a = analyze(b"https://example.com/\xFF", &Options::default());
/// assert!(a.readings().is_none());
/// assert_eq!(
///     describe::no_readings(&a),
///     "No WHATWG reading: the input is not UTF-8, and a browser reads text, \
///      not bytes."
/// );
/// ```
pub fn no_readings(a: &Analysis) -> &'static str {
    if std::str::from_utf8(&a.input).is_err() {
        "No WHATWG reading: the input is not UTF-8, and a browser reads text, not bytes."
    } else if a.split.scheme.is_none() {
        "No WHATWG reading: a browser reads a relative reference only against a page's URL."
    } else {
        "No WHATWG reading."
    }
}

/// What to say beside the normalized URL when it leads to another host
/// than the one a browser opens with the URL
/// ([`Analysis::normalized_opens_elsewhere`]): copying it would hand on a
/// URL that goes elsewhere.
///
/// ```
/// use urlscope_core::analysis::{analyze, Options};
/// use urlscope_core::describe;
/// let a = analyze(b"http://evil.com\\@good.com/", &Options::default());
/// assert_eq!(
///     describe::normalized_elsewhere(&a).as_deref(),
///     Some("the normalized URL leads to good.com, where a browser opens evil.com: \
///           it keeps RFC 3986's reading; the clean URL keeps the browser's")
/// );
/// assert_eq!(
///     describe::normalized_elsewhere_brief(&a).as_deref(),
///     Some("normalized leads to good.com; a browser opens evil.com")
/// );
/// ```
pub fn normalized_elsewhere(a: &Analysis) -> Option<String> {
    let (normalized, clean) = elsewhere_hosts(a)?;
    Some(format!(
        "the normalized URL leads to {normalized}, where a browser opens {clean}: \
         it keeps RFC 3986's reading; the clean URL keeps the browser's"
    ))
}

/// Where a corrected URL printed as it is (`clean`, `normalize`,
/// `pretty`) is read apart by browsers and RFC 3986 parsers: kept as
/// written because its meaning depends on the page it is on
/// (`http:evil.com` is a relative path on an `http:` page), it still
/// leads a browser elsewhere than Python's urllib. `a` is the analysis
/// of the URL printed.
///
/// ```
/// use urlscope_core::analysis::{analyze, Options};
/// use urlscope_core::describe;
/// let a = analyze(b"http:evil.com/x", &Options::default());
/// assert!(describe::printed_read_apart(&a).unwrap().starts_with(
///     "the URL printed leads to evil.com (public; what a browser opens), \
///      but RFC 3986 parsers such as Python's urllib.parse read no host"
/// ));
/// let a = analyze(b"http://evil.com/x", &Options::default());
/// assert_eq!(describe::printed_read_apart(&a), None);
/// ```
pub fn printed_read_apart(a: &Analysis) -> Option<String> {
    let d = a
        .destinations
        .first()
        .filter(|d| d.via.is_empty() && d.other_reading.is_some())?;
    Some(format!("the URL printed leads to {}", super::place(d)))
}

/// [`normalized_elsewhere`] in a few words, for a title.
pub fn normalized_elsewhere_brief(a: &Analysis) -> Option<String> {
    let other = a.normalized_opens_elsewhere()?;
    let clean = opening_name(other.clean);
    Some(match other.normalized {
        crate::analysis::Opening::ThePage => {
            format!("normalized stays on the page; a browser opens {clean}")
        }
        normalized => format!(
            "normalized leads to {}; a browser opens {clean}",
            opening_name(normalized)
        ),
    })
}

/// The hosts of [`Analysis::normalized_opens_elsewhere`], named: the
/// normalized URL's, then the one a browser opens.
fn elsewhere_hosts(a: &Analysis) -> Option<(String, String)> {
    let other = a.normalized_opens_elsewhere()?;
    Some((opening_name(other.normalized), opening_name(other.clean)))
}

/// Where a browser goes, in words.
fn opening_name(o: crate::analysis::Opening) -> String {
    match o {
        crate::analysis::Opening::Host(h) => h,
        crate::analysis::Opening::NoHost => "no host".to_string(),
        crate::analysis::Opening::ThePage => "the page's own site".to_string(),
        crate::analysis::Opening::Refused => "nothing (a browser refuses it)".to_string(),
    }
}

/// How the RFC 3986 and WHATWG readings of one field compare, as the
/// readings are marked wherever they are shown side by side.
///
/// ```
/// use urlscope_core::analysis::{analyze, Options};
/// use urlscope_core::describe::Agreement;
/// let a = analyze(b"HTTP://ex%41mple.com:80/", &Options::default());
/// let r = a.readings().unwrap();
/// let of = |name: &str| Agreement::of(r.fields.iter().find(|f| f.name == name).unwrap());
/// assert_eq!(of("path"), Agreement::SameText);
/// assert_eq!(of("host"), Agreement::SameMeaning); // ex%41mple.com, example.com
/// assert_eq!(Agreement::SameMeaning.mark(), "≈");
/// let a = analyze(br"http://evil.com\@good.com/", &Options::default());
/// let r = a.readings().unwrap();
/// let host = r.fields.iter().find(|f| f.name == "host").unwrap();
/// assert_eq!(Agreement::of(host), Agreement::Differs);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
    /// Both write the field alike.
    SameText,
    /// Written differently, meaning the same once the normalizations both
    /// sides agree on are applied: case, IDNA, default ports, dot segments,
    /// percent-encoding.
    SameMeaning,
    /// The two readings mean different things.
    Differs,
}

impl Agreement {
    /// Every agreement, in the order a legend lists them.
    pub const ALL: [Agreement; 3] = [
        Agreement::SameText,
        Agreement::SameMeaning,
        Agreement::Differs,
    ];

    /// How `field`'s two readings compare.
    pub fn of(field: &ReadingField) -> Agreement {
        if field.differs {
            Agreement::Differs
        } else if field.rfc3986 == field.whatwg {
            Agreement::SameText
        } else {
            Agreement::SameMeaning
        }
    }

    /// The mark beside the field: `=`, `≈` or `≠`.
    pub fn mark(self) -> &'static str {
        match self {
            Agreement::SameText => "=",
            Agreement::SameMeaning => "≈",
            Agreement::Differs => "≠",
        }
    }

    /// The mark and what it says, as a legend lists it:
    /// `≈ same meaning, written differently`.
    pub fn legend(self) -> String {
        format!("{} {}", self.mark(), self.meaning())
    }

    /// Its name in `explain --json`: `same-text`, `same-meaning`,
    /// `different`.
    pub fn name(self) -> &'static str {
        match self {
            Agreement::SameText => "same-text",
            Agreement::SameMeaning => "same-meaning",
            Agreement::Differs => "different",
        }
    }

    /// What the mark says, for a legend.
    pub fn meaning(self) -> &'static str {
        match self {
            Agreement::SameText => "same text",
            Agreement::SameMeaning => "same meaning, written differently",
            Agreement::Differs => "different meaning",
        }
    }
}
