//! What a path asks for: well-known sensitive files, and payloads hidden
//! in base64.
//!
//! Local-file-inclusion and traversal probes name the same few files over
//! and over: `/etc/passwd`, `boot.ini`, `httpd.conf`, `.htaccess`, the web
//! server's logs. A request for one of them is worth a look whether or not
//! it climbs with `..`. The lists below come from the files such probes
//! target (system configuration, credentials, logs, shell histories);
//! they are matched against path parts after every decoding layer, with
//! separators unified and case folded.

use base64::Engine;

/// A list of lowercase names and a fast membership test generated from
/// the same literals (a `match`, which compiles to a decision tree).
macro_rules! name_set {
    ($(#[$doc:meta])* $list:ident, $is:ident, [$($s:literal),* $(,)?]) => {
        $(#[$doc])*
        #[allow(dead_code)]
        const $list: &[&[u8]] = &[$($s),*];
        fn $is(lower: &[u8]) -> bool {
            matches!(lower, $($s)|*)
        }
    };
}

/// Directory prefixes of system files (matched at the start of a path,
/// after any dot segments).
const SYSTEM_DIRS: &[&[&str]] = &[
    &["etc"],
    &["proc"],
    &["boot"],
    &["private", "etc"],
    &["var", "log"],
    &["var", "adm"],
    &["var", "run"],
    &["var", "spool"],
    &["var", "lib"],
    &["var", "lock"],
    &["var", "saf"],
    &["var", "lp"],
    &["var", "cron"],
    &["var", "cpanel"],
    &["var", "apache"],
    &["var", "local"],
    &["var", "www"],
    &["usr", "local"],
    &["usr", "lib"],
    &["usr", "etc"],
    &["usr", "sbin"],
    &["usr", "spool"],
    &["usr", "ports"],
    &["usr", "pkgsrc"],
    &["usr", "apache"],
    &["usr", "apache2"],
    &["opt", "lampp"],
    &["opt", "xampp"],
    &["opt", "apache"],
    &["opt", "apache2"],
    &["apache", "logs"],
    &["apache2", "logs"],
];

name_set!(
    /// File names that are sensitive wherever they appear.
    NAMES,
    is_name,
    [b"passwd", b"shadow", b"master.passwd", b"boot.ini", b"win.ini", b"system.ini", b"global.asa", b"web.config", b"authorized_keys", b"id_rsa", b"id_dsa", b"environ", b"cmdline", b"access_log", b"error_log", b"access.log", b"error.log", b"accesslog", b"config.php", b"config.inc.php", b"_config.php", b"config.asp", b"config.js", b"database.php", b"database.asp", b"database.js", b"db.php", b"dbase.php", b"data.php", b"install.php", b"users.db.php", b"pass.dat", b"passwd.dat", b"wp-config.php", b"localsettings.php", b"settings.php"]
);

name_set!(
    /// Dotfiles that hold credentials, history or server configuration.
    DOTFILES,
    is_dotfile,
    [b".htaccess", b".htpasswd", b".bash_history", b".bash_profile", b".bash_logout", b".bash_logut", b".bashrc", b".cshrc", b".ksh_history", b".sh_history", b".forward", b".logout", b".netrc", b".pass", b".passwd", b".profile", b".rhosts", b".shosts", b".ssh", b".xauthority", b".git", b".svn", b".env", b".aws", b".npmrc", b".docker"]
);

/// Extensions of configuration and log files.
const EXTENSIONS: &[&str] = &[
    ".ini",
    ".conf",
    ".cnf",
    ".log",
    "_log",
    ".pdb",
    ".pid",
    ".conf.php",
    ".conf.default",
];

/// Directory/file pairs sensitive anywhere in a path (`etc/passwd`).
const PAIRS: &[(&str, &str)] = &[
    ("etc", "passwd"),
    ("etc", "shadow"),
    ("etc", "issue"),
    ("etc", "hosts"),
    ("etc", "group"),
    ("etc", "motd"),
    ("etc", "crontab"),
    ("etc", "sudoers"),
    ("etc", "fstab"),
    ("system32", "config"),
    ("proc", "self"),
    ("config", "sam"),
    ("windows", "system32"),
    ("windows", "win.ini"),
    ("winnt", "system32"),
    ("winnt", "win.ini"),
    ("inetpub", "wwwroot"),
];

name_set!(
    /// The first halves of [`PAIRS`], to skip the pair scan quickly.
    PAIR_FIRSTS,
    is_pair_first,
    [b"etc", b"system32", b"proc", b"config", b"windows", b"winnt", b"inetpub"]
);

name_set!(
    /// The first names of [`SYSTEM_DIRS`], to skip their scan quickly.
    SYSTEM_FIRSTS,
    is_system_first,
    [b"etc", b"proc", b"boot", b"private", b"var", b"usr", b"opt", b"apache", b"apache2"]
);

/// The last three bytes of every name a part must equal or end with for a
/// rule to fire on it, lowercase: the file names, the extensions, and the
/// names that open a system directory or a pair. Dotfiles need none (they
/// start with '.'), nor the deeper names of a directory or a pair (the
/// first decides).
const TAILS: [[u8; 3]; TAIL_COUNT] = tails();

const TAIL_COUNT: usize = NAMES.len() + EXTENSIONS.len() + SYSTEM_DIRS.len() + PAIRS.len();

/// Builds [`TAILS`] from the lists (a name shorter than three bytes fails
/// the build).
#[allow(clippy::indexing_slicing)]
const fn tails() -> [[u8; 3]; TAIL_COUNT] {
    const fn tail(name: &[u8]) -> [u8; 3] {
        let n = name.len();
        [name[n - 3], name[n - 2], name[n - 1]]
    }
    let mut out = [[0; 3]; TAIL_COUNT];
    let mut at = 0;
    let mut i = 0;
    while i < NAMES.len() {
        out[at] = tail(NAMES[i]);
        (at, i) = (at + 1, i + 1);
    }
    i = 0;
    while i < EXTENSIONS.len() {
        out[at] = tail(EXTENSIONS[i].as_bytes());
        (at, i) = (at + 1, i + 1);
    }
    i = 0;
    while i < SYSTEM_DIRS.len() {
        out[at] = tail(SYSTEM_DIRS[i][0].as_bytes());
        (at, i) = (at + 1, i + 1);
    }
    i = 0;
    while i < PAIRS.len() {
        out[at] = tail(PAIRS[i].0.as_bytes());
        (at, i) = (at + 1, i + 1);
    }
    out
}

/// A 4,096-bit filter over [`TAILS`], so most parts are turned away by
/// one bit test. (At 256 bits it let through nearly three times as many
/// of kasztp's path parts, each then lowercased and matched against the
/// lists for nothing.)
const TAIL_FILTER: [u64; 64] = tail_filter();

const fn tail_hash(tail: [u8; 3]) -> usize {
    let key = u32::from_le_bytes([tail[0], tail[1], tail[2], 0]);
    (key.wrapping_mul(0x9E37_79B9) >> 20) as usize
}

#[allow(clippy::indexing_slicing)]
const fn tail_filter() -> [u64; 64] {
    let mut filter = [0u64; 64];
    let mut i = 0;
    while i < TAILS.len() {
        let h = tail_hash(TAILS[i]);
        filter[h >> 6] |= 1 << (h & 63);
        i += 1;
    }
    filter
}

/// Whether `part` can take part in any rule of [`sensitive_target`]: it
/// holds a ':' (a drive) or a space (junk after a file name), starts with
/// '.', or ends, in any case, like one of the listed names. When no part
/// of a path may matter, the path names no sensitive file, so a caller
/// with many ordinary paths can skip the scan (tests check this against
/// every list).
pub(crate) fn may_matter(part: &[u8]) -> bool {
    may_matter_by_name(part) || part.iter().any(|&b| b == b':' || b == b' ')
}

/// [`may_matter`] for a part its caller knows holds no ':' or space: it
/// starts with '.', or a rule of [`TargetScan`] takes it for its own
/// trigger (the lists' last three bytes turn most parts away first).
#[inline]
pub(crate) fn may_matter_by_name(part: &[u8]) -> bool {
    if part.first() == Some(&b'.') {
        return true;
    }
    let tail = match part {
        [.., a, b, c] => [
            a.to_ascii_lowercase(),
            b.to_ascii_lowercase(),
            c.to_ascii_lowercase(),
        ],
        _ => [0; 3],
    };
    let h = tail_hash(tail);
    let maybe = TAIL_FILTER
        .get(h >> 6)
        .is_some_and(|f| f >> (h & 63) & 1 == 1);
    maybe && triggers_a_rule(part)
}

/// Whether a rule of [`TargetScan`] may fire on `part` itself (one that
/// holds no ':', space or leading '.'): it is a file name of [`NAMES`]
/// (judged as the last part), opens a system directory or a pair, or
/// ends in a configuration or log extension after a stem (as
/// [`Names::judge`] reads it). `index.php`, `update` and `machine` end
/// like listed names and are none of them.
#[inline(never)]
fn triggers_a_rule(part: &[u8]) -> bool {
    let lower = Lower::of(part);
    let name = lower.bytes();
    is_name(name)
        || is_pair_first(name)
        || is_system_first(name)
        || (part.len() > 4
            && part.iter().any(|&b| b == b'.' || b == b'_')
            && EXTENSIONS.iter().any(|e| {
                part.len() >= e.len()
                    && part
                        .get(part.len() - e.len()..)
                        .is_some_and(|t| t.eq_ignore_ascii_case(e.as_bytes()))
            }))
}

/// Why `parts` (the path split on `/` and `\\`, lowercased, in order) names
/// a sensitive file, if it does.
pub(crate) fn sensitive_target<'p, I, T>(parts: I) -> Option<String>
where
    I: IntoIterator<Item = &'p T>,
    T: AsRef<[u8]> + ?Sized + 'p,
{
    let mut scan = TargetScan::<&[u8]>::default();
    for part in parts {
        if let Some(why) = scan.push(part.as_ref()) {
            return Some(why);
        }
    }
    scan.finish()
}

/// [`sensitive_target`] one part at a time, so a path of a million parts
/// is read as it streams by: [`push`](TargetScan::push) each part, then
/// [`finish`](TargetScan::finish); the first answer is the answer.
///
/// The scan keeps the parts it must remember (the opening names and the
/// previous name) as `P`: borrowed slices when the parts outlive the scan,
/// as in [`sensitive_target`], or [`HeldPart`] copies when they do not.
#[derive(Default)]
pub(crate) struct TargetScan<P> {
    /// The first names (parts that are not lead), held while they may
    /// still spell a system directory: it is decided at its deepest
    /// directory and one name more.
    opening: [P; OPENING],
    /// Their lowercase forms, made once.
    opening_lower: [Lower; OPENING],
    opening_len: usize,
    /// Whether the opening is decided and parts are judged as they come.
    opened: bool,
    names: Names<P>,
}

/// The rules for the names after the opening, and what they remember.
#[derive(Default)]
struct Names<P> {
    /// The last name, and whether it is the last part so far (a file name
    /// counts only as the last part: `/shadow/` is a directory).
    previous: Option<P>,
    /// The previous name lowercased, when it is the first of a pair.
    pair_first: Option<Lower>,
    last_is_previous: bool,
}

/// How many names decide the opening: the deepest system directory and
/// one name more (a test checks it against [`SYSTEM_DIRS`]).
const OPENING: usize = 3;

/// A copy of a part for a [`TargetScan`] whose parts do not outlive it:
/// inline when short (the names the rules match are), so streaming a
/// path allocates nothing; on the heap when long.
#[derive(Default, Clone)]
pub(crate) struct HeldPart {
    short: [u8; 32],
    len: usize,
    long: Vec<u8>,
}

impl From<&[u8]> for HeldPart {
    fn from(raw: &[u8]) -> HeldPart {
        let mut held = HeldPart {
            len: raw.len(),
            ..HeldPart::default()
        };
        match held.short.get_mut(..raw.len()) {
            Some(short) => short.copy_from_slice(raw),
            None => held.long.extend_from_slice(raw),
        }
        held
    }
}

impl AsRef<[u8]> for HeldPart {
    fn as_ref(&self) -> &[u8] {
        self.short.get(..self.len).unwrap_or(&self.long)
    }
}

/// Dot segments, empty parts and wildcard junk ('?') come before the target.
fn is_lead(part: &[u8]) -> bool {
    part.iter().all(|&c| c == b'.' || c == b'?')
}

fn show(bytes: &[u8]) -> String {
    crate::text::quote(bytes)
}

impl<P: AsRef<[u8]> + Default> TargetScan<P> {
    /// Reads the next part; why the path names a sensitive file, once a
    /// rule matches.
    pub(crate) fn push(&mut self, part: P) -> Option<String> {
        if is_lead(part.as_ref()) {
            self.names.last_is_previous = false;
            return None;
        }
        let name = Lower::of(part.as_ref());
        if self.opened {
            return self.names.judge(part, name);
        }
        self.names.last_is_previous = true;
        if let (Some(held), Some(lower)) = (
            self.opening.get_mut(self.opening_len),
            self.opening_lower.get_mut(self.opening_len),
        ) {
            *held = part;
            *lower = name;
            self.opening_len += 1;
        }
        if self.opening_len < OPENING {
            return None;
        }
        self.open()
    }

    /// The answer for the path as a whole, after its last part.
    pub(crate) fn finish(mut self) -> Option<String> {
        if !self.opened {
            if let Some(why) = self.open() {
                return Some(why);
            }
        }
        let last = self
            .names
            .previous
            .filter(|_| self.names.last_is_previous)?;
        let last = last.as_ref();
        // Probes append junk after a space ("dbase.php a").
        let last = last.split(|&b| b == b' ').next().unwrap_or(last);
        is_name(Lower::of(last).bytes()).then(|| format!("the sensitive file '{}'", show(last)))
    }

    /// Decides the opening: a Windows drive or a system directory at the
    /// start, else each opening name judged in turn.
    fn open(&mut self) -> Option<String> {
        self.opened = true;
        let opening = std::mem::take(&mut self.opening);
        let lowers = self.opening_lower;
        let names = lowers.get(..self.opening_len).unwrap_or_default();
        let first = opening
            .get(..self.opening_len)
            .unwrap_or_default()
            .first()?
            .as_ref();
        // A drive letter and a colon, then a separator (`c:/`) or a name
        // (`C:x`, drive-relative); a list after it (`v:2,s,f,bg`, Adobe's
        // context ids) is no path.
        if first.len() >= 2
            && first.get(1) == Some(&b':')
            && first.first().is_some_and(u8::is_ascii_alphabetic)
            && !first.iter().any(|b| matches!(b, b',' | b';' | b'='))
        {
            return Some(format!("the Windows drive path '{}'", show(first)));
        }
        if is_system_first(names.first().map(Lower::bytes).unwrap_or_default()) {
            if let Some(why) = system_dir(names) {
                return Some(why);
            }
        }
        // Judging a name makes it the last part; the part read last decides.
        let last_is_previous = self.names.last_is_previous;
        let found = opening
            .into_iter()
            .zip(lowers)
            .take(self.opening_len)
            .find_map(|(part, name)| self.names.judge(part, name));
        self.names.last_is_previous = last_is_previous;
        found
    }
}

impl<P: AsRef<[u8]>> Names<P> {
    /// The rules for one name after the opening: a system file pair with
    /// the previous name, a dotfile, a configuration or log extension.
    /// `name` is the part lowercased (its [`Lower`], made once per part).
    fn judge(&mut self, part: P, name: Lower) -> Option<String> {
        let raw = part.as_ref();
        if let (Some(previous), Some(previous_raw)) = (&self.pair_first, &self.previous) {
            if is_pair(previous.bytes(), name.bytes()) {
                return Some(format!(
                    "the system file '{}/{}'",
                    show(previous_raw.as_ref()),
                    show(raw)
                ));
            }
        }
        if raw.first() == Some(&b'.') && is_dotfile(name.bytes()) {
            return Some(format!("the hidden file '{}'", show(raw)));
        }
        if raw.len() > 4 && raw.iter().any(|&b| b == b'.' || b == b'_') {
            let tail = Lower::of(raw.get(raw.len().saturating_sub(16)..).unwrap_or_default());
            if EXTENSIONS
                .iter()
                .any(|e| tail.bytes().ends_with(e.as_bytes()))
            {
                return Some(format!("the configuration or log file '{}'", show(raw)));
            }
        }
        self.pair_first = is_pair_first(name.bytes()).then_some(name);
        self.previous = Some(part);
        self.last_is_previous = true;
        None
    }
}

/// Whether `a/b` is one of [`PAIRS`].
fn is_pair(a: &[u8], b: &[u8]) -> bool {
    PAIRS
        .iter()
        .any(|(x, y)| x.as_bytes() == a && y.as_bytes() == b)
}

/// The system directory the opening names (lowercased, from the first on)
/// start with.
fn system_dir(names: &[Lower]) -> Option<String> {
    let count = names.len();
    for dir in SYSTEM_DIRS {
        // `/var/log` itself is a target; `/logs` alone is just a page.
        let whole_dir_counts = dir.len() > 1
            || dir
                .first()
                .is_some_and(|d| matches!(*d, "etc" | "proc" | "boot"));
        let long_enough = count > dir.len() || (whole_dir_counts && count == dir.len());
        if long_enough
            && names
                .iter()
                .zip(dir.iter())
                .all(|(a, b)| a.bytes() == b.as_bytes())
        {
            return Some(format!(
                "a file under the system directory '/{}/'",
                dir.join("/")
            ));
        }
    }
    None
}

/// A short name, ASCII-lowercased on the stack (longer names, which match
/// nothing in the lists, become empty).
#[derive(Default, Clone, Copy)]
struct Lower {
    buf: [u8; 24],
    len: usize,
}

impl Lower {
    fn of(name: &[u8]) -> Lower {
        let mut l = Lower::default();
        if name.len() <= l.buf.len() {
            for (d, s) in l.buf.iter_mut().zip(name) {
                *d = s.to_ascii_lowercase();
            }
            l.len = name.len();
        }
        l
    }

    fn bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or_default()
    }
}

/// Text hidden in base64 (standard or URL-safe alphabet, padding optional),
/// when `bytes` is entirely base64 and decodes to printable text.
pub(crate) fn base64_text(bytes: &[u8]) -> Option<String> {
    let body = crate::plain::without_base64_padding(bytes);
    if body.len() < 8
        || !body
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'-' | b'_'))
    {
        return None;
    }
    // Cheap rejection first: the first character carries the top six bits
    // of the first decoded byte, and text never starts with a control or a
    // UTF-8 continuation byte (this rejects most ordinary words).
    let top6 = match body.first() {
        Some(&c @ b'A'..=b'Z') => c - b'A',
        Some(&c @ b'a'..=b'z') => c - b'a' + 26,
        Some(&c @ b'0'..=b'9') => c - b'0' + 52,
        _ => 62,
    };
    // The first byte is in (top6 << 2)..=(top6 << 2) + 3: reject the
    // values of top6 for which all four are impossible at the start of
    // printable UTF-8 (controls but tab, continuation bytes, F8..FF).
    if top6 < 2 || (3..=7).contains(&top6) || (32..=47).contains(&top6) || top6 >= 62 {
        return None;
    }
    // References to the constant engines: building them per call was a
    // measurable part of a scan.
    let engines: [&base64::engine::GeneralPurpose; 2] = [
        &base64::engine::general_purpose::STANDARD_NO_PAD,
        &base64::engine::general_purpose::URL_SAFE_NO_PAD,
    ];
    // Decode into the stack for the usual short tokens: this runs on every
    // plain path segment during a scan.
    let mut stack = [0u8; 192];
    let mut heap = Vec::new();
    let decoded: &[u8] = if body.len() <= 256 {
        let n = engines
            .iter()
            .find_map(|e| e.decode_slice(body, &mut stack).ok())?;
        stack.get(..n)?
    } else {
        heap = engines.iter().find_map(|e| e.decode(body).ok())?;
        &heap
    };
    // Real words decode from base64 only by accident; demand a separator.
    if !decoded.iter().any(|&b| b == b'/' || b == b'\\') {
        return None;
    }
    let text = std::str::from_utf8(decoded).ok()?;
    let printable = text.chars().all(|c| !c.is_control() || c == '\t');
    let _ = &heap;
    printable.then(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn target_scan_examples() {
        let mut scan = TargetScan::<&[u8]>::default();
        for part in ["..", "..", "etc", "passwd"] {
            // Still deciding: /etc/ may open a longer system directory.
            assert_eq!(scan.push(part.as_bytes()), None);
        }
        assert!(scan.finish().is_some());

        let mut scan = TargetScan::<&[u8]>::default();
        for part in ["static", "css", "site.css"] {
            assert_eq!(scan.push(part.as_bytes()), None);
        }
        // A name after the opening is judged as it comes.
        assert!(scan.push(b".htaccess").is_some());
    }

    #[test]
    fn base64_text_examples() {
        assert_eq!(
            base64_text(b"Li4vLi4vZXRjL3Bhc3N3ZA==").as_deref(),
            Some("../../etc/passwd")
        );
        assert_eq!(base64_text(b"index"), None);
    }

    #[test]
    fn may_matter_examples() {
        assert!(may_matter(b"PASSWD"));
        assert!(may_matter(b"httpd.conf"));
        assert!(may_matter(b".env"));
        assert!(!may_matter(b"index.html"));
        assert!(!may_matter(b"about"));
    }

    #[test]
    fn sensitive_target_examples() {
        let parts = |s: &str| s.split('/').map(str::to_string).collect::<Vec<_>>();
        assert!(sensitive_target(&parts("../../etc/passwd")).is_some());
        assert!(sensitive_target(&parts("var/www/html/.htaccess")).is_some());
        assert!(sensitive_target(&parts("c:/boot.ini")).is_some());
        assert!(sensitive_target(&parts("C:/Users/x/notes.txt")).is_some());
        assert!(sensitive_target(&parts("v:2,s,f,bg,1a2b3c4d")).is_none());
        assert!(sensitive_target(&parts("blog/2024/index.html")).is_none());
    }

    #[test]
    fn the_opening_is_the_deepest_system_directory_and_one_name_more() {
        let deepest = SYSTEM_DIRS.iter().map(|d| d.len()).max().unwrap_or(0);
        assert_eq!(OPENING, deepest + 1);
    }

    #[test]
    fn long_parts_are_held_whole() {
        let long = format!("{}.conf", "x".repeat(100));
        // The quote names the part's length, so a part cut short would
        // show.
        let quoted = crate::text::quote(long.as_bytes());
        assert!(quoted.contains("…(49 more bytes)…"), "{quoted}");
        let why = sensitive_target(["static", "css", &long]).unwrap_or_default();
        assert!(why.contains(&quoted), "{why}");
        let why = sensitive_target([long.as_str(), "passwd"]).unwrap_or_default();
        assert!(why.contains(&quoted), "{why}");
    }

    /// The names a rule fires on or opens with: file names, dotfiles, an
    /// extension after a stem, the first names of directories and pairs.
    fn deciding() -> Vec<Vec<u8>> {
        let mut names: Vec<Vec<u8>> = NAMES.iter().chain(DOTFILES).map(|n| n.to_vec()).collect();
        names.extend(EXTENSIONS.iter().map(|e| format!("x{e}").into_bytes()));
        names.extend(
            SYSTEM_DIRS
                .iter()
                .filter_map(|d| d.first())
                .map(|n| n.as_bytes().to_vec()),
        );
        names.extend(PAIRS.iter().map(|(a, _)| a.as_bytes().to_vec()));
        names
    }

    /// Every name in the lists.
    fn listed() -> Vec<Vec<u8>> {
        let mut names = deciding();
        names.extend(
            SYSTEM_DIRS
                .iter()
                .flat_map(|d| d.iter().map(|n| n.as_bytes().to_vec())),
        );
        names.extend(PAIRS.iter().map(|(_, b)| b.as_bytes().to_vec()));
        names
    }

    #[test]
    fn the_quick_set_of_system_firsts_is_its_list() {
        for dir in SYSTEM_DIRS {
            let first = dir.first().map(|d| d.as_bytes()).unwrap_or_default();
            assert!(is_system_first(first), "{dir:?}");
        }
        for first in SYSTEM_FIRSTS {
            assert!(SYSTEM_DIRS
                .iter()
                .any(|d| d.first().is_some_and(|d| d.as_bytes() == *first)));
        }
    }

    #[test]
    fn the_quick_set_of_pair_firsts_is_its_list() {
        for (first, _) in PAIRS {
            assert!(is_pair_first(first.as_bytes()), "{first}");
        }
        for first in PAIR_FIRSTS {
            assert!(PAIRS.iter().any(|(a, _)| a.as_bytes() == *first));
        }
    }

    #[test]
    fn every_deciding_name_may_matter_in_any_case() {
        for name in deciding() {
            for spelling in [name.clone(), name.to_ascii_uppercase()] {
                assert!(
                    may_matter(&spelling),
                    "{}",
                    String::from_utf8_lossy(&spelling)
                );
            }
        }
    }

    /// Parts that come near the rules: listed names in any case, with
    /// stems and junk around them, and ordinary words.
    fn near_parts() -> impl Strategy<Value = Vec<Vec<u8>>> {
        let listed = listed();
        let part = prop_oneof![
            (prop::sample::select(listed.clone()), any::<u64>()).prop_map(|(n, case)| {
                n.iter()
                    .enumerate()
                    .map(|(i, b)| {
                        if case >> (i % 64) & 1 == 1 {
                            b.to_ascii_uppercase()
                        } else {
                            *b
                        }
                    })
                    .collect()
            }),
            ("[a-z0-9._: ?-]{0,6}", prop::sample::select(listed.clone())).prop_map(|(stem, n)| {
                let mut part = stem.into_bytes();
                part.extend(n);
                part
            }),
            (prop::sample::select(listed), "[a-z0-9. ]{0,4}").prop_map(|(n, junk)| {
                let mut part = n;
                part.extend(junk.into_bytes());
                part
            }),
            "[a-zA-Z0-9._: ?-]{0,12}".prop_map(String::into_bytes),
            Just(b"..".to_vec()),
            Just(Vec::new()),
        ];
        prop::collection::vec(part, 0..6)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// What lets `triage` skip the scan: a path with a sensitive file
        /// has a part that may matter.
        #[test]
        fn a_sensitive_path_has_a_part_that_may_matter(parts in near_parts()) {
            if let Some(why) = sensitive_target(&parts) {
                prop_assert!(parts.iter().any(|p| may_matter(p)), "{why}");
            }
        }
    }

    fn parts(s: &str) -> Vec<String> {
        s.split(['/', '\\']).map(str::to_string).collect()
    }

    #[test]
    fn lfi_targets() {
        for p in [
            "/etc/passwd",
            "/boot/grub/grub.conf",
            "/usr/local/apache2/conf/httpd.conf",
            "/var/log/maillog",
            "?/??/etc/passwd",
            "/.bash_history",
            "/proc/self/environ",
            "c:/windows/win.ini",
            "\\..\\windows\\win.ini",
            "config.php",
        ] {
            assert!(sensitive_target(&parts(p)).is_some(), "{p}");
        }
    }

    #[test]
    fn ordinary_paths_are_not_targets() {
        for p in [
            "/usr/shadow/www/afs.html",
            "/windows/ie/",
            "/log/post.htm",
            "/home/index.html",
            "/usr/eng/about.shtml",
            "/.net/",
            "/a/.html",
            "/blog/etc",
            "/logs",
        ] {
            assert!(sensitive_target(&parts(p)).is_none(), "{p}");
        }
    }
}
