//! Counting a final position: given the stones both players agree are dead, the points of
//! each colour under the scoring choices of a [`Rules`] value, and the result.

use super::rules::{Captures, DeadStones, NoPoints, Rules, Scoring, SekiEyes, Tie};
use super::{BoardSize, Points, Position};
use crate::core::Color;
use std::fmt;

/// The points of the final position by what they are, once the dead stones are off.
///
/// Words as Japanese art. 8 defines them: an *eye point* is an empty point (a dead stone's
/// point included) in a region bordered by living stones of one colour only; every other
/// empty point is *dame*; a living chain touching a dame holds *seki stones*, and so does
/// a chain sharing an eye region with seki stones (one group with them, as the official
/// commentary counts its examples).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions {
    /// Living stones of each colour (the stones on the board less the dead ones).
    pub alive: [Points; 2],
    /// Eye points of each colour, seki eyes included.
    pub eyes: [Points; 2],
    /// Empty points that are no one's eye points.
    pub dame: Points,
    /// Living stones of chains that touch a dame or share an eye with such a chain.
    pub seki: Points,
    /// Eye points bordered by at least one seki chain.
    pub seki_eyes: Points,
}

impl Regions {
    /// Classifies `position` with the stones of `dead` taken off.
    pub fn new(position: &Position, dead: Points) -> Regions {
        let size = position.size();
        let alive = Color::BOTH.map(|c| position.stones(c) - dead);
        let open = size.all_points() - (alive[0] | alive[1]);
        let mut eyes = [Points::EMPTY; 2];
        let mut dame = Points::EMPTY;
        for region in size.components(open) {
            let rim = size.neighbours_of(region);
            let touched: Vec<Color> = Color::BOTH
                .into_iter()
                .filter(|c| !(rim & alive[c.index()]).is_empty())
                .collect();
            match touched[..] {
                [owner] => eyes[owner.index()] |= region,
                _ => dame |= region,
            }
        }
        let living = alive[0] | alive[1];
        // The chains touching a dame, then every chain sharing an eye with a seki chain:
        // stones whose eyes they share are one group, and the commentary calls the group
        // seki stones (死活例2, 24: "neither side's eyes are territory").
        let chains_at = |points: Points| {
            let mut chains = Points::EMPTY;
            for v in (living & points).iter() {
                if !chains.contains(v) {
                    chains |= position.chain(size.vertex_at(v).expect("a stone is on the board"));
                }
            }
            chains
        };
        let mut seki = chains_at(size.neighbours_of(dame));
        let seki_eyes = loop {
            let seki_eyes = (eyes[0] | eyes[1]) & size.flood(size.neighbours_of(seki), open);
            let grown = seki | chains_at(size.neighbours_of(seki_eyes));
            if grown == seki {
                break seki_eyes;
            }
            seki = grown;
        };
        Regions {
            alive,
            eyes,
            dame,
            seki,
            seki_eyes,
        }
    }
}

/// One side's count, broken down as the rules count it. Parts the rules do not count are
/// zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Territory (territory scoring), surrounded empty points (area scoring) or empty
    /// points scoring under OP art. 8.
    pub territory: u32,
    /// Living stones on the board that count (area scoring; OP: the stones scoring).
    pub stones: u32,
    /// Stones captured during play (territory scoring).
    pub prisoners: u32,
    /// The opponent's dead stones taken off at the end (territory scoring counts them as
    /// prisoners).
    pub dead: u32,
}

impl Count {
    /// The points: the sum of the parts.
    pub fn total(&self) -> u32 {
        self.territory + self.stones + self.prisoners + self.dead
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `winner` won; by `half_points` half points of count after komi, or by a rule
    /// (`None`: OP's side with no points, an illegal placement) rather than the count.
    Win {
        /// Who won.
        winner: Color,
        /// The margin in half points, if the count decided.
        half_points: Option<u32>,
    },
    /// An even count (jigo; OP: Black exactly 7 ahead).
    Draw,
    /// The game is void (an unbroken cycle under Japanese or Korean rules).
    NoResult,
}

impl fmt::Display for GameResult {
    /// `B+6.5`, `W+12`, `B+F` (won by a rule), `draw`, `no result`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameResult::Win {
                winner,
                half_points,
            } => {
                let side = if winner == Color::Black { 'B' } else { 'W' };
                match half_points {
                    Some(h) if h % 2 == 0 => write!(f, "{side}+{}", h / 2),
                    Some(h) => write!(f, "{side}+{}.5", h / 2),
                    None => write!(f, "{side}+F"),
                }
            }
            GameResult::Draw => f.write_str("draw"),
            GameResult::NoResult => f.write_str("no result"),
        }
    }
}

/// Why a position cannot be counted as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoreError {
    /// A point named dead holds no stone.
    DeadOnEmpty(crate::core::Point),
    /// The rules score the board as it stands (Tromp-Taylor): dead stones must be captured.
    NoDeadStoneRemoval,
    /// The rules have no prisoners (OP), yet some were given.
    NoPrisoners,
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::DeadOnEmpty(p) => {
                write!(f, "the point ({},{}) named dead holds no stone", p.x, p.y)
            }
            ScoreError::NoDeadStoneRemoval => f.write_str(
                "these rules score the board as it stands: dead stones must be captured in play",
            ),
            ScoreError::NoPrisoners => f.write_str(
                "these rules return captured stones to their owner: there are no prisoners",
            ),
        }
    }
}
impl std::error::Error for ScoreError {}

/// The count of a final position: the result, each side's points, and what the points of
/// the board are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// Who won, by how much.
    pub result: GameResult,
    /// Black's points.
    pub black: Count,
    /// White's points, komi not included.
    pub white: Count,
    /// The board's points once the dead stones are off.
    pub regions: Regions,
}

impl Score {
    /// The count of colour `c`.
    pub fn count(&self, c: Color) -> &Count {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

/// Counts `position` under `rules` after taking off the stones of `dead`, with
/// `prisoners[c]` the stones colour `c` captured during play.
///
/// ```
/// use tengen::go::{score, BoardSize, Points, Position, Rules, Suicide};
/// use tengen::core::{Color, Point};
/// let size = BoardSize::new(3).unwrap();
/// let mut pos = Position::new(size);
/// for x in 0..3 {
///     pos.play(Color::Black, size.vertex(Point::new(x, 1)), Suicide::Illegal).unwrap();
/// }
/// let s = score(&pos, Points::EMPTY, [0, 0], &Rules::chinese()).unwrap();
/// assert_eq!((s.black.total(), s.result.to_string()), (9, "B+1.5".to_string()));
/// ```
pub fn score(
    position: &Position,
    dead: Points,
    prisoners: [u32; 2],
    rules: &Rules,
) -> Result<Score, ScoreError> {
    let size = position.size();
    let stones = position.stones(Color::Black) | position.stones(Color::White);
    if let Some(p) = (dead - stones).iter().next() {
        return Err(ScoreError::DeadOnEmpty(
            size.point(size.vertex_at(p).expect("on board")),
        ));
    }
    if !dead.is_empty() && rules.dead_stones == DeadStones::ScoredAsTheyStand {
        return Err(ScoreError::NoDeadStoneRemoval);
    }
    if prisoners != [0, 0] && rules.captures == Captures::ReturnToOwner {
        return Err(ScoreError::NoPrisoners);
    }
    let regions = Regions::new(position, dead);
    let counts = Color::BOTH.map(|c| {
        let i = c.index();
        let opponent_dead = (position.stones(!c) & dead).len() as u32;
        let territory = |eyes: Points| match rules.seki_eyes {
            SekiEyes::Count => eyes.len() as u32,
            SekiEyes::NotTerritory => (eyes - regions.seki_eyes).len() as u32,
        };
        match rules.scoring {
            Scoring::Territory => Count {
                territory: territory(regions.eyes[i]),
                stones: 0,
                prisoners: prisoners[i],
                dead: opponent_dead,
            },
            Scoring::Area => Count {
                territory: territory(regions.eyes[i]),
                stones: regions.alive[i].len() as u32,
                prisoners: 0,
                dead: 0,
            },
            Scoring::OpPoints => Count {
                territory: regions.eyes[i].len() as u32,
                stones: op_scoring_stones(size, &regions, c).len() as u32,
                prisoners: 0,
                dead: 0,
            },
        }
    });
    let [black, white] = counts;
    Ok(Score {
        result: decide(black.total(), white.total(), rules),
        black,
        white,
        regions,
    })
}

/// OP art. 8 for stones: a living stone scores for its colour when nothing it touches —
/// a stone, or an empty region through its points — is the opponent's.
fn op_scoring_stones(size: BoardSize, regions: &Regions, c: Color) -> Points {
    let opponent = regions.alive[(!c).index()];
    // Points an opponent reaches: its stones, and the empty regions touching them.
    let open = regions.eyes[0] | regions.eyes[1] | regions.dame;
    let reached = opponent | size.flood(size.neighbours_of(opponent), open);
    regions.alive[c.index()] - size.neighbours_of(reached)
}

/// The result of counts `black` and `white` (komi not added) under `rules`.
pub(crate) fn decide(black: u32, white: u32, rules: &Rules) -> GameResult {
    let lead = 2 * (i64::from(black) - i64::from(white)) - i64::from(rules.komi.half_points());
    let by_count = match lead.signum() {
        1 => Some(Color::Black),
        -1 => Some(Color::White),
        _ => match rules.tie {
            Tie::Draw => None,
            Tie::BlackWins => Some(Color::Black),
            Tie::WhiteWins => Some(Color::White),
        },
    };
    let pointless = |c: Color| [black, white][c.index()] == 0;
    let by_rule = |winner: Color| GameResult::Win {
        winner,
        half_points: None,
    };
    let counted = match by_count {
        Some(winner) => GameResult::Win {
            winner,
            half_points: Some(lead.unsigned_abs() as u32),
        },
        None => GameResult::Draw,
    };
    // A side with no points cannot win; when both have none, nobody can.
    let both_pointless = pointless(Color::Black) && pointless(Color::White);
    match rules.no_points {
        NoPoints::Counted => counted,
        _ if both_pointless => GameResult::Draw,
        NoPoints::CannotWin if by_count.is_some_and(pointless) => GameResult::Draw,
        NoPoints::CannotWin => counted,
        NoPoints::Loses => match Color::BOTH.into_iter().find(|&c| pointless(c)) {
            Some(loser) if by_count != Some(!loser) || lead == 0 => by_rule(!loser),
            _ => counted,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Point;
    use crate::go::parse_diagram;

    /// A position from rows of `X`, `O` and `.`, top row first.
    fn diagram(rows: &[&str]) -> Position {
        parse_diagram(&rows.join("\n")).unwrap()
    }

    fn points(pos: &Position, list: &[(u8, u8)]) -> Points {
        let size = pos.size();
        list.iter()
            .map(|&(x, y)| size.vertex(Point::new(x, y)).unwrap().index())
            .collect()
    }

    #[test]
    fn a_dame_makes_the_chains_touching_it_seki_and_their_eyes_no_territory() {
        // Two walls with an open column between them: every stone touches a dame.
        let pos = diagram(&[
            ". X . O .",
            "X X . O O",
            ". X . O .",
            "X X . O O",
            ". X . O .",
        ]);
        let regions = Regions::new(&pos, Points::EMPTY);
        assert_eq!(regions.dame.len(), 5);
        assert_eq!(
            regions.seki,
            pos.stones(Color::Black) | pos.stones(Color::White)
        );
        let japanese = score(&pos, Points::EMPTY, [0, 0], &Rules::japanese()).unwrap();
        assert_eq!((japanese.black.total(), japanese.white.total()), (0, 0));
        let chinese = score(&pos, Points::EMPTY, [0, 0], &Rules::chinese()).unwrap();
        assert_eq!((chinese.black.total(), chinese.white.total()), (10, 10));
    }

    #[test]
    fn dead_stones_are_prisoners_and_their_points_territory() {
        let pos = diagram(&[
            ". . X O .",
            ". O X O .",
            "X X X O .",
            ". . X O .",
            ". . X O .",
        ]);
        let dead = points(&pos, &[(1, 1)]);
        let japanese = score(&pos, dead, [2, 3], &Rules::japanese()).unwrap();
        assert!(japanese.regions.dame.is_empty());
        assert!(japanese.regions.seki.is_empty());
        let territory = |territory, prisoners, dead| Count {
            territory,
            stones: 0,
            prisoners,
            dead,
        };
        assert_eq!(japanese.black, territory(8, 2, 1));
        assert_eq!(japanese.white, territory(5, 3, 0));
        assert_eq!(japanese.result.to_string(), "W+3.5");
        let chinese = score(&pos, dead, [2, 3], &Rules::chinese()).unwrap();
        assert_eq!((chinese.black.total(), chinese.white.total()), (15, 10));
        assert_eq!(chinese.result.to_string(), "W+2.5");
        assert_eq!(
            score(&pos, dead, [0, 0], &Rules::tromp_taylor()),
            Err(ScoreError::NoDeadStoneRemoval)
        );
        assert_eq!(
            score(&pos, points(&pos, &[(0, 0)]), [0, 0], &Rules::chinese()),
            Err(ScoreError::DeadOnEmpty(Point::new(0, 0)))
        );
    }

    #[test]
    fn results_follow_komi_ties_and_the_no_points_rule() {
        let mut rules = Rules::japanese();
        rules.komi = "7".parse().unwrap();
        assert_eq!(decide(10, 3, &rules), GameResult::Draw);
        assert_eq!(decide(10, 2, &rules).to_string(), "B+1");
        rules.tie = Tie::WhiteWins;
        assert_eq!(decide(10, 3, &rules).to_string(), "W+0");
        let op = Rules::op();
        assert_eq!(decide(100, 93, &op), GameResult::Draw);
        assert_eq!(decide(0, 0, &op), GameResult::Draw);
        assert_eq!(decide(0, 3, &op).to_string(), "W+10");
        assert_eq!(decide(7, 0, &op).to_string(), "B+F");
        assert_eq!(decide(9, 0, &op).to_string(), "B+2");
        let mut cannot_win = op;
        cannot_win.no_points = NoPoints::CannotWin;
        assert_eq!(decide(9, 0, &cannot_win).to_string(), "B+2");
        assert_eq!(decide(0, 0, &cannot_win), GameResult::Draw);
    }
}
