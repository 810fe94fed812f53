//! The fast path's verdicts on hosts, kept per thread: a log names the
//! same hosts again and again, and a host's verdict (its name's tests,
//! its service, whether it imitates a famous site) costs more than the
//! rest of a plain URL's scan.
//!
//! The cache is four-way set-associative and keyed by the whole host name
//! and the threshold, compared byte for byte: a verdict is a pure
//! function of both, so what an earlier line put there can only be the
//! answer. A new verdict goes first in its set and the set's oldest
//! leaves it: kasztp's 22,154 hosts, each seen again a pass later, miss
//! a direct-mapped cache of the same size twice as often (two hosts that
//! share a slot evict each other every pass).

use super::{SHARED_HOST, SHORTENER};
use crate::names::Labels;
use crate::services::ServiceHint;
use crate::warnings::Severity;
use std::cell::RefCell;
use std::hash::BuildHasher;

/// Slots per thread (a 64-byte line each: 2 MiB).
const SLOTS: usize = 32768;

/// Slots per set: the slots a host name may be kept in.
const WAYS: usize = 4;

/// The longest host name kept; longer ones are judged each time.
const LONGEST: usize = 61;

/// One cache line: a lookup reads one line, never two.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Slot {
    /// The name's length; 0 for an empty slot (no name is empty).
    len: u8,
    min: Severity,
    verdict: HostVerdict,
    name: [u8; LONGEST],
}

const _: () = assert!(std::mem::size_of::<Slot>() == 64);

const EMPTY: Slot = Slot {
    len: 0,
    min: Severity::Info,
    verdict: HostVerdict::NotPlain,
    name: [0; LONGEST],
};

thread_local! {
    static SLOTS_OF_THREAD: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
}

/// [`host_verdict`] of `host` at `min`, from this thread's cache when it
/// holds it.
pub(super) fn verdict(host: &Labels<'_>, min: Severity) -> HostVerdict {
    let name = host.name();
    if name.is_empty() || name.len() > LONGEST {
        return host_verdict(host, min);
    }
    let set = foldhash::fast::FixedState::with_seed(0x5eed).hash_one(name) as usize
        % (SLOTS / WAYS)
        * WAYS;
    let found = SLOTS_OF_THREAD.with(|slots| {
        let slots = slots.try_borrow().ok()?;
        slots.get(set..set + WAYS)?.iter().find_map(|slot| {
            let same = usize::from(slot.len) == name.len()
                && slot.min == min
                && slot.name.get(..name.len()) == Some(name);
            same.then_some(slot.verdict)
        })
    });
    if let Some(verdict) = found {
        return verdict;
    }
    let verdict = host_verdict(host, min);
    SLOTS_OF_THREAD.with(|slots| {
        let Ok(mut slots) = slots.try_borrow_mut() else {
            return;
        };
        if slots.is_empty() {
            slots.resize(SLOTS, EMPTY);
        }
        let (Some(ways), Ok(len)) = (slots.get_mut(set..set + WAYS), u8::try_from(name.len()))
        else {
            return;
        };
        // The newest first; the oldest leaves.
        ways.rotate_right(1);
        let Some(slot) = ways.first_mut() else {
            return;
        };
        let Some(kept) = slot.name.get_mut(..name.len()) else {
            return;
        };
        kept.copy_from_slice(name);
        slot.len = len;
        slot.min = min;
        slot.verdict = verdict;
    });
    verdict
}

/// What a plain origin's host says of the URL at `min`, the URL aside.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum HostVerdict {
    /// It may have a warning at `min` whatever follows.
    NotPlain,
    /// It gives no warning at `min`.
    Plain,
    /// It is on a shared hosting service, with no lure in the account's
    /// labels: plain unless the path or the query holds a sign-in word
    /// or a brand's name; or, on file storage or an IPFS gateway
    /// (`stores_files`), unless it may open a web page
    /// ([`crate::analysis::checks::stored_page`]).
    PlainWithoutLure { stores_files: bool },
    /// It is a web archive's: plain unless the path is the address of
    /// its copy of a page (`/web/2020/paypa1.com/signin`), whose URL the
    /// analysis reads.
    Archive,
}

/// [`HostVerdict`] of a plain origin's host, whose labels its scan found:
/// what [`verdict`] keeps.
fn host_verdict(host: &Labels<'_>, min: Severity) -> HostVerdict {
    if !plain_host_name(host) {
        return HostVerdict::NotPlain;
    }
    let lure = match service_hint(host) {
        ServiceHint::None => false,
        ServiceHint::Shortener if min > SHORTENER => false,
        ServiceHint::Shortener => return HostVerdict::NotPlain,
        ServiceHint::Hosting => min <= SHARED_HOST,
    };
    // A label near a famous name, or a brand's token: the exact check.
    let name = host.name();
    if crate::sites::may_imitate(name, min) && crate::sites::imitates(name, min <= Severity::Low) {
        return HostVerdict::NotPlain;
    }
    // A wrapper whose destination no byte of the URL betrays.
    if crate::wrappers::hides_destination(name) {
        return HostVerdict::NotPlain;
    }
    // A sign-in word, a brand's name or a misspelt brand's token in the
    // account's labels (ahead of the service's domain; the service's own
    // name, `sites.google.com`, is no lure): judged once per host here,
    // the path and the query on each URL.
    let account = host.ahead_of_last_two();
    let service = name.get(account.len()..).unwrap_or_default();
    match lure {
        true if crate::services::lures::account_has_lure_word(account, service)
            || crate::analysis::checks::stored_page::gateway_cid(account).is_some() =>
        {
            HostVerdict::NotPlain
        }
        true => HostVerdict::PlainWithoutLure {
            stores_files: stores_files(name),
        },
        false if crate::wrappers::is_archive(name) => HostVerdict::Archive,
        false => HostVerdict::Plain,
    }
}

/// Whether a plain host on a listed shared service is on file storage or
/// an IPFS gateway, where a web page is a warning of its own (the
/// analysis's kind of service, found once per host).
fn stores_files(name: &[u8]) -> bool {
    let name = String::from_utf8_lossy(name).to_ascii_lowercase();
    crate::services::shared_hosting(&name).is_some_and(|service| {
        matches!(
            service.kind,
            crate::services::HostingKind::Storage | crate::services::HostingKind::Ipfs
        )
    })
}

/// What the last two labels of a plain host say of it (its one trailing
/// dot dropped): a shortener's, or on a listed shared service, maybe.
#[inline(always)]
fn service_hint(labels: &Labels<'_>) -> ServiceHint {
    match labels.name().strip_suffix(b".") {
        Some(host) => crate::services::service_hint(host),
        None if crate::services::may_be_listed(labels.last_two(), labels.last_three()) => {
            crate::services::listed_hint(labels.name(), labels.last_two())
        }
        None => ServiceHint::None,
    }
}

/// Whether the host of a plain origin, whose labels its scan found, is a
/// plain name: none that may lead inside, none that shows another site
/// ahead of its own.
///
/// The labels are borrowed, not copied: a copy of the scan's fields read
/// back whole stalled the load on every URL.
fn plain_host_name(labels: &Labels<'_>) -> bool {
    // A trailing dot ends no label here (rare: the labels are found again).
    match labels.name().strip_suffix(b".") {
        Some(host) => plain_name(&Labels::of(host)),
        None => plain_name(labels),
    }
}

/// [`plain_host_name`] of the name its labels hold (one trailing dot
/// dropped).
#[inline(always)]
fn plain_name(labels: &Labels<'_>) -> bool {
    let host = labels.name();
    if labels.may_be_internal() {
        return false;
    }

    // Most names cannot show another site, whatever the Public Suffix
    // List says of them: those skip the lookup.
    let may_show = if host.ends_with(b".") {
        crate::names::may_show_another_site(host)
    } else {
        labels.may_show_another_site()
    };
    if !may_show {
        return true;
    }
    // The Public Suffix List is read in lowercase; most hosts already are.
    let name = String::from_utf8_lossy(host);
    let name = if name.bytes().any(|b| b.is_ascii_uppercase()) {
        std::borrow::Cow::Owned(name.to_ascii_lowercase())
    } else {
        name
    };
    let Some(real) = crate::names::registrable_domain(&name) else {
        return true;
    };
    crate::names::shown_site(&name, real).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same verdict, first judged then kept, for hosts of each kind
    /// and both thresholds.
    #[test]
    fn a_kept_verdict_is_the_verdict() {
        for name in [
            "www.example.com",
            "paypa1.com",
            "bit.ly",
            "user.github.io",
            "localhost",
            "www.paypal.com.evil.example",
            "web.archive.org",
        ] {
            for min in [
                Severity::Info,
                Severity::Low,
                Severity::Medium,
                Severity::High,
            ] {
                let labels = Labels::of(name.as_bytes());
                let first = verdict(&labels, min);
                assert_eq!(first, host_verdict(&labels, min), "{name} {min:?}");
                assert_eq!(verdict(&labels, min), first, "{name} {min:?}");
            }
        }
    }

    /// More hosts than the cache holds, each judged twice in turn with
    /// the others between: every set overflows and its oldest verdicts
    /// leave, and each answer is still the host's own.
    #[test]
    fn verdicts_stay_right_as_sets_overflow() {
        let names: Vec<String> = (0..SLOTS + SLOTS / 2)
            .map(|k| match k % 4 {
                0 => format!("www.site{k}.example"),
                1 => format!("paypa{k}.com"),
                2 => format!("user{k}.github.io"),
                _ => format!("db{k}.internal"),
            })
            .collect();
        for _ in 0..2 {
            for name in &names {
                let labels = Labels::of(name.as_bytes());
                let min = Severity::Medium;
                assert_eq!(verdict(&labels, min), host_verdict(&labels, min), "{name}");
            }
        }
    }
}
