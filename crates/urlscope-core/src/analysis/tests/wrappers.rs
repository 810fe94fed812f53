use super::{marks_of, Marks};
use crate::analysis::{analyze, Options, MAX_NESTED};
use crate::warnings::WarningCode;

/// A link protection's destination written in the wrapper's own encoding
/// has its findings marked on the bytes of the wrapper's text that write
/// them, as its decoder read them: Proofpoint v2's `..-2F` and `_`, v3's
/// `*` for the `%` it stands for. They were on the whole carrier, the
/// same span once per place ('path-traversal 43-94,43-94 ... (2 places in
/// the carried URL)').
#[test]
fn a_wrapped_destinations_findings_are_marked_on_the_bytes_that_write_them() {
    let lifted = Marks::lifted;
    let url = b"https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example.com_a_..-2F..-2Fetc-2Fpasswd&d=x";
    assert_eq!(
        marks_of(url, WarningCode::PathTraversal),
        [lifted(&[b"..", b".."], &[(72, 74), (77, 79)])]
    );
    assert_eq!(
        marks_of(url, WarningCode::SensitiveFile),
        [lifted(&[b"_a_..-2F..-2Fetc-2Fpasswd"], &[(69, 94)])]
    );
    let a = analyze(url, &Options::default());
    let traversal = a
        .warnings
        .iter()
        .find(|w| w.code == WarningCode::PathTraversal);
    assert!(
        traversal.is_some_and(|w| w.message.ends_with("(2 places in the carried URL).")),
        "{traversal:?}"
    );
    // Proofpoint v3's '*' writes the '%' of each escape.
    let url = b"https://urldefense.com/v3/__https://evil.example.com/a/*2e*2e/etc/passwd__;JSUl!!ABC!xyz$";
    assert_eq!(
        marks_of(url, WarningCode::PathTraversal),
        [lifted(&[b"*2e*2e"], &[(55, 61)])]
    );
    assert_eq!(
        marks_of(url, WarningCode::EncodedUnreserved),
        [lifted(&[b"*2e", b"*2e"], &[(55, 58), (58, 61)])]
    );
    // Past the unfolding's count of values the destination is analysed on
    // its own: as the wrapper carries it (a browser's resolving would drop
    // its '..'), marked the same way.
    let pairs: Vec<String> = (0..MAX_NESTED)
        .map(|i| format!("a{i}=http://x{i}.example/"))
        .collect();
    let url = format!(
        "https://urldefense.proofpoint.com/v2/url?{}&u=https-3A__evil.example.com_a_..-2F..-2Fetc-2Fpasswd&d=x",
        pairs.join("&")
    );
    let at = url.find("_a_").expect("the path");
    let url = url.as_bytes();
    assert_eq!(
        marks_of(url, WarningCode::PathTraversal),
        [lifted(
            &[b"..", b".."],
            &[(at + 3, at + 5), (at + 8, at + 10)]
        )]
    );
}

/// Near miss: a wrapper whose decoding says no byte of it writes one of
/// the destination's alone (Bing's base64) marks its whole value, once:
/// the carried URL's two '..' are not two places on the same bytes.
#[test]
fn an_opaque_wrappers_findings_are_marked_once_on_its_whole_value() {
    let url = b"https://www.bing.com/ck/a?!&&p=0&u=a1aHR0cHM6Ly9ldmlsLmV4YW1wbGUvYS8uLi8uLi9ldGMvcGFzc3dk&ntb=1";
    let value = &url[35..89];
    assert_eq!(
        marks_of(url, WarningCode::PathTraversal),
        [Marks::lifted(&[value], &[(35, 89)])]
    );
    let a = analyze(url, &Options::default());
    assert!(
        a.warnings
            .iter()
            .all(|w| !w.message.contains("places in the carried URL")),
        "{:?}",
        a.warnings
    );
}
