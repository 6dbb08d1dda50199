//! Deciding Japanese art. 7 in a small area by exhaustive search.
//!
//! Art. 7-1: stones are *alive* if the opponent cannot capture them, or if, captured, they
//! can give rise to new stones the opponent cannot capture; otherwise they are *dead*. Both
//! halves are two-player games of reaching a goal in the confirmation play of
//! [`Area`](super::area::Area), where passes never end the play:
//!
//! - *capture* of the chain through a point: the opponent wins by reaching a position where
//!   that chain is gone; the owner wins if that never happens (an endless play, a cycle,
//!   counts for the owner: the opponent could not capture).
//! - *life* of a chain `s`: with the opponent moving first, the owner wins by reaching a
//!   position where some stone of its colour on a *counted* point cannot be captured
//!   (the first kind of game decides "cannot").
//!
//! Which new stones count. Art. 7-1 says the captured stones live if they "can give rise
//! to new stones the opponent cannot capture"; it does not say where, but the new stones
//! must owe their life to the fight over `s`, not stand for free beside stones already
//! alive: otherwise any chain of a colour that can add a stone to a living group of its
//! own would live (seed example 25: the ko stones of a double-ko seki are dead, though
//! their owner's seki stones live next to them). The counted points are:
//!
//! 1. the *fight* of `s` (`Area::fight`): `s`, its liberties, its captors (the opponent
//!    chains touching it or its liberties) and their eyes. Here the new stones of seed
//!    examples 1 (on the captors' points), 2 (in a captor's eye) and 3 (a snapback next
//!    to a liberty) arise.
//! 2. the *partners* of `s` (`Area::partners`: the owner's other chains sharing a captor
//!    with `s`) that are dead by their own fight alone, that is counting rule 1 for them
//!    and nothing more. Seed example 4 (1図-3図): Black, moving first, captures the upper
//!    White group, but while Black spends moves on it, White 4 and 6 take the left
//!    Black stones and make the left White group alive, and the seed counts those as
//!    the upper group's new stones. The left group shares a captor with the upper one
//!    (Black's corner stones touch both), and it is dead by its own fight (Black,
//!    moving first, could take it instead): its life comes from the moves Black spent
//!    on the upper group. A partner that lives by its own fight is left out: it lives
//!    whatever happens to `s`, so a stone joining it lives for free (example 25: the
//!    seki stones that share a captor with the ko stone).
//!
//! The life game is searched on the fight alone first; only a loss there asks for the
//! partners. A partner whose own game stays open is left out, so a win still proves
//! life, but a loss then proves nothing and the chain is unknown.
//!
//! Before both, a cheaper game decides the commonest case of rule 2, *miai*
//! (`Solver::lives_by_miai`): a partner the opponent, moving first, can capture, while
//! it cannot capture both that partner and `s`. Then whenever the opponent captures
//! `s`, the partner's stones are left and cannot be captured any more: stones on
//! counted points, so `s` lives. The game "capture both" asks no capture game in its
//! goal tests, where the life game asks one in every position: seed example 4's White
//! groups take six thousand nodes that way, where the life game counting the partner
//! stays open past five million (and its own fight alone past a million). It asks only
//! that the partner can be captured, not that it be dead by its own fight: a partner
//! whose capture gives rise to new stones of its own still cannot be taken together
//! with `s`, and the moves the opponent spends on `s` are still the owner's to use on
//! it. A partner that cannot be captured at all gives nothing (example 25).
//!
//! Each game is solved by depth-first proof search within a depth bound: a line cut off by
//! the bound proves nothing, so every verdict returned is exact, and a game whose
//! proof needs more than [`MAX_DEPTH`] moves, or more nodes than the budget, stays open. A
//! position repeated on the current line counts as a failure for the player reaching for
//! the goal (an endless play does not reach it); a failure that leans on a repetition
//! above the current node is not stored, so stored values hold whatever the line.
//!
//! A known departure from art. 7-1 follows: in a life game the opponent may decline for
//! ever to take the chain (and a pass that lifts no ban is not the owner's to make), so a
//! chain its opponent can take only by giving rise to new stones, whose owner has
//! nothing useful to play meanwhile, can lose a life game that art. 7-1 would call
//! alive. Seed example 3 (hane seki) has such stones; they stay open within the budget.
//! Counting such an endless play for the owner instead makes the kills that the
//! opponent must now force by play cost far more nodes (the notes of example 3 in
//! tests/go_life_fixtures.rs give the figures).
//!
//! Shortcuts, each exact: a chain reaching a safe stone or living by Benson's algorithm
//! inside the area (see `Area::pass_alive`) cannot be captured, and a life game is won as
//! soon as a stone of its fight does; a chain that can reach a safe stone through one of
//! its liberties whatever the attacker does (one such liberty with its owner to move, two
//! with the attacker to move: one move fills one point) cannot be captured either, and a
//! life game is won as soon as its owner can put a stone next to a safe one of its colour
//! on a point of the fight in the same way; an area the attacker holds (see `Area::is_held_by`) gives the
//! owner nothing; the player reaching never needs a pass that lifts no ban (the other
//! passes back and the position repeats). The tests check the whole against retrograde
//! analysis of the complete game graph on small areas.

use super::area::{Area, Move, Set, State, MAX_POINTS};
use crate::core::Color;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

/// The search ran out of nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OutOfBudget;

/// The longest proof a game may need, in moves (passes included).
const MAX_DEPTH: u32 = 48;

/// The most nodes one capture game asked about by a life game may take.
const NESTED_BUDGET: usize = 200_000;
/// Nodes between two readings of the clock when the search has a deadline (a
/// millisecond or so at a few hundred thousand nodes a second).
const DEADLINE_CHECK_NODES: u32 = 256;

/// The value of a game position for the player reaching for the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    /// The goal can be forced.
    Win,
    /// It cannot.
    Loss,
    /// Not decided within the depth bound.
    Open,
}

/// What a search tries to reach.
#[derive(Clone, Copy)]
enum Goal {
    /// The chain through this point, of the colour not reaching, is gone.
    Capture(usize),
    /// A stone of the reaching colour in this set that the opponent cannot capture.
    Life(Set),
    /// The chains through these two points, of the colour not reaching, are both gone
    /// (their owner may not play on the two points again: see [`Solver::reach`]).
    CaptureBoth(usize, usize),
}

/// One game being solved: its goal, who reaches for it, the current line, and (for life
/// games) its tables; capture games share the solver's tables.
struct Query {
    goal: Goal,
    reacher: Color,
    /// The states of the current line, the root first.
    line: Vec<State>,
    tables: Tables<State>,
}

impl Query {
    /// A game of `goal` for `reacher`, not yet searched.
    fn new(goal: Goal, reacher: Color) -> Query {
        Query {
            goal,
            reacher,
            line: Vec::new(),
            tables: Tables::new(),
        }
    }
}

/// Proven values, and the depth to which an open position has been searched.
struct Tables<K> {
    entries: HashMap<K, Entry, Fast>,
}

/// What a table knows of a position.
#[derive(Clone, Copy)]
enum Entry {
    /// Proven: does the player reaching win?
    Exact(bool),
    /// Open after a search of this many moves.
    Open(u32),
}

impl<K: std::hash::Hash + Eq> Tables<K> {
    fn new() -> Self {
        Tables {
            entries: HashMap::default(),
        }
    }

    fn lookup(&self, key: &K, remaining: u32) -> Option<Value> {
        match self.entries.get(key)? {
            Entry::Exact(true) => Some(Value::Win),
            Entry::Exact(false) => Some(Value::Loss),
            Entry::Open(searched) if *searched >= remaining => Some(Value::Open),
            Entry::Open(_) => None,
        }
    }

    fn store(&mut self, key: K, value: Value, remaining: u32) {
        let entry = match value {
            Value::Win => Entry::Exact(true),
            Value::Loss => Entry::Exact(false),
            Value::Open => Entry::Open(remaining),
        };
        let slot = self.entries.entry(key).or_insert(entry);
        if let (Entry::Open(old), Entry::Open(new)) = (*slot, entry) {
            *slot = Entry::Open(old.max(new));
        } else {
            *slot = entry;
        }
    }
}

/// A multiply-rotate hasher for the small integer keys of the tables: much faster than
/// the default hasher, and the keys are not chosen by an adversary.
#[derive(Default)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(26) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

type Fast = BuildHasherDefault<FastHasher>;

/// The games of one area, sharing a node budget and the table of capture results.
pub(super) struct Solver<'a> {
    area: &'a Area,
    nodes_left: usize,
    /// No node is searched past this instant (checked every [`DEADLINE_CHECK_NODES`]).
    deadline: Option<Instant>,
    /// Nodes to go before the clock is read again.
    until_check: u32,
    /// The deadline has passed: every search is out of budget from now on.
    out_of_time: bool,
    captures: Tables<(State, u8)>,
    /// The history heuristic: for each colour and point, how much a stone there has cut
    /// off a search (a win found by the player reaching, a refutation by the other),
    /// weighted by the square of the depth left. Moves the static order ties are tried
    /// by it, highest first. Shared by every game of the area, capture and life alike:
    /// the points that decide one game tend to decide its neighbours (the eternal life of
    /// seed example 6 takes 60 thousand nodes with it, 350 thousand without; the bent
    /// fours of seed example 7 take 44 thousand with it, and without it a chain runs past
    /// 100 thousand).
    history: [[u64; MAX_POINTS]; 2],
    /// Decided life games of chains counting their own fight alone, by start state and
    /// lowest point of the chain (see [`counted`](Self::counted)).
    own_fights: HashMap<(State, u8), bool, Fast>,
}

/// Can a player always put a stone on one of the empty points `points` before the other
/// takes them all: one is enough when it moves now, two when the other moves first (one
/// move takes one point, and nothing but a stone fills a point).
fn out_of_reach(points: Set, to_move: bool) -> bool {
    points.count_ones() >= if to_move { 1 } else { 2 }
}

impl<'a> Solver<'a> {
    /// A solver for `area` with no nodes to spend yet (see [`refill`](Self::refill)).
    pub(super) fn new(area: &'a Area) -> Solver<'a> {
        Solver {
            area,
            nodes_left: 0,
            deadline: None,
            until_check: 0,
            out_of_time: false,
            captures: Tables::new(),
            history: [[0; MAX_POINTS]; 2],
            own_fights: HashMap::default(),
        }
    }

    /// Sets the nodes left to spend to `budget` (the tables stay).
    pub(super) fn refill(&mut self, budget: usize) {
        self.nodes_left = budget;
    }

    /// Nodes left to spend.
    pub(super) fn nodes_left(&self) -> usize {
        self.nodes_left
    }

    /// Searches nothing past `deadline`: a game still open then is out of budget.
    pub(super) fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.until_check = 0;
        self.out_of_time = false;
    }

    /// Has the deadline passed? Reads the clock every [`DEADLINE_CHECK_NODES`] calls.
    fn past_deadline(&mut self) -> bool {
        let Some(deadline) = self.deadline else {
            return false;
        };
        if !self.out_of_time {
            if self.until_check == 0 {
                self.until_check = DEADLINE_CHECK_NODES;
                self.out_of_time = Instant::now() >= deadline;
            } else {
                self.until_check -= 1;
            }
        }
        self.out_of_time
    }

    /// Is the chain through `k` alive by art. 7-1: from `state` (the opponent to move),
    /// can its owner keep it, or make new stones on counted points (see the module docs)
    /// that cannot be captured?
    /// `None` when the search cannot tell.
    pub(super) fn is_alive(&mut self, state: &State, k: usize) -> Option<bool> {
        let owner = self.owner(state, k)?;
        let fight = self.area.fight(state, owner, k);
        if self.lives_by_miai(state, owner, k).ok()? {
            return Some(true);
        }
        // The fight alone first: a win there is a win with the partners too, and it
        // spares the partners' games.
        match self.own_fight_alive(state, owner, k).ok()? {
            Value::Win => return Some(true),
            Value::Open => return None,
            Value::Loss => {}
        }
        let (counted, exact) = self.counted(state, owner, k).ok()?;
        if counted == fight {
            return exact.then_some(false);
        }
        let mut query = Query::new(Goal::Life(counted), owner);
        match self.deepen(&mut query, state) {
            Ok(Value::Win) => Some(true),
            Ok(Value::Loss) if exact => Some(false),
            Ok(_) | Err(OutOfBudget) => None,
        }
    }

    /// Does the chain of `owner` through `k` live by *miai* with a partner: is there a
    /// partner (`Area::partners`) that the opponent, moving first from `state`, can
    /// capture, and such that the opponent cannot capture both the chain and it? Then
    /// whenever the opponent captures the chain, the partner's stones are left that it
    /// cannot capture: stones on a counted point of the chain's life game (see the
    /// module docs), so the chain is alive. A partner the opponent cannot capture at
    /// all is no reason: the chain would live for free beside it (seed example 25).
    ///
    /// Seed example 4 is the case: Black, moving first, can capture either White group,
    /// not both, since White, while Black spends moves on one, gives the other two eyes.
    /// The game "capture both" is far cheaper than the life game counting the partner
    /// (six thousand nodes there against millions): its goal tests ask no capture game.
    /// Each game may take at most [`NESTED_BUDGET`] nodes; out of them, the partner
    /// gives no verdict.
    fn lives_by_miai(
        &mut self,
        state: &State,
        owner: Color,
        k: usize,
    ) -> Result<bool, OutOfBudget> {
        let own = state.stones[owner.index()];
        let mut partners = self.area.partners(state, owner, k);
        while partners != 0 {
            let p = partners.trailing_zeros() as usize;
            partners &= !self.area.chain(own, p);
            if self.capture(state, p)? != Value::Win {
                continue;
            }
            let mut query = Query::new(Goal::CaptureBoth(k, p), !owner);
            match self.nested(&mut query, state) {
                Ok(Value::Loss) => return Ok(true),
                Ok(_) => {}
                Err(OutOfBudget) if self.nodes_left > 0 && !self.out_of_time => {}
                Err(OutOfBudget) => return Err(OutOfBudget),
            }
        }
        Ok(false)
    }

    /// The life game of the chain of `owner` through `k` from `state` (the opponent to
    /// move) counting the stones of its fight alone; decided values are kept, so a chain
    /// that is both judged and a partner is searched once.
    fn own_fight_alive(
        &mut self,
        state: &State,
        owner: Color,
        k: usize,
    ) -> Result<Value, OutOfBudget> {
        let chain = self.area.chain(state.stones[owner.index()], k);
        let key = (*state, chain.trailing_zeros() as u8);
        if let Some(&alive) = self.own_fights.get(&key) {
            return Ok(if alive { Value::Win } else { Value::Loss });
        }
        let mut query = Query::new(Goal::Life(self.area.fight(state, owner, k)), owner);
        let value = self.deepen(&mut query, state)?;
        if value != Value::Open {
            self.own_fights.insert(key, value == Value::Win);
        }
        Ok(value)
    }

    /// The points whose stones count for the life of the chain of `owner` through `k`
    /// (see the module docs): its fight, and each partner (`Area::partners`) that is dead
    /// by its own fight alone, with the opponent moving first from `state`. A partner
    /// that lives by its own fight is left out: a stone joining it lives for free, not
    /// because of the fight of `k` (seed example 25: the chain that takes one ko stone
    /// also touches the owner's seki stones, alive from the start). Also returns whether
    /// every partner was decided; one left open is left out, so a win still proves life,
    /// but a loss proves nothing. A partner's game may take at most [`NESTED_BUDGET`]
    /// nodes.
    fn counted(
        &mut self,
        state: &State,
        owner: Color,
        k: usize,
    ) -> Result<(Set, bool), OutOfBudget> {
        let mut counted = self.area.fight(state, owner, k);
        let own = state.stones[owner.index()];
        let mut partners = self.area.partners(state, owner, k);
        let mut exact = true;
        while partners != 0 {
            let chain = self.area.chain(own, partners.trailing_zeros() as usize);
            partners &= !chain;
            let before = self.nodes_left;
            let allowed = before.min(NESTED_BUDGET);
            self.nodes_left = allowed;
            let result = self.own_fight_alive(state, owner, chain.trailing_zeros() as usize);
            self.nodes_left = before - (allowed - self.nodes_left);
            match result {
                Ok(Value::Loss) => counted |= chain,
                Ok(Value::Win) => {}
                Ok(Value::Open) => exact = false,
                Err(OutOfBudget) if self.nodes_left > 0 => exact = false,
                Err(OutOfBudget) => return Err(OutOfBudget),
            }
        }
        Ok((counted, exact))
    }

    /// `query` solved from `state` with at most [`NESTED_BUDGET`] of the nodes left: the
    /// games asked about inside another game.
    fn nested(&mut self, query: &mut Query, state: &State) -> Result<Value, OutOfBudget> {
        let before = self.nodes_left;
        let allowed = before.min(NESTED_BUDGET);
        self.nodes_left = allowed;
        let result = self.deepen(query, state);
        self.nodes_left = before - (allowed - self.nodes_left);
        result
    }

    /// Can the opponent of the chain through `k` force its capture from `state`? A game
    /// the goal test of a life game asks about may spend at most [`NESTED_BUDGET`] nodes:
    /// past that it stays open, as the life game may not need its answer.
    fn capture(&mut self, state: &State, k: usize) -> Result<Value, OutOfBudget> {
        let owner = self.owner(state, k).expect("a chain to capture");
        let mut query = Query::new(Goal::Capture(k), !owner);
        match self.nested(&mut query, state) {
            Err(OutOfBudget) if self.nodes_left > 0 && !self.out_of_time => {
                if let Some(key) = self.capture_key(&query, state) {
                    self.captures.store(key, Value::Open, u32::MAX);
                }
                Ok(Value::Open)
            }
            other => other,
        }
    }

    /// The search up to [`MAX_DEPTH`]: capture games deepened step by step (most are won
    /// in a few moves), two moves at a time (a move and its answer), life games at the full
    /// depth at once. The steps matter more than they seem: the bounds decide which
    /// positions the tables hold open and what the history heuristic learns before the
    /// last pass, and doubling from 3 (3, 6, 12, 24, 48) costs seed examples 14 and 22 ten
    /// times the nodes of every even bound (205 and 450 thousand against 22 and 54
    /// thousand), the fixtures in all a fifth more. A life game's goal test asks
    /// capture games in every position it visits, so its shallow passes would spend the
    /// budget on capture games of positions the full pass does not need (the double kos
    /// of seed examples 11 and 25 cost several times the nodes that way).
    fn deepen(&mut self, query: &mut Query, state: &State) -> Result<Value, OutOfBudget> {
        let mut depth = match query.goal {
            Goal::Capture(_) | Goal::CaptureBoth(..) => 2,
            Goal::Life(_) => MAX_DEPTH,
        };
        loop {
            let (value, _) = self.reach(query, *state, 0, depth)?;
            if value != Value::Open || depth >= MAX_DEPTH {
                return Ok(value);
            }
            depth = (depth + 2).min(MAX_DEPTH);
        }
    }

    fn owner(&self, state: &State, k: usize) -> Option<Color> {
        Color::BOTH
            .into_iter()
            .find(|c| state.stones[c.index()] & 1 << k != 0)
    }

    /// The goal test of `query` in `state`: `Win` reached, `Loss` never reachable
    /// (a chain to capture that cannot be captured), `Open` not yet.
    fn goal(&mut self, query: &Query, state: &State) -> Result<Option<Value>, OutOfBudget> {
        match query.goal {
            Goal::Capture(k) => {
                let owner = !query.reacher;
                let own = state.stones[owner.index()];
                if own & 1 << k == 0 || self.area.is_held_by(state, query.reacher) {
                    return Ok(Some(Value::Win));
                }
                Ok(self.cannot_be_taken(state, k, owner).then_some(Value::Loss))
            }
            Goal::CaptureBoth(a, b) => {
                let owner = !query.reacher;
                let own = state.stones[owner.index()];
                if self.area.is_held_by(state, query.reacher) {
                    return Ok(Some(Value::Win));
                }
                let standing = |k: usize| own & 1 << k != 0;
                if !standing(a) && !standing(b) {
                    return Ok(Some(Value::Win));
                }
                let safe = |k: usize| standing(k) && self.cannot_be_taken(state, k, owner);
                Ok((safe(a) || safe(b)).then_some(Value::Loss))
            }
            Goal::Life(fight) => {
                if self.area.is_held_by(state, !query.reacher) {
                    return Ok(Some(Value::Loss));
                }
                let own = state.stones[query.reacher.index()];
                let anchoring = self.area.anchoring_points(state, query.reacher, fight);
                if out_of_reach(anchoring, state.to_move == query.reacher)
                    || self.area.pass_alive(state, query.reacher) & fight != 0
                {
                    return Ok(Some(Value::Win));
                }
                // The chains with most liberties first: the likeliest to stand.
                let mut chains = Vec::new();
                let mut todo = own & fight;
                while todo != 0 {
                    let chain = self.area.chain(own, todo.trailing_zeros() as usize);
                    todo &= !chain;
                    chains.push((self.area.liberties(state, chain).count_ones(), chain));
                }
                chains.sort_unstable_by(|a, b| b.cmp(a));
                let mut open = false;
                for (_, chain) in chains {
                    match self.capture(state, chain.trailing_zeros() as usize)? {
                        Value::Loss => return Ok(Some(Value::Win)),
                        Value::Open => open = true,
                        Value::Win => {}
                    }
                }
                Ok(open.then_some(Value::Open))
            }
        }
    }

    /// Can the chain of `owner` through `k` never be captured, as the shortcuts of the
    /// capture game see it: it is [unconditionally safe](Self::is_unconditionally_safe), or
    /// can always reach a safe stone through one of its liberties?
    fn cannot_be_taken(&self, state: &State, k: usize, owner: Color) -> bool {
        let chain = self.area.chain(state.stones[owner.index()], k);
        let escapes = self
            .area
            .anchoring_points(state, owner, self.area.liberties(state, chain));
        self.is_unconditionally_safe(state, chain, owner)
            || out_of_reach(escapes, state.to_move == owner)
    }

    /// A chain that reaches a safe stone, or lives by Benson's algorithm inside the area
    /// (two eyes nobody can fill, say): the owner only has to pass for ever.
    fn is_unconditionally_safe(&self, state: &State, chain: Set, owner: Color) -> bool {
        self.area.is_anchored(chain, owner) || self.area.pass_alive(state, owner) & chain != 0
    }

    /// The depth-first proof within `remaining` moves: the value, and the lowest depth of
    /// the line the value leans on through a repetition (`u32::MAX` for none).
    fn reach(
        &mut self,
        query: &mut Query,
        state: State,
        depth: u32,
        remaining: u32,
    ) -> Result<(Value, u32), OutOfBudget> {
        const FREE: u32 = u32::MAX;
        let goal = self.goal(query, &state)?;
        match goal {
            Some(Value::Win) => return Ok((Value::Win, FREE)),
            Some(Value::Loss) => return Ok((Value::Loss, FREE)),
            _ => {}
        }
        if let Some(d) = query.line.iter().position(|s| *s == state) {
            return Ok((Value::Loss, d as u32));
        }
        if let Some(known) = self.lookup(query, &state, remaining) {
            return Ok((known, FREE));
        }
        if remaining == 0 {
            return Ok((Value::Open, FREE));
        }
        if self.nodes_left == 0 || self.past_deadline() {
            return Err(OutOfBudget);
        }
        self.nodes_left -= 1;
        let reaching = state.to_move == query.reacher;
        let mut moves = self.area.moves(&state);
        if reaching {
            // A pass that lifts no ban never helps the player reaching: the other passes
            // back and the position repeats, with nothing gained.
            moves.retain(|(mv, _)| *mv != Move::Pass(None));
        } else if let Goal::CaptureBoth(a, b) = query.goal {
            // A chain once taken stays taken: its owner may not play on its point again.
            // This only weakens the defender, so a loss of the player reaching still
            // proves that the two chains cannot both be taken (and only a loss is used),
            // and the goal may ask for both points empty at once.
            moves.retain(|(mv, _)| *mv != Move::Play(a) && *mv != Move::Play(b));
        }
        self.order(query, &state, &mut moves, reaching);
        query.line.push(state);
        let answer = self.combine(query, &moves, reaching, depth, remaining);
        query.line.pop();
        let (mut value, mut low) = answer?;
        // The goal test could not tell here: only a win through the children is sure.
        if goal == Some(Value::Open) && value == Value::Loss {
            value = Value::Open;
        }
        if value != Value::Loss || low >= depth {
            self.store(query, &state, value, remaining);
            low = FREE;
        }
        Ok((value, low))
    }

    /// The value of a node from its children: any win for the player reaching, any loss
    /// (the least line-bound one) for the other.
    fn combine(
        &mut self,
        query: &mut Query,
        moves: &[(Move, State)],
        reaching: bool,
        depth: u32,
        remaining: u32,
    ) -> Result<(Value, u32), OutOfBudget> {
        const FREE: u32 = u32::MAX;
        let mut open = false;
        let mut low = FREE;
        let mut refuted: Option<u32> = None;
        for &(mv, child) in moves {
            let (value, child_low) = self.reach(query, child, depth + 1, remaining - 1)?;
            let cut_off = |solver: &mut Self| {
                if let Move::Play(k) = mv {
                    let mover = (!child.to_move).index();
                    solver.history[mover][k] += u64::from(remaining) * u64::from(remaining);
                }
            };
            match (reaching, value) {
                (true, Value::Win) => {
                    cut_off(self);
                    return Ok((Value::Win, FREE));
                }
                (true, Value::Loss) => low = low.min(child_low),
                (false, Value::Loss) => {
                    let best = refuted.map_or(child_low, |r| r.max(child_low));
                    if best == FREE {
                        cut_off(self);
                        return Ok((Value::Loss, FREE));
                    }
                    refuted = Some(best);
                }
                (false, Value::Win) => {}
                (_, Value::Open) => open = true,
            }
        }
        Ok(match (reaching, refuted) {
            (false, Some(low)) => (Value::Loss, low),
            (false, None) if !open => (Value::Win, FREE),
            (true, _) if !open => (Value::Loss, low),
            _ => (Value::Open, FREE),
        })
    }

    /// Likely moves first: captures, then points of the fight (the target's liberties,
    /// or the fight region), then their neighbours; passes last for the player reaching
    /// and early for the defender of a chain (passing is often all the defence needed).
    /// Ties go by the history heuristic.
    fn order(&self, query: &Query, state: &State, moves: &mut [(Move, State)], reaching: bool) {
        let focus = match query.goal {
            Goal::Capture(k) => {
                let own = state.stones[(!query.reacher).index()];
                self.area.liberties(state, self.area.chain(own, k))
            }
            Goal::Life(fight) => fight,
            Goal::CaptureBoth(a, b) => {
                let own = state.stones[(!query.reacher).index()];
                let mut focus = 0;
                for k in [a, b] {
                    if own & 1 << k != 0 {
                        focus |= self.area.liberties(state, self.area.chain(own, k));
                    }
                }
                focus
            }
        };
        let near = self.area.around(focus);
        let mover = state.to_move.index();
        let taken_before = state.stones[1 - mover].count_ones();
        let score = |(mv, after): &(Move, State)| -> i32 {
            match mv {
                Move::Pass(_) => match (reaching, query.goal) {
                    (true, _) => -100,
                    (false, Goal::Capture(_) | Goal::CaptureBoth(..)) => 15,
                    (false, Goal::Life(_)) => -50,
                },
                Move::Play(k) => {
                    let captures = after.stones[1 - mover].count_ones() < taken_before;
                    let at = 1 << k;
                    let chain = self.area.chain(after.stones[mover], *k);
                    let self_atari = !captures
                        && !self.area.is_anchored(chain, state.to_move)
                        && self.area.liberties(after, chain).count_ones() <= 1;
                    20 * i32::from(captures) - 30 * i32::from(self_atari)
                        + 10 * i32::from(focus & at != 0)
                        + 5 * i32::from(near & at != 0)
                }
            }
        };
        let history = &self.history[mover];
        moves.sort_by_cached_key(|m| {
            let tried = match m.0 {
                Move::Play(k) => history[k],
                Move::Pass(_) => 0,
            };
            (-score(m), std::cmp::Reverse(tried))
        });
    }

    fn lookup(&self, query: &Query, state: &State, remaining: u32) -> Option<Value> {
        match self.capture_key(query, state) {
            Some(key) => self.captures.lookup(&key, remaining),
            None => query.tables.lookup(state, remaining),
        }
    }

    fn store(&mut self, query: &mut Query, state: &State, value: Value, remaining: u32) {
        match self.capture_key(query, state) {
            Some(key) => self.captures.store(key, value, remaining),
            None => query.tables.store(*state, value, remaining),
        }
    }

    /// Capture games share one table, keyed by the state and the lowest point of the
    /// target chain (every point of a chain gives the same game).
    fn capture_key(&self, query: &Query, state: &State) -> Option<(State, u8)> {
        match query.goal {
            Goal::Capture(k) => {
                let own = state.stones[(!query.reacher).index()];
                let chain = self.area.chain(own, k);
                Some((*state, chain.trailing_zeros() as u8))
            }
            Goal::Life(_) | Goal::CaptureBoth(..) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::area::bits;
    use super::*;
    use crate::core::SplitMix64;
    use crate::go::{BoardSize, Points, Position, Suicide};
    use std::collections::VecDeque;

    /// The whole game graph reachable from `start`, built with every move the rules allow
    /// (own-eye fills and plain passes included, which the search leaves out).
    struct Graph {
        states: Vec<State>,
        index: HashMap<State, usize>,
        next: Vec<Vec<usize>>,
        before: Vec<Vec<usize>>,
    }

    impl Graph {
        fn new(area: &Area, starts: &[State]) -> Graph {
            let mut index: HashMap<State, usize> =
                starts.iter().enumerate().map(|(i, s)| (*s, i)).collect();
            let mut states = starts.to_vec();
            let mut next = Vec::new();
            let mut todo: VecDeque<usize> = (0..starts.len()).collect();
            while let Some(i) = todo.pop_front() {
                let s = states[i];
                let mut moves: Vec<Move> = (0..area.len()).map(Move::Play).collect();
                moves.push(Move::Pass(None));
                moves.extend(bits(s.bans[s.to_move.index()]).map(|q| Move::Pass(Some(q))));
                let mut out = Vec::new();
                for mv in moves {
                    if let Some(t) = area.play(&s, mv) {
                        let j = *index.entry(t).or_insert_with(|| {
                            states.push(t);
                            todo.push_back(states.len() - 1);
                            states.len() - 1
                        });
                        out.push(j);
                    }
                }
                next.push(out);
            }
            let mut before = vec![Vec::new(); states.len()];
            for (i, succ) in next.iter().enumerate() {
                for &j in succ {
                    before[j].push(i);
                }
            }
            Graph {
                states,
                index,
                next,
                before,
            }
        }

        /// The states from which `reacher` can force reaching one where `target` holds:
        /// the classic backward induction, a state of the other side's being won once all
        /// its successors are.
        fn attractor(&self, reacher: Color, target: impl Fn(&State) -> bool) -> Vec<bool> {
            let mut left: Vec<usize> = self.next.iter().map(Vec::len).collect();
            let mut won: Vec<bool> = self.states.iter().map(target).collect();
            let mut todo: Vec<usize> = (0..won.len()).filter(|&i| won[i]).collect();
            while let Some(j) = todo.pop() {
                for &i in &self.before[j] {
                    if won[i] {
                        continue;
                    }
                    left[i] -= 1;
                    if self.states[i].to_move == reacher || left[i] == 0 {
                        won[i] = true;
                        todo.push(i);
                    }
                }
            }
            won
        }
    }

    /// Random small areas: the top rows of a board whose other rows are a safe wall of
    /// one colour or the other (or nothing, on the 3x3 board), with random stones in them.
    fn random_area(rng: &mut SplitMix64) -> Option<(Area, State)> {
        let (n, rows) = if rng.below(2) == 0 { (3, 3) } else { (4, 2) };
        let size = BoardSize::new(n).unwrap();
        let mut pos = Position::new(size);
        let area: Points = (0..rows * n).collect();
        let wall: Points = size.all_points() - area;
        let wall_color = if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        for i in wall.iter() {
            pos.play(wall_color, size.vertex_at(i), Suicide::Illegal)
                .ok()?;
        }
        for i in area.iter() {
            let color = match rng.below(3) {
                0 => Color::Black,
                1 => Color::White,
                _ => continue,
            };
            // Skip what would capture or be suicide: keep the stones as drawn.
            let before = pos.stones(Color::Black) | pos.stones(Color::White);
            if pos
                .play(color, size.vertex_at(i), Suicide::Illegal)
                .is_err()
                || (pos.stones(Color::Black) | pos.stones(Color::White)).len() != before.len() + 1
            {
                return None;
            }
        }
        Some(Area::new(&pos, area, wall, Suicide::Illegal))
    }

    /// The area of the top two rows of a 4x4 `diagram` whose bottom rows are White's safe
    /// wall; its start, White's chain at b1, and whether Black can capture that chain from
    /// a state, by retrograde analysis of the game graph.
    fn white_b1_in_the_top_rows(diagram: &str) -> (Area, State, usize, impl Fn(&State) -> bool) {
        let pos = crate::go::parse_diagram(diagram).unwrap();
        let area_points: Points = (0..8).collect();
        let wall = pos.size().all_points() - area_points;
        let (area, start) = Area::new(&pos, area_points, wall, Suicide::Illegal);
        let b1 = bits(start.stones[1]).next().unwrap();
        let starts = Color::BOTH.map(|to_move| State { to_move, ..start });
        let graph = Graph::new(&area, &starts);
        let capturable = graph.attractor(Color::Black, |s| s.stones[1] & 1 << b1 == 0);
        let is_capturable = move |s: &State| capturable[graph.index[s]];
        (area, start, b1, is_capturable)
    }

    /// A fresh solver for `area` with 100,000 nodes to spend.
    fn budgeted_solver(area: &Area) -> Solver<'_> {
        let mut solver = Solver::new(area);
        solver.refill(100_000);
        solver
    }

    /// A chain that can join its safe wall through a liberty, whatever the attacker does,
    /// cannot be captured, and a life game is won once its owner can so put a stone on a
    /// point of the fight: decided without a node of search, as the game graph says.
    #[test]
    fn reaching_safety_through_a_liberty_ends_the_game() {
        // The top two rows are the area; White's wall below is safe, so every point of the
        // second row is next to it. White's b1-c1 has two liberties there, b2 and c2.
        let (area, start, b1, capturable) = white_b1_in_the_top_rows(
            ". O O .
             X . . .
             O O O O
             O O O O",
        );
        for to_move in Color::BOTH {
            let s = State { to_move, ..start };
            let mut solver = budgeted_solver(&area);
            assert_eq!(solver.capture(&s, b1).unwrap(), Value::Loss);
            assert!(!capturable(&s), "{to_move:?} first");
            assert_eq!(solver.nodes_left(), 100_000, "no search needed");
        }
        let black_first = State {
            to_move: Color::Black,
            ..start
        };
        let mut solver = budgeted_solver(&area);
        assert_eq!(solver.is_alive(&black_first, b1), Some(true));
        assert_eq!(solver.nodes_left(), 100_000, "no search needed");
        // One such liberty is enough with White to move, not with Black to move.
        let (area, start, b1, capturable) = white_b1_in_the_top_rows(
            ". O X .
             . . X .
             O O O O
             O O O O",
        );
        for to_move in Color::BOTH {
            let s = State { to_move, ..start };
            let mut solver = budgeted_solver(&area);
            let value = solver.capture(&s, b1).unwrap();
            assert_eq!(value == Value::Win, capturable(&s), "{to_move:?} first");
            if to_move == Color::White {
                assert_eq!(value, Value::Loss);
                assert_eq!(solver.nodes_left(), 100_000, "no search needed");
            }
        }
    }

    /// Art. 7-1's new stones may arise on a partner (`Area::partners`): White can take
    /// either lone Black stone, not both, since Black saves the other with one move. So
    /// each is alive, as seed example 4's White groups are; counting the fight alone
    /// (before) judged each dead.
    #[test]
    fn new_stones_on_a_partner_count() {
        let (area, first) = top_rows_white_first(MIAI);
        let (corner, right) = (0, 4);
        assert_eq!(area.partners(&first, Color::Black, corner), 1 << right);
        assert_eq!(area.partners(&first, Color::Black, right), 1 << corner);
        for k in [corner, right] {
            let mut solver = budgeted_solver(&area);
            assert_eq!(solver.capture(&first, k).unwrap(), Value::Win, "{k}");
            assert_eq!(solver.is_alive(&first, k), Some(true), "{k}");
            // Each alone, by its own fight, is dead.
            let mut query = Query::new(
                Goal::Life(area.fight(&first, Color::Black, k)),
                Color::Black,
            );
            assert_eq!(solver.deepen(&mut query, &first), Ok(Value::Loss), "{k}");
        }
    }

    /// Two lone Black stones in the top row, each saved by one move to the wall.
    const MIAI: &str = "X O . . X
                        . O O O .
                        X X X X X
                        X X X X X
                        X X X X X";

    /// The top two rows of a 5x5 `diagram` as the area, Black's wall below safe, White
    /// to move.
    fn top_rows_white_first(diagram: &str) -> (Area, State) {
        let pos = crate::go::parse_diagram(diagram).unwrap();
        let area_points: Points = (0..10).collect();
        let wall = pos.size().all_points() - area_points;
        let (area, start) = Area::new(&pos, area_points, wall, Suicide::Illegal);
        let first = State {
            to_move: Color::White,
            ..start
        };
        (area, first)
    }

    /// Miai: White, moving first, can capture either lone Black stone but not both, so
    /// each lives by the other (`Solver::lives_by_miai`). Where White can capture both,
    /// or where the partner cannot be captured at all, there is no miai.
    #[test]
    fn miai_needs_a_partner_that_can_be_captured_but_not_with_the_chain() {
        let miai = |area: &Area, first: &State, k: usize| {
            budgeted_solver(area).lives_by_miai(first, Color::Black, k)
        };
        // Either stone saves itself with one move (to the wall): miai.
        let (area, first) = top_rows_white_first(MIAI);
        for k in [0, 4] {
            assert_eq!(miai(&area, &first, k), Ok(true), "{k}");
        }
        // The right-hand stone cannot be saved: extending to c1 leaves the two stones in
        // atari. White takes the corner stone first, then the other: no miai, and both
        // are dead.
        let (area, first) = top_rows_white_first(
            "X O . . X
             . O O O O
             X X X X X
             X X X X X
             X X X X X",
        );
        for k in [0, 4] {
            assert_eq!(miai(&area, &first, k), Ok(false), "{k}");
            assert_eq!(
                budgeted_solver(&area).is_alive(&first, k),
                Some(false),
                "{k}"
            );
        }
        // The partner e2 touches the safe wall: White can never capture it, so it gives
        // the corner stone nothing (it would live for free beside it).
        let (area, first) = top_rows_white_first(
            "X O . . .
             . O O O X
             X X X X X
             X X X X X
             X X X X X",
        );
        let e2 = 9;
        assert_eq!(area.partners(&first, Color::Black, 0), 1 << e2);
        let mut solver = budgeted_solver(&area);
        assert_eq!(solver.lives_by_miai(&first, Color::Black, 0), Ok(false));
        // (The corner stone lives all the same, by its own fight: once White has taken
        // it, Black takes the vital point c1 and White, with one eye, falls.)
        assert_eq!(solver.is_alive(&first, 0), Some(true));
    }

    /// The search against retrograde analysis of the whole game graph: capture games from
    /// either side to move, and life games, under the confirmation ko rule and with free
    /// kos for one colour.
    #[test]
    fn search_agrees_with_retrograde_analysis() {
        let mut rng = SplitMix64::new(77);
        let (mut captures, mut lives, mut open) = (0, 0, 0);
        let mut areas = 0;
        while areas < 60 {
            let Some((mut area, start)) = random_area(&mut rng) else {
                continue;
            };
            areas += 1;
            let free = match rng.below(3) {
                0 => [false, false],
                1 => [true, false],
                _ => [false, true],
            };
            area.set_free_ko(free);
            let starts = Color::BOTH.map(|to_move| State { to_move, ..start });
            let graph = Graph::new(&area, &starts);
            for owner in Color::BOTH {
                let own = start.stones[owner.index()];
                for k in bits(own) {
                    if area.chain(own, k).trailing_zeros() as usize != k {
                        continue;
                    }
                    let first = State {
                        to_move: !owner,
                        ..start
                    };
                    let taken = |p: usize| move |s: &State| s.stones[owner.index()] & 1 << p == 0;
                    let capturable = graph.attractor(!owner, taken(k));
                    let mut solver = Solver::new(&area);
                    solver.refill(1_000_000);
                    // Capture games, from the start with either side to move.
                    for to_move in Color::BOTH {
                        let s = State { to_move, ..first };
                        let Some(&i) = graph.index.get(&s) else {
                            continue;
                        };
                        match solver.capture(&s, k).unwrap() {
                            Value::Open => open += 1,
                            value => {
                                assert_eq!(
                                    value == Value::Win,
                                    capturable[i],
                                    "capture {k}:\n{s:?}"
                                );
                                captures += 1;
                            }
                        }
                    }
                    // The life game: the stones that cannot be captured, of the fight
                    // and of the partners dead by their own fight alone.
                    let own_fight_alive = |p: usize| {
                        let fight = area.fight(&start, owner, p);
                        let safe_at: Vec<(usize, Vec<bool>)> = bits(fight)
                            .map(|q| (q, graph.attractor(!owner, taken(q))))
                            .collect();
                        let alive = graph.attractor(owner, |s| {
                            let i = graph.index[s];
                            safe_at
                                .iter()
                                .any(|(q, cap)| s.stones[owner.index()] & 1 << q != 0 && !cap[i])
                        });
                        alive[graph.index[&first]]
                    };
                    let mut fight = area.fight(&start, owner, k);
                    let mut partners = area.partners(&start, owner, k);
                    while partners != 0 {
                        let chain = area.chain(own, partners.trailing_zeros() as usize);
                        partners &= !chain;
                        if !own_fight_alive(chain.trailing_zeros() as usize) {
                            fight |= chain;
                        }
                    }
                    let safe_at: Vec<(usize, Vec<bool>)> = bits(fight)
                        .map(|p| (p, graph.attractor(!owner, taken(p))))
                        .collect();
                    let keeps = |i: usize| {
                        let s = &graph.states[i];
                        safe_at
                            .iter()
                            .any(|(p, cap)| s.stones[owner.index()] & 1 << p != 0 && !cap[i])
                    };
                    let alive = graph.attractor(owner, |s| keeps(graph.index[s]));
                    match solver.is_alive(&first, k) {
                        None => open += 1,
                        Some(verdict) => {
                            let i = graph.index[&first];
                            assert_eq!(verdict, alive[i], "life of {k}:\n{first:?}");
                            lives += 1;
                        }
                    }
                }
            }
        }
        assert!(
            captures > 100 && lives > 50,
            "{captures} captures, {lives} lives"
        );
        assert!(open * 10 < captures + lives, "{open} left open");
    }
}
