//! Pattern evaluation: what each candidate point is worth to each side, read from the
//! incremental line codes, and the static score of a position built from it.
//!
//! Every weight lives in [`Weights`], so `tuning/` can tune them as one value.

use super::position::Position;
use crate::core::{Color, Param, Point, Tunable};
use crate::renju::Shape::{ClosedThree, ClosedTwo, FlexFour, Four, OpenThree, OpenTwo};
use crate::renju::{LinePattern, Rule, Tally};

/// Evaluation weights. Shapes are what a stone on an empty point would make on one line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Value of making each `Shape` on one line, indexed by `Shape as usize`.
    pub shape: [i32; 9],
    /// Extra value of a point that makes a four and a three at once.
    pub four_three: i32,
    /// Extra value of a point that makes two threes (when legal).
    pub double_three: i32,
    /// Share (percent) of the opponent's point values subtracted in the static score.
    pub opponent_pct: i32,
    /// Bonus for having the move.
    pub tempo: i32,
    /// Share (percent) of a point's value for the opponent added to its ordering score
    /// (how much a move is worth as a block).
    pub defence_pct: i32,
}

impl Weights {
    pub const DEFAULT: Weights = Weights {
        //       None CTwo OTwo CThree OThree Four Flex Five Overline
        shape: [0, 2, 8, 7, 28, 30, 120, 500, 0],
        four_three: 160,
        double_three: 90,
        opponent_pct: 90,
        tempo: 12,
        defence_pct: 80,
    };
}

/// The range of a shape's or bonus's value (keeps every sum far from `i32` overflow).
const VALUE_RANGE: std::ops::RangeInclusive<i32> = 0..=5000;
/// The range of a percentage.
const PERCENT_RANGE: std::ops::RangeInclusive<i32> = 0..=200;

impl Tunable for Weights {
    type Value = i32;

    /// Every weight but the fixed shapes (none, five, overline): one line per field.
    #[rustfmt::skip]
    const PARAMS: &'static [Param<Weights, i32>] = &[
        Param::new("shape_closed_two", |w| &mut w.shape[ClosedTwo as usize], VALUE_RANGE),
        Param::new("shape_open_two", |w| &mut w.shape[OpenTwo as usize], VALUE_RANGE),
        Param::new("shape_closed_three", |w| &mut w.shape[ClosedThree as usize], VALUE_RANGE),
        Param::new("shape_open_three", |w| &mut w.shape[OpenThree as usize], VALUE_RANGE),
        Param::new("shape_four", |w| &mut w.shape[Four as usize], VALUE_RANGE),
        Param::new("shape_flex_four", |w| &mut w.shape[FlexFour as usize], VALUE_RANGE),
        Param::new("four_three", |w| &mut w.four_three, VALUE_RANGE),
        Param::new("double_three", |w| &mut w.double_three, VALUE_RANGE),
        Param::new("opponent_pct", |w| &mut w.opponent_pct, PERCENT_RANGE),
        Param::new("tempo", |w| &mut w.tempo, VALUE_RANGE),
        Param::new("defence_pct", |w| &mut w.defence_pct, PERCENT_RANGE),
    ];
}

impl Weights {
    /// Value of making `line`'s shape on one line.
    #[inline]
    pub fn line_value(&self, line: LinePattern) -> i32 {
        self.shape[line.shape() as usize]
    }
}

impl Default for Weights {
    fn default() -> Self {
        Weights::DEFAULT
    }
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
    /// The point is forbidden to this colour (Black in renju): worthless to it.
    pub forbidden: bool,
    /// Positional value (see [`Weights`]).
    pub value: i32,
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
    /// Black in renju, no five, and an overline, two fours or two threes: maybe a foul.
    pub may_foul: bool,
    pub value: i32,
}

impl Shapes {
    /// The shapes of a point whose four lines add up to `tally` and are worth `line_value`
    /// (the sum of [`Weights::line_value`]), for a `color` stone under `rule`.
    ///
    /// ```
    /// use tengen::renju::{Board, Rule, Tally};
    /// use tengen::renju::search::{Shapes, Weights};
    /// use tengen::core::{Color, Point};
    /// let mut b = Board::new(15, Rule::Renju).unwrap();
    /// for x in 4..7 { b.put(Point::new(x, 7), Color::Black).unwrap(); }
    /// let lines = b.patterns(Point::new(7, 7), Color::Black);
    /// let tally = lines.iter().fold(Tally::default(), |t, l| t + l.tally());
    /// let s = Shapes::from_tally(tally, 0, Color::Black, Rule::Renju, &Weights::DEFAULT);
    /// assert!(s.flex_four && !s.may_foul);
    /// ```
    #[inline]
    pub fn from_tally(
        tally: Tally,
        line_value: i32,
        color: Color,
        rule: Rule,
        w: &Weights,
    ) -> Shapes {
        let mut s = Shapes {
            five: tally.fives() > 0,
            flex_four: tally.straight_fours() > 0,
            value: line_value,
            ..Shapes::default()
        };
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
        if fours > 0 && threes > 0 {
            s.value += w.four_three;
        }
        if threes >= 2 {
            s.value += w.double_three;
        }
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
            forbidden: false,
            value: self.value,
        }
    }
}

/// Static score of the position for the side to move: the values of the candidate points
/// (empty, near a stone) to each side (forbidden points are worth nothing to Black), the opponent's discounted.
pub fn evaluate(pos: &Position) -> i32 {
    let w = pos.weights();
    let me = pos.to_move();
    let own = pos.total_value(me);
    let theirs = pos.total_value(!me);
    own - theirs * w.opponent_pct / 100 + w.tempo
}

/// Ordering score of a move for the side to move: its own value plus its value as a block.
#[inline]
pub fn move_score(info: &PointInfo, me: Color, w: &Weights) -> i32 {
    let own = info.threat[me.index()];
    let theirs = info.threat[(!me).index()];
    own.value + theirs.value * w.defence_pct / 100
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
