use crate::analysis::lifting::says_the_same;
use crate::split::Span;
use crate::warnings::{Severity, Warning, WarningCode};

/// `says_the_same` on the marks alone: a lifted warning is said already
/// when the own warnings of its code and severity mark every byte it
/// marks, one of them or several together (a low or info note on how an
/// escape is spelled, also the own `double-encoding`); a byte they leave
/// unmarked, another severity or another code keeps it.
#[test]
fn a_lifted_warning_is_said_already_when_own_warnings_mark_all_its_bytes() {
    let spans = |marks: &[(usize, usize)]| marks.iter().map(|&(s, e)| Span::new(s, e)).collect();
    let own =
        |code, marks: &[(usize, usize)]| Warning::new(code, spans(marks), Some(0), String::new());
    let lifted = |code, marks: &[(usize, usize)]| {
        let mut w = Warning::new(code, spans(marks), None, String::new());
        w.via = Some("path segment → path segment".to_string());
        w
    };
    let traversal = WarningCode::PathTraversal;
    let sensitive = WarningCode::SensitiveFile;
    let double = WarningCode::DoubleEncoding;
    let unreserved = WarningCode::EncodedUnreserved;
    let lowercase = WarningCode::LowercaseHex;
    let said = [
        // Each escaped '..' an own warning; the carried URL's one warning
        // marks both.
        (
            vec![own(traversal, &[(45, 51)]), own(traversal, &[(52, 58)])],
            lifted(traversal, &[(45, 51), (52, 58)]),
        ),
        // The carried path inside the URL's own path.
        (
            vec![own(sensitive, &[(17, 69)])],
            lifted(sensitive, &[(42, 69)]),
        ),
        // The carried '..' inside the own '..%2F'.
        (
            vec![own(traversal, &[(50, 55)])],
            lifted(traversal, &[(50, 52)]),
        ),
        // One span, marked by two own warnings that meet.
        (
            vec![own(traversal, &[(10, 15)]), own(traversal, &[(15, 20)])],
            lifted(traversal, &[(10, 20)]),
        ),
        // Overlapping marks of one own warning, out of order.
        (
            vec![own(traversal, &[(14, 20), (10, 16)])],
            lifted(traversal, &[(11, 19)]),
        ),
        // No bytes, at the same place.
        (
            vec![own(sensitive, &[(35, 35)])],
            lifted(sensitive, &[(35, 35)]),
        ),
        // The carried URL's '%2e', each written '%252e': an escape inside
        // an escape, which the own double-encoding reads through.
        (
            vec![own(double, &[(39, 44), (44, 49)])],
            lifted(unreserved, &[(39, 44), (44, 49)]),
        ),
        (
            vec![own(double, &[(39, 44), (44, 49)])],
            lifted(lowercase, &[(39, 44), (44, 49)]),
        ),
        // Its own code on one, double-encoding on the other.
        (
            vec![own(lowercase, &[(10, 13)]), own(double, &[(13, 18)])],
            lifted(lowercase, &[(10, 13), (13, 18)]),
        ),
    ];
    for (own, lifted) in &said {
        assert!(says_the_same(own, lifted), "{own:#?}\n{lifted:#?}");
    }
    let more = [
        // A byte between the own marks.
        (
            vec![own(traversal, &[(10, 14)]), own(traversal, &[(15, 20)])],
            lifted(traversal, &[(10, 20)]),
        ),
        // A byte past the own mark.
        (
            vec![own(sensitive, &[(17, 69)])],
            lifted(sensitive, &[(42, 70)]),
        ),
        // One of its marks elsewhere.
        (
            vec![own(traversal, &[(45, 51)])],
            lifted(traversal, &[(45, 51), (60, 62)]),
        ),
        // Another severity.
        (
            vec![own(traversal, &[(45, 51)]).with_severity(Severity::Medium)],
            lifted(traversal, &[(45, 51)]),
        ),
        // Another code on the same bytes.
        (
            vec![own(WarningCode::EncodedSlash, &[(45, 48)])],
            lifted(WarningCode::Backslash, &[(45, 48)]),
        ),
        // Only the marks at its own severity count.
        (
            vec![
                own(traversal, &[(45, 51)]),
                own(traversal, &[(52, 58)]).with_severity(Severity::Medium),
            ],
            lifted(traversal, &[(45, 51), (52, 58)]),
        ),
        // No bytes, inside an own mark: a place, not a byte it marks.
        (
            vec![own(sensitive, &[(30, 40)])],
            lifted(sensitive, &[(35, 35)]),
        ),
        // No marks at all.
        (vec![own(sensitive, &[(17, 69)])], lifted(sensitive, &[])),
        // No own warning.
        (Vec::new(), lifted(sensitive, &[(42, 69)])),
        // What an escape does, not how it is spelled: the carried URL's
        // '%2F' splits no segment of the URL's own.
        (
            vec![own(double, &[(40, 45)])],
            lifted(WarningCode::EncodedSlash, &[(40, 45)]),
        ),
        // A spelling note with a byte no double-encoding marks.
        (
            vec![own(double, &[(39, 44)])],
            lifted(unreserved, &[(39, 44), (50, 53)]),
        ),
        // Marked by another finding about the bytes, not their escapes.
        (
            vec![own(traversal, &[(39, 49)])],
            lifted(unreserved, &[(39, 44)]),
        ),
        // A note at more than low severity.
        (
            vec![own(double, &[(39, 44)])],
            lifted(unreserved, &[(39, 44)]).with_severity(Severity::Medium),
        ),
    ];
    for (own, lifted) in &more {
        assert!(!says_the_same(own, lifted), "{own:#?}\n{lifted:#?}");
    }
}
