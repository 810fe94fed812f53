//! Link wrappers: arbitrary bytes behind each wrapper's address, as
//! written and with a Proofpoint v3 tail. Checked: no panic; a decoded
//! destination is never longer than a bounded multiple of the input; the
//! whole analysis of the wrapped URL keeps its spans in the input.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlscope_core::wrappers::{unwrap, Carried};

const PREFIXES: &[&str] = &[
    "https://nam02.safelinks.protection.outlook.com/?url=",
    "https://urldefense.proofpoint.com/v1/url?u=",
    "https://urldefense.proofpoint.com/v2/url?u=",
    "https://urldefense.com/v3/__",
    "https://www.google.com/url?q=",
    "https://l.facebook.com/l.php?u=",
    "https://secure-web.cisco.com/x/",
    "https://protect-eu.mimecast.com/s/",
];

fuzz_target!(|data: &[u8]| {
    let Some((&plan, payload)) = data.split_first() else {
        return;
    };
    let Ok(payload) = std::str::from_utf8(payload) else {
        return;
    };
    let prefix = PREFIXES[usize::from(plan) % PREFIXES.len()];
    let url = format!("{prefix}{payload}");
    if let Some(u) = unwrap(&url) {
        if let Carried::Url(t) = u.carried {
            // Run letters expand at most 65 characters from three.
            assert!(t.len() <= url.len() * 66, "{} -> {}", url.len(), t.len());
        }
    }
    let _ = unwrap(payload);
    let a = urlscope_core::analyze(url.as_bytes(), &urlscope_core::Options::default());
    for w in &a.warnings {
        assert!(w.span.end <= url.len());
    }
});
