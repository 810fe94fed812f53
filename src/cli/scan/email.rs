//! `scan` of an e-mail message: an `.eml` file, a reported phish as the
//! mail client saved it (headers, then MIME parts in quoted-printable or
//! base64). Read as text, its links are cut by the encoding's soft line
//! breaks and written with `=3D` for `=`, so the URLs are read from the
//! decoded parts instead: every text and HTML part (attached text and HTML
//! files, and the parts of an attached message, a phish forwarded as an
//! attachment, too), each URL once per message, an HTML attribute's
//! character references (`&amp;`) read as a browser reads them. The
//! message is parsed by the `mail-parser` crate; nothing in it is fetched
//! or opened.

use mail_parser::{Message, MessageParser, PartType};
use std::collections::HashSet;

/// The longest message read whole; a longer file is read as text.
pub(super) const MAX_MESSAGE: usize = 64 << 20;

/// How deep attached messages are followed.
const MAX_DEPTH: usize = 4;

/// Header fields that start a message (RFC 5322, and the trace fields a
/// delivery adds).
const FIELDS: [&[u8]; 10] = [
    b"from",
    b"to",
    b"cc",
    b"subject",
    b"date",
    b"received",
    b"return-path",
    b"message-id",
    b"mime-version",
    b"delivered-to",
];

/// The name of the header field `line` starts (`Subject: ...`, a blank
/// or nothing after the colon, so a URL's scheme is none), if it starts
/// one.
fn field_name(line: &[u8]) -> Option<&[u8]> {
    let colon = memchr::memchr(b':', line)?;
    let name = line.get(..colon)?;
    let is_name = |b: &u8| b.is_ascii_alphanumeric() || *b == b'-';
    let value_follows = matches!(line.get(colon + 1), None | Some(b' ' | b'\t'));
    (!name.is_empty() && name.iter().all(is_name) && value_follows).then_some(name)
}

/// Whether the first lines of a file (blank ones left out) are an e-mail
/// message's header: the first is a header field (an mbox `From ` line
/// aside), and two of them or more are fields a message starts with.
pub(super) fn looks_like_email(sample: &[Vec<u8>]) -> bool {
    let lines = match sample.first() {
        Some(first) if first.starts_with(b"From ") => sample.get(1..).unwrap_or_default(),
        _ => sample,
    };
    let Some(first) = lines.first() else {
        return false;
    };
    if field_name(first).is_none() {
        return false;
    }
    let known = lines
        .iter()
        .filter_map(|l| field_name(l))
        .filter(|name| FIELDS.iter().any(|f| f.eq_ignore_ascii_case(name)))
        .count();
    known >= 2
}

/// A URL of a message: the line of the file where the body of the part
/// holding it starts, and the URL as a reader's click follows it.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct MessageUrl {
    pub(super) line: u64,
    pub(super) url: Vec<u8>,
}

/// The URLs of the message `raw`, each once, in the order of its parts;
/// `None` when `raw` is no message `mail-parser` reads.
pub(super) fn message_urls(raw: &[u8]) -> Option<Vec<MessageUrl>> {
    let message = MessageParser::default().parse(raw)?;
    let newlines: Vec<usize> = memchr::memchr_iter(b'\n', raw).collect();
    let line_of = |offset: u32| {
        let before = newlines.partition_point(|&at| at < offset as usize);
        before as u64 + 1
    };
    let mut urls = Urls::default();
    urls.of_message(&message, &line_of, None, 0);
    Some(urls.found)
}

#[derive(Default)]
struct Urls {
    seen: HashSet<Vec<u8>>,
    found: Vec<MessageUrl>,
}

impl Urls {
    /// The URLs of `message`'s parts; `line` the line of the part that
    /// attached it (offsets inside an attached message are its own).
    fn of_message(
        &mut self,
        message: &Message<'_>,
        line_of: &dyn Fn(u32) -> u64,
        line: Option<u64>,
        depth: usize,
    ) {
        for part in &message.parts {
            let line = line.unwrap_or_else(|| line_of(part.offset_body));
            match &part.body {
                PartType::Text(text) => self.of_text(text, false, line),
                PartType::Html(html) => self.of_text(html, true, line),
                PartType::Message(inner) if depth < MAX_DEPTH => {
                    self.of_message(inner, line_of, Some(line), depth + 1);
                }
                _ => {}
            }
        }
    }

    /// The URLs of a part's decoded text, line by line, as
    /// `scan --format text` finds them.
    fn of_text(&mut self, text: &str, html: bool, line: u64) {
        for l in text.lines() {
            for found in urlscope_core::find::urls(l.as_bytes()) {
                let url = found.url(l.as_bytes());
                let url = match html && url.contains(&b'&') {
                    true => {
                        let text = String::from_utf8_lossy(&url);
                        html_escape::decode_html_entities(&text)
                            .into_owned()
                            .into_bytes()
                    }
                    false => url.into_owned(),
                };
                if self.seen.insert(url.clone()) {
                    self.found.push(MessageUrl { line, url });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PHISH: &str = "From: \"PayPal\" <service@paypa1-support.example>\r
To: someone@example.com\r
Subject: Your account\r
MIME-Version: 1.0\r
Content-Type: multipart/alternative; boundary=\"b1\"\r
\r
--b1\r
Content-Type: text/plain; charset=utf-8\r
Content-Transfer-Encoding: base64\r
\r
VmVyaWZ5IGF0IGh0dHBzOi8vcGF5cGExLmNvbS9zaWduaW4gdG9kYXku\r
--b1\r
Content-Type: text/html; charset=utf-8\r
Content-Transfer-Encoding: quoted-printable\r
\r
<p>Please <a href=3D\"https://nam02.safelinks.protection.outlook.com/?url=3Dh=\r
ttps%3A%2F%2Fpaypa1.com%2Fsignin&amp;data=3D05\">verify</a> at https://pay=\r
pa1.com/signin today.</p>\r
--b1--\r
";

    #[test]
    fn a_messages_urls_are_read_from_its_decoded_parts() {
        let urls = message_urls(PHISH.as_bytes()).expect("a message");
        let text: Vec<(u64, String)> = urls
            .iter()
            .map(|u| (u.line, String::from_utf8_lossy(&u.url).into_owned()))
            .collect();
        assert_eq!(
            text,
            [
                (11, "https://paypa1.com/signin".to_string()),
                (
                    16,
                    "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypa1.com%2Fsignin&data=05"
                        .to_string()
                ),
            ]
        );
    }

    #[test]
    fn a_message_is_told_by_its_header() {
        let sample = |text: &str| -> Vec<Vec<u8>> {
            text.lines()
                .filter(|l| !l.is_empty())
                .map(|l| l.as_bytes().to_vec())
                .collect()
        };
        assert!(looks_like_email(&sample(PHISH)));
        assert!(looks_like_email(&sample(
            "From alice@example.com Sat Nov 28 10:00:00 2026\nReceived: x\nFrom: a\nSubject: b\n"
        )));
        assert!(!looks_like_email(&sample(
            "Subject: see https://a.example/\nhello\n"
        )));
        assert!(!looks_like_email(&sample(
            "Note: see https://a.example/\nTo: me\n"
        )));
        assert!(!looks_like_email(&sample(
            "https://a.example/\nfrom: x\nto: y\nsubject: z\n"
        )));
        assert!(!looks_like_email(&[]));
    }
}
