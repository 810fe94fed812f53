//! The fast path's verdicts on hosts, kept per thread: a log names the
//! same hosts again and again, and a host's verdict (its name's tests,
//! its service, whether it imitates a famous site) costs more than the
//! rest of a plain URL's scan.
//!
//! The cache is direct-mapped and keyed by the whole host name and the
//! threshold, compared byte for byte: a verdict is a pure function of
//! both, so what an earlier line put there can only be the answer.

use super::{host_verdict, HostVerdict};
use crate::names::Labels;
use crate::warnings::Severity;
use std::cell::RefCell;
use std::hash::BuildHasher;

/// Slots per thread (a 64-byte line each: 256 KB).
const SLOTS: usize = 4096;

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
    let at = foldhash::fast::FixedState::with_seed(0x5eed).hash_one(name) as usize % SLOTS;
    let found = SLOTS_OF_THREAD.with(|slots| {
        let slots = slots.try_borrow().ok()?;
        let slot = slots.get(at)?;
        let same = usize::from(slot.len) == name.len()
            && slot.min == min
            && slot.name.get(..name.len()) == Some(name);
        same.then_some(slot.verdict)
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
        let (Some(slot), Ok(len)) = (slots.get_mut(at), u8::try_from(name.len())) else {
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
}
