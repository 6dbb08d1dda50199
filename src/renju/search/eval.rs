//! Pattern evaluation: what each candidate point is worth to each side, read from the
//! incremental line codes, and the static score of a position built from it.
//!
//! Every weight lives in [`Weights`], so `tuning/` can tune them as one value.

use super::position::Position;
use crate::core::{Color, Point};
use crate::renju::Rule;

/// Evaluation weights. Shapes are what a stone on an empty point would make on one line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Value of making each [`Shape`] on one line, indexed by `Shape as usize`.
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

/// The threats `color` would make on the empty point `p`.
pub fn threat_at(pos: &Position, p: Point, color: Color, w: &Weights) -> Threat {
    let board = pos.board();
    let lines = board.patterns(p, color);
    let mut t = Threat::default();
    let (mut fours, mut threes, mut overline) = (0u8, 0u8, false);
    for l in lines {
        t.five |= l.is_five();
        overline |= l.is_overline();
        fours += l.four_count();
        threes += u8::from(l.is_three());
        t.flex_four |= l.is_straight_four() || l.four_count() >= 2;
        t.value += w.shape[l.shape() as usize];
    }
    if t.five {
        return t;
    }
    let may_foul = color == Color::Black
        && board.rule() == Rule::Renju
        && (overline || fours >= 2 || threes >= 2);
    if may_foul && board.foul(p).is_some() {
        return Threat {
            forbidden: true,
            ..Threat::default()
        };
    }
    t.flex_four |= fours >= 2;
    t.four = fours > 0;
    t.three = threes > 0;
    if fours > 0 && threes > 0 {
        t.value += w.four_three;
    }
    if threes >= 2 {
        t.value += w.double_three;
    }
    t
}

/// Both colours' threats on every candidate point.
pub fn scan(pos: &Position, w: &Weights) -> Vec<PointInfo> {
    pos.candidates()
        .into_iter()
        .map(|p| PointInfo {
            point: p,
            threat: [
                threat_at(pos, p, Color::Black, w),
                threat_at(pos, p, Color::White, w),
            ],
        })
        .collect()
}

/// Static score of the position for the side to move, from a [`scan`] of it.
pub fn evaluate(pos: &Position, infos: &[PointInfo], w: &Weights) -> i32 {
    let me = pos.to_move().index();
    let (mut own, mut theirs) = (0i32, 0i32);
    for info in infos {
        own += info.threat[me].value;
        theirs += info.threat[1 - me].value;
    }
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
        let w = Weights::DEFAULT;
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
        let e2 = evaluate(&two, &scan(&two, &w), &w);
        let e3 = evaluate(&three, &scan(&three, &w), &w);
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
        let t = threat_at(&pos, Point::new(7, 7), Color::Black, &Weights::DEFAULT);
        assert!(t.forbidden && t.value == 0 && !t.three);
        let white = threat_at(&pos, Point::new(7, 7), Color::White, &Weights::DEFAULT);
        assert!(!white.forbidden);
    }
}
