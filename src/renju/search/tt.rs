//! The transposition table: shared by every search thread without locks.
//!
//! Each entry is two atomic words, the key XORed with the data and the data; a torn write
//! by two threads at once fails the XOR check on reading and reads as a miss.

use crate::core::Point;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

/// What the table remembers of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub best: Option<Point>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

const NO_MOVE: u64 = 0xffff;

impl Entry {
    fn pack(self) -> u64 {
        let mv = self
            .best
            .map_or(NO_MOVE, |p| (p.x as u64) << 8 | p.y as u64);
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        mv | ((self.score as i16 as u16 as u64) << 16)
            | ((self.depth.clamp(0, 255) as u64) << 32)
            | (bound << 40)
    }

    fn unpack(data: u64) -> Entry {
        let mv = data & 0xffff;
        Entry {
            best: (mv != NO_MOVE).then(|| Point::new((mv >> 8) as u8, mv as u8)),
            score: (data >> 16) as u16 as i16 as i32,
            depth: ((data >> 32) & 0xff) as i32,
            bound: match (data >> 40) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
        }
    }
}

/// Entries in a table of at most `bytes` (capped at [`MAX_BYTES`]): a power of two, at
/// least 1024.
fn entries_for(bytes: usize) -> usize {
    let wanted = (bytes.min(MAX_BYTES) / ENTRY_BYTES).max(1024);
    1usize << (usize::BITS - 1 - wanted.leading_zeros())
}

/// A fixed-size, always-replace-if-deeper hash table of [`Entry`].
///
/// ```
/// use tengen::renju::search::{TranspositionTable, Entry, Bound};
/// use tengen::core::Point;
/// let tt = TranspositionTable::with_megabytes(1);
/// let e = Entry { best: Some(Point::new(7, 7)), score: -42, depth: 5, bound: Bound::Lower };
/// tt.store(0xabcdef, e);
/// assert_eq!(tt.probe(0xabcdef), Some(e));
/// assert_eq!(tt.probe(0x123456), None);
/// ```
pub struct TranspositionTable {
    slots: Box<[[AtomicU64; 2]]>,
}

/// Bytes per entry.
const ENTRY_BYTES: usize = 16;
/// The largest table, whatever a manager asks: 2 GiB.
const MAX_BYTES: usize = 1 << 31;

impl TranspositionTable {
    /// A table of at most `mb` MiB (at least 1024 entries), a power of two in entries.
    pub fn with_megabytes(mb: usize) -> TranspositionTable {
        Self::with_bytes(mb.saturating_mul(1 << 20))
    }

    /// A table of at most `bytes` bytes (at least 1024 entries). When the memory cannot be
    /// had, the table halves until it can: a size asked by a manager never aborts.
    pub fn with_bytes(bytes: usize) -> TranspositionTable {
        let mut entries = entries_for(bytes);
        loop {
            let mut slots: Vec<[AtomicU64; 2]> = Vec::new();
            if slots.try_reserve_exact(entries).is_ok() || entries <= 1024 {
                slots.extend((0..entries).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]));
                return TranspositionTable {
                    slots: slots.into_boxed_slice(),
                };
            }
            entries /= 2;
        }
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * ENTRY_BYTES
    }

    #[inline]
    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[key as usize & (self.slots.len() - 1)]
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [k, d] = self.slot(key);
        let data = d.load(Relaxed);
        (k.load(Relaxed) ^ data == key && data != 0).then(|| Entry::unpack(data))
    }

    /// Stores `entry`, unless the slot holds the same position searched deeper.
    pub fn store(&self, key: u64, entry: Entry) {
        let [k, d] = self.slot(key);
        let old = d.load(Relaxed);
        if k.load(Relaxed) ^ old == key && Entry::unpack(old).depth > entry.depth + 2 {
            return;
        }
        let data = entry.pack();
        k.store(key ^ data, Relaxed);
        d.store(data, Relaxed);
    }

    pub fn clear(&self) {
        for [k, d] in self.slots.iter() {
            k.store(0, Relaxed);
            d.store(0, Relaxed);
        }
    }

    /// Permille of the first thousand slots in use (Yixin's hash-usage figure).
    pub fn usage_permille(&self) -> usize {
        let n = self.slots.len().min(1000);
        self.slots[..n]
            .iter()
            .filter(|[_, d]| d.load(Relaxed) != 0)
            .count()
            * 1000
            / n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_powers_of_two_within_bounds() {
        assert_eq!(entries_for(0), 1024);
        assert_eq!(entries_for(1 << 20), (1 << 20) / ENTRY_BYTES);
        assert_eq!(entries_for((1 << 20) + 5), (1 << 20) / ENTRY_BYTES);
        assert_eq!(entries_for(usize::MAX), MAX_BYTES / ENTRY_BYTES);
    }
}
