//! The standards as they stand, through the binary: the
//! URL Standard's path set with `^`, Java 17's `URLDecoder` (the whole
//! recording is `tests/java_urldecoder.rs`), and the analysis reading a
//! Java-style escape (`%٢e`) as the byte it is to Java.

use assert_cmd::Command;
use urlscope_core::{analyze, triage::triage, Options, WarningCode};

fn urlscope() -> Command {
    let mut cmd = Command::cargo_bin("urlscope").expect("binary");
    cmd.env_remove("NO_COLOR");
    cmd
}

#[test]
fn whatwg_path_set_encodes_the_caret_since_2025() {
    urlscope()
        .args(["encode", "--as", "whatwg-path", "^"])
        .assert()
        .success()
        .stdout("%5E\n");
    urlscope()
        .args(["encode", "--as", "whatwg-query", "a^b"])
        .assert()
        .success()
        .stdout("a^b\n");
}

#[test]
fn java_decoder_as_jdk17_has_it() {
    urlscope()
        .args(["decode", "--escape", "--as", "java", "%٢e%٢e%٢f"])
        .assert()
        .success()
        .stdout("../\n");
    urlscope()
        .args(["decode", "--escape", "--as", "java", "%+1x"])
        .assert()
        .success()
        .stdout("\\x01x\n");
    urlscope()
        .args(["decode", "--escape", "--as", "java", "%ED%A0%80"])
        .assert()
        .success()
        .stdout("\u{FFFD}\n");
    urlscope()
        .args(["decode", "--escape", "--as", "java", "a+b%G1"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "urlscope: java: java.lang.IllegalArgumentException: URLDecoder: Illegal hex \
             characters in escape (%) pattern - Error at index 0 in: \"G1\"\n",
        );
}

#[test]
fn java_style_escapes_are_lax_spellings_of_their_byte() {
    let url = "http://x/files/%٢e%٢e%٢fetc/passwd";
    let analysis = analyze(url.as_bytes(), &Options::default());
    let traversal = analysis
        .warnings
        .iter()
        .find(|w| w.code == WarningCode::PathTraversal)
        .expect("path-traversal through %٢e");
    let spelled = &url.as_bytes()[traversal.span.start..traversal.span.end];
    assert_eq!(String::from_utf8_lossy(spelled), "%٢e%٢e%٢f");
    // The fast path `scan` uses agrees.
    let fast: Vec<WarningCode> = triage(url.as_bytes(), &Options::default())
        .iter()
        .map(|w| w.code)
        .collect();
    assert!(fast.contains(&WarningCode::PathTraversal), "{fast:?}");
    // Fullwidth letters are Java hex digits too; an escape of ASCII digits
    // that is not an escape stays text.
    for spelled in ["%２e%２e/", "%2ｅ%2Ｅ/"] {
        let a = analyze(
            format!("http://x/{spelled}etc").as_bytes(),
            &Options::default(),
        );
        assert!(
            a.warnings
                .iter()
                .any(|w| w.code == WarningCode::PathTraversal),
            "{spelled}"
        );
    }
    let plain = analyze("http://x/%٢g%٢g/etc".as_bytes(), &Options::default());
    assert!(!plain
        .warnings
        .iter()
        .any(|w| w.code == WarningCode::PathTraversal));
}

/// UTS #39 skeletons are decomposed, so an accented letter's skeleton is
/// only itself taken apart ('ä' -> "a" + U+0308): not a look-alike.
#[test]
fn confusables_are_characters_whose_skeleton_is_not_their_own_decomposition() {
    let confusables = |url: &str| {
        analyze(url.as_bytes(), &Options::default())
            .host
            .map(|h| h.confusables)
            .unwrap_or_default()
    };
    assert_eq!(confusables("https://exämple.com/"), []);
    assert_eq!(confusables("https://bücher.de/"), []);
    assert_eq!(confusables("https://café.fr/"), []);
    assert_eq!(confusables("https://аpple.com/"), [('а', "a".to_string())]);
    // A look-alike with an accent of its own still is one: Cyrillic ӓ's
    // skeleton is Latin a + U+0308, not its own decomposition.
    assert_eq!(
        confusables("https://ӓpple.com/"),
        [('ӓ', "a\u{308}".to_string())]
    );
    urlscope()
        .args(["explain", "--color", "never", "https://exämple.com/"])
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "\nHost        registered name, IDNA 'xn--exmple-cua.com',\n            \
             registrable domain 'xn--exmple-cua.com' (what one owner controls),\n            \
             scripts Latin\n",
        ));
}
