//! Principal-variation alpha-beta with iterative deepening, run by each Lazy SMP thread.

use super::eval::{evaluate, move_score};
use super::params::{SearchParams, Tables};
use super::position::Position;
use super::tt::{Bound, Entry, TranspositionTable};
use crate::core::{Color, Point};
use crate::renju::MAX_SIZE;
use smallvec::SmallVec;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Score of a won game; a win `n` plies from the root scores `WIN - n`.
pub const WIN: i32 = 20_000;
/// Scores beyond this are proven wins or losses.
pub const WIN_BOUND: i32 = WIN - 1_000;
pub(crate) const INFINITY: i32 = WIN + 1;
/// Bound of a history score; an update moves a score the less the nearer it is to it.
const HISTORY_MAX: i32 = 1 << 14;
/// A node's moves with their ordering scores: on the stack, as a node seldom has more
/// than 64 candidates.
type Moves = SmallVec<[(Point, i32); 64]>;

/// What every thread of one search shares.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub tables: &'a Tables,
    pub stop: &'a AtomicBool,
    pub hard_deadline: Option<Instant>,
    pub node_limit: Option<u64>,
    pub nodes: AtomicU64,
}

impl Shared<'_> {
    fn out_of_budget(&self) -> bool {
        self.stop.load(Relaxed)
            || self.hard_deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .node_limit
                .is_some_and(|n| self.nodes.load(Relaxed) >= n)
    }
}

/// One completed iteration of a worker.
#[derive(Clone, Debug)]
pub(crate) struct Iteration {
    pub depth: i32,
    pub score: i32,
    pub pv: Vec<Point>,
    /// Cut short by the time or node limit after its first root move.
    pub partial: bool,
}

/// One search thread: its own position copy, ordering tables and node count.
pub(crate) struct Worker<'a> {
    pub pos: Position,
    shared: &'a Shared<'a>,
    killers: Vec<[Option<Point>; 2]>,
    /// Per colour and point, how often a move there cut off lately, less how often it was
    /// searched without doing so; in `-HISTORY_MAX..=HISTORY_MAX`.
    history: Box<[[i32; MAX_SIZE * MAX_SIZE]; 2]>,
    pv: Vec<Vec<Point>>,
    unflushed: u64,
    aborted: bool,
    /// Lazy SMP helpers perturb move ordering so threads explore different trees.
    noise: u64,
}

impl<'a> Worker<'a> {
    pub fn new(pos: Position, shared: &'a Shared<'a>, id: usize) -> Self {
        Worker {
            pos,
            shared,
            killers: vec![[None; 2]; 128],
            history: Box::new([[0; MAX_SIZE * MAX_SIZE]; 2]),
            pv: vec![Vec::new(); 128],
            unflushed: 0,
            aborted: false,
            noise: id as u64,
        }
    }

    /// The search parameters this worker runs with.
    pub fn params(&self) -> &SearchParams {
        &self.shared.tables.params
    }

    /// Searches the root to `depth` among `roots`; `None` if stopped before finishing.
    pub fn iterate(&mut self, depth: i32, roots: &[Point]) -> Option<Iteration> {
        self.iterate_in(depth, roots, -INFINITY, INFINITY)
    }

    /// [`Worker::iterate`] in the window `(alpha, beta)`: a score at or below `alpha` is
    /// an upper bound, one at or above `beta` a lower bound (the root stops at the first
    /// move that reaches `beta`).
    pub fn iterate_in(
        &mut self,
        depth: i32,
        roots: &[Point],
        mut alpha: i32,
        beta: i32,
    ) -> Option<Iteration> {
        let window = (alpha, beta);
        let mut best: Option<(i32, Vec<Point>)> = None;
        let mut order: Vec<Point> = roots.to_vec();
        if let Some(Entry { best: Some(m), .. }) = self.shared.tt.probe(self.pos.hash()) {
            if let Some(i) = order.iter().position(|&p| p == m) {
                order[..=i].rotate_right(1);
            }
        }
        for (i, &p) in order.iter().enumerate() {
            let quiet = self.pos.is_quiet(p);
            self.pos.play(p);
            let mut score = if i == 0 {
                -self.pvs(depth - 1, 1, -beta, -alpha)
            } else {
                // Late quiet root moves are first searched shallower, as inside the tree.
                let r = if depth >= 3 && i >= 3 && quiet {
                    self.shared.tables.lmr(depth, i).clamp(0, depth - 2)
                } else {
                    0
                };
                let mut s = -self.pvs(depth - 1 - r, 1, -alpha - 1, -alpha);
                if s > alpha && r > 0 {
                    s = -self.pvs(depth - 1, 1, -alpha - 1, -alpha);
                }
                if s > alpha {
                    -self.pvs(depth - 1, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            self.pos.undo();
            if self.aborted {
                // Every move searched before the cut was searched to the full depth: the
                // best of them is a better choice than the last iteration's.
                if i == 0 {
                    return None;
                }
                break;
            }
            if i > 0 && score <= alpha {
                score = alpha; // a fail-low bound, not better than the best so far
            }
            if best.is_none() || score > alpha {
                alpha = alpha.max(score);
                let mut line = vec![p];
                line.extend_from_slice(&self.pv[1]);
                best = Some((score, line));
            }
            if score >= beta {
                break;
            }
        }
        let (score, pv) = best?;
        if self.aborted {
            return Some(Iteration {
                depth,
                score,
                pv,
                partial: true,
            });
        }
        let bound = if score <= window.0 {
            Bound::Upper
        } else if score >= window.1 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.shared.tt.store(
            self.pos.hash(),
            Entry {
                best: pv.first().copied(),
                score,
                depth,
                bound,
            },
        );
        self.flush_nodes();
        Some(Iteration {
            depth,
            score,
            pv,
            partial: false,
        })
    }

    fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.unflushed, Relaxed);
        self.unflushed = 0;
    }

    fn pvs(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.pv[ply].clear();
        self.unflushed += 1;
        if self.unflushed >= 1024 {
            self.flush_nodes();
            if self.shared.out_of_budget() {
                self.aborted = true;
            }
        }
        if self.aborted {
            return 0;
        }
        if self.pos.board().is_full() {
            return 0;
        }
        let ply_i = ply as i32;
        let tables = self.shared.tables;
        let params = &tables.params;
        // Mate-distance pruning: nothing here beats a win found nearer the root.
        alpha = alpha.max(-WIN + ply_i);
        beta = beta.min(WIN - ply_i - 1);
        if alpha >= beta {
            return alpha;
        }
        let me = self.pos.to_move();
        if self.pos.has_five(me) {
            return WIN - ply_i - 1;
        }
        let (forced, second_five) = {
            let mut fives = self.pos.five_points(!me);
            (fives.next(), fives.next())
        };
        let mut stand_pat = None;
        let mut defending = false;
        let mut moves: Moves = if let Some(block) = forced {
            if second_five.is_some() || !self.pos.is_legal(block, me) {
                return -(WIN - ply_i - 2);
            }
            smallvec::smallvec![(block, 0)]
        } else {
            if self.pos.has_flex_four(me) {
                return WIN - ply_i - 3;
            }
            if depth <= 0 {
                // Quiescence: the static score stands unless a four (which the opponent
                // must block) does better, so wins by fours past the horizon are seen.
                // Only the best-ordered four is tried (see `SearchParams::branch_slope`):
                // a quick line of fours, not a full VCF.
                let stand = evaluate(&self.pos);
                if stand >= beta || depth <= -params.quiescence_fours {
                    return stand;
                }
                let fours: Moves = self
                    .pos
                    .fours(me)
                    .map(|i| (i.point, move_score(&i, me, self.pos.weights())))
                    .collect();
                if fours.is_empty() {
                    return stand;
                }
                stand_pat = Some(stand);
                fours
            } else {
                defending = self.pos.has_flex_four(!me);
                self.pos.moves(defending).collect()
            }
        };
        let forced = forced.is_some();
        if moves.is_empty() {
            // Every answer to the opponent's threat is forbidden: lost.
            return -(WIN - ply_i - 4);
        }
        let key = self.pos.hash();
        let tt_move = match self.shared.tt.probe(key) {
            Some(e) => {
                if e.depth >= depth {
                    let score = from_tt(e.score, ply_i);
                    let cut = match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= beta,
                        Bound::Upper => score <= alpha,
                    };
                    if cut && !forced {
                        return score;
                    }
                }
                e.best
            }
            None => None,
        };
        // Static pruning at shallow non-PV nodes with no threat to answer: a position far
        // above beta is a cut, one far below alpha is left to the quiescence search.
        let pv_node = beta - alpha > 1;
        if !pv_node && !forced && stand_pat.is_none() && depth <= params.pruning_depth {
            let stand = evaluate(&self.pos);
            let margin = params.futility_margin * depth;
            if !self.pos.has_flex_four(!me) && stand - margin >= beta {
                return stand;
            }
            if depth <= params.razor_depth && stand + margin <= alpha {
                let v = self.pvs(0, ply, alpha, beta);
                if v <= alpha {
                    return v;
                }
            }
        }
        // Internal iterative reduction (see `SearchParams::iir_depth`).
        let depth = if tt_move.is_none() && !forced && depth >= params.iir_depth {
            depth - 1
        } else {
            depth
        };
        self.order(&mut moves, tt_move, ply, me);
        let branch = if forced {
            1
        } else if defending {
            tables.defences(depth).min(moves.len())
        } else {
            tables.branch(depth, self.pos.is_calm()).min(moves.len())
        };
        // A forced reply costs no depth: the line is as long as the threats in it.
        let child_depth = if forced { depth } else { depth - 1 };
        let original_alpha = alpha;
        let mut best = -INFINITY;
        if let Some(stand) = stand_pat {
            best = stand;
            alpha = alpha.max(stand);
        }
        let mut best_move = None;
        for (i, &(p, _)) in moves[..branch].iter().enumerate() {
            let quiet = self.pos.is_quiet(p);
            self.shared.tt.prefetch(self.pos.hash_after(p));
            self.pos.play(p);
            let score = if i == 0 {
                -self.pvs(child_depth, ply + 1, -beta, -alpha)
            } else {
                let r = if depth < 3 || i < 2 {
                    0
                } else if quiet {
                    tables.lmr(depth, i)
                } else {
                    i32::from(i >= 6)
                }
                .clamp(0, (child_depth - 1).max(0));
                let mut s = -self.pvs(child_depth - r, ply + 1, -alpha - 1, -alpha);
                if s > alpha && (r > 0 || s < beta) {
                    s = -self.pvs(child_depth, ply + 1, -beta, -alpha);
                }
                s
            };
            self.pos.undo();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(p);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(p);
                    head[ply].extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if depth > 0 {
                            self.reward(p, ply, depth, me);
                            for &(q, _) in &moves[..i] {
                                self.update_history(q, me, -depth * depth);
                            }
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            Entry {
                best: best_move,
                score: to_tt(best, ply_i),
                depth,
                bound,
            },
        );
        best
    }

    fn order(&self, moves: &mut [(Point, i32)], tt_move: Option<Point>, ply: usize, me: Color) {
        let params = &self.shared.tables.params;
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let size = self.pos.size();
        for (p, score) in moves.iter_mut() {
            if Some(*p) == tt_move {
                *score = i32::MAX;
            } else if killers.contains(&Some(*p)) {
                *score += params.killer_bonus;
            }
            let h = self.history[me.index()][p.y as usize * MAX_SIZE + p.x as usize];
            *score = score.saturating_add(h / params.history_divisor);
            if self.noise > 0 {
                // Helpers break ties differently so they do not all search one tree.
                let mix = (p.x as u64 * 31 + p.y as u64 * 17 + self.noise * 7) % (size as u64);
                *score = score.saturating_add((mix % 3) as i32);
            }
        }
        moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    }

    fn reward(&mut self, p: Point, ply: usize, depth: i32, me: Color) {
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(p) {
                k[1] = k[0];
                k[0] = Some(p);
            }
        }
        self.update_history(p, me, depth * depth);
    }

    /// Moves `me`'s history score at `p` by `bonus`, less in proportion as it nears the
    /// bound in that direction (so old successes fade as new results come in).
    fn update_history(&mut self, p: Point, me: Color, bonus: i32) {
        let h = &mut self.history[me.index()][p.y as usize * MAX_SIZE + p.x as usize];
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score + ply
    } else if score < -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score - ply
    } else if score < -WIN_BOUND {
        score + ply
    } else {
        score
    }
}
