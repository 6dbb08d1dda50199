//! The Renju/Gomoku engine: threat-space search first, then PVS alpha-beta on Lazy SMP
//! threads sharing one transposition table.
//!
//! The engine knows nothing of protocols: it takes a position, [`Limits`] and a stop flag,
//! and reports each finished iteration through a callback.
//!
//! ```
//! use tengen::renju::{Board, Rule};
//! use tengen::renju::search::{Engine, Limits};
//! use tengen::core::{Color, Point};
//! use std::sync::atomic::AtomicBool;
//! let mut b = Board::new(15, Rule::Renju).unwrap();
//! for x in 4..8 { b.put(Point::new(x, 7), Color::Black).unwrap(); }
//! for x in 4..8 { b.put(Point::new(x, 9), Color::White).unwrap(); }
//! let engine = Engine::new(1, 1);
//! let r = engine.search(&b, Color::Black, &Limits::depth(2), &AtomicBool::new(false), &mut |_| {});
//! assert!(r.best == Some(Point::new(3, 7)) || r.best == Some(Point::new(8, 7)));
//! assert_eq!(r.mate, Some(1));
//! ```

mod alphabeta;
pub mod book;
mod eval;
pub mod opening;
mod params;
mod position;
mod threat;
mod tt;

pub use alphabeta::{WIN, WIN_BOUND};
pub use eval::{
    add_point_terms, add_terms, evaluate, is_two, move_score, term_counts, LineSum, LineValues,
    OrderWeights, PointInfo, Shapes, SideWeights, Term, TermCounts, Threat, Weights, ROLES, TERMS,
};
pub use params::{EngineParams, SearchParams};
pub use position::Position;
pub use threat::{Mode, ThreatSearch, Win};
pub use tt::{Bound, Entry, TranspositionTable};

use crate::core::{Color, Point};
use crate::renju::Board;
use alphabeta::{Iteration, Shared, Worker};
use params::Tables;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::RwLock;
use std::time::{Duration, Instant};

/// Deepest iteration the alpha-beta search starts.
pub const MAX_DEPTH: i32 = 60;
/// Most search threads.
pub const MAX_THREADS: usize = 64;

/// How long and how deep to search. `None` means no limit of that kind.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Do not start a new iteration after this much time. (An iteration cut short by
    /// `hard_time` still counts if it finished its first root move.)
    pub soft_time: Option<Duration>,
    /// Stop at once after this much time.
    pub hard_time: Option<Duration>,
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    /// Root moves not to consider (n-best analysis).
    pub exclude: Vec<Point>,
}

impl Limits {
    /// A fixed-depth search.
    pub fn depth(depth: i32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// One of `n` equal parts of these limits (time and nodes), for `n` searches in a row.
    ///
    /// ```
    /// use tengen::renju::search::Limits;
    /// use std::time::Duration;
    /// let l = Limits::time(Duration::from_millis(900), Duration::from_secs(3)).share(3);
    /// assert_eq!(l.soft_time, Some(Duration::from_millis(300)));
    /// ```
    pub fn share(&self, n: usize) -> Limits {
        let n = n.max(1);
        Limits {
            soft_time: self.soft_time.map(|d| d / n as u32),
            hard_time: self.hard_time.map(|d| d / n as u32),
            nodes: self.nodes.map(|x| x / n as u64),
            ..self.clone()
        }
    }

    /// A search of about `soft` (never past `hard`).
    pub fn time(soft: Duration, hard: Duration) -> Limits {
        Limits {
            soft_time: Some(soft),
            hard_time: Some(hard),
            ..Limits::default()
        }
    }
}

/// Progress of a search, reported after each finished iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub depth: i32,
    /// From the mover's side; beyond ±[`WIN_BOUND`] a proven result.
    pub score: i32,
    /// A proven win in this many of our moves (negative: a proven loss).
    pub mate: Option<i32>,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Point>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// `None` only when there is no legal move.
    pub best: Option<Point>,
    pub score: i32,
    pub mate: Option<i32>,
    pub depth: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Point>,
}

/// The engine: weights, search parameters, thread count and the transposition table it
/// keeps between moves.
pub struct Engine {
    tt: RwLock<TranspositionTable>,
    threads: usize,
    weights: Weights,
    tables: Tables,
}

impl Engine {
    /// An engine with a `hash_mb` MiB table and `threads` search threads (1..=64).
    pub fn new(hash_mb: usize, threads: usize) -> Engine {
        Engine {
            tt: RwLock::new(TranspositionTable::with_megabytes(hash_mb)),
            threads: threads.clamp(1, MAX_THREADS),
            weights: Weights::DEFAULT,
            tables: Tables::new(SearchParams::DEFAULT),
        }
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    pub fn params(&self) -> EngineParams {
        EngineParams {
            weights: self.weights,
            search: self.tables.params,
        }
    }

    /// Sets the weights and the search parameters.
    pub fn set_params(&mut self, params: EngineParams) {
        self.weights = params.weights;
        if params.search != self.tables.params {
            self.tables = Tables::new(params.search);
        }
    }

    /// Replaces the table by one of at most `bytes`; a table of that size already is kept
    /// as it is (managers repeat `INFO max_memory` before every game).
    pub fn resize_table(&mut self, bytes: usize) {
        let tt = self.tt.get_mut().unwrap_or_else(|e| e.into_inner());
        if TranspositionTable::bytes_for(bytes) != tt.bytes() {
            *tt = TranspositionTable::with_bytes(bytes);
        }
    }

    pub fn table_bytes(&self) -> usize {
        self.tt.read().unwrap_or_else(|e| e.into_inner()).bytes()
    }

    /// Empties the table (between searches: it waits for none to hold it).
    pub fn clear_table(&self) {
        let mut tt = self.tt.write().unwrap_or_else(|e| e.into_inner());
        *tt = tt.emptied();
    }

    /// Finds the best move for `to_move` on `board`.
    pub fn search(
        &self,
        board: &Board,
        to_move: Color,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report),
    ) -> SearchResult {
        let start = Instant::now();
        let mut pos = Position::with_weights(board.clone(), to_move, self.weights);
        let mut roots: Vec<PointInfo> = pos
            .scan()
            .filter(|i| !i.threat[to_move.index()].forbidden && !limits.exclude.contains(&i.point))
            .collect();
        let done = |best: Option<Point>, score: i32, mate: Option<i32>, nodes: u64| SearchResult {
            best,
            score,
            mate,
            depth: 0,
            nodes,
            elapsed: start.elapsed(),
            pv: best.into_iter().collect(),
        };
        if roots.is_empty() {
            return done(None, 0, None, 0);
        }
        let me = to_move.index();
        roots.sort_by_key(|i| std::cmp::Reverse(eval::move_score(i, to_move, &self.weights)));
        if let Some(i) = roots.iter().find(|i| i.threat[me].five) {
            return done(Some(i.point), WIN - 1, Some(1), 1);
        }
        if roots.len() == 1 {
            return done(Some(roots[0].point), 0, None, 1);
        }
        let blocks: Vec<&PointInfo> = roots.iter().filter(|i| i.threat[1 - me].five).collect();
        if !blocks.is_empty() {
            // Forced: block (a double threat is lost anyway, so block one of them).
            let lost = blocks.len() > 1;
            return done(
                Some(blocks[0].point),
                if lost { -(WIN - 2) } else { 0 },
                lost.then_some(-1),
                1,
            );
        }
        // Threat-space search: a proven win is played at once.
        let mut threats = ThreatSearch::new(stop);
        let budget = threat_budget(limits);
        for (mode, max_moves, share) in [(Mode::Vcf, 30, 1), (Mode::Vct, 10, 3)] {
            if stop.load(Relaxed) {
                break;
            }
            if let Some(win) = threats.find(&mut pos, mode, max_moves, budget * share) {
                if !limits.exclude.contains(&win.first) {
                    let mate = win.moves as i32;
                    let score = WIN - (2 * mate - 1);
                    let r = done(Some(win.first), score, Some(mate), threats.nodes());
                    report(&Report {
                        depth: 0,
                        score,
                        mate: Some(mate),
                        nodes: r.nodes,
                        elapsed: r.elapsed,
                        pv: r.pv.clone(),
                    });
                    return r;
                }
            }
        }
        let mut root_moves: Vec<Point> = roots.iter().map(|i| i.point).collect();
        let filter = filter_roots(&mut pos, &mut threats, &mut root_moves, limits, start, stop);
        log::debug!(
            "renju root filter: threat {:?}, {} of {} moves kept ({} checked, {} lost), {} threat nodes, {:?}",
            filter.threat,
            root_moves.len(),
            roots.len(),
            filter.checked,
            filter.lost,
            threats.nodes(),
            start.elapsed()
        );
        let tt = self.tt.read().unwrap_or_else(|e| e.into_inner());
        let shared = Shared {
            tt: &tt,
            tables: &self.tables,
            stop,
            hard_deadline: limits.hard_time.map(|d| start + d),
            node_limit: limits.nodes,
            nodes: AtomicU64::new(threats.nodes()),
        };
        let helpers_stop = AtomicBool::new(false);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut last: Option<Iteration> = None;
        std::thread::scope(|scope| {
            for id in 1..self.threads {
                let (pos, shared, roots) = (pos.clone(), &shared, &root_moves);
                let helpers_stop = &helpers_stop;
                scope.spawn(move || {
                    let helper_shared = Shared {
                        tt: shared.tt,
                        tables: shared.tables,
                        stop: helpers_stop,
                        hard_deadline: shared.hard_deadline,
                        node_limit: None,
                        nodes: AtomicU64::new(0),
                    };
                    let mut worker = Worker::new(pos, &helper_shared, id);
                    let mut depth = 1 + (id % 2) as i32;
                    while depth <= MAX_DEPTH && !helpers_stop.load(Relaxed) {
                        if worker.iterate(depth, roots).is_none() {
                            break;
                        }
                        depth += 1;
                    }
                    shared
                        .nodes
                        .fetch_add(helper_shared.nodes.load(Relaxed), Relaxed);
                });
            }
            let mut worker = Worker::new(pos.clone(), &shared, 0);
            for depth in 1..=max_depth {
                let Some(it) = aspiration_search(&mut worker, depth, &root_moves, last.as_ref())
                else {
                    break;
                };
                let elapsed = start.elapsed();
                report(&Report {
                    depth,
                    score: it.score,
                    mate: mate_of(it.score),
                    nodes: shared.nodes.load(Relaxed),
                    elapsed,
                    pv: it.pv.clone(),
                });
                let decided = it.score.abs() > WIN_BOUND;
                let partial = it.partial;
                last = Some(it);
                if partial || decided || limits.soft_time.is_some_and(|s| elapsed >= s) {
                    break;
                }
            }
            helpers_stop.store(true, Relaxed);
        });
        let nodes = shared.nodes.load(Relaxed);
        match last {
            Some(it) => SearchResult {
                best: it.pv.first().copied(),
                score: it.score,
                mate: mate_of(it.score),
                depth: it.depth,
                nodes,
                elapsed: start.elapsed(),
                pv: it.pv,
            },
            // Stopped before depth 1 finished: the best-ordered move.
            None => done(Some(root_moves[0]), 0, None, nodes),
        }
    }
}

impl Engine {
    /// The `n` most promising moves for `to_move`, each scored (for `to_move`) by a search
    /// of the position after it; the time in `limits` is shared among them. For balance
    /// decisions (Swap2, Yixin's balance commands, opening-rule choices).
    pub fn rank_moves(
        &self,
        board: &Board,
        to_move: Color,
        n: usize,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Vec<(Point, i32)> {
        let pos = Position::with_weights(board.clone(), to_move, self.weights);
        let mut infos: Vec<PointInfo> = pos
            .scan()
            .filter(|i| !i.threat[to_move.index()].forbidden && !limits.exclude.contains(&i.point))
            .collect();
        infos.sort_by_key(|i| std::cmp::Reverse(eval::move_score(i, to_move, &self.weights)));
        infos.truncate(n.max(1));
        let child = Limits {
            exclude: Vec::new(),
            ..limits.share(infos.len())
        };
        let mut after = board.clone();
        infos
            .iter()
            .map(|i| {
                let score = if i.threat[to_move.index()].five {
                    WIN - 1
                } else {
                    after.put(i.point, to_move).expect("a candidate is empty");
                    let r = self.search(&after, !to_move, &child, stop, &mut |_| {});
                    after.undo();
                    -r.score
                };
                (i.point, score)
            })
            .collect()
    }
}

/// One iteration of the main thread in an aspiration window: `aspiration_window` either
/// side of the last iteration's score, from depth 5 and while that score is no win or loss.
/// A score outside the window widens that side (twice the margin each time, then without
/// limit) and searches again; a cut-short iteration stands as it is.
fn aspiration_search(
    worker: &mut Worker,
    depth: i32,
    roots: &[Point],
    last: Option<&Iteration>,
) -> Option<Iteration> {
    const UNBOUNDED: i32 = alphabeta::INFINITY;
    let mut margin = worker.params().aspiration_window;
    let (mut alpha, mut beta) = match last {
        Some(it) if margin > 0 && depth >= 5 && it.score.abs() < WIN_BOUND => {
            (it.score - margin, it.score + margin)
        }
        _ => (-UNBOUNDED, UNBOUNDED),
    };
    loop {
        let it = worker.iterate_in(depth, roots, alpha, beta)?;
        if it.partial {
            return Some(it);
        }
        margin *= 2;
        let open = margin > 1000;
        if it.score <= alpha && alpha > -UNBOUNDED {
            alpha = if open { -UNBOUNDED } else { it.score - margin };
        } else if it.score >= beta && beta < UNBOUNDED {
            beta = if open { UNBOUNDED } else { it.score + margin };
        } else {
            return Some(it);
        }
    }
}

/// Moves to mate (ours positive, theirs negative) of a proven score.
fn mate_of(score: i32) -> Option<i32> {
    if score > WIN_BOUND {
        Some((WIN - score + 1) / 2)
    } else if score < -WIN_BOUND {
        Some(-(WIN + score) / 2)
    } else {
        None
    }
}

/// Nodes the threat-space search may spend before alpha-beta starts.
fn threat_budget(limits: &Limits) -> u64 {
    let by_time = limits
        .soft_time
        .map_or(u64::MAX, |t| (t.as_millis() as u64).saturating_mul(20));
    let by_nodes = limits.nodes.map_or(u64::MAX, |n| n / 4);
    by_time.min(by_nodes).clamp(200, 200_000)
}

/// What [`filter_roots`] found.
#[derive(Clone, Debug, Default, PartialEq)]
struct Filter {
    /// The opponent's forced win if we could pass: its first move and length.
    threat: Option<Win>,
    /// Root moves after which the opponent's threat search was run.
    checked: usize,
    /// Of those, the ones after which the opponent has a proven win.
    lost: usize,
}

/// Most root moves the defence filter looks at.
const FILTER_MOVES: usize = 40;
/// Most nodes the defence filter spends (a search without a time or node limit).
const FILTER_NODES: u64 = 100_000;

/// The root defence filter. Our own threats having failed, it asks whether the opponent
/// would win by threats if it were its move. If so, the root moves that matter are the
/// defences: every candidate (the best-ordered first, the opponent's first attacking move
/// before all) is played and the opponent's VCF and VCT run after it, and the moves after
/// which the opponent still has a proven win are dropped — as long as one move survives.
/// If none does, every root move stays, the longest resistance first, and the alpha-beta
/// decides (it will see the loss or not). With no threat now, only the opponent's VCF is
/// checked after each move (a move of ours may still hand it one: a Black stone that makes
/// a point forbidden to Black, a White one that makes one playable). Moves not checked
/// within the budget stay where nothing is threatened and go where something is and a
/// defence was found.
///
/// The filter spends at most a quarter of the soft time limit and of the node limit.
fn filter_roots(
    pos: &mut Position,
    threats: &mut ThreatSearch,
    roots: &mut Vec<Point>,
    limits: &Limits,
    start: Instant,
    stop: &AtomicBool,
) -> Filter {
    let mut filter = Filter::default();
    // A quarter of the node limit, or four times the threat search's budget (about 5% of
    // a move's time at 1 s), never more than `FILTER_NODES`; a quarter of the time.
    let total = limits
        .nodes
        .map_or(u64::MAX, |n| n / 4)
        .min(4 * threat_budget(limits))
        .clamp(400, FILTER_NODES);
    let begin = threats.nodes();
    let time_cap = limits.soft_time.map(|t| t / 4);
    let spent = |threats: &ThreatSearch| {
        stop.load(Relaxed)
            || threats.nodes() - begin >= total
            || time_cap.is_some_and(|t| start.elapsed() >= t)
    };
    // The opponent to move in our position: a pass.
    let mut passed = Position::with_weights(pos.board().clone(), !pos.to_move(), *pos.weights());
    let mut vcf_nodes = 0;
    let mut vct_nodes = 0;
    for (mode, max_moves, share) in [(Mode::Vcf, 30, 8), (Mode::Vct, 10, 4)] {
        if spent(threats) {
            return filter;
        }
        let before = threats.nodes();
        let win = threats.find(&mut passed, mode, max_moves, total / share);
        let used = threats.nodes() - before;
        match mode {
            Mode::Vcf => vcf_nodes = used,
            Mode::Vct => vct_nodes = used,
        }
        if win.is_some() {
            filter.threat = win;
            break;
        }
    }
    // Per move: the opponent's VCF, and its VCT when it has a threat now. A win that took
    // `n` nodes after a pass takes about as many after a move that does not stop it.
    let vcf_budget = if filter.threat.is_some() {
        (4 * vcf_nodes).max(100).min(total / 8)
    } else {
        (total / 64).max(50)
    };
    let vct_budget = (4 * vct_nodes).max(300).min(total / 4);
    let mut order: Vec<Point> = roots.clone();
    if let Some(w) = filter.threat {
        if let Some(i) = order.iter().position(|&p| p == w.first) {
            order[..=i].rotate_right(1);
        }
    }
    order.truncate(FILTER_MOVES);
    // Per checked move: how many moves the opponent needs to win after it (0: no win found).
    let mut results: Vec<(Point, u32)> = Vec::new();
    for &m in &order {
        if spent(threats) {
            break;
        }
        pos.play(m);
        let mut win = threats.find(pos, Mode::Vcf, 30, vcf_budget);
        if win.is_none() && filter.threat.is_some() {
            win = threats.find(pos, Mode::Vct, 10, vct_budget);
        }
        pos.undo();
        results.push((m, win.map_or(0, |w| w.moves)));
    }
    filter.checked = results.len();
    filter.lost = results.iter().filter(|r| r.1 > 0).count();
    let lost = |p: &Point| results.iter().any(|&(q, n)| q == *p && n > 0);
    if filter.lost < results.len() {
        if filter.threat.is_some() {
            // Under a threat: the defences found, nothing else.
            roots.retain(|p| results.iter().any(|&(q, n)| q == *p && n == 0));
        } else {
            roots.retain(|p| !lost(p));
        }
    } else if filter.lost > 0 {
        // Every move checked loses: the unchecked first, then the longest resistance.
        let resistance = |p: &Point| {
            results
                .iter()
                .find(|&&(q, _)| q == *p)
                .map_or(u32::MAX, |&(_, n)| n)
        };
        roots.sort_by_key(|p| std::cmp::Reverse(resistance(p)));
    }
    filter
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::renju::Rule;

    /// The board after the first `plies` moves of `game` ("x,y x,y ..."), and who moves.
    fn board_after(game: &str, plies: usize) -> (Board, Color) {
        let mut board = Board::new(15, Rule::Renju).unwrap();
        let mut color = Color::Black;
        for m in game.split(' ').take(plies) {
            let (x, y) = m.split_once(',').unwrap();
            board
                .put(Point::new(x.parse().unwrap(), y.parse().unwrap()), color)
                .unwrap();
            color = !color;
        }
        (board, color)
    }

    /// [`filter_roots`] on `roots` from now, with a fresh threat search: what it found,
    /// and the threat nodes it spent.
    fn run_filter(
        pos: &mut Position,
        roots: &mut Vec<Point>,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> (Filter, u64) {
        let mut threats = ThreatSearch::new(stop);
        let f = filter_roots(pos, &mut threats, roots, limits, Instant::now(), stop);
        (f, threats.nodes())
    }

    /// Does `color`, to move on `board`, win by threats (a far larger budget than a move's)?
    fn wins_by_threats(board: &Board, color: Color) -> bool {
        let stop = AtomicBool::new(false);
        let mut pos = Position::new(board.clone(), color);
        let mut t = ThreatSearch::new(&stop);
        t.find(&mut pos, Mode::Vcf, 30, 100_000).is_some()
            || t.find(&mut pos, Mode::Vct, 12, 400_000).is_some()
    }

    fn after(board: &Board, p: Point, color: Color) -> Board {
        let mut b = board.clone();
        b.put(p, color).unwrap();
        b
    }

    /// PentaZen-Tengen, 1 s a move, game 18 (/tmp/s22): before White's 26th move Black
    /// would win by threats if it were its move. Tengen played 7,10, after which Black
    /// has a VCT (it won at move 43); so does every other move the alpha-beta prefers at
    /// 40,000 nodes. 9,10 is the one move the filter keeps, and Black has no win by
    /// threats after it.
    #[test]
    fn the_root_filter_answers_a_threat_the_alpha_beta_walked_into() {
        let game = "7,7 7,6 8,8 6,6 8,6 6,8 6,5 8,5 9,7 6,7 5,8 7,5 5,7 7,4 5,9 5,10 6,10 \
                    7,9 8,10 7,11 10,10 9,4 10,3 7,2 7,3 7,10";
        let (board, white) = board_after(game, 25);
        assert_eq!(white, Color::White);
        assert!(wins_by_threats(&board, Color::Black), "Black threatens");
        assert!(wins_by_threats(
            &after(&board, Point::new(7, 10), white),
            Color::Black
        ));
        let engine = Engine::new(16, 1);
        let limits = Limits {
            nodes: Some(40_000),
            ..Limits::default()
        };
        let r = engine.search(&board, white, &limits, &AtomicBool::new(false), &mut |_| {});
        let best = r.best.unwrap();
        assert!(
            !wins_by_threats(&after(&board, best, white), Color::Black),
            "{best:?} loses to Black's threats"
        );
    }

    /// White's two open threes crossing at 7,7 and no Black four: every Black move loses,
    /// and the filter keeps every root move (the best resistance first) instead of none.
    #[test]
    fn the_root_filter_never_drops_every_move() {
        let mut board = Board::new(15, Rule::Renju).unwrap();
        for (x, y) in [(5, 7), (6, 7), (7, 7), (7, 5), (7, 6)] {
            board.put(Point::new(x, y), Color::White).unwrap();
        }
        for (x, y) in [(2, 12), (4, 12), (11, 2), (13, 2), (12, 12), (1, 1)] {
            board.put(Point::new(x, y), Color::Black).unwrap();
        }
        let stop = AtomicBool::new(false);
        let mut pos = Position::new(board.clone(), Color::Black);
        let mut roots: Vec<Point> = pos
            .scan()
            .filter(|i| !i.threat[0].forbidden)
            .map(|i| i.point)
            .collect();
        let all = roots.len();
        let limits = Limits {
            nodes: Some(400_000),
            ..Limits::default()
        };
        let (f, _) = run_filter(&mut pos, &mut roots, &limits, &stop);
        assert!(f.threat.is_some());
        assert!(f.checked > 0 && f.lost == f.checked, "{f:?}");
        assert_eq!(roots.len(), all);
        let r = Engine::new(16, 1).search(&board, Color::Black, &limits, &stop, &mut |_| {});
        assert!(r.best.is_some());
    }

    /// A raised stop flag stops the filter before it checks a move; a node limit bounds
    /// what it spends.
    #[test]
    fn the_root_filter_keeps_to_its_limits() {
        let game = "7,7 7,6 8,8 6,6 8,6 6,8 6,5 8,5 9,7 6,7 5,8 7,5 5,7 7,4 5,9 5,10 6,10 \
                    7,9 8,10 7,11 10,10 9,4 10,3 7,2 7,3";
        let (board, white) = board_after(game, 25);
        let roots_of = |pos: &Position| -> Vec<Point> { pos.scan().map(|i| i.point).collect() };
        let mut pos = Position::new(board.clone(), white);
        let stopped = AtomicBool::new(true);
        let mut roots = roots_of(&pos);
        let all = roots.len();
        let limits = Limits::default();
        let (f, _) = run_filter(&mut pos, &mut roots, &limits, &stopped);
        assert_eq!((f.checked, roots.len()), (0, all));
        let r = Engine::new(16, 1).search(&board, white, &limits, &stopped, &mut |_| {});
        assert!(r.best.is_some());
        for n in [2_000, 20_000, 100_000] {
            let stop = AtomicBool::new(false);
            let mut roots = roots_of(&pos);
            let limits = Limits {
                nodes: Some(n),
                ..Limits::default()
            };
            let (_, nodes) = run_filter(&mut pos, &mut roots, &limits, &stop);
            // A quarter of the limit, and the last search may overrun it by its own budget.
            assert!(nodes <= n / 2, "{n}: {nodes}");
        }
        // And a time limit: a quarter of the soft time, give or take one search.
        let stop = AtomicBool::new(false);
        let mut roots = roots_of(&pos);
        let limits = Limits::time(Duration::from_millis(40), Duration::from_millis(60));
        let start = Instant::now();
        run_filter(&mut pos, &mut roots, &limits, &stop);
        assert!(start.elapsed() < Duration::from_millis(500));
    }
}
