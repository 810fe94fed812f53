//! Where a command's URLs or text come from: its argument, a file's raw
//! bytes, or standard input's lines; each URL resolved against `--base`
//! when there is one.

use super::args::InputArgs;
use super::exit::Failure;
use super::input;

/// The URLs to handle: the argument, a file's raw bytes (one URL, newlines
/// and all), or standard input's lines (`-`, or no URL with a pipe or a
/// file on standard input).
pub fn read_urls(args: &InputArgs) -> Result<Vec<Vec<u8>>, Failure> {
    if let Some(message) = super::mistakes::misspelt_option(args.url.iter().chain(&args.more)) {
        return Err(Failure::usage(message));
    }
    if let Some(url) = &args.url {
        if !args.more.is_empty() {
            return Err(Failure::usage(super::mistakes::split_argument(
                &std::env::args_os().collect::<Vec<_>>(),
                "URL",
                url,
                &args.more,
            )));
        }
    }
    match (&args.url, &args.file) {
        (_, Some(path)) => Ok(vec![input::read_file(path)?]),
        (Some(url), None) if url == "-" => input::stdin_urls(),
        (Some(url), None) => Ok(vec![input::os_bytes(url)]),
        (None, None) if input::stdin_has_data() => input::stdin_urls(),
        (None, None) => Err(Failure::usage(
            "no URL given: pass one as an argument, '-' for standard input \
             (one URL per line), or --file PATH",
        )),
    }
}

/// The URLs to handle, each resolved against `--base` when there is one.
pub fn targets(args: &InputArgs) -> Result<Vec<Vec<u8>>, Failure> {
    let urls = read_urls(args)?;
    match &args.base {
        Some(base) => Ok(super::resolve::targets_noted(super::reports::resolve_all(
            base, &urls,
        )?)),
        None => Ok(urls),
    }
}

/// The text of `encode` or `decode`: the argument, or with `-` the whole of
/// standard input (one final newline dropped).
pub fn read_text(
    text: &std::ffi::OsString,
    more: &[std::ffi::OsString],
) -> Result<Vec<u8>, Failure> {
    if !more.is_empty() {
        // `decode --al TEXT`: an option mistyped, not a text split.
        if let Some(message) = super::mistakes::misspelt_option(std::iter::once(text).chain(more)) {
            return Err(Failure::usage(message));
        }
        return Err(Failure::usage(super::mistakes::split_argument(
            &std::env::args_os().collect::<Vec<_>>(),
            "TEXT",
            text,
            more,
        )));
    }
    if text == "-" {
        input::read_stdin()
    } else {
        Ok(input::os_bytes(text))
    }
}
