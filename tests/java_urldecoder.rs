//! `decode --as java` against Java 17's `URLDecoder.decode(s, UTF_8)`:
//! every case of `tests/data/java17/urldecoder.jsonl` is a real JDK 17 run
//! (recorded with `scripts/java17/record.sh`), so no JDK is needed here.
//! Set `URLSCOPE_JAVA_CASES` to another recording (the script writes 20,000
//! generated cases to `/tmp/java17-generated.jsonl`) to check more.

use urlscope_core::dialects::{decode_as, DecodeDialect};

#[test]
fn java_decoder_matches_recorded_jdk17_outputs() {
    let path = std::env::var("URLSCOPE_JAVA_CASES").unwrap_or_else(|_| {
        format!(
            "{}/tests/data/java17/urldecoder.jsonl",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    let text = std::fs::read_to_string(&path).expect("recorded cases");
    let mut cases = 0;
    let mut wrong = Vec::new();
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).expect("one JSON object a line");
        let input = case["input"].as_str().expect("input");
        let want = match (case["ok"].as_str(), case["error"].as_str()) {
            (Some(ok), None) => Ok(ok.to_string()),
            (None, Some(error)) => Err(error.to_string()),
            _ => panic!("a case has ok or error: {line}"),
        };
        let got = decode_as(input.as_bytes(), DecodeDialect::Java).map_err(|e| e.to_string());
        if got != want {
            wrong.push(format!("{input:?}: got {got:?}, Java {want:?}"));
        }
        cases += 1;
    }
    assert!(cases >= 100, "{cases} cases in {path}");
    assert!(
        wrong.is_empty(),
        "{} of {cases} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
