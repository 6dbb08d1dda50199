//! Threat-space search: VCF (victory by continuous fours) and VCT (by threes and fours).
//!
//! The attacker plays only threats; the defender answers every four at its one completion
//! point and every three with each move that could stop it (a point where the attacker
//! would make a four, or a counter-four of its own). Renju tactics come from the rules
//! core: Black's threats never use forbidden points, and a defender forced onto a point
//! forbidden to Black has lost — which is how White wins through forbidden points.

use super::eval::Threat;
use super::position::Position;
use crate::core::Point;
use smallvec::SmallVec;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// An attacker's candidate threats: kept on the stack, as a node seldom has more.
type Attacks = SmallVec<[(Point, Threat); 16]>;

/// Entries kept before the table of decided positions starts afresh.
const TABLE_LIMIT: usize = 1 << 15;

/// Which threats the attacker may play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Fours only.
    Vcf,
    /// Threes and fours.
    Vct,
}

/// A proven win for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Win {
    /// The first attacking move.
    pub first: Point,
    /// Attacking moves needed at most (the winner's moves, the five included).
    pub moves: u32,
}

/// Hashes the table's keys. A key is a Zobrist hash, already uniformly random, and a
/// mode: one multiply mixes them, where the default SipHash spent more than the lookup.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// A threat-space searcher with a node budget and a table of positions already decided.
pub struct ThreatSearch<'a> {
    stop: &'a AtomicBool,
    nodes: u64,
    budget: u64,
    /// Hash and mode -> `Some(true)` proven win, `Some(false)` no win within `depth`.
    table: HashMap<(u64, Mode), (bool, u32), BuildHasherDefault<KeyHasher>>,
}

impl<'a> ThreatSearch<'a> {
    /// A searcher that gives up when `stop` is raised.
    pub fn new(stop: &'a AtomicBool) -> ThreatSearch<'a> {
        ThreatSearch {
            stop,
            nodes: 0,
            budget: 0,
            table: HashMap::default(),
        }
    }

    /// Nodes visited since creation.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Looks for a forced win of the side to move in `mode`, with at most `max_moves`
    /// attacking moves and `budget` more nodes. Iterates on depth so the win found is the
    /// shortest the budget allows.
    ///
    /// ```
    /// use tengen::renju::{Board, Rule};
    /// use tengen::renju::search::{Position, ThreatSearch, Mode};
    /// use tengen::core::{Color, Point};
    /// use std::sync::atomic::AtomicBool;
    /// let mut b = Board::new(15, Rule::Freestyle).unwrap();
    /// for x in 5..8 { b.put(Point::new(x, 7), Color::Black).unwrap(); }
    /// b.put(Point::new(0, 0), Color::White).unwrap();
    /// b.put(Point::new(0, 2), Color::White).unwrap();
    /// let mut pos = Position::new(b, Color::Black);
    /// let stop = AtomicBool::new(false);
    /// let win = ThreatSearch::new(&stop).find(&mut pos, Mode::Vcf, 5, 10_000).unwrap();
    /// assert_eq!(win.moves, 2); // an open three becomes a straight four, then five
    /// ```
    pub fn find(
        &mut self,
        pos: &mut Position,
        mode: Mode,
        max_moves: u32,
        budget: u64,
    ) -> Option<Win> {
        self.budget = self.nodes + budget;
        let moves = self.attacks(pos, mode);
        if let Some(&(p, t)) = moves.first() {
            if t.five {
                return Some(Win { first: p, moves: 1 });
            }
        }
        for depth in 1..max_moves {
            for &(p, _) in &moves {
                pos.play(p);
                let won = self.defend(pos, mode, depth - 1);
                pos.undo();
                if won {
                    return Some(Win {
                        first: p,
                        moves: depth + 1,
                    });
                }
            }
            if self.nodes >= self.budget {
                break;
            }
        }
        None
    }

    /// The attacker's candidate threats, best first: an immediate five alone, the forced
    /// block alone when the defender threatens five, else fours (and threes in VCT).
    fn attacks(&mut self, pos: &Position, mode: Mode) -> Attacks {
        let me = pos.to_move();
        // The shape cache's sets answer without listing every candidate's threats (a point
        // that makes a five or a four always has a stone near it: it is a candidate).
        if let Some(p) = pos.five_points(me).next() {
            return smallvec::smallvec![(p, pos.threat(p, me))];
        }
        let mut blocks = pos.five_points(!me);
        match (blocks.next(), blocks.next()) {
            (None, _) => {}
            // A defender's counter-four must be blocked. In VCT the block need not be a
            // threat of its own: the attacker's three still stands after it, and the
            // defender must answer it again.
            (Some(b), None) => {
                let t = pos.threat(b, me);
                let threat = t.four || (mode == Mode::Vct && (t.three || pos.has_flex_four(me)));
                return if t.forbidden || !threat {
                    Attacks::new()
                } else {
                    smallvec::smallvec![(b, t)]
                };
            }
            (Some(_), Some(_)) => return Attacks::new(),
        }
        let mut moves: Attacks = pos.threats(me, mode == Mode::Vct).collect();
        moves.sort_by_key(|(_, t)| std::cmp::Reverse((t.flex_four, t.four, t.value)));
        moves
    }

    /// The attacker (side to move) wins within `depth` more threats.
    fn attack(&mut self, pos: &mut Position, mode: Mode, depth: u32) -> bool {
        self.nodes += 1;
        let key = (pos.hash(), mode);
        if let Some(&(won, d)) = self.table.get(&key) {
            if won || d >= depth {
                return won;
            }
        }
        if self.nodes % 256 == 0 && self.stop.load(Relaxed) {
            self.budget = self.nodes;
        }
        if self.nodes >= self.budget {
            return false;
        }
        let moves = self.attacks(pos, mode);
        let me = pos.to_move();
        let mut won = false;
        if let Some(&(_, t)) = moves.first() {
            if t.five || (t.flex_four && !pos.has_five(!me)) {
                won = true;
            }
        }
        if !won && depth > 0 {
            for (p, _) in moves {
                pos.play(p);
                won = self.defend(pos, mode, depth - 1);
                pos.undo();
                if won {
                    break;
                }
            }
        }
        // A failure cut short by the budget proves nothing: keep only real answers.
        if won || self.nodes < self.budget {
            if self.table.len() >= TABLE_LIMIT {
                self.table.clear();
            }
            self.table.insert(key, (won, depth));
        }
        won
    }

    /// The defender (side to move) cannot stop the attacker's pending threat.
    fn defend(&mut self, pos: &mut Position, mode: Mode, depth: u32) -> bool {
        self.nodes += 1;
        let me = pos.to_move();
        let attacker = !me;
        if pos.has_five(me) {
            return false; // the defender wins first
        }
        let fives = {
            let mut fives = pos.five_points(attacker);
            (fives.next(), fives.next())
        };
        match fives {
            (None, _) => {}
            (Some(q), None) => {
                if !pos.is_legal(q, me) {
                    return true; // forced onto a point forbidden to Black
                }
                pos.play(q);
                let won = self.attack(pos, mode, depth);
                pos.undo();
                return won;
            }
            (Some(_), Some(_)) => return true,
        }
        if mode == Mode::Vcf {
            return false;
        }
        // A three: the attacker threatens a straight four. Every point where the attacker
        // would make a four (or five) stops it, and so may a counter-four.
        if !pos.has_flex_four(attacker) {
            return false;
        }
        // With no threat left to play the attacker cannot win; a counter-VCF refutes the three.
        if depth == 0 || self.defender_has_vcf(pos) {
            return false;
        }
        let defences: Vec<Point> = pos.defences().collect();
        for d in defences {
            pos.play(d);
            let won = self.attack(pos, mode, depth);
            pos.undo();
            if !won {
                return false;
            }
        }
        true
    }

    /// Can the side to move win by fours alone (a quick check, small budget)?
    fn defender_has_vcf(&mut self, pos: &mut Position) -> bool {
        let saved = self.budget;
        self.budget = self.nodes + 200;
        let mut won = false;
        for depth in [4, 8] {
            if self.attack(pos, Mode::Vcf, depth) {
                won = true;
                break;
            }
        }
        self.budget = saved;
        won
    }
}
