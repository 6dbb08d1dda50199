//! Balanced renju lines: for each of the 26 standard openings, White 4th and Black 5th
//! moves after which Tengen's search calls the game even.
//!
//! How the lines of one opening are found:
//!
//! 1. Candidates: every White 4th move within [`RenjuSuiteConfig::radius`] (Chebyshev
//!    distance) of the three stones, one per class of moves the opening's symmetries make
//!    equal; for each, every Black 5th move within that radius of the four stones that is
//!    not forbidden, again one per class. They are tried closest first (the sum of the two
//!    moves' distances to the stones before them), in a shuffled order (fixed seed) among
//!    equals.
//! 2. A candidate is dropped when either side has a VCF (threat-space search,
//!    [`RenjuSuiteConfig::vcf_nodes`] nodes each), when it is the image of a line already
//!    kept under a board symmetry, or when [`RenjuSuiteConfig::max_per_fourth`] lines
//!    already have its 4th move.
//! 3. The judgement: a search of the position, White to move, to
//!    [`RenjuSuiteConfig::depth`] (at most [`RenjuSuiteConfig::max_nodes`] nodes). It is
//!    cut short when the iteration at [`RenjuSuiteConfig::screen_depth`] scores further
//!    than [`RenjuSuiteConfig::screen_window`] from 0. The line is balanced when the last
//!    two iterations (`depth - 1` and `depth`: one ending on each side's move) both score
//!    within [`RenjuSuiteConfig::window`] of 0 and neither is a proven result.
//!
//! Lines are kept until [`RenjuSuiteConfig::lines_per_opening`] are found or
//! [`RenjuSuiteConfig::max_searches`] searches have run. Every search runs on one thread
//! with an emptied table and no time limit, so the lines depend only on the configuration
//! and the engine's code.

use super::{distance_to_stones, position_key};
use crate::openings::with_colours;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use tengen::core::{Color, Point, SplitMix64};
use tengen::renju::notation::point_name;
use tengen::renju::opening::{distinct_under_symmetry, Opening};
use tengen::renju::search::{Engine, Limits, Mode, Position, ThreatSearch};
use tengen::renju::{BadSize, Board, Rule, MAX_SIZE, MIN_SIZE};

/// How lines are looked for and judged (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenjuSuiteConfig {
    /// Board side.
    pub size: usize,
    /// 4th and 5th moves are looked for this close to a stone (Chebyshev distance).
    pub radius: u8,
    /// The iteration whose score decides whether the search goes on.
    pub screen_depth: i32,
    /// Searches scoring further than this from 0 at `screen_depth` are cut short.
    pub screen_window: i32,
    /// Depth of the judging search.
    pub depth: i32,
    /// Node limit of the judging search.
    pub max_nodes: u64,
    /// A line is balanced when the last two iterations score within this of 0.
    pub window: i32,
    /// Nodes of each side's VCF search.
    pub vcf_nodes: u64,
    /// Lines wanted per opening.
    pub lines_per_opening: usize,
    /// Most lines with the same 4th move.
    pub max_per_fourth: usize,
    /// Most searches per opening.
    pub max_searches: usize,
    /// Transposition table size, MiB.
    pub hash_mb: usize,
    /// Seed of the order among equally close candidates.
    pub seed: u64,
}

impl Default for RenjuSuiteConfig {
    /// The settings `tuning/openings/renju-balanced-5.txt` was made with.
    fn default() -> Self {
        RenjuSuiteConfig {
            size: 15,
            radius: 2,
            screen_depth: 6,
            screen_window: 80,
            depth: 8,
            max_nodes: 400_000,
            window: 40,
            vcf_nodes: 20_000,
            lines_per_opening: 4,
            max_per_fourth: 2,
            max_searches: 150,
            hash_mb: 16,
            seed: 1,
        }
    }
}

/// A balanced line: an opening's three stones and the 4th and 5th moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BalancedLine {
    /// `D4-a`: the opening's name and a letter.
    pub name: String,
    /// Black, White, Black, White, Black.
    pub moves: [Point; 5],
    /// The scores of the last two iterations, for White, who is to move (evaluation
    /// units): depth - 1, depth.
    pub scores: [i32; 2],
    /// The depth the judging search completed.
    pub depth: i32,
    /// Its nodes.
    pub nodes: u64,
}

impl BalancedLine {
    /// The line as an openings file has it, the scores as a comment:
    /// `D4-a: h8 h9 i9 j8 g7  # White to move: d7 +3, d8 -12 (51234 nodes)`.
    pub fn to_file_line(&self, size: usize) -> String {
        let moves: Vec<String> = self.moves.iter().map(|&p| point_name(p, size)).collect();
        format!(
            "{}: {}  # White to move: d{} {:+}, d{} {:+} ({} nodes)",
            self.name,
            moves.join(" "),
            self.depth - 1,
            self.scores[0],
            self.depth,
            self.scores[1],
            self.nodes
        )
    }
}

/// The lines of one opening and what it took to find them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningLines {
    pub opening: Opening,
    pub lines: Vec<BalancedLine>,
    /// 5-stone positions considered.
    pub candidates: usize,
    /// Searches run.
    pub searched: usize,
    /// Searches that went past the screen.
    pub full_searches: usize,
}

/// A 5-stone position to judge.
struct Candidate {
    fourth: Point,
    fifth: Point,
    /// Closer first, then the shuffle.
    order: (u8, u64),
}

/// Finds the balanced lines of `opening` (module documentation).
///
/// ```no_run
/// use tengen::renju::opening::Opening;
/// use tengen_tuning::suite::renju::{balanced_lines, RenjuSuiteConfig};
/// let config = RenjuSuiteConfig::default();
/// let found = balanced_lines(Opening::named("D4").unwrap(), &config).unwrap();
/// assert!(found.lines.iter().all(|l| l.scores[1].abs() <= config.window));
/// ```
pub fn balanced_lines(
    opening: Opening,
    config: &RenjuSuiteConfig,
) -> Result<OpeningLines, BadSize> {
    let size = config.size;
    let three = opening.stones(size);
    let mut board = Board::new(size, Rule::Renju)?;
    for (p, c) in with_colours(&three) {
        // The standard stones (within 2 of the centre) fit every board size there is.
        if board.put(p, c).is_err() {
            return Err(BadSize {
                size,
                min: MIN_SIZE,
                max: MAX_SIZE,
            });
        }
    }
    let candidates = candidates(&board, config);
    let engine = Engine::new(config.hash_mb, 1);
    let limits = Limits {
        nodes: Some(config.max_nodes),
        ..Limits::depth(config.depth)
    };
    let mut found = OpeningLines {
        opening,
        lines: Vec::new(),
        candidates: candidates.len(),
        searched: 0,
        full_searches: 0,
    };
    let mut kept_keys = HashSet::new();
    let mut per_fourth: HashMap<Point, usize> = HashMap::new();
    for c in &candidates {
        if found.lines.len() >= config.lines_per_opening || found.searched >= config.max_searches {
            break;
        }
        if per_fourth.get(&c.fourth).copied().unwrap_or(0) >= config.max_per_fourth {
            continue;
        }
        let moves = [three[0], three[1], three[2], c.fourth, c.fifth];
        let key = position_key(&with_colours(&moves), size);
        if kept_keys.contains(&key) {
            continue;
        }
        let mut five = board.clone();
        if five.put(c.fourth, Color::White).is_err() || five.put(c.fifth, Color::Black).is_err() {
            continue;
        }
        if [Color::Black, Color::White]
            .into_iter()
            .any(|side| has_vcf(&five, side, config.vcf_nodes))
        {
            continue;
        }
        found.searched += 1;
        let stop = AtomicBool::new(false);
        let mut scores: Vec<(i32, i32)> = Vec::new();
        engine.clear_table();
        let result = engine.search(&five, Color::White, &limits, &stop, &mut |report| {
            scores.push((report.depth, report.score));
            if report.depth == config.screen_depth && report.score.abs() > config.screen_window {
                stop.store(true, Relaxed);
            }
        });
        if stop.load(Relaxed) {
            continue;
        }
        found.full_searches += 1;
        let score_at = |d: i32| {
            scores
                .iter()
                .find(|&&(depth, _)| depth == d)
                .map(|&(_, s)| s)
        };
        let balanced = |s: Option<i32>| s.is_some_and(|s| s.abs() <= config.window);
        let last_two = [score_at(config.depth - 1), score_at(config.depth)];
        if result.mate.is_some()
            || result.depth != config.depth
            || !last_two.into_iter().all(balanced)
        {
            continue;
        }
        kept_keys.insert(key);
        *per_fourth.entry(c.fourth).or_default() += 1;
        found.lines.push(BalancedLine {
            name: format!("{}-{}", opening.name, line_letter(found.lines.len())),
            moves,
            scores: last_two.map(|s| s.unwrap_or(0)),
            depth: result.depth,
            nodes: result.nodes,
        });
    }
    Ok(found)
}

/// The 4th and 5th moves to try after the opening's `three` stones on `board`, in the
/// order of the module documentation.
fn candidates(board: &Board, config: &RenjuSuiteConfig) -> Vec<Candidate> {
    let mut rng = SplitMix64::new(config.seed);
    let mut list = Vec::new();
    for fourth in distinct_under_symmetry(board, &near(board, config.radius)) {
        let mut four = board.clone();
        if four.put(fourth, Color::White).is_err() {
            continue;
        }
        let fifths: Vec<Point> = near(&four, config.radius)
            .into_iter()
            .filter(|&p| four.foul(p).is_none() && !four.makes_five(p, Color::Black))
            .collect();
        for fifth in distinct_under_symmetry(&four, &fifths) {
            list.push(Candidate {
                fourth,
                fifth,
                order: (
                    distance(board, fourth) + distance(&four, fifth),
                    rng.next_u64(),
                ),
            });
        }
    }
    list.sort_by_key(|c| c.order);
    list
}

/// The Chebyshev distance from `p` to the nearest stone of `board`.
fn distance(board: &Board, p: Point) -> u8 {
    let stones: Vec<Point> = board.history().iter().map(|&(s, _)| s).collect();
    distance_to_stones(p, &stones).unwrap_or(u8::MAX)
}

/// The empty points within `radius` of a stone, in index order.
fn near(board: &Board, radius: u8) -> Vec<Point> {
    board
        .empty_points()
        .iter()
        .map(|i| board.point(i))
        .filter(|&p| distance(board, p) <= radius)
        .collect()
}

/// Does `side` have a VCF found within `nodes`, were it to move?
fn has_vcf(board: &Board, side: Color, nodes: u64) -> bool {
    let stop = AtomicBool::new(false);
    let mut pos = Position::new(board.clone(), side);
    ThreatSearch::new(&stop)
        .find(&mut pos, Mode::Vcf, 30, nodes)
        .is_some()
}

/// `a`, `b`, ... `z`, then `aa`, `ab`, ...
fn line_letter(i: usize) -> String {
    let letter = |k: usize| char::from(b'a' + (k % 26) as u8);
    if i < 26 {
        letter(i).to_string()
    } else {
        format!("{}{}", letter(i / 26 - 1), letter(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small configuration a debug build runs in a few seconds.
    fn quick() -> RenjuSuiteConfig {
        RenjuSuiteConfig {
            screen_depth: 2,
            screen_window: 150,
            depth: 4,
            window: 60,
            vcf_nodes: 2_000,
            lines_per_opening: 3,
            max_per_fourth: 1,
            max_searches: 25,
            ..RenjuSuiteConfig::default()
        }
    }

    #[test]
    fn lines_are_legal_balanced_and_distinct() {
        let config = quick();
        let opening = Opening::named("D1").unwrap();
        let found = balanced_lines(opening, &config).unwrap();
        assert!(!found.lines.is_empty(), "{found:?}");
        assert!(found.searched <= config.max_searches);
        let three = opening.stones(15);
        let mut keys = HashSet::new();
        let mut fourths = HashSet::new();
        for (i, line) in found.lines.iter().enumerate() {
            assert_eq!(line.name, format!("D1-{}", line_letter(i)));
            assert_eq!(line.moves[..3], three);
            assert!(
                keys.insert(position_key(&with_colours(&line.moves), 15)),
                "{line:?}"
            );
            assert!(
                fourths.insert(line.moves[3]),
                "one line per 4th move: {line:?}"
            );
            assert_eq!(line.depth, config.depth);
            assert!(
                line.scores.iter().all(|s| s.abs() <= config.window),
                "{line:?}"
            );
            // Legal stones, the 5th not forbidden, each near the stones before it.
            let mut board = Board::new(15, Rule::Renju).unwrap();
            for (k, (p, c)) in with_colours(&line.moves).into_iter().enumerate() {
                if k >= 3 {
                    assert!(distance(&board, p) <= config.radius, "{line:?}");
                }
                assert_eq!(board.foul(p), None, "{line:?}");
                board.put(p, c).unwrap();
                assert!(!board.is_five_at(p));
            }
            // The score is what a search of the position, on its own, finds.
            let engine = Engine::new(config.hash_mb, 1);
            let stop = AtomicBool::new(false);
            let limits = Limits {
                nodes: Some(config.max_nodes),
                ..Limits::depth(config.depth)
            };
            let r = engine.search(&board, Color::White, &limits, &stop, &mut |_| {});
            assert_eq!(r.score, line.scores[1], "{line:?}");
        }
        // The same configuration finds the same lines.
        assert_eq!(balanced_lines(opening, &config).unwrap(), found);
        assert!(found.lines[0]
            .to_file_line(15)
            .starts_with("D1-a: h8 h9 h10 "));
    }

    #[test]
    fn letters_name_lines() {
        let names: Vec<String> = [0, 1, 25, 26, 27].map(line_letter).to_vec();
        assert_eq!(names, ["a", "b", "z", "aa", "ab"]);
    }
}
