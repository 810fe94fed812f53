//! URLs found in text: finding never panics and runs in one pass; the
//! URLs are in order, apart, inside the line, never start or end with
//! white space or a sentence's punctuation; and each one's triage, spans
//! made spans of the URL as written, points inside it. The same text read
//! as a request header (an access log's User-Agent): its warnings point
//! inside it and their messages hold no control character.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlscope_core::analysis::Options;
use urlscope_core::find::urls;
use urlscope_core::triage::triage_at;
use urlscope_core::warnings::Severity;

fuzz_target!(|data: &[u8]| {
    for w in urlscope_core::headers::text_header_warnings("User-Agent", data) {
        assert!(w.span.start <= w.span.end && w.span.end <= data.len(), "{w:?}");
        assert!(!w.message.chars().any(char::is_control), "{w:?}");
    }
    let mut last = 0;
    for found in urls(data) {
        let span = found.span;
        assert!(last <= span.start && span.start < span.end && span.end <= data.len());
        last = span.end;
        let written = &data[span.range()];
        assert!(!written.first().unwrap().is_ascii_whitespace());
        assert!(!b" \t\r\n.,:;!?'*_~".contains(written.last().unwrap()));
        let url = found.url(data);
        if found.implied_scheme {
            let implied = found.implied();
            assert!(!implied.is_empty() && url.starts_with(implied.as_bytes()));
            assert!(url.len() > implied.len());
        } else {
            assert!(!url.is_empty());
        }
        // The URL as read is the text as written, a JSON string's
        // escapes undone.
        if !written.contains(&b'\\') {
            assert_eq!(&url[found.implied().len()..], written);
        }
        let mut warnings = triage_at(&url, &Options::default(), Severity::Low);
        found.warnings_as_written(data, &mut warnings);
        for w in &warnings {
            // A defanged URL's spans already point into the text as
            // written; a span of the implied scheme is empty at 0.
            assert!(
                w.span.start <= w.span.end && w.span.end <= written.len(),
                "{w:?}"
            );
        }
    }
});
