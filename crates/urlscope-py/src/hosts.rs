//! What the Arrow triage says of a URL's host (the `host`, `reach` and
//! `imitates` fields), kept per thread: a log names the same hosts again
//! and again, and judging a host (its IDNA and address forms, then the
//! famous sites it may imitate) costs more than the rest of a row.
//!
//! The cache is direct-mapped and keyed by the host as written, compared
//! byte for byte: [`classify_host`] and [`imitation_of_host`] read nothing
//! but the host's text, so what an earlier row put there can only be the
//! answer.

use std::cell::RefCell;
use std::hash::BuildHasher;
use std::sync::Arc;
use urlscope_core::analysis::classify_host;
use urlscope_core::sites::imitation_of_host;

/// Where a host leads, as the row's fields say it.
#[derive(Debug)]
pub struct HostFacts {
    /// The host as a fetcher uses it ([`classify_host`]'s `canonical`).
    pub canonical: String,
    /// What kind of place that is ([`urlscope_core::analysis::Reach`]'s
    /// label).
    pub reach: &'static str,
    /// The famous domain the host imitates (`None` too when the
    /// imitation was not asked for).
    pub imitates: Option<String>,
}

impl HostFacts {
    /// Judge `host` (as written in the URL), and what it imitates when
    /// `imitation` asks for it.
    fn judge(host: &[u8], imitation: bool) -> HostFacts {
        let class = classify_host(&String::from_utf8_lossy(host));
        let imitates = imitation
            .then(|| imitation_of_host(&class.canonical))
            .flatten()
            .map(|i| i.domain);
        HostFacts {
            canonical: class.canonical,
            reach: class.reach.label(),
            imitates,
        }
    }
}

/// Slots per thread (40 bytes each, and about 160 more on the heap when
/// filled: some 3 MB in all). On a crawl list (the kasztp corpus, 22,000
/// hosts in 48,000 URLs) 16,384 slots answer 51% of the rows, against
/// 54% for a cache that forgets nothing, and 4,096 slots 47%, measurably
/// slower.
const SLOTS: usize = 16384;

/// The longest host kept (a DNS name has at most 253 bytes); longer ones
/// are judged each time.
const LONGEST: usize = 255;

struct Slot {
    /// The host as written.
    host: Vec<u8>,
    /// Whether `facts.imitates` was asked for (a slot without it does not
    /// answer a row that wants it).
    with_imitation: bool,
    facts: Arc<HostFacts>,
}

thread_local! {
    static SLOTS_OF_THREAD: RefCell<Vec<Option<Slot>>> = const { RefCell::new(Vec::new()) };
}

/// What [`HostFacts`] says of `host` (as written in the URL), from this
/// thread's cache when it holds it; `imitation` asks for `imitates`.
pub fn facts(host: &[u8], imitation: bool) -> Arc<HostFacts> {
    if host.len() > LONGEST {
        return Arc::new(HostFacts::judge(host, imitation));
    }
    let at = slot_of(host);
    let found = SLOTS_OF_THREAD.with(|slots| {
        let slots = slots.try_borrow().ok()?;
        let slot = slots.get(at)?.as_ref()?;
        let same = slot.host == host && (slot.with_imitation || !imitation);
        same.then(|| Arc::clone(&slot.facts))
    });
    if let Some(facts) = found {
        return facts;
    }
    let facts = Arc::new(HostFacts::judge(host, imitation));
    SLOTS_OF_THREAD.with(|slots| {
        let Ok(mut slots) = slots.try_borrow_mut() else {
            return;
        };
        if slots.is_empty() {
            slots.resize_with(SLOTS, || None);
        }
        let Some(slot) = slots.get_mut(at) else {
            return;
        };
        match slot {
            // The slot's buffer is reused for the new host.
            Some(kept) => {
                kept.host.clear();
                kept.host.extend_from_slice(host);
                kept.with_imitation = imitation;
                kept.facts = Arc::clone(&facts);
            }
            None => {
                *slot = Some(Slot {
                    host: host.to_vec(),
                    with_imitation: imitation,
                    facts: Arc::clone(&facts),
                });
            }
        }
    });
    facts
}

/// The slot of a host: its hash's top bits, hashed as the core's triage
/// cache hashes its hosts.
fn slot_of(host: &[u8]) -> usize {
    let hash = foldhash::fast::FixedState::with_seed(0x5eed).hash_one(host);
    (hash >> (u64::BITS - SLOTS.trailing_zeros())) as usize
}
