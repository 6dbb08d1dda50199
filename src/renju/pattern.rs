//! Pattern tables: what a stone placed at a point makes on one line.
//!
//! A [`LinePattern`] answers, for a line code seen from the mover's side and a
//! [`FiveRule`], what placing the mover's stone at the centre makes on that line: a five,
//! an overline, how many distinct fours, whether one of them is a straight four, whether it
//! is a three (and so has straight-four points), and a [`Shape`] class for evaluation.
//!
//! The tables are computed once (on first use) from a direct reading of the definitions
//! on an 11-point window; the board then answers pattern questions with one lookup a
//! direction.

use super::line::{HALF, SLOTS};
use super::rule::FiveRule;
use crate::core::Color;
use once_cell::sync::Lazy;

/// Evaluation class of what a move makes on one line, weakest first.
///
/// The classes from `Five` down to `OpenThree` follow the renju definitions exactly;
/// the weaker ones look only at the 11-point window and are meant for evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Shape {
    None = 0,
    /// One more stone makes a closed (non-straight) three.
    ClosedTwo,
    /// One more stone makes a three.
    OpenTwo,
    /// One more stone makes a four, but no straight four.
    ClosedThree,
    /// A three: one more stone makes a straight four.
    OpenThree,
    /// One four.
    Four,
    /// A straight four, or two fours on the line: the opponent cannot stop both fives.
    FlexFour,
    Five,
    /// Six or more in a row where only exactly five counts (not a win).
    Overline,
}

impl Shape {
    pub const ALL: [Shape; 9] = [
        Shape::None,
        Shape::ClosedTwo,
        Shape::OpenTwo,
        Shape::ClosedThree,
        Shape::OpenThree,
        Shape::Four,
        Shape::FlexFour,
        Shape::Five,
        Shape::Overline,
    ];
}

/// What placing a stone at the centre of a line makes on that line.
///
/// ```
/// use tengen::renju::{FiveRule, LinePattern, Shape};
/// use tengen::renju::line::stone_bits;
/// use tengen::core::Color;
/// // . X X [.] X . : placing the centre makes a straight four, which is one four.
/// let code = stone_bits(-2, Color::Black) | stone_bits(-1, Color::Black) | stone_bits(1, Color::Black);
/// let p = LinePattern::of(code, FiveRule::Exact);
/// assert!(p.four_count() == 1 && p.is_straight_four());
/// assert_eq!(p.shape(), Shape::FlexFour);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LinePattern(u16);

const FIVE: u16 = 1;
const OVERLINE: u16 = 1 << 1;
const FOURS_SHIFT: u16 = 2;
const STRAIGHT_FOUR: u16 = 1 << 4;
const THREE: u16 = 1 << 5;
const SHAPE_SHIFT: u16 = 6;

impl LinePattern {
    /// Table lookup: the pattern of `code` under `rule`, the code seen from the mover's
    /// side (own stones `01`, the opponent's `10`: as Black's raw codes read; a board
    /// reads either colour's raw codes through a [`LineTable`]).
    #[inline]
    pub fn of(code: u32, rule: FiveRule) -> LinePattern {
        LineTable::new(Color::Black, rule).pattern(code)
    }

    /// The stone makes a five (as `rule` counts fives) through the centre.
    #[inline]
    pub fn is_five(self) -> bool {
        self.0 & FIVE != 0
    }

    /// The stone makes six or more in a row, and the rule counts only exactly five.
    #[inline]
    pub fn is_overline(self) -> bool {
        self.0 & OVERLINE != 0
    }

    /// Distinct fours through the stone on this line: a straight four is one, `X.XXX.X`
    /// (the middle stone just placed) is two. At most 3.
    #[inline]
    pub fn four_count(self) -> u8 {
        ((self.0 >> FOURS_SHIFT) & 3) as u8
    }

    /// One of the fours is a straight four (two points make five with the same four stones).
    #[inline]
    pub fn is_straight_four(self) -> bool {
        self.0 & STRAIGHT_FOUR != 0
    }

    /// The stone makes a three: some empty point on the line would make a straight four
    /// through it. (Whether that point is playable is the board's question, not the line's.)
    #[inline]
    pub fn is_three(self) -> bool {
        self.0 & THREE != 0
    }

    /// The evaluation class.
    #[inline]
    pub fn shape(self) -> Shape {
        Shape::ALL[(self.0 >> SHAPE_SHIFT) as usize]
    }

    /// Number of [`index`](Self::index) values: the six fact bits and the shape.
    pub const INDICES: usize = Shape::ALL.len() << SHAPE_SHIFT;

    /// A dense number of the pattern below [`INDICES`](Self::INDICES), for tables of what
    /// each pattern is worth.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The pattern of an [`index`](Self::index), for filling such tables (an index no
    /// line makes reads as some combination of its bits).
    pub(crate) fn from_index(index: usize) -> LinePattern {
        debug_assert!(index < Self::INDICES);
        LinePattern(index as u16)
    }
}

impl LinePattern {
    /// This line's facts as a [`Tally`], to be added to the other lines' through a point.
    #[inline]
    pub fn tally(self) -> Tally {
        let b = self.0 as u32;
        Tally(
            (b & FIVE as u32)
                | (b >> 1 & 1) << 3
                | (b >> FOURS_SHIFT & 3) << 6
                | (b >> 4 & 1) << 10
                | (b >> 5 & 1) << 13,
        )
    }
}

/// Counts of fives, overlines, fours, straight fours and threes over the lines through one
/// point, packed so that adding or subtracting two tallies adds or subtracts every count
/// (each field has room for four lines).
///
/// ```
/// use tengen::renju::{FiveRule, LinePattern, Tally};
/// use tengen::renju::line::stone_bits;
/// use tengen::core::Color;
/// let code = stone_bits(-2, Color::Black) | stone_bits(-1, Color::Black) | stone_bits(1, Color::Black);
/// let straight = LinePattern::of(code, FiveRule::Exact).tally();
/// let sum = straight + straight;
/// assert_eq!((sum.fours(), sum.straight_fours(), sum.fives()), (2, 2, 0));
/// assert_eq!(sum - straight, straight);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally(u32);

impl Tally {
    #[inline]
    pub fn fives(self) -> u8 {
        (self.0 & 7) as u8
    }
    #[inline]
    pub fn overlines(self) -> u8 {
        (self.0 >> 3 & 7) as u8
    }
    #[inline]
    pub fn fours(self) -> u8 {
        (self.0 >> 6 & 15) as u8
    }
    #[inline]
    pub fn straight_fours(self) -> u8 {
        (self.0 >> 10 & 7) as u8
    }
    #[inline]
    pub fn threes(self) -> u8 {
        (self.0 >> 13 & 7) as u8
    }
}

impl std::ops::Add for Tally {
    type Output = Tally;
    #[inline]
    fn add(self, rhs: Tally) -> Tally {
        Tally(self.0 + rhs.0)
    }
}

impl std::ops::Sub for Tally {
    type Output = Tally;
    #[inline]
    fn sub(self, rhs: Tally) -> Tally {
        Tally(self.0 - rhs.0)
    }
}

impl std::fmt::Debug for LinePattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LinePattern")
            .field("five", &self.is_five())
            .field("overline", &self.is_overline())
            .field("fours", &self.four_count())
            .field("straight_four", &self.is_straight_four())
            .field("three", &self.is_three())
            .field("shape", &self.shape())
            .finish()
    }
}

/// The offsets along the line of the points that turn the three made at the centre into a
/// straight four (none if the stone makes no three). Computed from the code directly: this
/// is the slow path of the double-three check, run only on its candidates.
pub fn straight_four_offsets(code: u32, rule: FiveRule) -> impl Iterator<Item = i32> {
    let mask = analyse(&decode(code), rule).straight_four_points;
    (0..WINDOW as i32)
        .filter(move |&i| mask >> i & 1 != 0)
        .map(|i| i - CENTER as i32)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty,
    Own,
    Blocked,
}

const WINDOW: usize = SLOTS + 1;
const CENTER: usize = HALF;

/// The window of a code with the mover's stone at the centre.
fn decode(code: u32) -> [Cell; WINDOW] {
    let mut w = [Cell::Own; WINDOW];
    for (s, i) in (0..CENTER).chain(CENTER + 1..WINDOW).enumerate() {
        w[i] = match code >> (2 * s) & 3 {
            0 => Cell::Empty,
            1 => Cell::Own,
            _ => Cell::Blocked,
        };
    }
    w
}

/// Inclusive bounds of the run of own stones through `i` (which holds one).
fn run(w: &[Cell; WINDOW], i: usize) -> (usize, usize) {
    let mut a = i;
    while a > 0 && w[a - 1] == Cell::Own {
        a -= 1;
    }
    let mut b = i;
    while b + 1 < WINDOW && w[b + 1] == Cell::Own {
        b += 1;
    }
    (a, b)
}

/// The exact facts about one line, straight from the definitions.
#[derive(Default)]
struct Analysis {
    five: bool,
    overline: bool,
    fours: u8,
    straight_four: bool,
    /// Window indices that would make a straight four through the centre.
    straight_four_points: u16,
}

/// Would a stone at `q` (empty) make a five through the centre?
fn completes_five(w: &mut [Cell; WINDOW], q: usize, rule: FiveRule) -> bool {
    w[q] = Cell::Own;
    let (a, b) = run(w, q);
    w[q] = Cell::Empty;
    a <= CENTER && CENTER <= b && rule.is_five(b - a + 1)
}

fn analyse(w: &[Cell; WINDOW], rule: FiveRule) -> Analysis {
    let mut w = *w;
    let (a, b) = run(&w, CENTER);
    let len = b - a + 1;
    if rule.is_five(len) {
        return Analysis {
            five: true,
            ..Analysis::default()
        };
    }
    if len >= 6 {
        return Analysis {
            overline: true,
            ..Analysis::default()
        };
    }
    // Fours: each point that completes a five through the centre completes one four (an
    // exact five is a single run, so the four's stones are that run less the point); a
    // straight four is one four with two such points, at both ends of the same run.
    let mut completions = 0u16;
    for q in 1..WINDOW - 1 {
        if w[q] == Cell::Empty && completes_five(&mut w, q, rule) {
            completions |= 1 << q;
        }
    }
    let straight_four = len == 4
        && a >= 1
        && b + 1 < WINDOW
        && completions >> (a - 1) & completions >> (b + 1) & 1 != 0;
    let fours = (completions.count_ones() - u32::from(straight_four)).min(3) as u8;
    // Threes: an empty point that makes a run of exactly four through the centre and
    // itself whose two ends both complete a five.
    let mut straight_four_points = 0u16;
    for q in CENTER - 3..=CENTER + 3 {
        if w[q] != Cell::Empty {
            continue;
        }
        w[q] = Cell::Own;
        let (a, b) = run(&w, CENTER);
        if b - a + 1 == 4
            && (a..=b).contains(&q)
            && w[a - 1] == Cell::Empty
            && w[b + 1] == Cell::Empty
            && completes_five(&mut w, a - 1, rule)
            && completes_five(&mut w, b + 1, rule)
        {
            straight_four_points |= 1 << q;
        }
        w[q] = Cell::Empty;
    }
    Analysis {
        five: false,
        overline: false,
        fours,
        straight_four,
        straight_four_points,
    }
}

/// Number of windows as base-3 numbers: a digit a neighbour, 0 empty, 1 own, 2 blocked.
const WINDOWS3: usize = 3usize.pow(SLOTS as u32);

/// The place value of each base-3 digit.
const POW3: [usize; SLOTS] = {
    let mut p = [1; SLOTS];
    let mut s = 1;
    while s < SLOTS {
        p[s] = p[s - 1] * 3;
        s += 1;
    }
    p
};

/// The window of base-3 `digits` (slot order, the centre left out) with the mover's stone
/// at the centre.
fn window3(digits: &[u8; SLOTS]) -> [Cell; WINDOW] {
    let mut w = [Cell::Own; WINDOW];
    for (s, i) in (0..CENTER).chain(CENTER + 1..WINDOW).enumerate() {
        w[i] = [Cell::Empty, Cell::Own, Cell::Blocked][digits[s] as usize];
    }
    w
}

/// The patterns of all base-3 windows under `rule`.
fn patterns3(rule: FiveRule) -> Vec<LinePattern> {
    // Every window in index order, its digits counted up one at a time (no divisions),
    // with the mask of its empty slots.
    let mut basic = Vec::with_capacity(WINDOWS3);
    let mut empties: Vec<u16> = Vec::with_capacity(WINDOWS3);
    let mut digits = [0u8; SLOTS];
    for _ in 0..WINDOWS3 {
        let an = analyse(&window3(&digits), rule);
        basic.push(LinePattern(
            u16::from(an.five)
                | u16::from(an.overline) << 1
                | u16::from(an.fours) << FOURS_SHIFT
                | u16::from(an.straight_four) << 4
                | u16::from(an.straight_four_points != 0) << 5,
        ));
        empties.push(
            (0..SLOTS)
                .filter(|&s| digits[s] == 0)
                .fold(0, |m, s| m | 1 << s),
        );
        for d in digits.iter_mut() {
            *d += 1;
            if *d < 3 {
                break;
            }
            *d = 0;
        }
    }
    // Windows with one more own stone on an empty neighbour.
    let plus_one = |idx: usize| {
        let mut m = empties[idx];
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let s = m.trailing_zeros() as usize;
                m &= m - 1;
                idx + POW3[s]
            })
        })
    };
    let makes_four: Vec<bool> = (0..WINDOWS3)
        .map(|idx| plus_one(idx).any(|j| basic[j].four_count() > 0))
        .collect();
    basic
        .iter()
        .enumerate()
        .map(|(idx, &p)| {
            let shape = if p.is_five() {
                Shape::Five
            } else if p.is_overline() {
                Shape::Overline
            } else if p.four_count() >= 2 || p.is_straight_four() {
                Shape::FlexFour
            } else if p.four_count() == 1 {
                Shape::Four
            } else if p.is_three() {
                Shape::OpenThree
            } else if makes_four[idx] {
                Shape::ClosedThree
            } else if plus_one(idx).any(|j| basic[j].is_three()) {
                Shape::OpenTwo
            } else if plus_one(idx).any(|j| makes_four[j]) {
                Shape::ClosedTwo
            } else {
                Shape::None
            };
            LinePattern(p.0 | (shape as u16) << SHAPE_SHIFT)
        })
        .collect()
}

/// Neighbours a half code covers: one side of the centre.
const HALF_BITS: u32 = 2 * HALF as u32;
const HALF_CODES: usize = 1 << HALF_BITS;

/// The base-3 digit of each 2-bit neighbour (`00` empty, `01` Black, `10` White, `11`
/// wall) as a colour sees it: 0 empty, 1 own, 2 blocked. Black's view is the code as it
/// is, White's swaps the stones.
const DIGITS: [[u16; 4]; 2] = [[0, 1, 2, 2], [0, 2, 1, 2]];

/// Base-3 index of five slots' worth of neighbours under `digits`.
const fn half_codes(digits: [u16; 4]) -> [u16; HALF_CODES] {
    let mut table = [0; HALF_CODES];
    let mut bits = 0;
    while bits < HALF_CODES {
        let (mut s, mut place) = (0, 1);
        while s < HALF {
            table[bits] += digits[bits >> (2 * s) & 3] * place;
            place *= 3;
            s += 1;
        }
        bits += 1;
    }
    table
}

/// Per colour, the base-3 index of one side's neighbours, so a 20-bit code becomes a
/// window index with two lookups in a 2 KiB table, seen from that colour's side without
/// swapping its bits first. Indexing the 59,049 windows instead of the 2^20 codes keeps
/// the pattern tables small enough for the cache. Computed at compile time: the lookup
/// the search makes most often asks no lazy initialisation.
static HALF_CODE: [[u16; HALF_CODES]; 2] = [half_codes(DIGITS[0]), half_codes(DIGITS[1])];

static EXACT: Lazy<Box<[LinePattern]>> = Lazy::new(|| patterns3(FiveRule::Exact).into());
static AT_LEAST: Lazy<Box<[LinePattern]>> = Lazy::new(|| patterns3(FiveRule::AtLeast).into());

/// The pattern lookup of one colour under one [`FiveRule`]: reads that colour's patterns
/// straight from raw line codes, with the rule's table fetched once (a board keeps one a
/// colour) instead of at every lookup.
///
/// ```
/// use tengen::renju::{FiveRule, LinePattern, LineTable};
/// use tengen::renju::line::stone_bits;
/// use tengen::core::Color;
/// // White stones at -2, -1 and 1: White at the centre makes a straight four.
/// let code = stone_bits(-2, Color::White) | stone_bits(-1, Color::White) | stone_bits(1, Color::White);
/// let white = LineTable::new(Color::White, FiveRule::AtLeast);
/// assert!(white.pattern(code).is_straight_four());
/// assert_eq!(LineTable::new(Color::Black, FiveRule::AtLeast).pattern(code), LinePattern::default());
/// ```
#[derive(Clone, Copy)]
pub struct LineTable {
    half: &'static [u16; HALF_CODES],
    table: &'static [LinePattern],
}

impl LineTable {
    /// The lookup of `color`'s patterns under `rule`.
    pub fn new(color: Color, rule: FiveRule) -> LineTable {
        LineTable {
            half: &HALF_CODE[color.index()],
            table: match rule {
                FiveRule::Exact => &EXACT,
                FiveRule::AtLeast => &AT_LEAST,
            },
        }
    }

    /// What this colour's stone at the centre of the raw line `code` makes.
    #[inline]
    pub fn pattern(self, code: u32) -> LinePattern {
        const LOW: u32 = HALF_CODES as u32 - 1;
        const HIGH: usize = 3usize.pow(HALF as u32);
        let (low, high) = (code & LOW, code >> HALF_BITS & LOW);
        self.table[self.half[low as usize] as usize + HIGH * self.half[high as usize] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::renju::line::{stone_bits, WALL};

    /// Code of a diagram like `"..XX[.]X.."`: `X` own, `O` opponent, `#` wall, `.` empty;
    /// the bracketed point is the centre and the diagram may be shorter than the window.
    fn code(diagram: &str) -> u32 {
        let centre = diagram.find('[').expect("centre");
        let cells: Vec<char> = diagram.replace(['[', ']'], "").chars().collect();
        let mut code = 0;
        for (i, &c) in cells.iter().enumerate() {
            let off = i as i32 - centre as i32;
            if off == 0 || off.unsigned_abs() as usize > HALF {
                continue;
            }
            code |= match c {
                'X' => stone_bits(off, Color::Black),
                'O' => stone_bits(off, Color::White),
                '#' => WALL << (2 * crate::renju::line::slot(off)),
                _ => 0,
            };
        }
        code
    }

    fn exact(d: &str) -> LinePattern {
        LinePattern::of(code(d), FiveRule::Exact)
    }
    fn free(d: &str) -> LinePattern {
        LinePattern::of(code(d), FiveRule::AtLeast)
    }

    #[test]
    fn fives_and_overlines() {
        assert!(exact(".XX[.]XX.").is_five());
        assert!(exact("OXX[.]XXO").is_five());
        assert!(exact("#XX[.]XX#").is_five());
        assert!(exact("XXX[.]XX").is_overline());
        assert!(!exact("XXX[.]XX").is_five());
        assert!(free("XXX[.]XX").is_five());
        assert_eq!(free("XXX[.]XX").shape(), Shape::Five);
        assert_eq!(exact("XXX[.]XX").shape(), Shape::Overline);
    }

    #[test]
    fn four_counts() {
        assert_eq!(exact("..XX[.]X..").four_count(), 1);
        assert!(exact("..XX[.]X..").is_straight_four());
        assert_eq!(exact("..XX[.]X..").shape(), Shape::FlexFour);
        assert_eq!(exact("OXX[.]X.").four_count(), 1);
        assert!(!exact("OXX[.]X.").is_straight_four());
        assert_eq!(exact("OXX[.]X.").shape(), Shape::Four);
        // Two fours on one line.
        assert_eq!(exact("X.X[.]X.X").four_count(), 2);
        assert_eq!(exact("XX.[.]X.XX").four_count(), 2);
        // ...but an overline at one gap leaves a single four in renju.
        assert_eq!(exact("XX.X[.]X.X").four_count(), 1);
        // Straight four whose one end would be an overline is only a four for exact five.
        assert_eq!(exact("X.XX[.]X..").four_count(), 1);
        assert!(!exact("X.XX[.]X..").is_straight_four());
        assert!(free("X.XX[.]X..").is_straight_four());
    }

    #[test]
    fn threes_and_their_straight_four_points() {
        assert!(exact("..X[.]X..").is_three());
        let pts: Vec<i32> = straight_four_offsets(code("..X[.]X..."), FiveRule::Exact).collect();
        assert_eq!(pts, vec![-2, 2]);
        let pts: Vec<i32> = straight_four_offsets(code(".X.[.]X.."), FiveRule::Exact).collect();
        assert_eq!(pts, vec![-1]);
        // Blocked on one side: no straight four possible.
        assert!(!exact("OX[.]X..").is_three());
        assert!(!exact("O.X[.]X.O").is_three());
        assert_eq!(exact("OX[.]X..").shape(), Shape::ClosedThree);
        // .X.XX.. : the gap makes a straight four; nothing makes a five yet.
        assert!(exact(".X.X[.]..").is_three());
        assert_eq!(exact(".X.X[.]..").four_count(), 0);
        let pts: Vec<i32> = straight_four_offsets(code(".X.X[.].."), FiveRule::Exact).collect();
        assert_eq!(pts, vec![-2]);
        // A three next to an own stone at distance two: the straight four would reach six.
        assert!(!exact("X.X[.]X.X").is_three());
    }

    /// Every 20-bit code (walls included) reads the pattern of its own window.
    #[test]
    fn every_code_reads_its_window() {
        use crate::renju::line::CODES;
        for rule in [FiveRule::Exact, FiveRule::AtLeast] {
            for code in (0..CODES as u32).step_by(5) {
                let an = analyse(&decode(code), rule);
                let p = LinePattern::of(code, rule);
                assert_eq!(
                    (
                        p.is_five(),
                        p.is_overline(),
                        p.four_count(),
                        p.is_straight_four(),
                        p.is_three()
                    ),
                    (
                        an.five,
                        an.overline,
                        an.fours,
                        an.straight_four,
                        an.straight_four_points != 0
                    ),
                    "{code:#x}"
                );
            }
        }
    }

    /// White's lookup reads a raw code as the mover's view with the stones swapped.
    #[test]
    fn white_reads_the_swapped_code() {
        use crate::renju::line::CODES;
        const LOW: u32 = 0x5_5555;
        for rule in [FiveRule::Exact, FiveRule::AtLeast] {
            let white = LineTable::new(Color::White, rule);
            for code in (0..CODES as u32).step_by(7) {
                let swapped = (code & LOW) << 1 | (code >> 1) & LOW;
                assert_eq!(
                    white.pattern(code),
                    LinePattern::of(swapped, rule),
                    "{code:#x}"
                );
            }
        }
    }

    #[test]
    fn twos() {
        assert_eq!(exact("...X[.]...").shape(), Shape::OpenTwo);
        assert_eq!(exact("..X.[.]...").shape(), Shape::OpenTwo);
        assert_eq!(exact("OX[.]....").shape(), Shape::ClosedTwo);
        assert_eq!(exact("....[.]....").shape(), Shape::None);
    }
}
