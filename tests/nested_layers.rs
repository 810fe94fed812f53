//! Payloads inside payloads: a carried value encoded more than once (base64
//! of base64, base64 of JSON holding base64, base64 of a percent-encoded
//! URL, a JWT whose claim holds base64, hex of base64) is decoded layer by
//! layer until the URL it hides, at most `MAX_DEPTH` deep; the fast path
//! agrees with the analysis on each; and a megabyte of such layers is
//! unfolded in work linear in the input.

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use urlscope_core::analysis::{Analysis, Nested, NestedKind, MAX_DEPTH};
use urlscope_core::triage::{is_plain, triage};
use urlscope_core::{analyze, Options};

/// Counts the bytes allocated, so the work of a large input is measured
/// deterministically.
struct Counting;

static ALLOCATED: AtomicUsize = AtomicUsize::new(0);
/// The tests run one at a time: the count is the whole process's.
static MEASURE: Mutex<()> = Mutex::new(());

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the layout is passed on as given.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size, Ordering::Relaxed);
        // SAFETY: as `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const TARGET: &str = "http://127.0.0.1/admin";

fn b64(text: &str) -> String {
    STANDARD.encode(text)
}

/// The carried URLs under `a`'s payloads: each child of a payload node.
fn buried(a: &Analysis) -> Vec<&Nested> {
    a.nested
        .iter()
        .filter(|n| n.kind != NestedKind::Url)
        .flat_map(|n| &n.children)
        .collect()
}

/// The URL `url` carries under its layers is `TARGET`, reached by `via`,
/// analysed, and warned of as an internal destination; the fast path
/// gives the same warnings.
fn assert_unfolded(url: &str, via: &str) {
    let a = analyze(url.as_bytes(), &Options::default());
    let found = buried(&a);
    let [child] = found.as_slice() else {
        panic!("{url}: {:#?}", a.nested)
    };
    assert_eq!(child.kind, NestedKind::Url);
    assert_eq!(child.text, TARGET, "{url}");
    assert_eq!(child.via, via, "{url}");
    assert!(child.analysis.is_some(), "{url}");
    let internal = a
        .warnings
        .iter()
        .find(|w| w.code.code() == "internal-destination")
        .unwrap_or_else(|| panic!("{url}: {:#?}", a.warnings));
    assert!(internal.via.as_deref().is_some_and(|v| v.starts_with(via)));
    assert_triage_agrees(url);
}

fn assert_triage_agrees(url: &str) {
    let full = analyze(url.as_bytes(), &Options::default()).into_warnings_as_given();
    let fast = triage(url.as_bytes(), &Options::default());
    assert_eq!(fast, full, "{url}");
    assert!(!is_plain(url.as_bytes()) || full.is_empty(), "{url}");
}

#[test]
fn base64_of_base64_is_decoded_twice() {
    let _guard = MEASURE.lock();
    let url = format!("https://victim.example/login?next={}", b64(&b64(TARGET)));
    assert_unfolded(&url, "query value 'next' → base64 → base64");
}

#[test]
fn base64_of_json_holding_base64_is_decoded_to_the_url() {
    let _guard = MEASURE.lock();
    let json = format!(r#"{{"u":"{}"}}"#, b64(TARGET));
    let url = format!("https://victim.example/login?d={}", b64(&json));
    assert_unfolded(&url, "query value 'd' → base64 → base64");
}

#[test]
fn base64_of_a_percent_encoded_url_is_decoded_to_the_url() {
    let _guard = MEASURE.lock();
    let url = format!(
        "https://victim.example/login?d={}",
        b64("http%3A%2F%2F127.0.0.1%2Fadmin")
    );
    assert_unfolded(&url, "query value 'd' → base64 → percent-decoded");
}

#[test]
fn a_jwt_claim_holding_base64_is_decoded_to_the_url() {
    let _guard = MEASURE.lock();
    let claims = format!(r#"{{"sub":"x","u":"{}"}}"#, b64(TARGET));
    let jwt = format!(
        "{}.{}.c2ln",
        URL_SAFE_NO_PAD.encode(r#"{"alg":"HS256"}"#),
        URL_SAFE_NO_PAD.encode(claims)
    );
    let url = format!("https://victim.example/login?t={jwt}");
    assert_unfolded(&url, "query value 't' → jwt claim \"u\" → base64");
}

#[test]
fn hex_of_base64_is_decoded_to_the_url() {
    let _guard = MEASURE.lock();
    let hex: String = b64(TARGET).bytes().map(|b| format!("{b:02x}")).collect();
    let url = format!("https://victim.example/login?h={hex}");
    assert_unfolded(&url, "query value 'h' → hex → base64");
}

/// A URL under `MAX_DEPTH` base64 layers is found, and analysed no deeper
/// than `MAX_DEPTH`; under one more it is not, and the fast path says so
/// too.
#[test]
fn layers_are_decoded_at_most_max_depth_deep() {
    let _guard = MEASURE.lock();
    // What the innermost URL carries in turn, to see where it stops.
    let inner = format!("{TARGET}?next=http://10.0.0.1/");
    let mut value = inner.clone();
    for layers in 1..=MAX_DEPTH + 1 {
        value = b64(&value);
        let url = format!("https://victim.example/login?next={value}");
        let a = analyze(url.as_bytes(), &Options::default());
        let found = buried(&a);
        let direct = a.nested.iter().flat_map(|n| &n.children).count();
        if layers == 1 {
            assert_eq!(direct, 1, "{layers}: {:#?}", a.nested);
        } else if layers <= MAX_DEPTH {
            let [child] = found.as_slice() else {
                panic!("{layers}: {:#?}", a.nested)
            };
            assert_eq!(child.text, inner);
            assert_eq!(child.via.matches("→ base64").count(), layers);
            // Analysed at depth `layers`: what it carries is unfolded
            // while that is short of MAX_DEPTH.
            let analysis = child.analysis.as_ref().expect("analysed");
            assert_eq!(!analysis.nested.is_empty(), layers < MAX_DEPTH, "{layers}");
        } else {
            assert!(found.is_empty(), "{layers}: {:#?}", a.nested);
            assert!(a.warnings.is_empty(), "{layers}: {:#?}", a.warnings);
        }
        assert_triage_agrees(&url);
    }
}

/// Text in a payload that is no payload in turn stays as it is: words,
/// a number, base64 of binary.
#[test]
fn a_payload_with_nothing_inside_gives_no_url() {
    let _guard = MEASURE.lock();
    for text in [
        "hello world, nothing to see here",
        r#"{"id":"0123456789abcdef0123","n":12}"#,
        "user=documentation&role=reader",
    ] {
        let url = format!("https://victim.example/p?d={}", b64(text));
        let a = analyze(url.as_bytes(), &Options::default());
        assert!(buried(&a).is_empty(), "{text}: {:#?}", a.nested);
        assert_triage_agrees(&url);
    }
}

/// Shapes of nested layers of about `n` bytes: base64 seven times over a
/// long URL; base64 of JSON holding many base64 URLs; base64 of text
/// percent-encoded again and again; base64 of many base64 words that hold
/// no URL (every one decoded, at every level).
fn shapes(n: usize) -> Vec<(&'static str, String)> {
    let mut long = format!("{TARGET}/");
    long.extend(std::iter::repeat_n('a', n * 2 / 10));
    let mut seven = long;
    for _ in 0..MAX_DEPTH - 1 {
        seven = b64(&seven);
    }
    let mut json = String::from("{");
    while json.len() < n * 3 / 4 {
        json.push_str(&format!(r#""k":"{}","#, b64(TARGET)));
    }
    json.push('}');
    let mut escaped = String::from("http://127.0.0.1/");
    while escaped.len() < n / 16 {
        escaped.push_str("a/b?c=d&");
    }
    for _ in 0..4 {
        escaped = escaped
            .bytes()
            .map(|b| match b {
                b'a'..=b'z' | b'0'..=b'9' | b'.' => char::from(b).to_string(),
                b => format!("%{b:02X}"),
            })
            .collect();
    }
    let mut words = String::new();
    while words.len() < n * 3 / 4 {
        words.push_str(&b64("plain words only"));
        words.push(' ');
    }
    vec![
        ("base64 seven times", seven),
        ("base64 of JSON of base64 URLs", b64(&json)),
        ("base64 of a URL percent-encoded again", b64(&escaped)),
        ("base64 of base64 words", b64(&words)),
    ]
    .into_iter()
    .map(|(name, value)| (name, format!("https://victim.example/?d={value}")))
    .collect()
}

/// A megabyte of layers takes little time, and 4 MB makes well under 6x
/// the bytes allocated of 1 MB (linear is 4x, quadratic 16x).
#[test]
fn a_megabyte_of_layers_is_unfolded_in_linear_work() {
    let _guard = MEASURE.lock();
    for ((name, small), (_, big)) in shapes(1 << 20).into_iter().zip(shapes(4 << 20)) {
        let work = |url: &str| {
            let before = ALLOCATED.load(Ordering::Relaxed);
            let start = Instant::now();
            let a = analyze(url.as_bytes(), &Options::default());
            let took = start.elapsed();
            let found = a.nested.len();
            drop(a);
            (ALLOCATED.load(Ordering::Relaxed) - before, took, found)
        };
        let (bytes_small, took, found) = work(&small);
        let (bytes_big, _, _) = work(&big);
        let ratio = bytes_big as f64 / bytes_small.max(1) as f64;
        eprintln!(
            "{name}: {} bytes, {found} values, {took:?}; {bytes_small} -> {bytes_big} bytes allocated (x{ratio:.1}) for x4 input",
            small.len()
        );
        assert!(found > 0, "{name}: nothing unfolded");
        assert!(took < Duration::from_secs(30), "{name}: {took:?}");
        assert!(ratio < 6.0, "{name}: x{ratio:.1} bytes for x4 input");
        assert_triage_agrees(&small);
    }
}
