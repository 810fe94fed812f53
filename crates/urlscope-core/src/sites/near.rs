//! The deletion index's keys, flat: every famous name whole and with each
//! of its letters deleted, as (hash, name, deleted letter) entries in one
//! list, grouped in buckets by their hash. A key is never written out: an
//! entry says which letter of which name it lacks, and a lookup compares
//! the key it was asked for with that name around that letter.
//!
//! Built on first use from the tables in two linear passes (a counting
//! sort by bucket, no comparison sort): no string and no list is
//! allocated per key (the top sites' 100,000 keys as a hash map of boxed
//! keys and lists took 14 MB and 22 ms to build).

use super::fast::{deleted_hash, poly, poly_step, KeyHashes, POWERS};
use super::{Famous, Index};

/// The `deleted` of an entry for a name whole.
const WHOLE: u8 = u8::MAX;

/// One key of the index: the famous name `famous` (an index into
/// [`Index::famous`]), whole or with its letter `deleted` left out, and
/// the key's [`poly`] hash.
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    hash: u64,
    famous: u32,
    deleted: u8,
}

impl Index {
    /// The index of `famous`: each name whole, and, unless its brand's
    /// names have ordinary neighbours, with each of its letters deleted.
    pub(super) fn of(famous: Vec<Famous>) -> Index {
        let mut entries = Vec::with_capacity(famous.iter().map(|f| f.name.len() + 1).sum());
        for (at, f) in famous.iter().enumerate() {
            let Ok(at) = u32::try_from(at) else { break };
            let name = f.name.as_bytes();
            let whole = poly(name);
            entries.push(Entry {
                hash: whole,
                famous: at,
                deleted: WHOLE,
            });
            // A deletion's hash needs BASE to the power of the letters
            // after it: DNS labels (63 bytes at most) have them all.
            if f.near_words || name.len() > POWERS.len() {
                continue;
            }
            let mut head = 0;
            for (i, &b) in name.iter().enumerate() {
                let next = poly_step(head, b);
                // Deleting either of two equal letters in a row leaves
                // the same key: it is kept once.
                let repeated = i > 0 && name.get(i - 1) == Some(&b);
                let power = POWERS.get(name.len() - 1 - i).copied().unwrap_or_default();
                if let (false, Ok(deleted)) = (repeated, u8::try_from(i)) {
                    entries.push(Entry {
                        hash: deleted_hash(whole, head, next, power),
                        famous: at,
                        deleted,
                    });
                }
                head = next;
            }
        }
        // A key's hash is set once however many entries it has.
        let hashes = KeyHashes::of(entries.iter().map(|e| e.hash));
        let (buckets, entries) = Buckets::of(entries);
        Index {
            hashes,
            famous,
            buckets,
            entries,
        }
    }

    /// The famous names (indexes into [`Index::famous`], ascending, each
    /// once) that `key` is, or is with one letter deleted.
    pub(super) fn near<'a>(&'a self, key: &'a [u8]) -> impl Iterator<Item = u32> + 'a {
        let hash = poly(key);
        let bucket = match self.hashes.may_hold(hash) {
            true => self.buckets.range(hash),
            false => 0..0,
        };
        self.in_bucket(key, hash, bucket)
    }

    /// Whether `key` is a key of the index.
    pub(super) fn has_key(&self, key: &[u8]) -> bool {
        self.near(key).next().is_some()
    }

    /// [`Index::has_key`] of a key whose [`poly`] hash `hash` the caller
    /// has already found in [`Index::hashes`] (`one_edit_from`, which
    /// hashes each deletion from the label's hash).
    pub(super) fn has_hashed_key(&self, key: &[u8], hash: u64) -> bool {
        self.in_bucket(key, hash, self.buckets.range(hash))
            .next()
            .is_some()
    }

    /// The famous names of the entries in `bucket` that stand for `key`,
    /// whose hash is `hash`.
    fn in_bucket<'a>(
        &'a self,
        key: &'a [u8],
        hash: u64,
        bucket: std::ops::Range<usize>,
    ) -> impl Iterator<Item = u32> + 'a {
        self.entries
            .get(bucket)
            .unwrap_or_default()
            .iter()
            .filter(move |e| e.hash == hash && self.is_key_of(e, key))
            .map(|e| e.famous)
    }

    /// Whether `key` is the key `entry` stands for.
    fn is_key_of(&self, entry: &Entry, key: &[u8]) -> bool {
        let Some(f) = self.famous.get(entry.famous as usize) else {
            return false;
        };
        let name = f.name.as_bytes();
        if entry.deleted == WHOLE {
            return name == key;
        }
        let d = usize::from(entry.deleted);
        key.len() + 1 == name.len()
            && name.get(..d) == key.get(..d)
            && name.get(d + 1..) == key.get(d..)
    }
}

/// Where each bucket of entries starts: a bucket holds the entries whose
/// hash, mixed, starts with its number's bits.
pub(super) struct Buckets {
    starts: Vec<u32>,
    shift: u32,
}

impl Buckets {
    /// The buckets of `entries` (about one entry a bucket), and the
    /// entries in their buckets' order, each bucket's in their order in
    /// `entries`.
    fn of(entries: Vec<Entry>) -> (Buckets, Vec<Entry>) {
        let bits = entries.len().max(2).next_power_of_two().trailing_zeros();
        let mut buckets = Buckets {
            starts: vec![0; (1 << bits) + 1],
            shift: 64 - bits,
        };
        for e in &entries {
            let b = buckets.of_hash(e.hash);
            if let Some(count) = buckets.starts.get_mut(b + 1) {
                *count += 1;
            }
        }
        let mut sum = 0;
        for start in &mut buckets.starts {
            sum += *start;
            *start = sum;
        }
        let mut next = buckets.starts.clone();
        let mut placed = vec![Entry::default(); entries.len()];
        for e in entries {
            let Some(at) = next.get_mut(buckets.of_hash(e.hash)) else {
                continue;
            };
            if let Some(slot) = placed.get_mut(*at as usize) {
                *slot = e;
            }
            *at += 1;
        }
        (buckets, placed)
    }

    fn of_hash(&self, hash: u64) -> usize {
        (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The range of the entries in `hash`'s bucket.
    fn range(&self, hash: u64) -> std::ops::Range<usize> {
        let b = self.of_hash(hash);
        match (self.starts.get(b), self.starts.get(b + 1)) {
            (Some(&start), Some(&end)) => start as usize..end as usize,
            _ => 0..0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{brand_index, edits::deletions, index};
    use std::collections::BTreeMap;

    /// The flat index answers as a map of written-out keys would: every
    /// key of every famous name (whole, and each deletion unless its
    /// brand's names have ordinary neighbours) gives exactly the names
    /// it comes from, and a few that are no keys give none.
    #[test]
    fn the_flat_index_is_the_map_of_its_keys() {
        for index in [brand_index(), index()] {
            let mut map: BTreeMap<String, Vec<u32>> = BTreeMap::new();
            for (at, f) in index.famous.iter().enumerate() {
                let at = u32::try_from(at).unwrap_or(u32::MAX);
                map.entry(f.name.to_string()).or_default().push(at);
                if !f.near_words {
                    for deleted in deletions(f.name) {
                        let list = map.entry(deleted).or_default();
                        if list.last() != Some(&at) {
                            list.push(at);
                        }
                    }
                }
            }
            assert!(map.len() > 1000, "{}", map.len());
            for (key, mut want) in map {
                want.sort_unstable();
                want.dedup();
                let got: Vec<u32> = index.near(key.as_bytes()).collect();
                assert_eq!(got, want, "{key}");
            }
            for key in ["", "q", "zzzzzzzzzz", "paypal-login-secure", "exampel"] {
                assert_eq!(index.near(key.as_bytes()).count(), 0, "{key}");
            }
        }
    }
}
