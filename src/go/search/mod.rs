//! Monte-Carlo tree search for Go, playing to win under the rules in force.
//!
//! UCT with RAVE (all moves as first) and priors from tactical knowledge; playouts with
//! the same knowledge ([`policy`]); every tree move is played on a [`Game`], so the tree
//! obeys the rules exactly (superko, OP's place-and-remove and stone supply, no-result
//! cycles, the end by passes), and a game that ends in the tree is counted by the rules:
//! a win by rule or a void game as such, a board stopped by passes as it stands when the
//! rules score it so (Tromp-Taylor: dead stones must be captured), or else after a playout
//! that settles life and death. Playouts are counted by the scoring of the rules ([`count`]).
//!
//! Threads share one tree ([`tree`]) and spread over it by virtual losses. The tree is
//! kept from one search to the next when the game has gone on from the old root.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use tengen::core::Color;
//! use tengen::go::search::{Decision, Engine, Limits, SearchConfig};
//! use tengen::go::{BoardSize, Game, Rules};
//! let game = Game::new(BoardSize::new(5).unwrap(), Rules::chinese());
//! let mut engine = Engine::new(SearchConfig::default());
//! let limits = Limits { playouts: Some(200), ..Limits::default() };
//! let outcome = engine.search(&game, Color::Black, &limits, &AtomicBool::new(false), &mut |_| {}, None);
//! assert!(matches!(outcome.decision, Decision::Play(_)));
//! ```

mod count;
mod diamond;
mod filter;
mod params;
pub mod patterns;
mod policy;
mod replies;
mod shape;
pub mod time;
mod tree;

use crate::core::{Color, SplitMix64};
use crate::go::{
    score, BoardSize, Captures, DeadStones, Game, GameOver, GameResult, LifeAndDeath, LifeOptions,
    Points, Position, Rules, Stop, Suicide, Vertex, MAX_AREA_POINTS,
};
pub use filter::MoveFilter;
pub use params::MctsParams;
pub use policy::Tactic;

use count::{black_half_wins, black_lead, count, territory_offset, Owners};
use policy::{
    caught_in_ladder, is_dead_eye_shape, playout, prior, prior_after, tactic, FirstPlayed,
};
use replies::Replies;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, AtomicU64, Ordering::*};
use std::time::{Duration, Instant};
use tree::{Arena, Counter, PASS};

/// A leaf is expanded on its this-many-th visit at least; before, its playouts run from
/// it. Four rather than two: an expansion (a node per legal move, each with its tactics,
/// ladders and learned pattern read) costs about half a 9x9 playout, and at two a 9x9
/// search made one every third playout or so; at four its tree holds a third of the
/// nodes, it runs 5-16% more playouts in the same time, and self-play at equal time
/// stayed even (+20 =0 -20 at 1 s a move).
const EXPAND_AT: u32 = 4;
/// ... and on large boards on visit `points / EXPAND_POINTS` (8 on 19x19): each expansion
/// allocates a node per legal move, and a few more playouts from the leaf first cut the
/// tree's memory about fourfold there.
const EXPAND_POINTS: u32 = 45;
/// Playouts of ownership a game stopped in the tree waits for before it is counted with
/// the dead stones they show.
const OWNERSHIP_PLAYOUTS: u32 = 64;
/// A stone is dead for such a count when the opponent owns its point this much (-1..=1).
const DEAD_OWNERSHIP: f64 = 0.4;
/// Ownership judges a chain the analyser leaves unknown clearly, alive or dead, when one
/// side owns its points this surely.
const SETTLED_OWNERSHIP: f64 = 0.6;
/// The analyser's budget at the end of the game, with no clock running (a second at
/// worst).
const FINAL_STATUS_BUDGET: LifeOptions = LifeOptions {
    alive: Points::EMPTY,
    nodes_per_chain: 100_000,
    nodes_in_all: 600_000,
    deadline: None,
};
/// The analyser's budget when deciding whether to pass, after the search has spent the
/// move's time: half a second at worst on this machine (the seed's examples), which
/// the search leaves it ([`PASS_JUDGEMENT_SHARE`]).
const PASS_BUDGET: LifeOptions = LifeOptions {
    alive: Points::EMPTY,
    nodes_per_chain: 50_000,
    nodes_in_all: 100_000,
    deadline: None,
};
/// The shares of `final_status`'s time (`Limits::time`) for the first analysis and for
/// the playouts of ownership; the second analysis, with the chains they vouch for, has
/// the rest.
const FINAL_STATUS_SHARES: [f64; 2] = [0.4, 0.3];
/// Playouts of ownership for `final_status` even when its time is up.
const MIN_OWNERSHIP_PLAYOUTS: u64 = 16;
/// The share of a move's time the search leaves, after the opponent's pass, to the
/// judgement of whether to pass too.
const PASS_JUDGEMENT_SHARE: f64 = 0.4;
/// A chain the analyser cannot judge is vouched for as safe when its owner keeps its
/// points this surely in playouts (-1..=1).
const SAFE_OWNERSHIP: f64 = 0.8;
/// The tree is rebuilt rather than reused once it fills more than this share.
const REUSE_BELOW: f64 = 0.5;
/// Pondering stops once the tree fills this share of its memory: below
/// [`REUSE_BELOW`], so that the next search still starts from it, with room to grow.
const PONDER_FILL: f64 = 0.4;
const _: () = assert!(PONDER_FILL < REUSE_BELOW);

/// How the engine searches, set once per game or by the user.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Search threads, 1 to 64.
    pub threads: usize,
    /// The memory bound of the tree, in MiB.
    pub max_tree_mb: usize,
    /// Resign when the best move wins less often than this (0 never resigns).
    pub resign_below: f64,
    /// The seed of the playouts' random numbers: equal seeds and one thread replay a
    /// search exactly.
    pub seed: u64,
    /// The prior, RAVE and exploration weights of the tree (`--param`).
    pub mcts: MctsParams,
}

impl Default for SearchConfig {
    /// One thread, 512 MiB of tree, resigning below 5%.
    fn default() -> Self {
        SearchConfig {
            threads: 1,
            max_tree_mb: 512,
            resign_below: 0.05,
            seed: 0x7e26_e115,
            mcts: MctsParams::DEFAULT,
        }
    }
}

/// When a search stops: after `playouts`, after `time`, or when the caller's stop flag
/// is set (both `None`: only then).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// Playouts in all, over every thread.
    pub playouts: Option<u64>,
    /// Time from the start of the search.
    pub time: Option<Duration>,
    /// Clean up (KGS `kgs-genmove_cleanup`): do not pass while the opponent has dead
    /// stones on the board.
    pub cleanup: bool,
    /// May the search resign?
    pub allow_resign: bool,
    /// Stop as soon as the move to play is decided: when no other root move can overtake
    /// the most-visited one (the move played) with the playouts still to come, counted
    /// exactly for `playouts` and estimated from the playouts so far for `time`.
    pub stop_when_decided: bool,
    /// Moves the search may not explore (the analysis commands' `avoid` and `allow`).
    pub filter: MoveFilter,
}

/// What the search thinks of one root move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveInfo {
    /// The move; `None` passes.
    pub mv: Option<Vertex>,
    /// Playouts through it.
    pub visits: u64,
    /// How often the side to move wins after it, `0..=1` (a draw or void game is half).
    pub winrate: f64,
    /// The prior judgement, normalised over the root's moves.
    pub prior: f64,
    /// A lower confidence bound of the win rate (may be below 0).
    pub lcb: f64,
    /// The mean final lead of the side to move, in points, komi counted.
    pub score_lead: f64,
    /// The principal variation, starting with `mv`.
    pub pv: Vec<Option<Vertex>>,
}

/// The state of a search, as reported while it runs and at its end.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The side the search plays for.
    pub to_move: Color,
    /// Playouts through the root.
    pub visits: u64,
    /// The root's moves that have playouts, most visited first.
    pub moves: Vec<MoveInfo>,
    /// Per vertex index, who owns the point at the end of the playouts: +1 Black
    /// always, -1 White always.
    pub ownership: Vec<f32>,
}

/// What to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Place a stone.
    Play(Vertex),
    /// Pass.
    Pass,
    /// Give up.
    Resign,
}

/// A search's decision and the analysis behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOutcome {
    /// The move chosen.
    pub decision: Decision,
    /// The analysis at the end of the search.
    pub analysis: Analysis,
}

/// The status of every stone at the end of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatusVerdict {
    /// Living stones not in seki.
    pub alive: Points,
    /// Dead stones, to be taken off before counting.
    pub dead: Points,
    /// Stones living in seki.
    pub seki: Points,
}

/// The game the tree's root stands for.
#[derive(Clone, Debug, PartialEq)]
struct RootKey {
    size: BoardSize,
    rules: Rules,
    moves: Vec<(Color, Option<Vertex>)>,
    color: Color,
}

/// A Go engine: the search tree and its settings, kept between moves.
pub struct Engine {
    config: SearchConfig,
    arena: Arena,
    root: u32,
    key: Option<RootKey>,
    searches: u64,
}

impl Engine {
    /// An engine with an empty tree.
    pub fn new(config: SearchConfig) -> Engine {
        let mut arena = Arena::new(Arena::capacity_for(config.max_tree_mb));
        let root = arena.new_root();
        Engine {
            config,
            arena,
            root,
            key: None,
            searches: 0,
        }
    }

    /// The settings.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Changes the settings; a new memory bound starts a new tree.
    pub fn set_config(&mut self, config: SearchConfig) {
        if config.max_tree_mb != self.config.max_tree_mb {
            *self = Engine::new(config);
        } else {
            self.config = config;
        }
    }

    /// The bytes of tree in use: nodes allocated since the tree was last started anew
    /// (a reused tree keeps the nodes of the lines not taken until then).
    pub fn tree_bytes(&self) -> usize {
        self.tree_nodes() * tree::NODE_BYTES
    }

    /// The tree nodes allocated since the tree was last started anew.
    pub fn tree_nodes(&self) -> usize {
        self.arena.used()
    }

    /// Forgets the tree.
    pub fn clear(&mut self) {
        self.root = self.arena.new_root();
        self.key = None;
    }

    /// Searches the position of `game` for `color` until `limits` or `stop` end it,
    /// calling `report` with the analysis so far every `report_every`.
    pub fn search(
        &mut self,
        game: &Game,
        color: Color,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Analysis),
        report_every: Option<Duration>,
    ) -> SearchOutcome {
        let start = Instant::now();
        let (analysis, _) = self.grow(game, color, limits, stop, report, report_every, false);
        let deadline = limits.time.map(|t| start + t);
        let decision = self.decide(game, color, limits, &analysis, deadline);
        SearchOutcome { decision, analysis }
    }

    /// Searches the position of `game` for `color`, the opponent, on its time: until
    /// `stop`, or until the tree fills [`PONDER_FILL`] of its memory (a fuller tree
    /// would be started anew by the next search, and what pondering found lost).
    /// Nothing is decided: the tree stays for the next [`search`](Self::search), which
    /// takes over the subtree of the move the opponent plays. Returns the playouts it
    /// added.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use tengen::go::{BoardSize, Game, Rules};
    /// use tengen::go::search::{Engine, SearchConfig};
    /// use tengen::core::Color;
    /// let mut engine = Engine::new(SearchConfig { max_tree_mb: 1, ..SearchConfig::default() });
    /// let game = Game::new(BoardSize::new(9).unwrap(), Rules::chinese());
    /// // With no stop, it ends on its own once the small tree is 40% full.
    /// assert!(engine.ponder(&game, Color::Black, &AtomicBool::new(false)) > 0);
    /// ```
    pub fn ponder(&mut self, game: &Game, color: Color, stop: &AtomicBool) -> u64 {
        let limits = Limits::default();
        self.grow(game, color, &limits, stop, &mut |_| {}, None, true)
            .1
    }

    /// The search loop of [`search`](Self::search) and [`ponder`](Self::ponder): grows
    /// the tree of `game`'s position for `color` until `limits`, `stop` or (if
    /// `pondering`) the fill of [`PONDER_FILL`]; returns the analysis at the end and the
    /// playouts it added.
    #[allow(clippy::too_many_arguments)]
    fn grow(
        &mut self,
        game: &Game,
        color: Color,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Analysis),
        report_every: Option<Duration>,
        pondering: bool,
    ) -> (Analysis, u64) {
        let start = Instant::now();
        self.reroot(game, color);
        let reused = self.arena.node(self.root).visits();
        self.searches += 1;
        let size = game.position().size();
        let threads = self.config.threads.clamp(1, 64);
        let shared = Shared {
            arena: &self.arena,
            root: self.root,
            color,
            rules: game.rules(),
            mcts: self.config.mcts,
            playouts: AtomicU64::new(0),
            done: AtomicBool::new(game.is_over().is_some()),
            ownership: (0..size.points()).map(|_| AtomicI32::new(0)).collect(),
            owned_playouts: AtomicU32::new(0),
            alone: threads == 1,
            filter: &limits.filter,
        };
        // After the opponent's pass, judging whether to pass too runs the life-and-death
        // analyser once the search is over: it gets part of the move's time.
        let time = match limits.time {
            Some(t) if opponent_passed(game, color) && !limits.cleanup => {
                Some(t.mul_f64(1.0 - PASS_JUDGEMENT_SHARE))
            }
            time => time,
        };
        let seed = self.config.seed ^ self.searches.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        std::thread::scope(|scope| {
            for t in 1..threads {
                let shared = &shared;
                scope.spawn(move || {
                    let mut worker = Worker::new(shared, game, seed ^ t as u64);
                    while !shared.done.load(Relaxed) && !stop.load(Relaxed) {
                        worker.iterate();
                        shared.count_playout(limits);
                    }
                });
            }
            let mut worker = Worker::new(&shared, game, seed);
            let mut last_report = start;
            let mut k = 0u64;
            while !shared.done.load(Relaxed) && !stop.load(Relaxed) {
                worker.iterate();
                shared.count_playout(limits);
                k += 1;
                if k % 16 == 0 || time.is_some_and(|t| t < Duration::from_millis(50)) {
                    let now = Instant::now();
                    if time.is_some_and(|t| now - start >= t)
                        || pondering && shared.arena.nearly_full(1.0 - PONDER_FILL)
                        || limits.stop_when_decided && shared.decided(limits, time, now - start)
                    {
                        shared.done.store(true, Relaxed);
                    }
                    if let Some(every) = report_every {
                        if now - last_report >= every {
                            last_report = now;
                            report(&shared.analysis());
                        }
                    }
                }
            }
            shared.done.store(true, Relaxed);
        });
        let analysis = shared.analysis();
        log::debug!(
            "{}: {} playouts in {:.2?}, {} nodes, {reused} playouts reused{}",
            if pondering { "ponder" } else { "search" },
            shared.playouts.load(Relaxed),
            start.elapsed(),
            self.arena.used(),
            analysis.moves.first().map_or(String::new(), |best| format!(
                "; best {} ({} playouts, win rate {:.3}, lead {:+.1})",
                size.vertex_name(best.mv),
                best.visits,
                best.winrate,
                best.score_lead
            ))
        );
        (analysis, shared.playouts.load(Relaxed))
    }

    /// The status of every stone of `game`'s position: what the rules core's analyser
    /// proves, and for the rest who owns the stones at the end of playouts (`limits`'
    /// playouts, 1000 by default) from the position. With `limits.time`, the whole takes
    /// about that long at most, whatever the playouts and the analyser's node budget
    /// (shared as [`FINAL_STATUS_SHARES`] says); without it, they alone bound it.
    pub fn final_status(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> StatusVerdict {
        let n = limits.playouts.unwrap_or(1000).max(1);
        let seed = self.config.seed;
        let position = game.position();
        let stages = Stages::until(limits.time.map(|t| Instant::now() + t), FINAL_STATUS_SHARES);
        judge(
            position,
            game.rules(),
            &FINAL_STATUS_BUDGET,
            stages,
            |position, deadline| ownership_by_playouts(position, n, seed, stop, deadline),
        )
        .0
    }

    /// Moves the root to the node of `game`'s position when the tree holds it, with
    /// `color` to move; starts a new tree otherwise.
    fn reroot(&mut self, game: &Game, color: Color) {
        let key = RootKey {
            size: game.position().size(),
            rules: *game.rules(),
            moves: game.moves().collect(),
            color,
        };
        let reused = self.key.as_ref().and_then(|old| {
            let extends = old.size == key.size
                && old.rules == key.rules
                && key.moves.starts_with(&old.moves)
                && !self.arena.nearly_full(1.0 - REUSE_BELOW);
            if !extends {
                return None;
            }
            let mut node = self.root;
            let mut to_move = old.color;
            for &(c, mv) in &key.moves[old.moves.len()..] {
                if c != to_move {
                    return None;
                }
                let wanted = mv.map_or(PASS, |v| v.0);
                let children = self.arena.node(node).children()?;
                node = children
                    .into_iter()
                    .find(|&i| self.arena.node(i).mv() == wanted)?;
                to_move = !to_move;
            }
            (to_move == color).then_some(node)
        });
        match reused {
            Some(node) => self.root = node,
            None => self.root = self.arena.new_root(),
        }
        self.key = Some(key);
    }

    /// The move to play after a search.
    fn decide(
        &self,
        game: &Game,
        color: Color,
        limits: &Limits,
        analysis: &Analysis,
        deadline: Option<Instant>,
    ) -> Decision {
        let Some(best) = analysis.moves.first() else {
            return unsearched_choice(game, color);
        };
        if limits.allow_resign && best.winrate < self.config.resign_below && analysis.visits >= 200
        {
            return Decision::Resign;
        }
        let mut choice = best;
        // After the opponent's pass, passing may end the game: do so when the count,
        // with the dead stones the analyser proves and the playouts show (every stone
        // clearly judged), wins at least as surely as playing on.
        if opponent_passed(game, color) && !limits.cleanup && !limits.filter.forbids(color, None, 1)
        {
            let stages = Stages::until(deadline, [0.5, 0.5]);
            let (verdict, clear) = judge(
                game.position(),
                game.rules(),
                &PASS_BUDGET,
                stages,
                |_, _| analysis.ownership.clone(),
            );
            if clear && passing_wins(game, color, verdict.dead) >= best.winrate {
                return Decision::Pass;
            }
        }
        if limits.cleanup && choice.mv.is_none() {
            // Dead opponent stones: points of theirs we own at the end of most playouts.
            let sign = if color == Color::Black { 1.0 } else { -1.0 };
            let dead_left = game
                .position()
                .stones(!color)
                .iter()
                .any(|i| analysis.ownership[i] * sign > 0.5);
            if dead_left {
                if let Some(other) = analysis.moves.iter().find(|m| m.mv.is_some()) {
                    choice = other;
                } else if let Some(&v) = game
                    .legal_moves(color)
                    .iter()
                    .find(|&&v| !game.position().is_eye(color, v))
                {
                    return Decision::Play(v);
                }
            }
        }
        match choice.mv {
            Some(v) => Decision::Play(v),
            None => Decision::Pass,
        }
    }
}

/// The move when the search had no playout at all (stopped before its first, as GTP's
/// `stop`, `quit` or the end of input do): the legal move that fills no own eye with the
/// best prior, the nearest the centre among equals; a pass when there is none or the
/// game is over. Not the first legal move: in vertex order that is the corner of the top
/// edge (A9 on 9x9), the worst opening there is.
fn unsearched_choice(game: &Game, color: Color) -> Decision {
    if game.is_over().is_some() {
        return Decision::Pass;
    }
    let position = game.position();
    let size = position.size();
    let last = game.moves().last().and_then(|(_, mv)| mv);
    // Twice the distance to the centre, in whole numbers on boards of both parities.
    let off_centre = |v: Vertex| {
        let (p, n) = (size.point(v), size.get() as i32 - 1);
        (2 * i32::from(p.x) - n).abs() + (2 * i32::from(p.y) - n).abs()
    };
    game.legal_moves(color)
        .into_iter()
        .filter(|&v| !position.is_eye(color, v))
        .map(|v| (v, prior(position, color, v, last), off_centre(v)))
        .fold(
            None,
            |best: Option<(Vertex, f32, i32)>, (v, p, d)| match best {
                Some((_, q, e)) if q > p || q == p && e <= d => best,
                _ => Some((v, p, d)),
            },
        )
        .map_or(Decision::Pass, |(v, _, _)| Decision::Play(v))
}

/// The status of every stone of `position`: what the rules core's analyser proves, and
/// for the chains it leaves unknown, the judgement of `ownership` (computed only then).
/// Also says whether that judgement was clear for every such chain.
///
/// The chains the playouts keep surely are vouched for as safe and the analyser looks
/// again; what it proved the first time, with nothing assumed, stands against that
/// second look (search verdicts, not those by eye shape). Before that look, one without
/// the vouched chains that share a liberty with a chain the playouts take (a race or a
/// seki, as far as the areas stay small enough to read): its proofs stand against the
/// second look too.
///
/// Ownership kills an unknown chain when its opponent owns its points by more than
/// [`DEAD_OWNERSHIP`]. A chain that shares a liberty with stones the analyser proves to
/// be in seki is killed only when the opponent owns them clearly (by
/// [`SETTLED_OWNERSHIP`]), and is otherwise part of that seki. Playouts do not respect a
/// seki: they play the moves that break it (a capture that loses the fight after it, a
/// dame filled) as readily as any other, so stones that live by the seki often end them
/// in the opponent's hands. In the hane seki of the Japanese rules' example 3, White
/// takes the three corner stones in three playouts of four, although the seed shows
/// that taking them loses White the group beside them. A dead stone in a seki's eye, by
/// contrast, is taken in practically every playout: the capture is always a legal move
/// that fills no eye and is no self-atari, so the playout plays it before it ends unless
/// the stone's owner wins the whole fight around it.
fn judge(
    position: &Position,
    rules: &Rules,
    budget: &LifeOptions,
    stages: Stages,
    ownership: impl FnOnce(&Position, Option<Instant>) -> Vec<f32>,
) -> (StatusVerdict, bool) {
    let (resolved, doomed) = without_doomed(position);
    let (mut verdict, clear) = judge_resolved(&resolved, rules, budget, stages, ownership);
    // The capturing stones are not on the board judged.
    let stones = position.stones(Color::Black) | position.stones(Color::White);
    verdict.alive &= stones;
    verdict.seki &= stones;
    verdict.dead = verdict.dead & stones | doomed;
    (verdict, clear)
}

/// [`judge`] of a position without doomed chains.
fn judge_resolved(
    position: &Position,
    rules: &Rules,
    budget: &LifeOptions,
    stages: Stages,
    ownership: impl FnOnce(&Position, Option<Instant>) -> Vec<f32>,
) -> (StatusVerdict, bool) {
    let first = LifeOptions {
        deadline: stages.analysis,
        ..budget.clone()
    };
    let life = LifeAndDeath::analyse_with(position, rules, &first);
    if life.unknown_stones().is_empty() {
        return (verdict_of(&life), true);
    }
    // The analyser leaves some chains unknown: the playouts tell which of them their
    // owner keeps for sure, and with those vouched for as safe, the analyser looks again
    // at what they enclose.
    let ownership = ownership(position, stages.ownership);
    let kept = |chain: Points, color: Color| {
        let mean =
            chain.iter().map(|s| f64::from(ownership[s])).sum::<f64>() / chain.len().max(1) as f64;
        if color == Color::Black {
            mean
        } else {
            -mean
        }
    };
    let chains = |stones: Points| {
        let mut seen = Points::EMPTY;
        let mut chains = Vec::new();
        for i in stones.iter() {
            if !seen.contains(i) {
                let v = Vertex(i as u16);
                let chain = position.chain(v);
                seen |= chain;
                chains.push((chain, position.stone(v).unwrap_or(Color::Black)));
            }
        }
        chains
    };
    let safe: Points = chains(life.unknown_stones())
        .into_iter()
        .filter(|&(chain, color)| kept(chain, color) > SAFE_OWNERSHIP)
        .fold(Points::EMPTY, |all, (chain, _)| all | chain);
    // Of those, the chains that share a liberty with an unknown chain of the other colour
    // the playouts do not keep fight it: a capturing race or a seki, whose outcome the
    // playouts guess badly (they break a seki as readily as they keep it). Vouched for,
    // they would decide that fight unread, so the analyser first looks with them left
    // out, and its proofs there overrule the wider look.
    let walls = safe | life.pass_alive(Color::Black).stones | life.pass_alive(Color::White).stones;
    let contested = contested_chains(position, safe, walls, life.unknown_stones());
    let analyse = |alive: Points, deadline: Option<Instant>| {
        let options = LifeOptions {
            alive,
            deadline,
            ..budget.clone()
        };
        LifeAndDeath::analyse_with(position, rules, &options)
    };
    let narrow = (!contested.is_empty()).then(|| {
        let halfway = stages.reanalysis.map(|end| {
            let now = Instant::now();
            now + end.saturating_duration_since(now) / 2
        });
        analyse(safe - contested, halfway)
    });
    let first = life;
    let life = analyse(safe, stages.reanalysis);
    // What an analysis with fewer assumptions proved by search stands against those with
    // more: the vouching can only add assumptions, and a chain it makes safe may be one
    // the proved chains can capture (the Japanese rules' 死活例4: Black's three-stone
    // groups, which the White groups proved alive by miai can take, kept by the
    // playouts; vouched for, they would leave the White groups dead).
    let mut verdict = verdict_of(&life);
    let mut proved = Points::EMPTY;
    for analysis in [narrow.as_ref(), Some(&first)].into_iter().flatten() {
        let by_search = (analysis.alive_stones() | analysis.dead_stones() | analysis.seki_stones())
            - analysis.judged_by_shape();
        let sure = verdict_of(analysis);
        verdict.alive = (verdict.alive - by_search) | (sure.alive & by_search);
        verdict.dead = (verdict.dead - by_search) | (sure.dead & by_search);
        verdict.seki = (verdict.seki - by_search) | (sure.seki & by_search);
        proved |= by_search;
    }
    let mut clear = true;
    let size = position.size();
    let seki_liberties = size.neighbours_of(verdict.seki) & position.empty_points();
    for (chain, color) in chains(life.unknown_stones() - proved) {
        let kept = kept(chain, color);
        clear &= kept.abs() >= SETTLED_OWNERSHIP;
        if !(size.neighbours_of(chain) & seki_liberties).is_empty() {
            if kept <= -SETTLED_OWNERSHIP {
                verdict.dead |= chain;
            } else {
                verdict.seki |= chain;
            }
        } else if kept < -DEAD_OWNERSHIP {
            verdict.dead |= chain;
        } else {
            // A seki, which playouts break one way or the other at random, stays near
            // zero and lives.
            verdict.alive |= chain;
        }
    }
    (verdict, clear)
}

/// The chains of `vouched` that share a liberty with a chain of the other colour among
/// `unknown` that is not in `walls` (the stones that bound the analyser's areas, the
/// vouched ones among them), as many as the analyser can read without them: fewest liberties first, each while the
/// area it opens stays within [`MAX_AREA_POINTS`]. A wall around dead stones, with its
/// many liberties outside, would open the whole board; the stones of a seki or a race,
/// a few points.
fn contested_chains(
    position: &Position,
    vouched: Points,
    walls: Points,
    unknown: Points,
) -> Points {
    let size = position.size();
    let mut candidates = Vec::new();
    for color in Color::BOTH {
        let rivals = (unknown - walls) & position.stones(!color);
        let reached = size.neighbours_of(size.neighbours_of(rivals) & position.empty_points());
        let mut left = reached & vouched & position.stones(color);
        while let Some(i) = left.first() {
            let v = Vertex(i as u16);
            let chain = position.chain(v);
            left = left - chain;
            candidates.push((position.liberties(v).len(), chain));
        }
    }
    candidates.sort_by_key(|&(liberties, chain)| (liberties, chain.first()));
    let mut open = size.all_points() - walls;
    let mut contested = Points::EMPTY;
    for (_, chain) in candidates {
        let wider = open | chain;
        if size.flood(chain, wider).len() <= MAX_AREA_POINTS {
            open = wider;
            contested |= chain;
        }
    }
    contested
}

/// `position` with every [doomed](is_doomed) chain captured (by its opponent's stone on
/// its liberty), and the stones so taken. Taking one may doom another, or free one.
fn without_doomed(position: &Position) -> (Position, Points) {
    let mut resolved = position.clone();
    let mut taken = Points::EMPTY;
    'search: loop {
        for color in Color::BOTH {
            let mut seen = Points::EMPTY;
            for i in resolved.stones(color).iter() {
                if seen.contains(i) {
                    continue;
                }
                let v = Vertex(i as u16);
                let chain = resolved.chain(v);
                seen |= chain;
                if is_doomed(&resolved, chain, color) {
                    let liberty = resolved.atari_liberty(v);
                    let before = resolved.stones(color);
                    if liberty.is_some() && resolved.play(!color, liberty, Suicide::Illegal).is_ok()
                    {
                        // Every chain the move takes, not only this one: another in atari
                        // on the same liberty goes with it.
                        taken |= before - resolved.stones(color);
                        continue 'search;
                    }
                }
            }
        }
        return (resolved, taken);
    }
}

/// Is `color`'s `chain` dead as it stands: in atari, unable to get out
/// ([`caught_in_ladder`]), and such that taking it leaves the capturing stone two
/// liberties at least (no ko, no snapback) and the taker an eye space its owner cannot
/// spoil (not a [dead eye shape](is_dead_eye_shape): taking three stones that leave a
/// bent three may lose the fight, as in the Japanese rules' 死活例3 and 死活例19)? Then the
/// opponent takes it whenever it likes. Ownership playouts can miss this: they start
/// with no last move to answer, and the owner may run into open points beside the chain
/// before the capture comes.
fn is_doomed(position: &Position, chain: Points, color: Color) -> bool {
    let Some(v) = chain.iter().next().map(|i| Vertex(i as u16)) else {
        return false;
    };
    let Some(liberty) = position.atari_liberty(v) else {
        return false;
    };
    let size = position.size();
    let points: Vec<_> = chain.iter().map(|i| size.point(Vertex(i as u16))).collect();
    if is_dead_eye_shape(&points) || !caught_in_ladder(position, color, v) {
        return false;
    }
    let mut after = position.clone();
    after.play(!color, Some(liberty), Suicide::Illegal).is_ok() && !after.in_atari(liberty)
}

/// When each step of [`judge`] must be over, when the whole must be over by a deadline
/// (`None`: each step runs to its own budget).
#[derive(Clone, Copy, Debug, Default)]
struct Stages {
    /// The first analysis.
    analysis: Option<Instant>,
    /// The playouts of ownership (when they are not given).
    ownership: Option<Instant>,
    /// The analysis again, with the chains the playouts vouch for.
    reanalysis: Option<Instant>,
}

impl Stages {
    /// From now to `deadline`, the first analysis gets the share `shares[0]` of the time,
    /// the playouts `shares[1]`, and the second analysis the rest.
    fn until(deadline: Option<Instant>, shares: [f64; 2]) -> Stages {
        let Some(deadline) = deadline else {
            return Stages::default();
        };
        let now = Instant::now();
        let time = deadline.saturating_duration_since(now);
        let analysis = now + time.mul_f64(shares[0]);
        Stages {
            analysis: Some(analysis),
            ownership: Some(analysis + time.mul_f64(shares[1])),
            reanalysis: Some(deadline),
        }
    }
}

/// Did the opponent of `color` pass last?
fn opponent_passed(game: &Game, color: Color) -> bool {
    game.moves()
        .last()
        .is_some_and(|(c, mv)| c != color && mv.is_none())
}

/// The stones `life` decides, with the unknown ones left out.
fn verdict_of(life: &LifeAndDeath) -> StatusVerdict {
    StatusVerdict {
        alive: life.alive_stones(),
        dead: life.dead_stones(),
        seki: life.seki_stones(),
    }
}

/// How surely passing now wins for `color` (1 a win, 0.5 a draw or void game, 0 a
/// loss) when the pass ends the game and the board is counted with the stones of `dead`
/// taken off (none when the rules count the board as it stands); 0 when the pass does
/// not end the game.
fn passing_wins(game: &Game, color: Color, dead: Points) -> f64 {
    let mut ended = game.clone();
    if ended.play(color, None).is_err() {
        return 0.0;
    }
    let result = match ended.is_over() {
        Some(GameOver::Stopped(Stop::Passes)) => {
            let dead = match game.rules().dead_stones {
                DeadStones::ScoredAsTheyStand => Points::EMPTY,
                DeadStones::Removed => dead,
            };
            match ended.score(dead) {
                Ok(score) => score.result,
                Err(_) => return 0.0,
            }
        }
        Some(over) => match over.result() {
            Some(result) => result,
            None => return 0.0,
        },
        None => return 0.0,
    };
    let (half_wins, _) = for_color(color, black_half_wins(result), 0);
    f64::from(half_wins) / 2.0
}

/// The stones on points their opponent owns by more than [`DEAD_OWNERSHIP`], by
/// `owner(i)` (+1 Black, -1 White).
fn dead_by_ownership(position: &Position, owner: impl Fn(usize) -> f64) -> Points {
    let black = position
        .stones(Color::Black)
        .iter()
        .filter(|&i| owner(i) < -DEAD_OWNERSHIP);
    let white = position
        .stones(Color::White)
        .iter()
        .filter(|&i| owner(i) > DEAD_OWNERSHIP);
    black.chain(white).collect()
}

/// Owners of the points at the end of `n` playouts from `position`, each side starting
/// half of them: +1 Black always, -1 White always. Past `deadline` (after
/// [`MIN_OWNERSHIP_PLAYOUTS`] at least) or on `stop`, the playouts done so far tell.
fn ownership_by_playouts(
    position: &Position,
    n: u64,
    seed: u64,
    stop: &AtomicBool,
    deadline: Option<Instant>,
) -> Vec<f32> {
    let mut rng = SplitMix64::new(seed);
    let mut scratch = position.clone();
    let mut played = FirstPlayed::new(position.size().points());
    let mut sums = vec![0i64; position.size().points()];
    let mut done = 0u64;
    for k in 0..n {
        if stop.load(Relaxed)
            || k >= MIN_OWNERSHIP_PLAYOUTS && deadline.is_some_and(|d| Instant::now() >= d)
        {
            break;
        }
        scratch.clone_from(position);
        let first = if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        playout(&mut scratch, first, None, &mut rng, &mut played, None);
        let owners = Owners::of(&scratch);
        for i in owners.area[0].iter() {
            sums[i] += 1;
        }
        for i in owners.area[1].iter() {
            sums[i] -= 1;
        }
        done += 1;
    }
    sums.iter()
        .map(|&s| s as f32 / done.max(1) as f32)
        .collect()
}

/// What the threads of one search share.
struct Shared<'a> {
    arena: &'a Arena,
    root: u32,
    color: Color,
    rules: &'a Rules,
    mcts: MctsParams,
    playouts: AtomicU64,
    done: AtomicBool,
    /// Per point, playouts Black owned it minus playouts White did.
    ownership: Vec<AtomicI32>,
    owned_playouts: AtomicU32,
    /// The search runs on one thread: its counts need no locked additions
    /// ([`Counter::add`]).
    alone: bool,
    filter: &'a MoveFilter,
}

impl<'a> Shared<'a> {
    fn count_playout(&self, limits: &Limits) {
        let n = self.playouts.fetch_add(1, Relaxed) + 1;
        if limits.playouts.is_some_and(|limit| n >= limit) {
            self.done.store(true, Relaxed);
        }
    }

    /// Has the root's most-visited move more playouts over the next one than the search
    /// has left ([`playouts_left`]): so many that the move played cannot change?
    fn decided(&self, limits: &Limits, time: Option<Duration>, elapsed: Duration) -> bool {
        let done = self.playouts.load(Relaxed);
        let Some(left) = playouts_left(limits.playouts, time, done, elapsed) else {
            return false;
        };
        let arena = self.arena;
        let Some(children) = arena.node(self.root).children() else {
            return false;
        };
        let permitted = self.permitted(children.clone(), self.color, 1);
        let (mut first, mut second) = (0u64, 0u64);
        for (_, node) in arena.nodes(children).filter(|&(i, _)| permitted(i)) {
            let visits = u64::from(node.visits());
            if visits > first {
                (first, second) = (visits, first);
            } else if visits > second {
                second = visits;
            }
        }
        first - second > left
    }

    /// Which of `children`, the moves at ply `depth` (1 for the root's), the filter lets
    /// `color` play there: those it does not forbid, or all when it forbids every one.
    fn permitted(
        &self,
        children: Range<u32>,
        color: Color,
        depth: u32,
    ) -> impl Fn(u32) -> bool + 'a {
        let (arena, filter) = (self.arena, self.filter);
        let forbids = move |i: u32| filter.forbids(color, vertex_of(arena.node(i).mv()), depth);
        let active = depth <= filter.depth() && children.into_iter().any(|i| !forbids(i));
        move |i| !active || !forbids(i)
    }

    fn analysis(&self) -> Analysis {
        let arena = self.arena;
        let root = arena.node(self.root);
        let children = root.children().unwrap_or(0..0);
        let prior_sum: f64 = children
            .clone()
            .map(|i| f64::from(arena.node(i).stats().prior))
            .sum();
        let permitted = self.permitted(children.clone(), self.color, 1);
        let mut moves: Vec<MoveInfo> = children
            .clone()
            .filter(|&i| arena.node(i).visits() > 0 && permitted(i))
            .map(|i| {
                let s = arena.node(i).stats();
                let visits = f64::from(s.visits);
                let winrate = f64::from(s.half_wins) / 2.0 / visits;
                MoveInfo {
                    mv: vertex_of(arena.node(i).mv()),
                    visits: u64::from(s.visits),
                    winrate,
                    prior: f64::from(s.prior) / prior_sum.max(f64::MIN_POSITIVE),
                    lcb: winrate
                        - 1.96 * (winrate * (1.0 - winrate) / visits).sqrt()
                        - 0.5 / visits,
                    score_lead: s.lead as f64 / 2.0 / visits,
                    pv: self.principal_variation(i, self.color),
                }
            })
            .collect();
        // Equal visits and win rates (a few playouts each, on a large board) go by the
        // prior, then the lead: never by vertex order, which favours the top edge.
        moves.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.winrate.total_cmp(&a.winrate))
                .then(b.prior.total_cmp(&a.prior))
                .then(b.score_lead.total_cmp(&a.score_lead))
        });
        let owned = f64::from(self.owned_playouts.load(Relaxed).max(1));
        Analysis {
            to_move: self.color,
            visits: u64::from(root.visits()),
            moves,
            ownership: self
                .ownership
                .iter()
                .map(|o| (f64::from(o.load(Relaxed)) / owned) as f32)
                .collect(),
        }
    }

    /// The most visited line from node `i`, a root move of `color`, its own move first
    /// (skipping the moves the filter forbids).
    fn principal_variation(&self, mut i: u32, mut color: Color) -> Vec<Option<Vertex>> {
        let mut pv = vec![vertex_of(self.arena.node(i).mv())];
        while pv.len() < 16 {
            color = !color;
            let depth = pv.len() as u32 + 1;
            let Some(best) = self.arena.node(i).children().and_then(|c| {
                let permitted = self.permitted(c.clone(), color, depth);
                c.filter(|&k| self.arena.node(k).visits() > 0 && permitted(k))
                    .max_by_key(|&k| self.arena.node(k).visits())
            }) else {
                break;
            };
            pv.push(vertex_of(self.arena.node(best).mv()));
            i = best;
        }
        pv
    }
}

fn vertex_of(mv: u16) -> Option<Vertex> {
    (mv != PASS).then_some(Vertex(mv))
}

/// One search thread: its own copy of the game, which the descent plays moves on and
/// takes them back from, and a scratch position for playouts.
struct Worker<'a> {
    shared: &'a Shared<'a>,
    game: Game,
    scratch: Position,
    rng: SplitMix64,
    played: FirstPlayed,
    /// The last good replies learned by this thread's playouts.
    replies: Replies,
    /// The game's moves before the root, which the first replies answer.
    before: Vec<Option<Vertex>>,
    path: Vec<u32>,
    /// The visits at which a leaf is expanded on this board.
    expand_at: u32,
}

impl<'a> Worker<'a> {
    fn new(shared: &'a Shared<'a>, game: &Game, seed: u64) -> Worker<'a> {
        Worker {
            shared,
            game: game.clone(),
            scratch: game.position().clone(),
            rng: SplitMix64::new(seed),
            played: FirstPlayed::new(game.position().size().points()),
            replies: Replies::new(game.position().size().points()),
            before: game.moves().map(|(_, mv)| mv).collect(),
            path: Vec::new(),
            expand_at: EXPAND_AT.max(game.position().size().points() as u32 / EXPAND_POINTS),
        }
    }

    /// One descent from the root, a playout from the leaf, and the update of the path.
    fn iterate(&mut self) {
        let arena = self.shared.arena;
        let size = self.game.position().size();
        self.played.clear();
        self.path.clear();
        self.path.push(self.shared.root);
        let mut node = self.shared.root;
        let mut color = self.shared.color;
        let mut last = self.game.moves().last().map(|(_, mv)| mv);
        let mut played_moves = 0;
        self.replies.begin(&self.before, color);
        while self.game.is_over().is_none() {
            let children = match arena.node(node).children() {
                Some(children) => children,
                None => {
                    let leaf = arena.node(node);
                    let root = node == self.shared.root;
                    let ripe = root || leaf.visits() + 1 >= self.expand_at;
                    if ripe && leaf.claim() {
                        if self.expand(node, color, last) {
                            continue;
                        }
                    } else if root {
                        // Another thread is expanding the root: a playout from it now
                        // would rate no move, and with many threads on few cores a
                        // descheduled expansion lets each of them run many.
                        std::thread::yield_now();
                        continue;
                    }
                    break;
                }
            };
            let child = self.select(node, children, color, played_moves + 1);
            let mv = vertex_of(arena.node(child).mv());
            if self.game.play(color, mv.map(|v| size.point(v))).is_err() {
                // Legal when the node was made, from this same game: never expected; the
                // playout then runs from here.
                debug_assert!(false, "a tree move was refused");
                break;
            }
            arena.node(child).add_virtual_loss(self.shared.alone);
            if let Some(v) = mv {
                self.played.mark(color, v);
            }
            self.replies.push(mv);
            played_moves += 1;
            self.path.push(child);
            node = child;
            last = Some(mv);
            color = !color;
        }
        let (black, lead) = self.evaluate(color, last.flatten());
        self.backup(black, lead);
        // Black's half wins: 2 a win, 0 a loss, 1 a draw or a void game.
        self.replies.learn(match black {
            2 => Some(Color::Black),
            0 => Some(Color::White),
            _ => None,
        });
        for _ in 0..played_moves {
            self.game.undo();
        }
    }

    /// Creates the children of the claimed leaf `node`: the legal moves that fill no own
    /// eye, with their priors, and a pass.
    fn expand(&mut self, node: u32, color: Color, last: Option<Option<Vertex>>) -> bool {
        let position = self.game.position();
        let last_vertex = last.flatten();
        let slope = self.shared.mcts.pattern_prior;
        let learn = slope > 0.0 || self.shared.mcts.policy_weight > 0.0;
        let mut moves: Vec<(u16, f32, f32)> = Vec::new();
        // Each move's gamma, and whether it is quiet (no tactic but an atari).
        let mut learned: Vec<(f32, bool)> = Vec::new();
        let context = learn.then(|| {
            let last2 = self.game.moves().rev().nth(1).and_then(|(_, mv)| mv);
            patterns::Context::new(position, last_vertex, last2)
        });
        for v in self.game.legal_moves(color) {
            if position.is_eye(color, v) {
                continue;
            }
            let t = tactic(position, color, v);
            moves.push((v.0, prior_after(position, color, v, last_vertex, t), 0.0));
            if let Some(context) = &context {
                let f = patterns::features_in(position, color, v, context, t);
                let quiet = matches!(t, Tactic::Quiet | Tactic::Ataris);
                learned.push((patterns::shipped().gamma(&f), quiet));
            }
        }
        if learn && !moves.is_empty() {
            // Each move's learned probability; and, as a win rate, its share against a
            // uniform one: the tactics the hand prior reads out (captures, escapes,
            // ladders, self-ataris) keep its verdict.
            let total: f32 = learned.iter().map(|&(g, _)| g).sum();
            let total = total.max(f32::MIN_POSITIVE);
            let scale = moves.len() as f32 / total;
            for ((_, p, policy), &(g, quiet)) in moves.iter_mut().zip(&learned) {
                *policy = g / total;
                if quiet && slope > 0.0 {
                    let r = (g * scale).max(f32::MIN_POSITIVE).ln();
                    *p = (0.5 + slope as f32 * r).clamp(0.05, 0.95);
                }
            }
        }
        // Passing is worth a look when the opponent just passed or nothing else is left.
        let pass_prior = if last == Some(None) || moves.is_empty() {
            0.5
        } else {
            0.05
        };
        moves.push((PASS, pass_prior, 0.0));
        let arena = self.shared.arena;
        match arena.alloc(&moves) {
            Some(first) => {
                arena.publish(node, first, moves.len());
                true
            }
            None => {
                arena.node(node).unclaim();
                false
            }
        }
    }

    /// The child to descend to, `color` to move at ply `depth` (1 at the root): of the
    /// moves the filter permits, the best mix of win rate (with its prior), RAVE, score,
    /// learned policy and exploration, counting other threads' descents as losses.
    fn select(&self, parent: u32, children: Range<u32>, color: Color, depth: u32) -> u32 {
        let arena = self.shared.arena;
        let permitted = self.shared.permitted(children.clone(), color, depth);
        let parent_visits = f64::from(arena.node(parent).visits());
        let log_parent = (parent_visits + 1.0).ln();
        let MctsParams {
            prior_visits,
            rave_equivalence,
            exploration,
            score_utility,
            score_scale,
            policy_weight,
            ..
        } = self.shared.mcts;
        let policy_scale = policy_weight * parent_visits.sqrt();
        // The score term measures a child's mean lead from the root's, which is where
        // the game stands: so it values points won or lost from here even when the game
        // is long decided, and stays small beside the win rate when it is not.
        let root = arena.node(self.shared.root).stats();
        let root_lead = root.lead as f64 / 2.0 / f64::from(root.visits.max(1));
        // The root's lead is its mover's, the opponent of the side to move there.
        let centre = if color == self.shared.color {
            -root_lead
        } else {
            root_lead
        };
        let scale = score_scale * self.game.position().size().get() as f64;
        let unvisited_exploration = exploration * log_parent.sqrt();
        let value = |node: &tree::Node| {
            let s = node.stats();
            let prior_wins = f64::from(s.prior) * prior_visits;
            // The prior seeds the RAVE counts as well: else the first few RAVE playouts,
            // which every sibling gets at once, would outweigh it and make it moot.
            let rn = f64::from(s.rave_visits) + prior_visits;
            let rave = (f64::from(s.rave_half_wins) / 2.0 + prior_wins) / rn;
            if s.visits == 0 && s.virtual_losses == 0 && s.lead == 0 {
                // Most children weighed are unvisited: there `beta` is 1 and the score
                // term 0, and the sum below is this one to the last bit, without its
                // divisions, square root and tanh.
                return rave + policy_scale * f64::from(s.policy) + unvisited_exploration;
            }
            let n = f64::from(s.visits + s.virtual_losses);
            let q = (f64::from(s.half_wins) / 2.0 + prior_wins) / (n + prior_visits);
            let beta = rn / (rn + n + rn * n / rave_equivalence);
            let mixed = (1.0 - beta) * q + beta * rave;
            // The prior's playouts count as leading by the centre.
            let visits = f64::from(s.visits);
            let gain = (s.lead as f64 / 2.0 - centre * visits) / (visits + prior_visits);
            let score = score_utility * tanh(gain / scale);
            let policy = policy_scale * f64::from(s.policy) / (n + 1.0);
            mixed + score + policy + exploration * (log_parent / (n + 1.0)).sqrt()
        };
        arena
            .nodes(children)
            .filter(|&(i, _)| permitted(i))
            .map(|(i, node)| (i, value(node)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
            .expect("an expanded node has a child (a pass at least)")
    }

    /// Black's half wins and lead (half points, komi counted) of the game from here,
    /// `color` to move after `last`.
    fn evaluate(&mut self, color: Color, last: Option<Vertex>) -> (u32, i64) {
        let rules = self.shared.rules;
        let prisoners = match rules.captures {
            Captures::Prisoners => self.game.prisoners(),
            Captures::ReturnToOwner => [0, 0],
        };
        if let Some(over) = self.game.is_over() {
            if let Some(result) = over.result() {
                return (
                    black_half_wins(result),
                    by_rule_lead(result, self.game.position()),
                );
            }
            if let Some(counted) = self.count_stopped(prisoners) {
                return counted;
            }
        }
        let start = self.game.position();
        let offset = territory_offset(start, prisoners);
        self.scratch.clone_from(start);
        playout(
            &mut self.scratch,
            color,
            last,
            &mut self.rng,
            &mut self.played,
            Some(&mut self.replies),
        );
        let owners = Owners::of(&self.scratch);
        let shared = self.shared;
        for i in owners.area[0].iter() {
            shared.ownership[i].add(1, shared.alone);
        }
        for i in owners.area[1].iter() {
            shared.ownership[i].add(-1, shared.alone);
        }
        shared.owned_playouts.add(1, shared.alone);
        let (result, lead) = count(&self.scratch, &owners, offset, rules);
        (black_half_wins(result), lead)
    }

    /// Counts a game stopped in the tree, when it can be counted as it stands: always
    /// when the rules count the board so, else once the search's ownership is steady
    /// enough to tell the dead stones (stones on points the opponent owns at the end of
    /// most playouts). `None`: a playout must settle life and death.
    fn count_stopped(&self, prisoners: [u32; 2]) -> Option<(u32, i64)> {
        let shared = self.shared;
        let position = self.game.position();
        let dead = match shared.rules.dead_stones {
            DeadStones::ScoredAsTheyStand => Points::EMPTY,
            DeadStones::Removed => {
                if shared.owned_playouts.load(Relaxed) < OWNERSHIP_PLAYOUTS {
                    return None;
                }
                let owned = f64::from(shared.owned_playouts.load(Relaxed));
                dead_by_ownership(position, |i| {
                    f64::from(shared.ownership[i].load(Relaxed)) / owned
                })
            }
        };
        let counted = score(position, dead, prisoners, shared.rules).ok()?;
        let lead = black_lead(
            i64::from(counted.black.total()),
            i64::from(counted.white.total()),
            shared.rules,
        );
        Some((black_half_wins(counted.result), lead))
    }

    /// Adds the playout to every node of the path, and to the RAVE counts of the
    /// children of each whose move the side to move there played later.
    fn backup(&self, black: u32, lead: i64) {
        let arena = self.shared.arena;
        let root_color = self.shared.color;
        for (depth, &i) in self.path.iter().enumerate() {
            // The player whose move led to the node at `depth`.
            let mover = if depth % 2 == 1 {
                root_color
            } else {
                !root_color
            };
            let (wins, signed) = for_color(mover, black, lead);
            arena
                .node(i)
                .record(wins, signed, depth > 0, self.shared.alone);
            let to_move = !mover;
            if let Some(children) = arena.node(i).children() {
                let (wins, _) = for_color(to_move, black, lead);
                for (_, child) in arena.nodes(children) {
                    if let Some(v) = vertex_of(child.mv()) {
                        if self.played.by(to_move, v) {
                            child.record_rave(wins, self.shared.alone);
                        }
                    }
                }
            }
        }
    }
}

/// `x.tanh()` as a rational function, to within 2e-8 where |x| < 2 and 1e-4 beyond:
/// [`Worker::select`] asks it of every child it weighs, and libm's exact `tanh` was a
/// twentieth of a 9x9 search's time.
#[inline]
fn tanh(x: f64) -> f64 {
    // Lambert's continued fraction cut after seven terms. It reaches 1 at |x| = 4.97,
    // where tanh is within 1e-4 of 1, and grows past it: the clamp holds it there.
    let x2 = x * x;
    let num = x * (135_135.0 + x2 * (17_325.0 + x2 * (378.0 + x2)));
    let den = 135_135.0 + x2 * (62_370.0 + x2 * (3_150.0 + 28.0 * x2));
    (num / den).clamp(-1.0, 1.0)
}

/// Black's half wins and lead, as `color` sees them.
fn for_color(color: Color, black: u32, lead: i64) -> (u32, i64) {
    match color {
        Color::Black => (black, lead),
        Color::White => (2 - black, -lead),
    }
}

/// At most how many more playouts a search that has run `done` of them in `elapsed` will
/// run, under a limit of `playouts` and of `time`; `None` if it cannot tell. Whichever
/// limit stops the search first, each bounds the playouts left: `playouts` exactly, `time`
/// by the rate so far, once a tenth of it has passed (the first playouts of a search are
/// the slowest, so the rate errs towards more).
fn playouts_left(
    playouts: Option<u64>,
    time: Option<Duration>,
    done: u64,
    elapsed: Duration,
) -> Option<u64> {
    let by_playouts = playouts.map(|limit| limit.saturating_sub(done));
    let by_time = time.filter(|&t| elapsed >= t / 10).map(|t| {
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
        (rate * t.saturating_sub(elapsed).as_secs_f64()).ceil() as u64
    });
    by_playouts.into_iter().chain(by_time).min()
}

/// The lead recorded for a game decided by a rule: the whole board to the winner.
fn by_rule_lead(result: GameResult, position: &Position) -> i64 {
    let board = 2 * position.size().points() as i64;
    match result {
        GameResult::Win {
            winner: Color::Black,
            ..
        } => board,
        GameResult::Win { .. } => -board,
        GameResult::Draw | GameResult::NoResult => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::BoardSize;

    /// Black to move at the root of a tree whose two children, moves 0 and 1, have 20
    /// playouts each: per child, how many of them Black won and Black's lead in each (half
    /// points). Returns the move of the child the selection picks under `mcts`.
    fn select_between(children: [(u32, i64); 2], mcts: MctsParams) -> u16 {
        select_between_policies(children, [0.0, 0.0], mcts)
    }

    /// [`select_between`] with the children's learned probabilities.
    fn select_between_policies(
        children: [(u32, i64); 2],
        policies: [f32; 2],
        mcts: MctsParams,
    ) -> u16 {
        let game = Game::new(BoardSize::new(9).unwrap(), Rules::chinese());
        let mut arena = Arena::new(8);
        let root = arena.new_root();
        let first = arena
            .alloc(&[(0, 0.5, policies[0]), (1, 0.5, policies[1])])
            .unwrap();
        arena.publish(root, first, 2);
        for k in 0..20 {
            for (i, &(wins, lead)) in (first..).zip(&children) {
                let half_wins = if k < wins { 2 } else { 0 };
                arena.node(i).record(half_wins, lead, false, true);
                // The root's mover is White.
                arena.node(root).record(2 - half_wins, -lead, false, true);
            }
        }
        let shared = Shared {
            arena: &arena,
            root,
            color: Color::Black,
            rules: game.rules(),
            mcts,
            playouts: AtomicU64::new(0),
            done: AtomicBool::new(false),
            ownership: Vec::new(),
            owned_playouts: AtomicU32::new(0),
            alone: true,
            filter: &MoveFilter::default(),
        };
        let worker = Worker::new(&shared, &game, 1);
        let picked = worker.select(root, first..first + 2, Color::Black, 1);
        arena.node(picked).mv()
    }

    #[test]
    fn among_sure_wins_the_score_decides() {
        let mcts = MctsParams::DEFAULT;
        // Both moves always win, one by 5 points and the other by 15.
        assert_eq!(select_between([(20, 10), (20, 30)], mcts), 1);
        assert_eq!(select_between([(20, 30), (20, 10)], mcts), 0);
        // Both always lose: the smaller loss is better.
        assert_eq!(select_between([(0, -30), (0, -10)], mcts), 1);
    }

    #[test]
    fn a_clearly_better_win_rate_outweighs_a_few_points() {
        let mcts = MctsParams::DEFAULT;
        // 18 wins in 20 by half a point each against 12 in 20 by 10 points each.
        assert_eq!(select_between([(18, 1), (12, 20)], mcts), 0);
        assert_eq!(select_between([(12, 20), (18, 1)], mcts), 1);
        // One win in 20 against 9.5 points: the win rate alone prefers the win, the score
        // term the points.
        let win_rate_only = MctsParams {
            score_utility: 0.0,
            ..mcts
        };
        assert_eq!(select_between([(15, 20), (16, 1)], win_rate_only), 1);
        assert_eq!(select_between([(15, 20), (16, 1)], mcts), 0);
    }

    #[test]
    fn the_playouts_left_are_bounded_by_the_first_limit_to_stop_the_search() {
        let ms = Duration::from_millis;
        assert_eq!(playouts_left(None, None, 500, ms(100)), None);
        assert_eq!(playouts_left(Some(3000), None, 500, ms(100)), Some(2500));
        assert_eq!(playouts_left(Some(3000), None, 3500, ms(100)), Some(0));
        // 500 playouts in 100 ms: another 4000 in the 800 ms left.
        assert_eq!(playouts_left(None, Some(ms(900)), 500, ms(100)), Some(4000));
        assert_eq!(
            playouts_left(Some(3000), Some(ms(900)), 500, ms(100)),
            Some(2500)
        );
        assert_eq!(playouts_left(None, Some(ms(900)), 500, ms(1000)), Some(0));
        // Before a tenth of the time, the rate is not trusted; the playouts still bound.
        assert_eq!(playouts_left(None, Some(ms(2000)), 500, ms(100)), None);
        assert_eq!(
            playouts_left(Some(800), Some(ms(2000)), 500, ms(100)),
            Some(300)
        );
    }

    #[test]
    fn the_fast_tanh_follows_the_exact_one() {
        for i in -20_000..=20_000 {
            let x = f64::from(i) / 1000.0;
            let bound = if x.abs() < 2.0 { 2e-8 } else { 1e-4 };
            assert!((tanh(x) - x.tanh()).abs() < bound, "tanh({x})");
        }
        assert_eq!(tanh(1e9), 1.0);
        assert_eq!(tanh(-1e9), -1.0);
    }

    #[test]
    fn the_policy_term_prefers_the_likelier_move_until_the_playouts_disagree() {
        let mcts = MctsParams {
            policy_weight: 0.5,
            ..MctsParams::DEFAULT
        };
        // Equal counts: the larger learned probability decides, either way round.
        assert_eq!(
            select_between_policies([(10, 0), (10, 0)], [0.3, 0.1], mcts),
            0
        );
        assert_eq!(
            select_between_policies([(10, 0), (10, 0)], [0.1, 0.3], mcts),
            1
        );
        // Without the term, the tie goes to the last child whatever the policy says.
        let off = MctsParams {
            policy_weight: 0.0,
            ..mcts
        };
        assert_eq!(
            select_between_policies([(10, 0), (10, 0)], [0.3, 0.1], off),
            1
        );
        // A clearly better win rate still outweighs it.
        assert_eq!(
            select_between_policies([(16, 0), (6, 0)], [0.1, 0.3], mcts),
            0
        );
    }
}
