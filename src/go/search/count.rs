//! Counting where a playout stops, under the scoring of the rules in force.
//!
//! A playout ends when neither side has a move but to fill its own eyes: every stone left
//! is taken as alive, which is what the playout decided. The count is then the rules
//! core's, computed with two flood fills instead of the full art. 8 classification, with
//! one simplification: under territory scoring the eyes of seki stones are counted (seki
//! is rare at the end of a random playout, and the tree's own terminal nodes are counted
//! exactly).

use crate::core::Color;
use crate::go::score::decide;
use crate::go::{GameResult, Points, Position, Rules, Scoring};

/// Who owns what at the end of a playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Owners {
    /// Each colour's stones and the empty points that reach its stones only.
    pub(super) area: [Points; 2],
    /// Each colour's empty points that reach its stones only.
    pub(super) territory: [Points; 2],
    /// The empty points that reach each colour's stones.
    pub(super) reach: [Points; 2],
}

impl Owners {
    pub(super) fn of(position: &Position) -> Owners {
        let size = position.size();
        let empty = position.empty_points();
        let stones = Color::BOTH.map(|c| position.stones(c));
        let reach = stones.map(|s| size.flood(size.neighbours_of(s), empty));
        let territory = [reach[0] - reach[1], reach[1] - reach[0]];
        Owners {
            area: [stones[0] | territory[0], stones[1] | territory[1]],
            territory,
            reach,
        }
    }
}

/// The result of a finished playout and Black's lead in half points (komi counted).
///
/// Under territory scoring, `offset[c]` is what colour `c`'s area at the end turns into
/// its count: its prisoners less its stones *where the playout started*. A playout fills
/// each side's territory down to its eyes, which in a real game nobody would do, and
/// territory scoring would charge for it; but the difference of the two counts is the
/// difference of areas less the difference of stones placed (captured stones are
/// prisoners, living ones are on the board), and counting the stones placed up to the
/// playout's start leaves out the fillings. At a finished position the two agree: there,
/// `area - stones + prisoners` is territory plus prisoners.
pub(super) fn count(
    position: &Position,
    owners: &Owners,
    offset: [i64; 2],
    rules: &Rules,
) -> (GameResult, i64) {
    let points = Color::BOTH.map(|c| {
        let i = c.index();
        let area = owners.area[i].len() as i64;
        match rules.scoring {
            Scoring::Area => area,
            Scoring::Territory => area + offset[i],
            Scoring::OpPoints => {
                // OP art. 8: a stone counts when nothing it touches is the opponent's or
                // reaches the opponent's stones through empty points.
                let size = position.size();
                let reached = position.stones(!c) | owners.reach[1 - i];
                let stones = (position.stones(c) - size.neighbours_of(reached)).len();
                (owners.territory[i].len() + stones) as i64
            }
        }
    });
    let lead = black_lead(points[0], points[1], rules);
    let [black, white] = points.map(|p| p.max(0) as u32);
    (decide(black, white, rules), lead)
}

/// Black's lead in half points, komi counted, for counts of `black` and `white` points.
pub(super) fn black_lead(black: i64, white: i64, rules: &Rules) -> i64 {
    2 * (black - white) - i64::from(rules.komi.half_points())
}

/// The territory-scoring offsets of [`count`] for a playout from `start`, with
/// `prisoners` the stones each side had captured in the game up to there.
pub(super) fn territory_offset(start: &Position, prisoners: [u32; 2]) -> [i64; 2] {
    Color::BOTH.map(|c| i64::from(prisoners[c.index()]) - start.stones(c).len() as i64)
}

/// Black's share of a result in half wins: 2 a win, 1 a draw or a void game, 0 a loss.
pub(super) fn black_half_wins(result: GameResult) -> u32 {
    match result {
        GameResult::Win {
            winner: Color::Black,
            ..
        } => 2,
        GameResult::Win { .. } => 0,
        GameResult::Draw | GameResult::NoResult => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::SplitMix64;
    use crate::go::{score, BoardSize, Rules};

    /// On finished random playouts, the fast count agrees with the rules core's scorer
    /// wherever the simplification (seki eyes) cannot matter: area and OP scoring always,
    /// territory scoring when no chain touches a dame.
    #[test]
    fn agrees_with_the_rules_core_on_finished_playouts() {
        let mut rng = SplitMix64::new(3);
        for n in [5, 9, 13] {
            for k in 0..40 {
                let mut pos = Position::new(BoardSize::new(n).unwrap());
                pos.playout(
                    if k % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    },
                    &mut rng,
                );
                let prisoners = [pos.captures(Color::Black), pos.captures(Color::White)];
                for rules in [
                    Rules::chinese(),
                    Rules::tromp_taylor(),
                    Rules::op(),
                    Rules::japanese(),
                ] {
                    let given = if rules.scoring == Scoring::Territory {
                        prisoners
                    } else {
                        [0, 0]
                    };
                    let exact = score(&pos, Points::EMPTY, given, &rules).unwrap();
                    if rules.scoring == Scoring::Territory && !exact.regions.seki.is_empty() {
                        continue;
                    }
                    let offset = territory_offset(&pos, given);
                    let (result, lead) = count(&pos, &Owners::of(&pos), offset, &rules);
                    assert_eq!(result, exact.result, "{rules:?}\n{pos:?}");
                    let totals =
                        2 * (i64::from(exact.black.total()) - i64::from(exact.white.total()));
                    assert_eq!(lead, totals - i64::from(rules.komi.half_points()));
                }
            }
        }
    }
}
