use super::*;

#[test]
fn lax_overlong_examples() {
    assert_eq!(lax_overlong(&[0xC0, 0xAF]), Some(('/', 2)));
    assert_eq!(lax_overlong(&[0xE0, 0x80, 0xAE]), Some(('.', 3)));
    assert_eq!(lax_overlong(&[0xC3, 0xA9]), None); // é is well-formed
}

#[test]
fn sequence_len_examples() {
    assert_eq!(sequence_len(b'/'), Some(1));
    assert_eq!(sequence_len(0xC3), Some(2)); // é is C3 A9
    assert_eq!(sequence_len(0xE2), Some(3)); // ✓ is E2 9C 93
    assert_eq!(sequence_len(0xF0), Some(4)); // 😀 is F0 9F 98 80
    assert_eq!(sequence_len(0xA9), None); // a continuation byte
    assert_eq!(sequence_len(0xC0), None); // C0 AF would be an overlong '/'
    assert_eq!(sequence_len(0xF5), None); // would be above U+10FFFF
}

#[test]
fn units_of_examples() {
    let values: Vec<_> = units_of(b"a\xC3\xA9\xC0").map(|u| u.value).collect();
    assert_eq!(values, [Ok('a'), Ok('é'), Err(Utf8Problem::Overlong)]);
}

fn roles(bytes: &[u8]) -> Vec<ByteRole> {
    annotate(bytes).roles
}

#[test]
fn cafe_bytes_are_lead_and_continuation() {
    let a = annotate(b"caf\xC3\xA9");
    assert_eq!(a.roles[3], ByteRole::Lead { len: 2 });
    assert_eq!(a.roles[4], ByteRole::Continuation { len: 2, index: 1 });
    assert_eq!(a.unit_of(4).map(|u| u.value), Some(Ok('\u{E9}')));
    assert_eq!(a.lossy(), "café");
}

#[test]
fn lone_c4_is_truncated() {
    assert_eq!(roles(&[0xC4]), [ByteRole::Invalid(Utf8Problem::Truncated)]);
    assert_eq!(
        roles(&[0xC4, b'r']),
        [ByteRole::Invalid(Utf8Problem::Truncated), ByteRole::Ascii]
    );
}

#[test]
fn c0_af_is_ill_formed_overlong() {
    assert_eq!(
        roles(&[0xC0, 0xAF]),
        [
            ByteRole::Invalid(Utf8Problem::Overlong),
            ByteRole::Invalid(Utf8Problem::UnexpectedContinuation)
        ]
    );
}

#[test]
fn e0_9f_80_is_ill_formed_because_9f_is_not_a0_bf() {
    let a = annotate(&[0xE0, 0x9F, 0x80]);
    assert_eq!(a.roles[0], ByteRole::Invalid(Utf8Problem::Overlong));
    assert_eq!(a.lossy(), "\u{FFFD}\u{FFFD}\u{FFFD}");
}

#[test]
fn f4_80_83_92_is_well_formed() {
    let a = annotate(&[0xF4, 0x80, 0x83, 0x92]);
    assert!(a.is_valid());
    assert_eq!(a.units[0].value, Ok('\u{1000D2}'));
}

#[test]
fn surrogate_and_above_max() {
    assert_eq!(
        annotate(&[0xED, 0xA0, 0x80]).roles[0],
        ByteRole::Invalid(Utf8Problem::Surrogate)
    );
    assert_eq!(
        annotate(&[0xF4, 0x90, 0x80, 0x80]).roles[0],
        ByteRole::Invalid(Utf8Problem::AboveMax)
    );
    assert_eq!(
        annotate(&[0xF5]).roles[0],
        ByteRole::Invalid(Utf8Problem::NeverValid)
    );
}

#[test]
fn truncated_three_byte_sequence_is_one_replacement() {
    let a = annotate(&[0xE2, 0x9C, b'a']);
    assert_eq!(a.lossy(), "\u{FFFD}a");
    assert_eq!(a.units.len(), 2);
}

#[test]
fn unicode_example_sequence() {
    let a = annotate(&[0x4D, 0xD0, 0xB0, 0xE4, 0xBA, 0x8C, 0xF0, 0x90, 0x8C, 0x82]);
    let cps: Vec<_> = a.units.iter().map(|u| u.value).collect();
    assert_eq!(
        cps,
        [Ok('\u{4D}'), Ok('\u{430}'), Ok('\u{4E8C}'), Ok('\u{10302}')]
    );
}

#[test]
fn ill_formed_sequences_are_explained_by_their_table_row() {
    assert_eq!(
        explain_ill_formed(&[0xE0, 0x9F, 0x80]).as_deref(),
        Some("E0 needs a second byte in A0..BF; 9F is not, so E0 9F 80 would be an overlong form of U+07C0")
    );
    assert_eq!(
        explain_ill_formed(&[0xC0, 0xAF]).as_deref(),
        Some("C0 is in no row of Table 3-6: it can only start an overlong 2-byte form; C0 AF would be U+002F")
    );
    assert_eq!(
        explain_ill_formed(&[0xED, 0xA0, 0x80]).as_deref(),
        Some("ED needs a second byte in 80..9F; A0 is not, so ED A0 80 would encode the surrogate U+D800, a UTF-16 code unit that is never a character")
    );
    assert_eq!(
        explain_ill_formed(&[0xF4, 0x90, 0x80, 0x80]).as_deref(),
        Some("F4 needs a second byte in 80..8F; 90 is not, so F4 90 80 80 would encode U+110000, above U+10FFFF, the last code point")
    );
    assert!(explain_ill_formed(&[0xC4, b'r']).is_some_and(|s| s.contains("72 after C4")));
    assert_eq!(explain_ill_formed(b"ok"), None);
}

/// Every case of Table 3-6, explained from each of its bytes.
#[test]
fn each_byte_of_an_ill_formed_sequence_is_explained_by_its_lead() {
    let cases: &[(&[u8], usize, &str)] = &[
        (
            &[0xED, 0xA0, 0x80],
            1,
            "A0 cannot follow ED, because ED needs a second byte in 80..9F",
        ),
        (
            &[0xED, 0xA0, 0x80],
            2,
            "80 is left over from the sequence ED starts",
        ),
        (
            &[0xE0, 0x9F, 0x80],
            1,
            "9F cannot follow E0, because E0 needs a second byte in A0..BF",
        ),
        (&[0xF4, 0x90, 0x80, 0x80], 3, "above U+10FFFF"),
        (
            &[0xC0, 0xAF],
            1,
            "AF cannot follow C0, because C0 is in no row of Table 3-6",
        ),
        (
            &[0x61, 0xA9],
            1,
            "A9 is a continuation byte (10xxxxxx) with no lead byte before it",
        ),
        (
            &[0xC4, 0x72],
            0,
            "C4 starts a 2-byte sequence, but 72 after C4",
        ),
        (&[0xF8, 0x80], 0, "F5..FF never appear in UTF-8"),
        (&[0xF8, 0x80], 1, "with no lead byte before it"),
    ];
    for (bytes, at, want) in cases {
        let why = explain_ill_formed_at(bytes, *at).unwrap_or_default();
        assert!(why.contains(want), "{bytes:02X?} at {at}: {why}");
    }
}

#[test]
fn bit_layouts_follow_table_3_5() {
    assert_eq!(bit_layout('é').bytes, "110|00011 10|101001");
    assert_eq!(bit_layout('a').bytes, "0|1100001");
    assert_eq!(
        bit_layout('\u{10302}').pattern,
        "11110uuu 10uuzzzz 10yyyyyy 10xxxxxx"
    );
    // The code point's bits in Table 3-5's groups: a 4-byte form's five
    // `u` bits straddle its first two bytes.
    let l = bit_layout('\u{1F600}');
    assert_eq!(l.bytes, "11110|000 10|011111 10|011000 10|000000");
    assert_eq!(l.scalar_bits, "00001 1111 011000 000000");
    assert_eq!(bit_layout('é').scalar_bits, "00011 101001");
    assert_eq!(bit_layout('a').scalar_bits, "1100001");
}

/// Table 3-5's row in words, at each sequence length, at both ends of
/// its range.
#[test]
fn bit_layouts_describe_their_table_3_5_row() {
    let cases: [(&[char], &str); 4] = [
        (
            &['\u{0}', 'a', '\u{7F}'],
            "Table 3-5: U+0000..U+007F takes 1 byte; a leading 0 says: one byte, ASCII. \
             The payload bits, in order, are the code point.",
        ),
        (
            &['\u{80}', 'é', '\u{7FF}'],
            "Table 3-5: U+0080..U+07FF takes 2 bytes; the lead byte's 2 ones and a 0 say: \
             2 bytes; each continuation byte starts 10. The payload bits, in order, are the \
             code point.",
        ),
        (
            &['\u{800}', '✓', '\u{FFFF}'],
            "Table 3-5: U+0800..U+FFFF takes 3 bytes; the lead byte's 3 ones and a 0 say: \
             3 bytes; each continuation byte starts 10. The payload bits, in order, are the \
             code point.",
        ),
        (
            &['\u{10000}', '😀', '\u{10FFFF}'],
            "Table 3-5: U+10000..U+10FFFF takes 4 bytes; the lead byte's 4 ones and a 0 \
             say: 4 bytes; each continuation byte starts 10. The payload bits, in order, \
             are the code point.",
        ),
    ];
    for (len, (chars, want)) in (1u8..).zip(cases) {
        for &c in chars {
            let l = bit_layout(c);
            assert_eq!(l.len, len, "U+{:04X}", u32::from(c));
            assert_eq!(l.describe(), want, "U+{:04X}", u32::from(c));
        }
    }
}

#[test]
fn lax_overlong_reads_dot_and_slash() {
    assert_eq!(lax_overlong(&[0xC0, 0xAE]), Some(('.', 2)));
    assert_eq!(lax_overlong(&[0xC1, 0x9C]), Some(('\\', 2)));
    assert_eq!(lax_overlong(&[0xF0, 0x80, 0x80, 0xAF]), Some(('/', 4)));
    assert_eq!(lax_overlong(&[0xC0]), None);
}
