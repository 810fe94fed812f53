//! The W3C Extended Log File Format (IIS's default, and many proxies'):
//! directives start with `#`, and `#Fields:` names the space-separated
//! fields of the lines after it (`date time s-ip cs-method cs-uri-stem
//! cs-uri-query ...`), until the next `#Fields:` (IIS writes one on every
//! restart). `-` is an empty field. The request target is `cs-uri` when
//! the log has it, else `cs-uri-stem`, then `?` and `cs-uri-query` when
//! the query is not empty.

/// Where a line's request target is, as the last `#Fields:` directive
/// names the fields.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fields {
    uri: Option<usize>,
    stem: Option<usize>,
    query: Option<usize>,
}

impl Fields {
    /// The fields a `#Fields:` line names; `None` for any other line.
    pub fn of_directive(line: &[u8]) -> Option<Fields> {
        let names = line.strip_prefix(b"#Fields:")?;
        let mut fields = Fields::default();
        for (i, name) in split_fields(names).enumerate() {
            let slot = match name.to_ascii_lowercase().as_slice() {
                b"cs-uri" => &mut fields.uri,
                b"cs-uri-stem" => &mut fields.stem,
                b"cs-uri-query" => &mut fields.query,
                _ => continue,
            };
            slot.get_or_insert(i);
        }
        Some(fields)
    }

    /// Whether the directive names a field the URL is read from
    /// (`cs-uri`, or `cs-uri-stem`).
    pub fn names_the_url(&self) -> bool {
        self.uri.is_some() || self.stem.is_some()
    }

    /// The request target of `line`, a line of values; `None` when the
    /// fields name no target or the line is too short to hold it.
    pub fn target(&self, line: &[u8]) -> Option<Vec<u8>> {
        let wanted = [self.uri, self.stem, self.query];
        let last = wanted.iter().flatten().max().copied()?;
        let mut values: [Option<&[u8]>; 3] = [None; 3];
        for (i, value) in split_fields(line).take(last + 1).enumerate() {
            for (slot, want) in values.iter_mut().zip(wanted) {
                if want == Some(i) {
                    *slot = Some(value);
                }
            }
        }
        fn present(v: Option<&[u8]>) -> Option<&[u8]> {
            v.filter(|v| *v != b"-")
        }
        if let Some(uri) = present(values[0]) {
            return Some(uri.to_vec());
        }
        let stem = present(values[1])?;
        let mut target = stem.to_vec();
        if let Some(query) = present(values[2]) {
            target.push(b'?');
            target.extend_from_slice(query);
        }
        Some(target)
    }
}

/// A line's fields: separated by spaces or tabs.
fn split_fields(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|&b| b == b' ' || b == b'\t')
        .filter(|f| !f.is_empty())
}

/// Whether `line` is a directive (`#Software:`, `#Fields:`...), which
/// holds no request.
pub fn is_directive(line: &[u8]) -> bool {
    line.first() == Some(&b'#')
}

/// Whether the first lines of a file are a W3C extended log's: a
/// `#Fields:` directive among them.
pub fn looks_like_w3c(sample: &[Vec<u8>]) -> bool {
    sample.iter().any(|l| l.starts_with(b"#Fields:"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_target_is_the_stem_and_the_query() {
        let fields = Fields::of_directive(
            b"#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port c-ip sc-status",
        )
        .expect("directive");
        let line =
            b"2024-10-10 13:55:36 10.0.0.5 GET /scripts/..%c1%1c../cmd.exe /c+dir 80 192.0.2.7 404";
        assert_eq!(
            fields.target(line).as_deref(),
            Some(&b"/scripts/..%c1%1c../cmd.exe?/c+dir"[..])
        );
        let no_query = b"2024-10-10 13:55:37 10.0.0.5 GET /index.html - 80 192.0.2.7 200";
        assert_eq!(
            fields.target(no_query).as_deref(),
            Some(&b"/index.html"[..])
        );
        assert_eq!(fields.target(b"2024-10-10 13:55:38"), None);
    }

    #[test]
    fn cs_uri_is_the_whole_target() {
        let fields =
            Fields::of_directive(b"#Fields: date time cs-uri cs-uri-stem").expect("directive");
        assert_eq!(
            fields.target(b"d t http://a.example/x?y /x").as_deref(),
            Some(&b"http://a.example/x?y"[..])
        );
    }

    #[test]
    fn fields_without_a_target() {
        let fields = Fields::of_directive(b"#Fields: date time c-ip").expect("directive");
        assert_eq!(fields.target(b"d t 1.2.3.4"), None);
        assert_eq!(Fields::of_directive(b"#Software: IIS"), None);
    }
}
