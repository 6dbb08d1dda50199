//! Learned move priors: how likely a strong player is to choose each move, from a few
//! cheap features of the move, in the generalised Bradley–Terry model of Coulom's
//! "Computing Elo ratings of move patterns in the game of Go" (2007).
//!
//! A move is a team of features, one from each group: what it does tactically
//! ([`Tactic`]), the 3x3 pattern around it (with the liberties, one, two or three and
//! more, of the chains beside it; folded over the eight rotations and reflections and
//! seen by the player to move, so both colours share it), the larger diamond shape
//! around it (`diamond.rs`), its line from the edge with the stage of
//! the game, and its distance to the last move and to the move before. Each
//! feature has a strength `gamma`; a move's strength is the product of its features', and
//! the probability that it is the move chosen is its strength over the sum of all legal
//! moves' strengths.
//!
//! The gammas are fitted to strong games by Minorization–Maximization (Hunter 2004) with
//! `tuning/`'s `go-patterns` trainer, which writes the table this module ships
//! (`patterns.bin`, read once at first use). The shipped table: 5000 19x19 games of strong
//! programs (the `AI/` directory of github.com/yenw/computer-go-dataset at d40334f), 4500
//! to train on, 500 held out; 4946 patterns and 10871 diamonds with a gamma of their own,
//! the diamonds fitted last with the other gammas held (so the playouts' 3x3 shapes, which
//! come from the pattern gammas, are those of the fit without diamonds). On the held-out
//! moves it names the move played first 34.1% of the time and among its first five 60.3%
//! (without the diamonds 28.4% and 55.1%; the hand-written prior 5.3% and 19.0%). See
//! `tuning/README.md` for how to regenerate it.

use super::policy::{tactic, Tactic};
use super::shape::{AROUND, SYMMETRIES};
use crate::core::Color;
use crate::go::{Position, Vertex};
use once_cell::sync::Lazy;

/// The values of each group but the patterns' (whose number the table decides).
pub const TACTIC_VALUES: usize = Tactic::COUNT;
/// Line from the edge (1 to 5 and more) times the stage of the game (three).
pub const LINE_VALUES: usize = 15;
/// Distance buckets to the last move (the last one: none or far).
pub const LAST_VALUES: usize = 12;
/// Distance buckets to the move before the last (the last one: none or far).
pub const LAST2_VALUES: usize = 8;

/// The features of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Features {
    /// What the move does tactically.
    pub tactic: Tactic,
    /// The canonical 3x3 pattern code ([`pattern_code`]).
    pub pattern: u32,
    /// `stage * 5 + line - 1`, line 1 to 5 (5 and more), stage 0 (fewer stones than an
    /// eighth of the points), 1 (fewer than half) or 2.
    pub line: u8,
    /// The distance bucket to the last move ([`last_bucket`]).
    pub last: u8,
    /// The distance bucket to the move before the last ([`last2_bucket`]).
    pub last2: u8,
    /// The keys of the inner and the full diamond around the move (`diamond.rs`).
    pub diamond: [u64; 2],
}

/// `TARGET[s][k]`: where direction `k` goes under symmetry `s`.
fn targets() -> [[usize; 8]; 8] {
    let mut t = [[0; 8]; 8];
    for (s, turn) in SYMMETRIES.iter().enumerate() {
        for (k, &(x, y)) in AROUND.iter().enumerate() {
            let to = turn(x, y);
            t[s][k] = AROUND.iter().position(|&d| d == to).expect("a direction");
        }
    }
    t
}

/// The symmetry tables: for each symmetry, the cells part (16 bits) and the liberties
/// part (8 bits) of a pattern code moved by it.
struct Folding {
    cells: Vec<[u16; 8]>,
    libs: Vec<[u8; 8]>,
    /// `SEEN[own][raw]`: raw point contents (colour indices, empty, off) as cells seen by
    /// the colour of index `own`: 0 empty, 1 own, 2 theirs, 3 off the board.
    seen: [Vec<u16>; 2],
}

static FOLDING: Lazy<Folding> = Lazy::new(|| {
    let t = targets();
    let cells = (0..1u32 << 16)
        .map(|code| {
            let mut out = [0u16; 8];
            for (o, to) in out.iter_mut().zip(&t) {
                for (k, &target) in to.iter().enumerate() {
                    *o |= ((code >> (2 * k) & 3) as u16) << (2 * target);
                }
            }
            out
        })
        .collect();
    let libs = (0..1u32 << 8)
        .map(|code| {
            let mut out = [0u8; 8];
            for (o, to) in out.iter_mut().zip(&t) {
                for (k, &target) in to.iter().take(4).enumerate() {
                    *o |= ((code >> (2 * k) & 3) as u8) << (2 * target);
                }
            }
            out
        })
        .collect();
    let seen = [0u8, 1].map(|own| {
        (0..1u32 << 16)
            .map(|raw| {
                (0..8).fold(0u16, |code, k| {
                    let cell = match (raw >> (2 * k) & 3) as u8 {
                        2 => 0,
                        c if c == own => 1,
                        c if c < 2 => 2,
                        _ => 3,
                    };
                    code | cell << (2 * k)
                })
            })
            .collect()
    });
    Folding { cells, libs, seen }
});

/// The pattern code of a `color` stone on `v` before folding: two bits a neighbour (0
/// empty, 1 own, 2 theirs, 3 off the board) in the order of [`AROUND`], then two bits for
/// each of the four orthogonal neighbours' liberties (0 no stone, 1 one, 2 two, 3 more).
pub fn raw_pattern(position: &Position, color: Color, v: Vertex) -> u32 {
    let geometry = position.size().geometry();
    let orth = geometry.neighbours_of(v.index());
    let diag = geometry.diagonals_of(v.index());
    let mut raw = 0u32;
    let mut libs = 0u32;
    for (k, &n) in orth.iter().chain(diag).enumerate() {
        let content = position.content(usize::from(n));
        raw |= u32::from(content) << (2 * k);
        if k < 4 && content < 2 {
            let stone = Vertex(n);
            let l = if position.in_atari(stone) {
                1
            } else if position.two_liberties(stone).is_some() {
                2
            } else {
                3
            };
            libs |= l << (2 * k);
        }
    }
    let cells = u32::from(FOLDING.seen[color.index()][raw as usize]);
    cells | libs << 16
}

/// The canonical form of a pattern code: the least of its eight rotations and
/// reflections.
pub fn canonical(code: u32) -> u32 {
    let f = &*FOLDING;
    let cells = &f.cells[(code & 0xffff) as usize];
    let libs = &f.libs[(code >> 16 & 0xff) as usize];
    (0..8)
        .map(|s| u32::from(libs[s]) << 16 | u32::from(cells[s]))
        .min()
        .expect("eight symmetries")
}

/// The folded pattern code of a `color` stone on `v`.
pub fn pattern_code(position: &Position, color: Color, v: Vertex) -> u32 {
    canonical(raw_pattern(position, color, v))
}

/// Coulom's distance between two points: `dx + dy + max(dx, dy)`.
fn distance(position: &Position, a: Vertex, b: Vertex) -> u32 {
    let size = position.size();
    let (p, q) = (size.point(a), size.point(b));
    let (dx, dy) = (u32::from(p.x.abs_diff(q.x)), u32::from(p.y.abs_diff(q.y)));
    dx + dy + dx.max(dy)
}

/// The bucket of the distance to the last move: 2..=9 one each, then 10-11, 12-14,
/// 15-17, and farther or no last move.
pub fn last_bucket(d: Option<u32>) -> u8 {
    match d {
        Some(d @ 2..=9) => (d - 2) as u8,
        Some(10..=11) => 8,
        Some(12..=14) => 9,
        Some(15..=17) => 10,
        _ => 11,
    }
}

/// The bucket of the distance to the move before the last: 2, 3, 4, 5-6, 7-9, 10-13,
/// 14-17, and farther or none.
pub fn last2_bucket(d: Option<u32>) -> u8 {
    match d {
        Some(d @ 2..=4) => (d - 2) as u8,
        Some(5..=6) => 3,
        Some(7..=9) => 4,
        Some(10..=13) => 5,
        Some(14..=17) => 6,
        _ => 7,
    }
}

/// The stage of the game for [`Features::line`]: 0 while the stones cover less than an
/// eighth of the board, 1 while they cover less than half, then 2.
pub fn stage(position: &Position) -> u8 {
    let stones = (position.stones(Color::Black) | position.stones(Color::White)).len();
    let points = position.size().points();
    if stones * 8 < points {
        0
    } else if stones * 2 < points {
        1
    } else {
        2
    }
}

/// The line-and-stage feature of `v` (see [`Features::line`]) at `stage` ([`stage`]).
pub fn line_feature(position: &Position, v: Vertex, stage: u8) -> u8 {
    let size = position.size();
    let p = size.point(v);
    let n = size.get() as u8;
    let line = (1 + p.x.min(p.y).min(n - 1 - p.x).min(n - 1 - p.y)).min(5);
    stage * 5 + line - 1
}

/// What the features of every move of a position share: the stage and the last two
/// moves.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    stage: u8,
    last: Option<Vertex>,
    last2: Option<Vertex>,
}

impl Context {
    /// The context of `position` after the opponent's `last` move and the own move before
    /// it (`None`: a pass or no move).
    pub fn new(position: &Position, last: Option<Vertex>, last2: Option<Vertex>) -> Context {
        Context {
            stage: stage(position),
            last,
            last2,
        }
    }
}

/// The features of a `color` stone on the empty point `v`, after the opponent's `last`
/// move and the own move before it (`None`: a pass or no move).
pub fn features(
    position: &Position,
    color: Color,
    v: Vertex,
    last: Option<Vertex>,
    last2: Option<Vertex>,
) -> Features {
    let context = Context::new(position, last, last2);
    features_in(position, color, v, &context, tactic(position, color, v))
}

/// [`features`] in a known context when the move's tactic is known.
pub(super) fn features_in(
    position: &Position,
    color: Color,
    v: Vertex,
    context: &Context,
    tactic: Tactic,
) -> Features {
    Features {
        tactic,
        pattern: pattern_code(position, color, v),
        line: line_feature(position, v, context.stage),
        last: last_bucket(context.last.map(|l| distance(position, v, l))),
        last2: last2_bucket(context.last2.map(|l| distance(position, v, l))),
        diamond: super::diamond::keys(position, color, v),
    }
}

/// The hand-written prior win rate of a `color` stone on `v` after the opponent's `last`
/// move, which the learned one replaces for quiet moves (for comparisons).
pub fn hand_prior(position: &Position, color: Color, v: Vertex, last: Option<Vertex>) -> f32 {
    super::policy::prior(position, color, v, last)
}

/// The fitted gammas of every feature.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// By [`Tactic`] as `u8`.
    pub tactic: [f32; TACTIC_VALUES],
    /// By [`Features::line`].
    pub line: [f32; LINE_VALUES],
    /// By [`Features::last`].
    pub last: [f32; LAST_VALUES],
    /// By [`Features::last2`].
    pub last2: [f32; LAST2_VALUES],
    /// The gamma of a pattern not in the table.
    pub rare: f32,
    /// Canonical pattern codes and their gammas, sorted by code.
    pub patterns: Vec<(u32, f32)>,
    /// The gamma of a move whose diamonds are both missing from [`diamonds`](Self::diamonds).
    pub diamond_rare: f32,
    /// Diamond keys (inner and full) and their gammas, sorted by key.
    pub diamonds: Vec<(u64, f32)>,
}

/// The gamma of `key` in a table of keys and gammas sorted by key, if it is there.
fn listed_gamma<K: Ord + Copy>(table: &[(K, f32)], key: K) -> Option<f32> {
    table
        .binary_search_by_key(&key, |&(k, _)| k)
        .ok()
        .map(|i| table[i].1)
}

/// The first bytes of a model file.
const MAGIC: &[u8; 8] = b"TGPAT02\n";

impl Model {
    /// A model that knows nothing: every gamma 1.
    pub fn uniform() -> Model {
        Model {
            tactic: [1.0; TACTIC_VALUES],
            line: [1.0; LINE_VALUES],
            last: [1.0; LAST_VALUES],
            last2: [1.0; LAST2_VALUES],
            rare: 1.0,
            patterns: Vec::new(),
            diamond_rare: 1.0,
            diamonds: Vec::new(),
        }
    }

    /// The gamma of a canonical pattern code.
    pub fn pattern_gamma(&self, code: u32) -> f32 {
        listed_gamma(&self.patterns, code).unwrap_or(self.rare)
    }

    /// The gamma of a move's diamonds ([`Features::diamond`]): the full one's when it is
    /// in the table, else the inner one's, else the rare diamonds'.
    pub fn diamond_gamma(&self, keys: [u64; 2]) -> f32 {
        listed_gamma(&self.diamonds, keys[1])
            .or_else(|| listed_gamma(&self.diamonds, keys[0]))
            .unwrap_or(self.diamond_rare)
    }

    /// The strength of a move: the product of its features' gammas.
    pub fn gamma(&self, f: &Features) -> f32 {
        self.tactic[f.tactic as usize]
            * self.pattern_gamma(f.pattern)
            * self.diamond_gamma(f.diamond)
            * self.line[usize::from(f.line)]
            * self.last[usize::from(f.last)]
            * self.last2[usize::from(f.last2)]
    }

    /// The model as the bytes of a model file: a magic line, the numbers of patterns and
    /// of diamonds, the small groups' gammas, the rare pattern's and the rare diamonds',
    /// then each pattern's code and gamma, then each diamond's key (low word first) and
    /// gamma (all little-endian `u32` and `f32`).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend((self.patterns.len() as u32).to_le_bytes());
        out.extend((self.diamonds.len() as u32).to_le_bytes());
        let small = self.tactic.iter().chain(&self.line);
        for g in small.chain(&self.last).chain(&self.last2) {
            out.extend(g.to_le_bytes());
        }
        out.extend(self.rare.to_le_bytes());
        out.extend(self.diamond_rare.to_le_bytes());
        for &(code, g) in &self.patterns {
            out.extend(code.to_le_bytes());
            out.extend(g.to_le_bytes());
        }
        for &(key, g) in &self.diamonds {
            out.extend(key.to_le_bytes());
            out.extend(g.to_le_bytes());
        }
        out
    }

    /// Reads a model file ([`to_bytes`](Self::to_bytes)).
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, String> {
        let body = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or("not a Tengen pattern file")?;
        let mut words = body.chunks_exact(4).map(|c| [c[0], c[1], c[2], c[3]]);
        let mut word = || words.next().ok_or("the pattern file is cut short");
        let n = u32::from_le_bytes(word()?) as usize;
        let n_diamonds = u32::from_le_bytes(word()?) as usize;
        let mut model = Model::uniform();
        for g in model.tactic.iter_mut().chain(&mut model.line) {
            *g = f32::from_le_bytes(word()?);
        }
        for g in model.last.iter_mut().chain(&mut model.last2) {
            *g = f32::from_le_bytes(word()?);
        }
        model.rare = f32::from_le_bytes(word()?);
        model.diamond_rare = f32::from_le_bytes(word()?);
        model.patterns = (0..n)
            .map(|_| Ok((u32::from_le_bytes(word()?), f32::from_le_bytes(word()?))))
            .collect::<Result<_, String>>()?;
        model.diamonds = (0..n_diamonds)
            .map(|_| {
                let (low, high) = (u32::from_le_bytes(word()?), u32::from_le_bytes(word()?));
                let key = u64::from(high) << 32 | u64::from(low);
                Ok((key, f32::from_le_bytes(word()?)))
            })
            .collect::<Result<_, String>>()?;
        if word().is_ok() || body.len() % 4 != 0 {
            return Err("the pattern file runs on past its patterns".into());
        }
        if !model.patterns.windows(2).all(|w| w[0].0 < w[1].0)
            || !model.diamonds.windows(2).all(|w| w[0].0 < w[1].0)
        {
            return Err("the pattern file's codes are not sorted".into());
        }
        Ok(model)
    }
}

/// The model fitted to strong games, shipped with the engine.
pub fn shipped() -> &'static Model {
    static MODEL: Lazy<Model> = Lazy::new(|| {
        Model::from_bytes(include_bytes!("patterns.bin")).expect("the shipped pattern file")
    });
    &MODEL
}

/// The playouts' 3x3 shape gammas, by the raw surroundings of a point
/// ([`raw_surroundings`](super::shape::raw_surroundings)) and the colour to move: the
/// shipped model's pattern gammas without the liberties, which cost the playouts too much
/// to count at every candidate (the chains in atari or with two liberties are the tactical
/// replies' business, which come first). A 3x3 shape's gamma is the geometric mean of its
/// liberty variants in the table, the rare pattern's when it has none. One lookup then
/// answers for a point, as cheap as the hand-written [shape](super::shape) test.
pub(super) struct ShapeGammas {
    by_raw: [Vec<f32>; 2],
}

impl ShapeGammas {
    fn of(model: &Model) -> ShapeGammas {
        let f = &*FOLDING;
        let fold = |cells: u32| {
            *f.cells[cells as usize]
                .iter()
                .min()
                .expect("eight symmetries")
        };
        // Summed logarithms and counts of the variants of each folded 3x3 shape.
        let mut logs = std::collections::HashMap::<u16, (f32, u32)>::new();
        for &(code, gamma) in &model.patterns {
            let entry = logs.entry(fold(code & 0xffff)).or_default();
            entry.0 += gamma.ln();
            entry.1 += 1;
        }
        let by_raw = [0, 1].map(|own| {
            f.seen[own]
                .iter()
                .map(|&cells| match logs.get(&fold(u32::from(cells))) {
                    Some(&(sum, n)) => (sum / n as f32).exp(),
                    None => model.rare,
                })
                .collect()
        });
        ShapeGammas { by_raw }
    }

    /// The shape gamma of a `color` stone on a point whose raw surroundings are `raw`.
    #[inline]
    pub(super) fn gamma(&self, color: Color, raw: usize) -> f32 {
        self.by_raw[color.index()][raw]
    }
}

/// The [`ShapeGammas`] of the [shipped] model.
pub(super) fn shipped_shapes() -> &'static ShapeGammas {
    static SHAPES: Lazy<ShapeGammas> = Lazy::new(|| ShapeGammas::of(shipped()));
    &SHAPES
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Point;
    use crate::go::parse_diagram;

    fn at(pos: &Position, x: u8, y: u8) -> Vertex {
        pos.size().vertex(Point::new(x, y)).unwrap()
    }

    #[test]
    fn the_pattern_is_the_same_in_every_orientation_and_for_both_colours() {
        // Black's (1,1) in atari-free contact with White's (2,1) and (1,2); the point
        // (2,2) seen from each of the eight orientations of the board.
        let rows = [
            ".......", ".XO....", ".O.X...", "..X....", ".......", ".......", ".......",
        ];
        let n = rows.len();
        let turn = |s: usize, x: usize, y: usize| -> (usize, usize) {
            let (x, y) = (x as i8 - 3, y as i8 - 3);
            let (x, y) = SYMMETRIES[s](x, y);
            ((x + 3) as usize, (y + 3) as usize)
        };
        let mut codes = Vec::new();
        for s in 0..8 {
            for swap in [false, true] {
                let mut grid = vec![vec!['.'; n]; n];
                for (y, row) in rows.iter().enumerate() {
                    for (x, c) in row.chars().enumerate() {
                        let (tx, ty) = turn(s, x, y);
                        grid[ty][tx] = match (c, swap) {
                            ('X', true) => 'O',
                            ('O', true) => 'X',
                            (c, _) => c,
                        };
                    }
                }
                let text: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
                let pos = parse_diagram(&text.join("\n")).unwrap();
                let (cx, cy) = turn(s, 2, 2);
                let color = if swap { Color::White } else { Color::Black };
                let v = at(&pos, cx as u8, cy as u8);
                codes.push(pattern_code(&pos, color, v));
                let f = features(&pos, color, v, None, None);
                assert_eq!(f.pattern, codes[0]);
                assert_eq!(
                    shipped().gamma(&f),
                    shipped().gamma(&features(
                        &parse_diagram(&rows.join("\n")).unwrap(),
                        Color::Black,
                        at(&parse_diagram(&rows.join("\n")).unwrap(), 2, 2),
                        None,
                        None
                    ))
                );
            }
        }
        assert!(codes.iter().all(|&c| c == codes[0]), "{codes:?}");
        // A different colour to move sees a different pattern.
        let pos = parse_diagram(&rows.join("\n")).unwrap();
        assert_ne!(pattern_code(&pos, Color::White, at(&pos, 2, 2)), codes[0]);
    }

    #[test]
    fn the_shipped_model_prefers_corner_points_and_captures_to_the_first_line() {
        let model = shipped();
        assert!(model.patterns.len() > 1000, "{}", model.patterns.len());
        let pos = Position::new(crate::go::BoardSize::new(19).unwrap());
        let gamma = |pos: &Position, x, y| {
            model.gamma(&features(pos, Color::Black, at(pos, x, y), None, None))
        };
        let first_line = gamma(&pos, 9, 0);
        let second_line = gamma(&pos, 17, 1);
        for (x, y) in [(3, 3), (2, 2), (15, 3), (3, 16)] {
            assert!(
                gamma(&pos, x, y) > 2.0 * first_line.max(second_line),
                "{x},{y}"
            );
        }
        // A capture in the middle of the board beats a quiet move beside it.
        let pos = parse_diagram(
            ".......\n\
             ...X...\n\
             ..XO...\n\
             ...X...\n\
             .......\n\
             .......\n\
             .......",
        )
        .unwrap();
        let last = Some(at(&pos, 3, 2));
        let f = features(&pos, Color::Black, at(&pos, 4, 2), last, None);
        assert_eq!(f.tactic, Tactic::Captures);
        let quiet = features(&pos, Color::Black, at(&pos, 5, 5), last, None);
        assert!(model.gamma(&f) > 5.0 * model.gamma(&quiet));
        // Self-atari is the worst of the tactics.
        let worst = (0..Tactic::COUNT)
            .min_by(|&a, &b| model.tactic[a].total_cmp(&model.tactic[b]))
            .unwrap();
        assert_eq!(worst, Tactic::SelfAtari as usize);
    }

    #[test]
    fn the_model_file_round_trips_and_refuses_damage() {
        let mut m = Model::uniform();
        m.tactic[1] = 3.5;
        m.rare = 0.25;
        m.patterns = vec![(3, 0.5), (70000, 2.0)];
        m.diamond_rare = 0.75;
        m.diamonds = vec![(2 << 56 | 5, 1.5), (3 << 56 | 1 << 40, 4.0)];
        let bytes = m.to_bytes();
        assert_eq!(Model::from_bytes(&bytes), Ok(m.clone()));
        assert!(Model::from_bytes(&bytes[..bytes.len() - 4]).is_err());
        assert!(Model::from_bytes(&bytes[1..]).is_err());
        let mut longer = bytes.clone();
        longer.extend([0; 4]);
        assert!(Model::from_bytes(&longer).is_err());
        assert_eq!(m.pattern_gamma(70000), 2.0);
        assert_eq!(m.pattern_gamma(4), 0.25);
        // The full diamond first, then the inner one, then the rare gamma.
        assert_eq!(m.diamond_gamma([2 << 56 | 5, 3 << 56 | 1 << 40]), 4.0);
        assert_eq!(m.diamond_gamma([2 << 56 | 5, 3 << 56 | 7]), 1.5);
        assert_eq!(m.diamond_gamma([2 << 56 | 6, 3 << 56 | 7]), 0.75);
    }
}
