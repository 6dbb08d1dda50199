//! Pattern evaluation: what each candidate point is worth to each side, read from the
//! incremental line codes, and the static score of a position built from it.
//!
//! Every weight lives in [`Weights`], so `tuning/` can tune them as one value.

use super::position::Position;
use crate::core::{Color, Param, Point, Tunable};
use crate::renju::{LinePattern, Rule, Shape, Tally};

/// The terms of the evaluation: what a stone of one colour on one empty point would make.
/// The first seven are line shapes, counted once for each of the point's four lines that
/// has them; the last five are combinations across lines, counted once for the point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    ClosedTwo,
    OpenTwo,
    ClosedThree,
    OpenThree,
    Four,
    FlexFour,
    Five,
    /// A four and a three on other lines (a win unless the four's block stops the three).
    FourThree,
    /// Two threes (where not forbidden).
    DoubleThree,
    /// A four and, on another line, a shape one stone short of a three or four.
    FourTwo,
    /// One three and, on another line, a shape one stone short of a three or four.
    ThreeTwo,
    /// No three or four, but two lines one stone short of one: a double threat next.
    DoubleTwo,
    /// A point forbidden to Black (counted instead of its shapes): White may force Black
    /// onto it, and Black's lines through it are broken.
    Forbidden,
}

/// How many [`Term`]s there are.
pub const TERMS: usize = 13;

impl Term {
    pub const ALL: [Term; TERMS] = [
        Term::ClosedTwo,
        Term::OpenTwo,
        Term::ClosedThree,
        Term::OpenThree,
        Term::Four,
        Term::FlexFour,
        Term::Five,
        Term::FourThree,
        Term::DoubleThree,
        Term::FourTwo,
        Term::ThreeTwo,
        Term::DoubleTwo,
        Term::Forbidden,
    ];

    /// The term's name in parameter lists (`open_three`).
    pub fn name(self) -> &'static str {
        match self {
            Term::ClosedTwo => "closed_two",
            Term::OpenTwo => "open_two",
            Term::ClosedThree => "closed_three",
            Term::OpenThree => "open_three",
            Term::Four => "four",
            Term::FlexFour => "flex_four",
            Term::Five => "five",
            Term::FourThree => "four_three",
            Term::DoubleThree => "double_three",
            Term::FourTwo => "four_two",
            Term::ThreeTwo => "three_two",
            Term::DoubleTwo => "double_two",
            Term::Forbidden => "forbidden",
        }
    }

    /// The term a line of `shape` adds, if any.
    #[inline]
    fn of_shape(shape: Shape) -> Option<Term> {
        match shape {
            Shape::None | Shape::Overline => None,
            Shape::ClosedTwo => Some(Term::ClosedTwo),
            Shape::OpenTwo => Some(Term::OpenTwo),
            Shape::ClosedThree => Some(Term::ClosedThree),
            Shape::OpenThree => Some(Term::OpenThree),
            Shape::Four => Some(Term::Four),
            Shape::FlexFour => Some(Term::FlexFour),
            Shape::Five => Some(Term::Five),
        }
    }
}

/// Counts of each [`Term`], indexed by `Term as usize`.
pub type TermCounts = [i32; TERMS];

/// The terms a stone on a point with these four line patterns and their `tally` makes,
/// added to `counts`.
///
/// ```
/// use tengen::renju::{Board, Rule, Tally};
/// use tengen::renju::search::{add_terms, Term, TERMS};
/// use tengen::core::{Color, Point};
/// let mut b = Board::new(15, Rule::Renju).unwrap();
/// for x in 4..6 { b.put(Point::new(x, 7), Color::Black).unwrap(); }
/// for y in 8..10 { b.put(Point::new(6, y), Color::Black).unwrap(); }
/// let lines = b.patterns(Point::new(6, 7), Color::Black);
/// let tally = lines.iter().fold(Tally::default(), |t, l| t + l.tally());
/// let mut counts = [0; TERMS];
/// add_terms(&lines, tally, &mut counts);
/// assert_eq!(counts[Term::OpenThree as usize], 2);
/// assert_eq!(counts[Term::DoubleThree as usize], 1);
/// ```
#[inline]
pub fn add_terms(patterns: &[LinePattern; 4], tally: Tally, counts: &mut TermCounts) {
    let mut twos = 0;
    for line in patterns {
        let shape = line.shape();
        twos += i32::from(is_two(shape));
        if let Some(t) = Term::of_shape(shape) {
            counts[t as usize] += 1;
        }
    }
    if let Some(t) = combination(tally, twos) {
        counts[t as usize] += 1;
    }
}

/// The combination term of a point whose lines add up to `tally` and of which `twos` are
/// one stone short of a three or a four.
#[inline]
fn combination(tally: Tally, twos: i32) -> Option<Term> {
    if tally.fives() > 0 {
        return None;
    }
    match (tally.fours(), tally.threes()) {
        (1.., 1..) => Some(Term::FourThree),
        (0, 2..) => Some(Term::DoubleThree),
        (1.., 0) if twos > 0 => Some(Term::FourTwo),
        (0, 1) if twos > 0 => Some(Term::ThreeTwo),
        (0, 0) if twos >= 2 => Some(Term::DoubleTwo),
        _ => None,
    }
}

/// The weights of one colour's terms: what each [`Term`] of a point is worth to that
/// colour when it is to move (the mover, whose threats come first) and when the other
/// colour is (the opponent), the bonus for having the move, and how it orders its moves
/// when it is to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideWeights {
    /// Value of each term to this colour as the side to move, indexed by `Term as usize`.
    pub mover: TermCounts,
    /// Value of each term to this colour as the opponent (subtracted in the static score).
    pub opponent: TermCounts,
    /// Bonus for having the move.
    pub tempo: i32,
    /// How this colour orders its moves when it is to move.
    pub order: OrderWeights,
}

/// How the side to move orders its candidate moves: a point's ordering score is the sum
/// of what the terms of the mover's own stone there are worth in `own` and what those of
/// the opponent's stone there are worth in `block` (the move's value as a block), plus
/// `double` if the move makes a double threat (a four-three or a three-three, not
/// forbidden) and `block_double` if it takes the opponent's. A point forbidden to the
/// opponent blocks nothing.
///
/// The line-shape weights are fitted to the moves a deeper search chose (`order-fit` in
/// `tuning/`), not to results: an ordering score says how likely a move is to be the
/// best, which is not what it is worth in the static score. Double threats are too rare
/// in games for such a fit, and they come first whatever the shapes (a double three of
/// White's, worth little in the static score since Black may stop it with a four, is
/// still the move to look at first): their bonuses are set by hand, and the combination
/// terms' weights left at 0.
///
/// A five's weights are fixed (a five ends the game and is played before any ordering),
/// and `Forbidden`'s never count: the mover's forbidden points are no moves, and the
/// opponent's block nothing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrderWeights {
    /// Worth of each term of the mover's own stone on the point.
    pub own: TermCounts,
    /// Worth of each term of the opponent's stone on the point.
    pub block: TermCounts,
    /// Bonus of a move that makes a double threat.
    pub double: i32,
    /// Bonus of a move on the point of an opponent's double threat.
    pub block_double: i32,
}

/// The roles in which a term of a colour's point is valued: in the static score as the
/// mover's ([`SideWeights::mover`]) and as the opponent's ([`SideWeights::opponent`]);
/// in the move ordering as the mover's own shape ([`OrderWeights::own`]) and as a shape
/// of the opponent's that the mover blocks ([`OrderWeights::block`], of the other
/// colour's weights).
pub const ROLES: usize = 4;
/// The ordering roles among the [`ROLES`].
pub const ORDER_OWN: usize = 2;
pub const ORDER_BLOCK: usize = 3;

impl SideWeights {
    /// The weights of `role` (0 the mover, 1 the opponent).
    #[inline]
    pub fn role(&self, role: usize) -> &TermCounts {
        if role == 0 {
            &self.mover
        } else {
            &self.opponent
        }
    }
}

/// Evaluation and move-ordering weights: each colour's [`SideWeights`] (in renju the same
/// shape is worth different amounts to Black, who must avoid fouls, and to White, who may
/// force them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    pub black: SideWeights,
    pub white: SideWeights,
}

impl Weights {
    #[rustfmt::skip]
    pub const DEFAULT: Weights = Weights {
        black: SideWeights {
            //     CTwo OTwo CThree OThree Four Flex Five 4-3 3-3 4-2 3-2 2-2 Foul
            mover: [2, 6, 13, 35, 47, 120, 500, 701, 290, 89, 22, -2, -125],
            opponent: [2, 4, 12, 20, 40, 194, 450, 284, 64, 76, 14, -3, -75],
            tempo: 6,
            order: OrderWeights {
                own: [54, 153, 166, 419, 447, 1000, ORDER_FIVE, 0, 0, 161, 152, 54, 0],
                block: [27, 45, 108, 262, 197, 763, ORDER_BLOCK_FIVE, 0, 0, 361, 186, 50, 0],
                double: 1000,
                block_double: 800,
            },
        },
        // No point is forbidden to White: its `Foul` weights never count.
        white: SideWeights {
            mover: [4, 6, 12, 47, 60, 120, 500, 162, -121, 83, -10, 5, 0],
            opponent: [4, 2, 11, 25, 53, 176, 450, 89, -69, 69, 9, 6, 0],
            tempo: 71,
            order: OrderWeights {
                own: [36, 115, 189, 368, 275, 1000, ORDER_FIVE, 0, 0, 357, 172, 85, 0],
                block: [16, 67, 111, 278, 362, 839, ORDER_BLOCK_FIVE, 0, 0, 165, 180, -13, 0],
                double: 1000,
                block_double: 800,
            },
        },
    };

    /// What a `term` of a `color` stone's point is worth in each of the [`ROLES`].
    #[inline]
    pub fn role_values(&self, color: Color, term: Term) -> [i32; ROLES] {
        let (side, t) = (self.side(color), term as usize);
        [
            side.mover[t],
            side.opponent[t],
            side.order.own[t],
            self.side(!color).order.block[t],
        ]
    }

    /// The weights of `color`'s terms.
    #[inline]
    pub fn side(&self, color: Color) -> &SideWeights {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The static score of `counts` (the mover's points' terms, then the opponent's) with
    /// `mover` to move.
    pub fn score(&self, mover: Color, counts: &[TermCounts; 2]) -> i32 {
        let dot =
            |w: &TermCounts, c: &TermCounts| -> i32 { w.iter().zip(c).map(|(w, c)| w * c).sum() };
        let (me, them) = (self.side(mover), self.side(!mover));
        dot(&me.mover, &counts[0]) - dot(&them.opponent, &counts[1]) + me.tempo
    }
}

/// Ordering weights of a five of one's own and of blocking the opponent's: above any
/// other point's score (the search plays or blocks a five before it orders anything, but
/// the root's and the quiescence's orderings see them too).
const ORDER_FIVE: i32 = 20_000;
const ORDER_BLOCK_FIVE: i32 = 10_000;

/// The range of a term's value (keeps every sum far from `i32` overflow and from the
/// scores of proven results).
const VALUE_RANGE: std::ops::RangeInclusive<i32> = -5000..=5000;

impl Tunable for Weights {
    type Value = i32;

    /// Every weight but a five's (fixed: a five ends the game) and White's `forbidden`
    /// (no point is forbidden to White): the colour, `mover_` or `opponent_` and the
    /// [`Term::name`], then the colour's tempo; then the ordering weights
    /// ([`OrderWeights`]), the colour, `order_own_` or `order_block_` and the term's name
    /// (all but `five` and `forbidden`).
    #[rustfmt::skip]
    const PARAMS: &'static [Param<Weights, i32>] = &[
        Param::new("black_mover_closed_two", |w| &mut w.black.mover[0], VALUE_RANGE),
        Param::new("black_mover_open_two", |w| &mut w.black.mover[1], VALUE_RANGE),
        Param::new("black_mover_closed_three", |w| &mut w.black.mover[2], VALUE_RANGE),
        Param::new("black_mover_open_three", |w| &mut w.black.mover[3], VALUE_RANGE),
        Param::new("black_mover_four", |w| &mut w.black.mover[4], VALUE_RANGE),
        Param::new("black_mover_flex_four", |w| &mut w.black.mover[5], VALUE_RANGE),
        Param::new("black_mover_four_three", |w| &mut w.black.mover[7], VALUE_RANGE),
        Param::new("black_mover_double_three", |w| &mut w.black.mover[8], VALUE_RANGE),
        Param::new("black_mover_four_two", |w| &mut w.black.mover[9], VALUE_RANGE),
        Param::new("black_mover_three_two", |w| &mut w.black.mover[10], VALUE_RANGE),
        Param::new("black_mover_double_two", |w| &mut w.black.mover[11], VALUE_RANGE),
        Param::new("black_mover_forbidden", |w| &mut w.black.mover[12], VALUE_RANGE),
        Param::new("black_opponent_closed_two", |w| &mut w.black.opponent[0], VALUE_RANGE),
        Param::new("black_opponent_open_two", |w| &mut w.black.opponent[1], VALUE_RANGE),
        Param::new("black_opponent_closed_three", |w| &mut w.black.opponent[2], VALUE_RANGE),
        Param::new("black_opponent_open_three", |w| &mut w.black.opponent[3], VALUE_RANGE),
        Param::new("black_opponent_four", |w| &mut w.black.opponent[4], VALUE_RANGE),
        Param::new("black_opponent_flex_four", |w| &mut w.black.opponent[5], VALUE_RANGE),
        Param::new("black_opponent_four_three", |w| &mut w.black.opponent[7], VALUE_RANGE),
        Param::new("black_opponent_double_three", |w| &mut w.black.opponent[8], VALUE_RANGE),
        Param::new("black_opponent_four_two", |w| &mut w.black.opponent[9], VALUE_RANGE),
        Param::new("black_opponent_three_two", |w| &mut w.black.opponent[10], VALUE_RANGE),
        Param::new("black_opponent_double_two", |w| &mut w.black.opponent[11], VALUE_RANGE),
        Param::new("black_opponent_forbidden", |w| &mut w.black.opponent[12], VALUE_RANGE),
        Param::new("black_tempo", |w| &mut w.black.tempo, VALUE_RANGE),
        Param::new("white_mover_closed_two", |w| &mut w.white.mover[0], VALUE_RANGE),
        Param::new("white_mover_open_two", |w| &mut w.white.mover[1], VALUE_RANGE),
        Param::new("white_mover_closed_three", |w| &mut w.white.mover[2], VALUE_RANGE),
        Param::new("white_mover_open_three", |w| &mut w.white.mover[3], VALUE_RANGE),
        Param::new("white_mover_four", |w| &mut w.white.mover[4], VALUE_RANGE),
        Param::new("white_mover_flex_four", |w| &mut w.white.mover[5], VALUE_RANGE),
        Param::new("white_mover_four_three", |w| &mut w.white.mover[7], VALUE_RANGE),
        Param::new("white_mover_double_three", |w| &mut w.white.mover[8], VALUE_RANGE),
        Param::new("white_mover_four_two", |w| &mut w.white.mover[9], VALUE_RANGE),
        Param::new("white_mover_three_two", |w| &mut w.white.mover[10], VALUE_RANGE),
        Param::new("white_mover_double_two", |w| &mut w.white.mover[11], VALUE_RANGE),
        Param::new("white_opponent_closed_two", |w| &mut w.white.opponent[0], VALUE_RANGE),
        Param::new("white_opponent_open_two", |w| &mut w.white.opponent[1], VALUE_RANGE),
        Param::new("white_opponent_closed_three", |w| &mut w.white.opponent[2], VALUE_RANGE),
        Param::new("white_opponent_open_three", |w| &mut w.white.opponent[3], VALUE_RANGE),
        Param::new("white_opponent_four", |w| &mut w.white.opponent[4], VALUE_RANGE),
        Param::new("white_opponent_flex_four", |w| &mut w.white.opponent[5], VALUE_RANGE),
        Param::new("white_opponent_four_three", |w| &mut w.white.opponent[7], VALUE_RANGE),
        Param::new("white_opponent_double_three", |w| &mut w.white.opponent[8], VALUE_RANGE),
        Param::new("white_opponent_four_two", |w| &mut w.white.opponent[9], VALUE_RANGE),
        Param::new("white_opponent_three_two", |w| &mut w.white.opponent[10], VALUE_RANGE),
        Param::new("white_opponent_double_two", |w| &mut w.white.opponent[11], VALUE_RANGE),
        Param::new("white_tempo", |w| &mut w.white.tempo, VALUE_RANGE),
        Param::new("black_order_own_closed_two", |w| &mut w.black.order.own[0], VALUE_RANGE),
        Param::new("black_order_own_open_two", |w| &mut w.black.order.own[1], VALUE_RANGE),
        Param::new("black_order_own_closed_three", |w| &mut w.black.order.own[2], VALUE_RANGE),
        Param::new("black_order_own_open_three", |w| &mut w.black.order.own[3], VALUE_RANGE),
        Param::new("black_order_own_four", |w| &mut w.black.order.own[4], VALUE_RANGE),
        Param::new("black_order_own_flex_four", |w| &mut w.black.order.own[5], VALUE_RANGE),
        Param::new("black_order_own_four_three", |w| &mut w.black.order.own[7], VALUE_RANGE),
        Param::new("black_order_own_double_three", |w| &mut w.black.order.own[8], VALUE_RANGE),
        Param::new("black_order_own_four_two", |w| &mut w.black.order.own[9], VALUE_RANGE),
        Param::new("black_order_own_three_two", |w| &mut w.black.order.own[10], VALUE_RANGE),
        Param::new("black_order_own_double_two", |w| &mut w.black.order.own[11], VALUE_RANGE),
        Param::new("black_order_block_closed_two", |w| &mut w.black.order.block[0], VALUE_RANGE),
        Param::new("black_order_block_open_two", |w| &mut w.black.order.block[1], VALUE_RANGE),
        Param::new("black_order_block_closed_three", |w| &mut w.black.order.block[2], VALUE_RANGE),
        Param::new("black_order_block_open_three", |w| &mut w.black.order.block[3], VALUE_RANGE),
        Param::new("black_order_block_four", |w| &mut w.black.order.block[4], VALUE_RANGE),
        Param::new("black_order_block_flex_four", |w| &mut w.black.order.block[5], VALUE_RANGE),
        Param::new("black_order_block_four_three", |w| &mut w.black.order.block[7], VALUE_RANGE),
        Param::new("black_order_block_double_three", |w| &mut w.black.order.block[8], VALUE_RANGE),
        Param::new("black_order_block_four_two", |w| &mut w.black.order.block[9], VALUE_RANGE),
        Param::new("black_order_block_three_two", |w| &mut w.black.order.block[10], VALUE_RANGE),
        Param::new("black_order_block_double_two", |w| &mut w.black.order.block[11], VALUE_RANGE),
        Param::new("white_order_own_closed_two", |w| &mut w.white.order.own[0], VALUE_RANGE),
        Param::new("white_order_own_open_two", |w| &mut w.white.order.own[1], VALUE_RANGE),
        Param::new("white_order_own_closed_three", |w| &mut w.white.order.own[2], VALUE_RANGE),
        Param::new("white_order_own_open_three", |w| &mut w.white.order.own[3], VALUE_RANGE),
        Param::new("white_order_own_four", |w| &mut w.white.order.own[4], VALUE_RANGE),
        Param::new("white_order_own_flex_four", |w| &mut w.white.order.own[5], VALUE_RANGE),
        Param::new("white_order_own_four_three", |w| &mut w.white.order.own[7], VALUE_RANGE),
        Param::new("white_order_own_double_three", |w| &mut w.white.order.own[8], VALUE_RANGE),
        Param::new("white_order_own_four_two", |w| &mut w.white.order.own[9], VALUE_RANGE),
        Param::new("white_order_own_three_two", |w| &mut w.white.order.own[10], VALUE_RANGE),
        Param::new("white_order_own_double_two", |w| &mut w.white.order.own[11], VALUE_RANGE),
        Param::new("white_order_block_closed_two", |w| &mut w.white.order.block[0], VALUE_RANGE),
        Param::new("white_order_block_open_two", |w| &mut w.white.order.block[1], VALUE_RANGE),
        Param::new("white_order_block_closed_three", |w| &mut w.white.order.block[2], VALUE_RANGE),
        Param::new("white_order_block_open_three", |w| &mut w.white.order.block[3], VALUE_RANGE),
        Param::new("white_order_block_four", |w| &mut w.white.order.block[4], VALUE_RANGE),
        Param::new("white_order_block_flex_four", |w| &mut w.white.order.block[5], VALUE_RANGE),
        Param::new("white_order_block_four_three", |w| &mut w.white.order.block[7], VALUE_RANGE),
        Param::new("white_order_block_double_three", |w| &mut w.white.order.block[8], VALUE_RANGE),
        Param::new("white_order_block_four_two", |w| &mut w.white.order.block[9], VALUE_RANGE),
        Param::new("white_order_block_three_two", |w| &mut w.white.order.block[10], VALUE_RANGE),
        Param::new("white_order_block_double_two", |w| &mut w.white.order.block[11], VALUE_RANGE),
        Param::new("black_order_double", |w| &mut w.black.order.double, VALUE_RANGE),
        Param::new("black_order_block_double", |w| &mut w.black.order.block_double, VALUE_RANGE),
        Param::new("white_order_double", |w| &mut w.white.order.double, VALUE_RANGE),
        Param::new("white_order_block_double", |w| &mut w.white.order.block_double, VALUE_RANGE),
    ];
}

impl Default for Weights {
    fn default() -> Self {
        Weights::DEFAULT
    }
}

/// What one colour's lines through a point add up to: their tally, their value in each
/// of the [`ROLES`] (the line-shape terms), and how many of them are twos (see
/// [`is_two`]). Sums add and subtract field by field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineSum {
    pub tally: Tally,
    pub value: [i32; ROLES],
    pub twos: i32,
}

impl std::ops::Add for LineSum {
    type Output = LineSum;
    #[inline]
    fn add(self, rhs: LineSum) -> LineSum {
        LineSum {
            tally: self.tally + rhs.tally,
            value: std::array::from_fn(|r| self.value[r] + rhs.value[r]),
            twos: self.twos + rhs.twos,
        }
    }
}

impl std::ops::Sub for LineSum {
    type Output = LineSum;
    #[inline]
    fn sub(self, rhs: LineSum) -> LineSum {
        LineSum {
            tally: self.tally - rhs.tally,
            value: std::array::from_fn(|r| self.value[r] - rhs.value[r]),
            twos: self.twos - rhs.twos,
        }
    }
}

/// The weights of one colour's terms arranged for the search's inner loop: what a line of
/// each pattern adds to a point's [`LineSum`] for that colour, so that a changed line
/// costs the search one lookup for the old pattern and one for the new, and what each
/// combination term adds in each of the [`ROLES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineValues {
    color: Color,
    lines: Box<[LineSum; LINE_VALUES]>,
    combinations: [[i32; ROLES]; TERMS],
}

/// Entries of a [`LineValues`] table: the power of two at or above
/// [`LinePattern::INDICES`], so that a masked index needs no bounds check.
const LINE_VALUES: usize = LinePattern::INDICES.next_power_of_two();

impl LineValues {
    /// The table of `color`'s lines under `w`.
    pub fn new(w: &Weights, color: Color) -> LineValues {
        let line_sum = |line: LinePattern| {
            let shape = line.shape();
            LineSum {
                tally: line.tally(),
                value: Term::of_shape(shape).map_or([0; ROLES], |t| w.role_values(color, t)),
                twos: i32::from(is_two(shape)),
            }
        };
        let mut lines = Box::new([LineSum::default(); LINE_VALUES]);
        for (i, sum) in lines.iter_mut().enumerate().take(LinePattern::INDICES) {
            *sum = line_sum(LinePattern::from_index(i));
        }
        LineValues {
            color,
            lines,
            combinations: Term::ALL.map(|t| w.role_values(color, t)),
        }
    }

    /// What `line` adds to its point's sum.
    #[inline]
    pub fn of(&self, line: LinePattern) -> LineSum {
        debug_assert!(line.index() < LinePattern::INDICES);
        self.lines[line.index() & (LINE_VALUES - 1)]
    }

    /// The sum of a point's four `lines`.
    pub fn sum(&self, lines: &[LinePattern; 4]) -> LineSum {
        lines
            .iter()
            .fold(LineSum::default(), |sum, &line| sum + self.of(line))
    }
}

/// Is a line of `shape` one stone short of a three or a four?
#[inline]
pub fn is_two(shape: Shape) -> bool {
    matches!(shape, Shape::OpenTwo | Shape::ClosedThree)
}

/// What a stone of one colour on one empty point would make.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Threat {
    /// A five: the game is won.
    pub five: bool,
    /// A four the opponent cannot stop (a straight four, or two fours): won next move.
    pub flex_four: bool,
    /// At least one four.
    pub four: bool,
    /// At least one three (by shape).
    pub three: bool,
    /// A four and a three, or two threes (see [`Shapes::double`]).
    pub double: bool,
    /// The point is forbidden to this colour (Black in renju): worthless to it.
    pub forbidden: bool,
    /// Positional value to this colour as the side to move (see [`Weights`]).
    pub value: i32,
    /// The point's ordering scores for this colour: as a move of its own when it is to
    /// move ([`OrderWeights::own`]), and as a block of it by the other colour
    /// ([`OrderWeights::block`]).
    pub order: [i32; 2],
}

/// One candidate point with its threats for both colours.
#[derive(Clone, Copy, Debug)]
pub struct PointInfo {
    pub point: Point,
    pub threat: [Threat; 2],
}

/// What a stone of one colour on one empty point would make, read from its four line
/// patterns alone. Whether the point is a foul can depend on stones far from it (the
/// double-three exception), so that question is left open: [`Shapes::may_foul`] says when
/// it must be asked, and [`Shapes::resolve`] asks it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shapes {
    pub five: bool,
    pub flex_four: bool,
    pub four: bool,
    pub three: bool,
    /// A four and a three, or two threes: two threats at once (unless a foul), which the
    /// opponent cannot both stop without a four of its own.
    pub double: bool,
    /// Black in renju, no five, and an overline, two fours or two threes: maybe a foul.
    pub may_foul: bool,
    /// The point's value to its colour in each of the [`ROLES`].
    pub value: [i32; ROLES],
}

impl Shapes {
    /// The shapes of a point whose four lines are `patterns`, for a `color` stone under
    /// `rule`.
    ///
    /// ```
    /// use tengen::renju::{Board, Rule};
    /// use tengen::renju::search::{Shapes, Weights};
    /// use tengen::core::{Color, Point};
    /// let mut b = Board::new(15, Rule::Renju).unwrap();
    /// for x in 4..7 { b.put(Point::new(x, 7), Color::Black).unwrap(); }
    /// let lines = b.patterns(Point::new(7, 7), Color::Black);
    /// let s = Shapes::of(&lines, Color::Black, Rule::Renju, &Weights::DEFAULT);
    /// assert!(s.flex_four && !s.may_foul);
    /// ```
    pub fn of(patterns: &[LinePattern; 4], color: Color, rule: Rule, w: &Weights) -> Shapes {
        let values = LineValues::new(w, color);
        Shapes::from_lines(values.sum(patterns), rule, &values)
    }

    /// The shapes of a point whose lines for a stone of the colour of `values` add up to
    /// `sum`, under `rule`: [`Shapes::of`] for a search that keeps the sums up to date.
    #[inline]
    pub fn from_lines(sum: LineSum, rule: Rule, values: &LineValues) -> Shapes {
        let color = values.color;
        let tally = sum.tally;
        let mut s = Shapes {
            five: tally.fives() > 0,
            flex_four: tally.straight_fours() > 0,
            value: sum.value,
            ..Shapes::default()
        };
        if let Some(t) = combination(tally, sum.twos) {
            for (v, add) in s.value.iter_mut().zip(values.combinations[t as usize]) {
                *v += add;
            }
        }
        if s.five {
            return s;
        }
        let (fours, threes) = (tally.fours(), tally.threes());
        s.may_foul = color == Color::Black
            && rule == Rule::Renju
            && (tally.overlines() > 0 || fours >= 2 || threes >= 2);
        s.flex_four |= fours >= 2;
        s.four = fours > 0;
        s.three = threes > 0;
        s.double = threes > 0 && fours > 0 || threes >= 2;
        s
    }

    /// The threat, once `is_foul` has answered whether the point is forbidden (asked only
    /// when it may be).
    #[inline]
    pub fn resolve(self, is_foul: impl FnOnce() -> bool) -> Threat {
        if self.may_foul && is_foul() {
            return Threat {
                forbidden: true,
                ..Threat::default()
            };
        }
        Threat {
            five: self.five,
            flex_four: self.flex_four,
            four: self.four,
            three: self.three,
            double: self.double,
            forbidden: false,
            value: self.value[0],
            order: [self.value[ORDER_OWN], self.value[ORDER_BLOCK]],
        }
    }
}

/// Static score of the position for the side to move: the values of the candidate points
/// (empty, near a stone) to the mover less their values to the opponent (a point forbidden
/// to Black is worth [`Term::Forbidden`] to it), plus the tempo.
pub fn evaluate(pos: &Position) -> i32 {
    let w = pos.weights();
    let me = pos.to_move();
    pos.total_value(me, 0) - pos.total_value(!me, 1) + w.side(me).tempo
}

/// The terms of every candidate point of `pos`, summed: the mover's, then the opponent's
/// (a point forbidden to Black counts as [`Term::Forbidden`] alone for it). [`Weights::score`] of them is
/// [`evaluate`]; tuners fit the weights to them.
pub fn term_counts(pos: &Position) -> [TermCounts; 2] {
    let me = pos.to_move();
    let mut counts = [[0; TERMS]; 2];
    for p in pos.candidates() {
        for (role, color) in [(0, me), (1, !me)] {
            add_point_terms(pos, p, color, &mut counts[role]);
        }
    }
    counts
}

/// Adds to `counts` the terms of a `color` stone on the empty point `p` of `pos`: its
/// shapes and their combination, or [`Term::Forbidden`] alone where it is forbidden.
pub fn add_point_terms(pos: &Position, p: Point, color: Color, counts: &mut TermCounts) {
    if pos.threat(p, color).forbidden {
        counts[Term::Forbidden as usize] += 1;
        return;
    }
    let lines = pos.board().patterns(p, color);
    let tally = lines.iter().fold(Tally::default(), |t, l| t + l.tally());
    add_terms(&lines, tally, counts);
}

impl OrderWeights {
    /// The ordering score of a move whose own stone has the terms `own` and makes a
    /// double threat if `double`, on a point where the opponent's stone would have the
    /// terms `theirs` and make one if `their_double`: what [`move_score`] and the search's
    /// move lists compute incrementally, and what tuners fit.
    pub fn score(
        &self,
        (own, double): (&TermCounts, bool),
        (theirs, their_double): (&TermCounts, bool),
    ) -> i32 {
        let dot =
            |w: &TermCounts, c: &TermCounts| -> i32 { w.iter().zip(c).map(|(w, c)| w * c).sum() };
        dot(&self.own, own)
            + dot(&self.block, theirs)
            + self.double * i32::from(double)
            + self.block_double * i32::from(their_double)
    }
}

/// Ordering score of a move for the side to move: what its own stone makes there plus what
/// it blocks of the opponent's (nothing where the opponent's stone would be a foul), in
/// the mover's [`OrderWeights`].
#[inline]
pub fn move_score(info: &PointInfo, me: Color, w: &Weights) -> i32 {
    let (own, theirs) = (info.threat[me.index()], info.threat[(!me).index()]);
    let order = &w.side(me).order;
    own.order[0]
        + theirs.order[1]
        + order.double * i32::from(own.double)
        + order.block_double * i32::from(theirs.double)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::renju::Board;

    fn position(stones: &[(u8, u8, Color)], to_move: Color) -> Position {
        let mut b = Board::new(15, Rule::Renju).unwrap();
        for &(x, y, c) in stones {
            b.put(Point::new(x, y), c).unwrap();
        }
        Position::new(b, to_move)
    }

    #[test]
    fn a_stronger_shape_scores_higher() {
        // Three black stones in a row are worth more to Black than two.
        let two = position(&[(6, 7, Color::Black), (7, 7, Color::Black)], Color::Black);
        let three = position(
            &[
                (6, 7, Color::Black),
                (7, 7, Color::Black),
                (8, 7, Color::Black),
            ],
            Color::Black,
        );
        let e2 = evaluate(&two);
        let e3 = evaluate(&three);
        assert!(e3 > e2, "{e3} <= {e2}");
    }

    /// A position of up to 60 random legal moves from the centre under `rule`, evaluated
    /// with `w`, no five made.
    fn random_position(rule: Rule, w: Weights, rng: &mut crate::core::SplitMix64) -> Position {
        let mut pos = Position::with_weights(Board::new(15, rule).unwrap(), Color::Black, w);
        pos.play(Point::new(7, 7));
        for _ in 0..rng.below(60) {
            let candidates = pos.candidates();
            let p = candidates[rng.below(candidates.len() as u64) as usize];
            if pos.is_legal(p, pos.to_move()) && !pos.has_five(pos.to_move()) {
                pos.play(p);
            }
        }
        pos
    }

    /// The incremental score is the weights' score of the terms counted from scratch, for
    /// any weights: what the tuners fit is what the search evaluates.
    #[test]
    fn the_score_is_the_weighted_sum_of_the_terms() {
        use crate::core::SplitMix64;
        let mut rng = SplitMix64::new(11);
        for rule in [Rule::Renju, Rule::Freestyle] {
            for game in 0..20 {
                let mut w = Weights::DEFAULT;
                if game % 2 == 1 {
                    for side in [&mut w.black, &mut w.white] {
                        for v in side.mover.iter_mut().chain(side.opponent.iter_mut()) {
                            *v = rng.below(200) as i32 - 50;
                        }
                        side.tempo = rng.below(50) as i32;
                    }
                }
                let pos = random_position(rule, w, &mut rng);
                assert_eq!(evaluate(&pos), w.score(pos.to_move(), &term_counts(&pos)));
            }
        }
    }

    /// Every move's ordering score in the search's move lists is its [`OrderWeights::score`]
    /// from the terms counted from scratch, for any weights: what `order-fit` fits is
    /// what the search orders by.
    #[test]
    fn the_ordering_score_is_the_weighted_sum_of_the_point_terms() {
        use crate::core::SplitMix64;
        let mut rng = SplitMix64::new(12);
        for rule in [Rule::Renju, Rule::Freestyle] {
            for game in 0..20 {
                let mut w = Weights::DEFAULT;
                if game % 2 == 1 {
                    for side in [&mut w.black, &mut w.white] {
                        let order = &mut side.order;
                        for v in order.own.iter_mut().chain(order.block.iter_mut()) {
                            *v = rng.below(400) as i32 - 100;
                        }
                        // Never counts, and no parameter sets it (see `OrderWeights`).
                        order.block[Term::Forbidden as usize] = 0;
                        order.double = rng.below(2000) as i32;
                        order.block_double = rng.below(2000) as i32;
                    }
                }
                let pos = random_position(rule, w, &mut rng);
                let me = pos.to_move();
                for defending in [false, true] {
                    for (p, score) in pos.moves(defending) {
                        let [mut own, mut theirs] = [[0; TERMS]; 2];
                        add_point_terms(&pos, p, me, &mut own);
                        add_point_terms(&pos, p, !me, &mut theirs);
                        let doubles = [me, !me].map(|c| pos.threat(p, c).double);
                        let want = w
                            .side(me)
                            .order
                            .score((&own, doubles[0]), (&theirs, doubles[1]));
                        assert_eq!(score, want, "{p:?}");
                        let info = PointInfo {
                            point: p,
                            threat: [Color::Black, Color::White].map(|c| pos.threat(p, c)),
                        };
                        assert_eq!(move_score(&info, me, &w), want, "{p:?}");
                    }
                }
            }
        }
    }

    /// Each parameter is named after the term it sets: the colour, `mover_`,
    /// `opponent_`, `order_own_` or `order_block_`, and [`Term::name`].
    #[test]
    fn parameters_are_named_after_their_terms() {
        type Field = fn(&SideWeights) -> &TermCounts;
        let roles: [(&str, Field); 4] = [
            ("mover", |s| &s.mover),
            ("opponent", |s| &s.opponent),
            ("order_own", |s| &s.order.own),
            ("order_block", |s| &s.order.block),
        ];
        let mut named = 0;
        for color in Color::BOTH {
            let side = if color == Color::Black {
                "black"
            } else {
                "white"
            };
            for (prefix, field) in roles {
                for term in Term::ALL {
                    let name = format!("{side}_{prefix}_{}", term.name());
                    let mut w = Weights::DEFAULT;
                    let never = term == Term::Forbidden
                        && (color == Color::White || prefix.starts_with("order"));
                    if term == Term::Five || never {
                        assert!(w.set(&name, 1).is_err(), "{name} is fixed or never counts");
                        continue;
                    }
                    w.set(&name, 1234).unwrap();
                    assert_eq!(field(w.side(color))[term as usize], 1234, "{name}");
                    assert_eq!(w.side(!color), Weights::DEFAULT.side(!color), "{name}");
                    named += 1;
                }
            }
        }
        assert_eq!(
            named + 6,
            Weights::PARAMS.len(),
            "and per colour its tempo, order_double and order_block_double"
        );
    }

    #[test]
    fn a_forbidden_point_is_worthless_to_black() {
        let pos = position(
            &[
                (5, 7, Color::Black),
                (6, 7, Color::Black),
                (7, 5, Color::Black),
                (7, 6, Color::Black),
            ],
            Color::Black,
        );
        let t = pos.threat(Point::new(7, 7), Color::Black);
        assert!(t.forbidden && t.value == 0 && !t.three);
        let white = pos.threat(Point::new(7, 7), Color::White);
        assert!(!white.forbidden);
    }
}
