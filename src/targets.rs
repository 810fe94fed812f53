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

/// File names that are sensitive wherever they appear.
const NAMES: &[&str] = &[
    "passwd",
    "shadow",
    "master.passwd",
    "boot.ini",
    "win.ini",
    "system.ini",
    "global.asa",
    "web.config",
    "authorized_keys",
    "id_rsa",
    "id_dsa",
    "environ",
    "cmdline",
    "access_log",
    "error_log",
    "access.log",
    "error.log",
    "accesslog",
    "config.php",
    "config.inc.php",
    "_config.php",
    "config.asp",
    "config.js",
    "database.php",
    "database.asp",
    "database.js",
    "db.php",
    "dbase.php",
    "data.php",
    "install.php",
    "users.db.php",
    "pass.dat",
    "passwd.dat",
    "wp-config.php",
    "localsettings.php",
    "settings.php",
];

/// Dotfiles that hold credentials, history or server configuration.
const DOTFILES: &[&str] = &[
    ".htaccess",
    ".htpasswd",
    ".bash_history",
    ".bash_profile",
    ".bash_logout",
    ".bash_logut",
    ".bashrc",
    ".cshrc",
    ".ksh_history",
    ".sh_history",
    ".forward",
    ".logout",
    ".netrc",
    ".pass",
    ".passwd",
    ".profile",
    ".rhosts",
    ".shosts",
    ".ssh",
    ".xauthority",
    ".git",
    ".svn",
    ".env",
    ".aws",
    ".npmrc",
    ".docker",
];

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

/// Why `parts` (the path split on `/` and `\`, lowercased, in order) names
/// a sensitive file, if it does.
///
/// # Examples
/// ```
/// use urlscope::targets::sensitive_target;
/// let parts = |s: &str| s.split('/').map(str::to_string).collect::<Vec<_>>();
/// assert!(sensitive_target(&parts("../../etc/passwd")).is_some());
/// assert!(sensitive_target(&parts("var/www/html/.htaccess")).is_some());
/// assert!(sensitive_target(&parts("c:/boot.ini")).is_some());
/// assert!(sensitive_target(&parts("blog/2024/index.html")).is_none());
/// ```
pub fn sensitive_target<S: AsRef<[u8]>>(parts: &[S]) -> Option<String> {
    // Dot segments, empty parts and wildcard junk ('?') come before the target.
    let is_lead = |p: &[u8]| p.iter().all(|&c| c == b'.' || c == b'?');
    let names = || parts.iter().map(AsRef::as_ref).filter(|p| !is_lead(p));
    let eq = |a: &str, b: &[u8]| a.len() == b.len() && a.as_bytes().eq_ignore_ascii_case(b);
    let in_list = |list: &[&str], name: &[u8]| list.iter().any(|item| eq(item, name));
    let show = |b: &[u8]| crate::text::escape_bytes(b);
    if let Some(first) = names().next() {
        if first.len() >= 2
            && first.get(1) == Some(&b':')
            && first.first().is_some_and(u8::is_ascii_alphabetic)
        {
            return Some(format!("the Windows drive path '{}'", show(first)));
        }
        // Every system directory starts with one of these.
        if in_list(
            &[
                "etc", "proc", "boot", "private", "var", "usr", "opt", "apache", "apache2",
            ],
            first,
        ) {
            let count = names().count();
            for dir in SYSTEM_DIRS {
                // `/var/log` itself is a target; `/logs` alone is just a page.
                let whole_dir_counts = dir.len() > 1
                    || dir
                        .first()
                        .is_some_and(|d| matches!(*d, "etc" | "proc" | "boot"));
                let long_enough = count > dir.len() || (whole_dir_counts && count == dir.len());
                if long_enough && names().zip(dir.iter()).all(|(a, b)| eq(b, a)) {
                    return Some(format!(
                        "a file under the system directory '/{}/'",
                        dir.join("/")
                    ));
                }
            }
        }
    }
    let mut previous: Option<&[u8]> = None;
    for name in names() {
        if let Some(a) = previous {
            if PAIRS.iter().any(|(x, y)| eq(x, a) && eq(y, name)) {
                return Some(format!("the system file '{}/{}'", show(a), show(name)));
            }
        }
        previous = Some(name);
        if name.first() == Some(&b'.') && in_list(DOTFILES, name) {
            return Some(format!("the hidden file '{}'", show(name)));
        }
        let ends_with = |e: &str| {
            name.len() >= e.len()
                && name
                    .get(name.len() - e.len()..)
                    .is_some_and(|t| t.eq_ignore_ascii_case(e.as_bytes()))
        };
        if name.len() > 4
            && memchr::memchr2(b'.', b'_', name).is_some()
            && EXTENSIONS.iter().any(|e| ends_with(e))
        {
            return Some(format!("the configuration or log file '{}'", show(name)));
        }
    }
    // A file name counts only as the last part: `/shadow/` is a directory.
    if let Some(last) = parts.last().map(AsRef::as_ref).filter(|p| !is_lead(p)) {
        // Probes append junk after a space ("dbase.php a").
        let last = last.split(|&b| b == b' ').next().unwrap_or(last);
        if in_list(NAMES, last) {
            return Some(format!("the sensitive file '{}'", show(last)));
        }
    }
    None
}

/// Text hidden in base64 (standard or URL-safe alphabet, padding optional),
/// when `bytes` is entirely base64 and decodes to printable text.
///
/// # Examples
/// ```
/// use urlscope::targets::base64_text;
/// assert_eq!(base64_text(b"Li4vLi4vZXRjL3Bhc3N3ZA==").as_deref(), Some("../../etc/passwd"));
/// assert_eq!(base64_text(b"index"), None);
/// ```
pub fn base64_text(bytes: &[u8]) -> Option<String> {
    // Padding only at the end.
    let body = bytes
        .strip_suffix(b"==")
        .or_else(|| bytes.strip_suffix(b"="))
        .unwrap_or(bytes);
    if body.len() < 8
        || !body
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'-' | b'_'))
    {
        return None;
    }
    let engines = [
        base64::engine::general_purpose::STANDARD_NO_PAD,
        base64::engine::general_purpose::URL_SAFE_NO_PAD,
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
    memchr::memchr2(b'/', b'\\', decoded)?;
    let text = std::str::from_utf8(decoded).ok()?;
    let printable = text.chars().all(|c| !c.is_control() || c == '\t');
    let _ = &heap;
    printable.then(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

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
