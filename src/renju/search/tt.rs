//! The transposition table: shared by every search thread without locks.
//!
//! Each entry is two atomic words, the key XORed with the data and the data; a torn write
//! by two threads at once fails the XOR check on reading and reads as a miss.

use crate::core::Point;
use std::alloc::{alloc_zeroed, Layout};
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
    slots: Box<[Slot]>,
}

/// One entry: the key XORed with the data, and the data.
type Slot = [AtomicU64; 2];

/// `entries` zeroed slots, or `None` when the allocator has not that much memory.
fn zeroed_slots(entries: usize) -> Option<Box<[Slot]>> {
    let layout = Layout::array::<Slot>(entries).ok()?;
    // SAFETY: the layout has a non-zero size (entries >= 1024); an all-zero `AtomicU64` is
    // a valid 0 (it has the bit validity of `u64`); the pointer comes from the global
    // allocator with the layout of `[Slot]` of this length, which is what `Box<[Slot]>`
    // frees it with.
    unsafe {
        let ptr = alloc_zeroed(layout).cast::<Slot>();
        (!ptr.is_null()).then(|| Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, entries)))
    }
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
    ///
    /// The memory comes zeroed from the allocator (fresh pages for a large table), so a
    /// table costs nothing until the search writes to it: an engine starts, and a manager's
    /// `INFO max_memory` resizes it, in a few milliseconds, not the tenth of a second that
    /// writing 64 MiB of zeros takes.
    pub fn with_bytes(bytes: usize) -> TranspositionTable {
        let mut entries = entries_for(bytes);
        loop {
            if let Some(slots) = zeroed_slots(entries) {
                return TranspositionTable { slots };
            }
            if entries <= 1024 {
                std::alloc::handle_alloc_error(Layout::array::<Slot>(entries).expect("small"));
            }
            entries /= 2;
        }
    }

    /// The size of a table asked for `bytes` (when the memory can be had).
    pub fn bytes_for(bytes: usize) -> usize {
        entries_for(bytes) * ENTRY_BYTES
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * ENTRY_BYTES
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        &self.slots[key as usize & (self.slots.len() - 1)]
    }

    /// Starts loading `key`'s slot into the cache, for a [`probe`](Self::probe) soon
    /// after: a slot is a cache miss in a table of megabytes, and a move's bookkeeping
    /// takes about as long as the load.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const Slot = self.slot(key);
            // SAFETY: a prefetch is only a hint to the cache; it reads nothing the
            // program sees and cannot fault, and the pointer is into the table anyway.
            unsafe { _mm_prefetch(slot.cast::<i8>(), _MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
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

    /// An empty table of the same size (fresh zeroed memory, so clearing a table the
    /// search never touched touches nothing either).
    pub fn emptied(&self) -> TranspositionTable {
        Self::with_bytes(self.bytes())
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

    #[test]
    fn a_new_or_emptied_table_holds_nothing() {
        let tt = TranspositionTable::with_bytes(1 << 16);
        assert_eq!(tt.bytes(), TranspositionTable::bytes_for(1 << 16));
        assert!(tt
            .slots
            .iter()
            .all(|[k, d]| k.load(Relaxed) == 0 && d.load(Relaxed) == 0));
        let entry = Entry {
            best: None,
            score: 3,
            depth: 1,
            bound: Bound::Exact,
        };
        for key in 1..5000u64 {
            tt.store(key.wrapping_mul(0x9e37_79b9_7f4a_7c15), entry);
        }
        assert!(tt.usage_permille() > 900);
        let empty = tt.emptied();
        assert_eq!(empty.bytes(), tt.bytes());
        assert_eq!(empty.usage_permille(), 0);
        assert_eq!(empty.probe(1u64.wrapping_mul(0x9e37_79b9_7f4a_7c15)), None);
    }
}
