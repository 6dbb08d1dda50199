//! The search tree: nodes in an arena shared by every search thread.
//!
//! Every field a thread may read while another writes is atomic, so the tree needs no lock
//! and no `unsafe`. A node is expanded by the one thread that wins the `Unexpanded ->
//! Expanding` exchange; it fills the children first and publishes them with a release
//! store of `Expanded`, which readers load with acquire before looking at the children.

use once_cell::sync::OnceCell;
use std::ops::Range;
use std::sync::atomic::{AtomicI32, AtomicI64, AtomicU16, AtomicU32, AtomicU8, Ordering::*};

/// The size of a node.
pub(super) const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// The move stored for a pass.
pub(super) const PASS: u16 = u16::MAX;

/// Nodes per arena chunk: chunks are allocated as the tree grows, so a large memory bound
/// costs nothing until the tree reaches it.
const CHUNK_BITS: u32 = 15;
const CHUNK: usize = 1 << CHUNK_BITS;

const UNEXPANDED: u8 = 0;
const EXPANDING: u8 = 1;
const EXPANDED: u8 = 2;

/// The results of a node's playouts, from the point of view of the player whose move
/// led to it. Wins are counted in halves so that a draw (or a void game) is one.
#[derive(Default, Debug)]
pub(super) struct Node {
    mv: AtomicU16,
    /// The prior judgement of the move, a win rate in `0..=1` worth
    /// [`MctsParams::prior_visits`](super::MctsParams::prior_visits) playouts.
    prior: AtomicU32,
    /// The learned probability of the move among its siblings, in units of 1/65535
    /// (zero for a pass, or without learned patterns); it fits in the node's padding.
    policy: AtomicU16,
    visits: AtomicU32,
    half_wins: AtomicU32,
    /// Threads now below this node: each counts as a lost playout, so that threads spread
    /// over the tree instead of all descending the same line.
    virtual_losses: AtomicU32,
    rave_visits: AtomicU32,
    rave_half_wins: AtomicU32,
    /// Sum over the playouts of the final lead, in half points, of the player whose move
    /// led here (komi counted).
    lead: AtomicI64,
    first_child: AtomicU32,
    children: AtomicU16,
    state: AtomicU8,
}

/// A snapshot of one node's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Stats {
    pub(super) visits: u32,
    pub(super) half_wins: u32,
    pub(super) virtual_losses: u32,
    pub(super) rave_visits: u32,
    pub(super) rave_half_wins: u32,
    pub(super) lead: i64,
    pub(super) prior: f32,
    pub(super) policy: f32,
}

impl Node {
    fn reset(&self, mv: u16, prior: f32, policy: f32) {
        self.mv.store(mv, Relaxed);
        self.prior.store(prior.to_bits(), Relaxed);
        let policy = (policy.clamp(0.0, 1.0) * f32::from(u16::MAX)).round() as u16;
        self.policy.store(policy, Relaxed);
        for count in [
            &self.visits,
            &self.half_wins,
            &self.virtual_losses,
            &self.rave_visits,
            &self.rave_half_wins,
            &self.first_child,
        ] {
            count.store(0, Relaxed);
        }
        self.lead.store(0, Relaxed);
        self.children.store(0, Relaxed);
        self.state.store(UNEXPANDED, Relaxed);
    }

    /// The move into this node: a vertex index, or [`PASS`].
    pub(super) fn mv(&self) -> u16 {
        self.mv.load(Relaxed)
    }

    pub(super) fn stats(&self) -> Stats {
        Stats {
            visits: self.visits.load(Relaxed),
            half_wins: self.half_wins.load(Relaxed),
            virtual_losses: self.virtual_losses.load(Relaxed),
            rave_visits: self.rave_visits.load(Relaxed),
            rave_half_wins: self.rave_half_wins.load(Relaxed),
            lead: self.lead.load(Relaxed),
            prior: f32::from_bits(self.prior.load(Relaxed)),
            policy: f32::from(self.policy.load(Relaxed)) / f32::from(u16::MAX),
        }
    }

    pub(super) fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    /// The children as a range of arena indices, once the node is expanded.
    pub(super) fn children(&self) -> Option<std::ops::Range<u32>> {
        (self.state.load(Acquire) == EXPANDED).then(|| {
            let first = self.first_child.load(Relaxed);
            first..first + u32::from(self.children.load(Relaxed))
        })
    }

    /// Claims the expansion of this node; `false` when it is expanded or another thread
    /// is at it.
    pub(super) fn claim(&self) -> bool {
        self.state
            .compare_exchange(UNEXPANDED, EXPANDING, Acquire, Relaxed)
            .is_ok()
    }

    /// Gives up a claimed expansion (the arena was full): the node stays a leaf.
    pub(super) fn unclaim(&self) {
        self.state.store(UNEXPANDED, Release);
    }

    /// Counts a descent through this node as a lost playout until it is recorded; `alone`
    /// as for [`Counter::add`].
    pub(super) fn add_virtual_loss(&self, alone: bool) {
        self.virtual_losses.add(1, alone);
    }

    /// Records one playout through this node, whose mover scored `half_wins` (0, 1 or 2)
    /// and led by `lead` half points, and lifts the virtual loss of the descent.
    pub(super) fn record(&self, half_wins: u32, lead: i64, virtual_loss: bool, alone: bool) {
        self.visits.add(1, alone);
        self.half_wins.add(half_wins, alone);
        self.lead.add(lead, alone);
        if virtual_loss {
            self.virtual_losses.add(1u32.wrapping_neg(), alone);
        }
    }

    /// Records a playout in which the mover of this node played its move later on
    /// (all moves as first).
    pub(super) fn record_rave(&self, half_wins: u32, alone: bool) {
        self.rave_visits.add(1, alone);
        self.rave_half_wins.add(half_wins, alone);
    }
}

/// An atomic count that search threads add to.
pub(super) trait Counter {
    type Value;

    /// Adds `n`, wrapping. When other threads may add too, with a locked
    /// read-modify-write; when the search runs `alone` on one thread, with a plain load
    /// and store, which counts the same at a fraction of the cost: a locked add holds up
    /// the processor, and every playout makes hundreds of them (its path, the RAVE
    /// counts of the path's children, the owners of the points).
    fn add(&self, n: Self::Value, alone: bool);
}

macro_rules! counter {
    ($($atomic:ty => $value:ty),*) => {$(
        impl Counter for $atomic {
            type Value = $value;

            #[inline]
            fn add(&self, n: $value, alone: bool) {
                if alone {
                    self.store(self.load(Relaxed).wrapping_add(n), Relaxed);
                } else {
                    self.fetch_add(n, Relaxed);
                }
            }
        }
    )*};
}

counter!(AtomicU32 => u32, AtomicI32 => i32, AtomicI64 => i64);

/// The nodes of a tree, allocated in contiguous runs (a node's children) up to a bound.
pub(super) struct Arena {
    chunks: Box<[OnceCell<Box<[Node]>>]>,
    next: AtomicU32,
    capacity: u32,
}

impl Arena {
    /// An arena of at most `capacity` nodes (at least one), none allocated yet.
    pub(super) fn new(capacity: usize) -> Arena {
        let capacity = capacity.clamp(1, u32::MAX as usize / 2) as u32;
        let chunks = (capacity as usize).div_ceil(CHUNK);
        Arena {
            chunks: (0..chunks).map(|_| OnceCell::new()).collect(),
            next: AtomicU32::new(0),
            capacity,
        }
    }

    /// The number of nodes an arena of `megabytes` can hold.
    pub(super) fn capacity_for(megabytes: usize) -> usize {
        megabytes.saturating_mul(1 << 20) / NODE_BYTES
    }

    pub(super) fn node(&self, i: u32) -> &Node {
        let chunk = self.chunks[(i >> CHUNK_BITS) as usize]
            .get()
            .expect("an allocated node's chunk exists");
        &chunk[i as usize & (CHUNK - 1)]
    }

    /// The nodes of `range`, each with its index, in order: cheaper than
    /// [`node`](Self::node) for each in the loops over a node's children, the hottest of
    /// the tree, as a run of children mostly lies in one chunk, looked up once.
    pub(super) fn nodes(&self, range: Range<u32>) -> impl Iterator<Item = (u32, &Node)> {
        let chunks = (range.start >> CHUNK_BITS)..range.end.div_ceil(CHUNK as u32);
        chunks.flat_map(move |c| {
            let base = c << CHUNK_BITS;
            let (first, end) = (range.start.max(base), range.end.min(base + CHUNK as u32));
            let chunk = self.chunks[c as usize]
                .get()
                .expect("an allocated node's chunk exists");
            (first..end).zip(&chunk[(first - base) as usize..(end - base) as usize])
        })
    }

    /// Nodes handed out so far (more than the capacity once an allocation failed).
    pub(super) fn used(&self) -> usize {
        (self.next.load(Relaxed) as usize).min(self.capacity as usize)
    }

    /// Is less than `fraction` of the arena left?
    pub(super) fn nearly_full(&self, fraction: f64) -> bool {
        (self.capacity as usize - self.used()) as f64 <= fraction * f64::from(self.capacity)
    }

    /// Allocates a run of nodes, one per `(move, prior, policy)`, and returns the first
    /// index; `None` when the arena cannot hold them.
    pub(super) fn alloc(&self, moves: &[(u16, f32, f32)]) -> Option<u32> {
        let k = u32::try_from(moves.len()).ok()?;
        let start = self.next.fetch_add(k, Relaxed);
        if u64::from(start) + u64::from(k) > u64::from(self.capacity) {
            return None;
        }
        for (i, &(mv, prior, policy)) in (start..).zip(moves) {
            self.chunks[(i >> CHUNK_BITS) as usize]
                .get_or_init(|| (0..CHUNK).map(|_| Node::default()).collect());
            self.node(i).reset(mv, prior, policy);
        }
        Some(start)
    }

    /// Makes `parent`, claimed by this thread, the parent of the run at `first`.
    pub(super) fn publish(&self, parent: u32, first: u32, count: usize) {
        let node = self.node(parent);
        node.first_child.store(first, Relaxed);
        node.children.store(count as u16, Relaxed);
        node.state.store(EXPANDED, Release);
    }

    /// Forgets every node; the next allocation starts again at index 0.
    pub(super) fn clear(&mut self) {
        *self.next.get_mut() = 0;
    }

    /// A fresh root node.
    pub(super) fn new_root(&mut self) -> u32 {
        self.clear();
        self.alloc(&[(PASS, 0.5, 0.0)])
            .expect("an arena holds at least one node")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_alike_alone_or_shared() {
        for alone in [true, false] {
            let node = Node::default();
            node.add_virtual_loss(alone);
            node.record(2, -7, true, alone);
            node.record(1, 3, false, alone);
            node.record_rave(2, alone);
            let stats = node.stats();
            assert_eq!(
                (
                    stats.visits,
                    stats.half_wins,
                    stats.virtual_losses,
                    stats.lead
                ),
                (2, 3, 0, -4)
            );
            assert_eq!((stats.rave_visits, stats.rave_half_wins), (1, 2));
        }
    }

    #[test]
    fn the_policy_fits_in_the_padding() {
        assert_eq!(NODE_BYTES, 48);
    }

    #[test]
    fn runs_are_contiguous_and_bounded() {
        let mut arena = Arena::new(CHUNK + 10);
        let root = arena.new_root();
        assert!(arena.node(root).claim());
        assert!(!arena.node(root).claim(), "one thread expands a node");
        let moves: Vec<(u16, f32, f32)> = (0..CHUNK as u16 - 3).map(|m| (m, 0.5, 0.0)).collect();
        let first = arena.alloc(&moves).unwrap();
        arena.publish(root, first, moves.len());
        let children = arena.node(root).children().unwrap();
        assert_eq!(children.len(), CHUNK - 3);
        // The next run crosses into the second chunk.
        let second = arena
            .alloc(&[(1, 0.2, 0.0), (2, 0.3, 0.1), (3, 0.4, 0.2), (4, 0.5, 0.3)])
            .unwrap();
        assert_eq!(arena.node(second + 3).mv(), 4);
        assert_eq!(arena.node(second + 3).stats().prior, 0.5);
        assert!((arena.node(second + 3).stats().policy - 0.3).abs() < 1e-4);
        let across: Vec<(u32, u16)> = arena
            .nodes(second..second + 4)
            .map(|(i, node)| (i, node.mv()))
            .collect();
        assert_eq!(across, (second..).zip(1..=4).collect::<Vec<_>>());
        assert!(arena.alloc(&moves).is_none(), "over the capacity");
        arena.clear();
        assert_eq!(arena.used(), 0);
        let root = arena.new_root();
        assert!(
            arena.node(root).children().is_none(),
            "cleared nodes are reset"
        );
    }
}
