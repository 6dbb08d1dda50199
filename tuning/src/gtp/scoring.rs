//! The end of a counted game: which stones are dead, and whether the engines' own
//! `final_score` agrees with the rules core's count.
//!
//! # Dead stones
//!
//! Each engine (and the referee engine, if any) is asked `final_status_list dead`. The
//! count takes:
//! - no stone, under rules that score the board as it stands (Tromp-Taylor);
//! - the engines' list when both give the same one;
//! - else the referee's list, when there is a referee and it answered, unless the count
//!   with that list names another winner than the referee's own `final_score` (GNU Go
//!   sometimes lists stones of both colours that its own score keeps alive; a list its
//!   author does not count by is no judgement);
//! - else the stones both engines call dead (none if either gave no usable list). A
//!   group one engine calls alive then stays on the board: as under area rules, where a
//!   disputed group must be captured in play, the side claiming it dead should have
//!   captured it.
//!
//! A list naming a point without a stone (the engine's board is not ours) is not used.

use std::fmt;
use tengen::core::Color;
use tengen::go::{BoardSize, DeadStones, GameResult, Komi, Points, Position, Rules};

/// Where the dead stones of the count came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DeadSource {
    /// The rules count the board as it stands.
    AsTheyStand,
    /// Both engines gave the same list.
    Agreed,
    /// The engines disagreed (or one gave no list); the referee's list.
    Referee,
    /// The engines disagreed and no referee list: the stones both call dead.
    Common,
}

impl fmt::Display for DeadSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DeadSource::AsTheyStand => "as they stand",
            DeadSource::Agreed => "agreed",
            DeadSource::Referee => "referee",
            DeadSource::Common => "common",
        })
    }
}

/// The dead stones to count with (see the module documentation): `lists` are the two
/// engines' lists, `referee` the referee's.
///
/// ```
/// use tengen_tuning::gtp::scoring::{choose_dead, DeadSource};
/// use tengen::go::{Points, Rules};
/// let mut a = Points::EMPTY;
/// a.insert(3);
/// let (dead, from) = choose_dead(&Rules::chinese(), [Some(a), Some(Points::EMPTY)], None);
/// assert_eq!((dead, from), (Points::EMPTY, DeadSource::Common));
/// ```
pub fn choose_dead(
    rules: &Rules,
    lists: [Option<Points>; 2],
    referee: Option<Points>,
) -> (Points, DeadSource) {
    if rules.dead_stones == DeadStones::ScoredAsTheyStand {
        return (Points::EMPTY, DeadSource::AsTheyStand);
    }
    match (lists, referee) {
        ([Some(a), Some(b)], _) if a == b => (a, DeadSource::Agreed),
        (_, Some(r)) => (r, DeadSource::Referee),
        ([Some(a), Some(b)], None) => (a & b, DeadSource::Common),
        (_, None) => (Points::EMPTY, DeadSource::Common),
    }
}

/// The referee's dead list, if the count with it (`count_with`) gives the same winner as
/// the referee's own `final_score` reply (or the referee gave no readable score): a list
/// that contradicts its author's score is not used (see the module documentation).
///
/// ```
/// use tengen_tuning::gtp::scoring::trusted_referee_list;
/// use tengen::go::{GameResult, Points};
/// use tengen::core::Color;
/// let black_wins = |_: Points| Some(GameResult::Win { winner: Color::Black, half_points: Some(15) });
/// assert_eq!(trusted_referee_list(Some(Points::EMPTY), Some("B+3.5"), black_wins), Some(Points::EMPTY));
/// assert_eq!(trusted_referee_list(Some(Points::EMPTY), Some("W+4.5"), black_wins), None);
/// assert_eq!(trusted_referee_list(Some(Points::EMPTY), None, black_wins), Some(Points::EMPTY));
/// ```
pub fn trusted_referee_list(
    list: Option<Points>,
    score: Option<&str>,
    count_with: impl FnOnce(Points) -> Option<GameResult>,
) -> Option<Points> {
    let list = list?;
    match count_with(list) {
        Some(ours) if agreement(score, ours) == Agreement::Different => None,
        _ => Some(list),
    }
}

/// The stones named by a `final_status_list dead` reply (vertices separated by blanks
/// and line breaks); `None` if a word is not a vertex of the board or names a point
/// without a stone in `position`.
///
/// ```
/// use tengen_tuning::gtp::scoring::parse_dead_list;
/// use tengen::go::{BoardSize, Position, Suicide};
/// use tengen::core::Color;
/// let size = BoardSize::new(9).unwrap();
/// let mut pos = Position::new(size);
/// let c3 = size.parse_vertex("C3").unwrap();
/// pos.play(Color::Black, c3, Suicide::Illegal).unwrap();
/// assert_eq!(parse_dead_list("c3\n", &pos).map(|d| d.len()), Some(1));
/// assert_eq!(parse_dead_list("D4", &pos), None);
/// assert_eq!(parse_dead_list("", &pos).map(|d| d.len()), Some(0));
/// ```
pub fn parse_dead_list(text: &str, position: &Position) -> Option<Points> {
    let size: BoardSize = position.size();
    let mut dead = Points::EMPTY;
    for word in text.split_whitespace() {
        let v = size.parse_vertex(word).ok()??;
        position.stone(v)?;
        dead.insert(v.index());
    }
    Some(dead)
}

/// A `final_score` reply read as a result: `B+7.5`, `W+12`, `0` (a draw), `B+R`/`W+F`/
/// `W+T` (a win by resignation, forfeit or time: no margin), `Void`. `None` if unreadable.
///
/// ```
/// use tengen_tuning::gtp::scoring::parse_final_score;
/// use tengen::go::GameResult;
/// use tengen::core::Color;
/// let win = GameResult::Win { winner: Color::White, half_points: Some(15) };
/// assert_eq!(parse_final_score("W+7.5"), Some(win));
/// assert_eq!(parse_final_score("0"), Some(GameResult::Draw));
/// assert_eq!(parse_final_score("seven"), None);
/// ```
pub fn parse_final_score(text: &str) -> Option<GameResult> {
    let t = text.trim();
    if t == "0" || t.eq_ignore_ascii_case("draw") || t.eq_ignore_ascii_case("jigo") {
        return Some(GameResult::Draw);
    }
    if t.eq_ignore_ascii_case("void") {
        return Some(GameResult::NoResult);
    }
    let (side, margin) = t.split_once('+')?;
    let winner = match side {
        "B" | "b" => Color::Black,
        "W" | "w" => Color::White,
        _ => return None,
    };
    let half_points = if ["R", "F", "T", "Resign", "Time", "Forfeit"]
        .iter()
        .any(|w| margin.eq_ignore_ascii_case(w))
    {
        None
    } else {
        let komi: Komi = margin.parse().ok()?;
        Some(u32::try_from(komi.half_points()).ok()?)
    };
    Some(GameResult::Win {
        winner,
        half_points,
    })
}

/// How a reported score compares with the rules core's count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Agreement {
    /// The same result and margin.
    Same,
    /// The same winner (or both a draw), another margin.
    SameWinner,
    /// Another winner.
    Different,
    /// No reply, or one that is not a score.
    NoAnswer,
}

impl Agreement {
    /// Every value, in the order of the report's columns.
    pub const ALL: [Agreement; 4] = [
        Agreement::Same,
        Agreement::SameWinner,
        Agreement::Different,
        Agreement::NoAnswer,
    ];

    /// A column title.
    pub fn title(self) -> &'static str {
        match self {
            Agreement::Same => "same",
            Agreement::SameWinner => "winner only",
            Agreement::Different => "different",
            Agreement::NoAnswer => "no answer",
        }
    }
}

/// How `reported` (a `final_score` reply) compares with `ours`.
///
/// ```
/// use tengen_tuning::gtp::scoring::{agreement, Agreement};
/// use tengen::go::GameResult;
/// use tengen::core::Color;
/// let ours = GameResult::Win { winner: Color::Black, half_points: Some(5) };
/// assert_eq!(agreement(Some("B+2.5"), ours), Agreement::Same);
/// assert_eq!(agreement(Some("B+0.5"), ours), Agreement::SameWinner);
/// assert_eq!(agreement(Some("W+3.5"), ours), Agreement::Different);
/// assert_eq!(agreement(None, ours), Agreement::NoAnswer);
/// ```
pub fn agreement(reported: Option<&str>, ours: GameResult) -> Agreement {
    let Some(theirs) = reported.and_then(parse_final_score) else {
        return Agreement::NoAnswer;
    };
    let winner = |r: GameResult| match r {
        GameResult::Win { winner, .. } => Some(Some(winner)),
        GameResult::Draw => Some(None),
        GameResult::NoResult => None,
    };
    if theirs == ours {
        Agreement::Same
    } else if winner(theirs) == winner(ours) {
        Agreement::SameWinner
    } else {
        Agreement::Different
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(indices: &[usize]) -> Points {
        let mut p = Points::EMPTY;
        for &i in indices {
            p.insert(i);
        }
        p
    }

    #[test]
    fn dead_stones_come_from_agreement_referee_or_both() {
        let chinese = Rules::chinese();
        let (a, b, r) = (points(&[1, 2]), points(&[2, 5]), points(&[7]));
        assert_eq!(
            choose_dead(&chinese, [Some(a), Some(a)], Some(r)),
            (a, DeadSource::Agreed)
        );
        assert_eq!(
            choose_dead(&chinese, [Some(a), Some(b)], Some(r)),
            (r, DeadSource::Referee)
        );
        assert_eq!(
            choose_dead(&chinese, [Some(a), None], Some(r)),
            (r, DeadSource::Referee)
        );
        assert_eq!(
            choose_dead(&chinese, [Some(a), Some(b)], None),
            (points(&[2]), DeadSource::Common)
        );
        assert_eq!(
            choose_dead(&chinese, [None, Some(b)], None),
            (Points::EMPTY, DeadSource::Common)
        );
        assert_eq!(
            choose_dead(&Rules::tromp_taylor(), [Some(a), Some(a)], Some(r)),
            (Points::EMPTY, DeadSource::AsTheyStand)
        );
    }

    #[test]
    fn final_scores_read() {
        let win = |winner, half_points| GameResult::Win {
            winner,
            half_points,
        };
        assert_eq!(
            parse_final_score(" B+12 "),
            Some(win(Color::Black, Some(24)))
        );
        assert_eq!(parse_final_score("W+R"), Some(win(Color::White, None)));
        assert_eq!(parse_final_score("b+0.5"), Some(win(Color::Black, Some(1))));
        assert_eq!(parse_final_score("Void"), Some(GameResult::NoResult));
        for bad in ["", "B+", "B+-3", "X+3", "B+3.3", "W 3"] {
            assert_eq!(parse_final_score(bad), None, "{bad}");
        }
        assert_eq!(agreement(Some("0"), GameResult::Draw), Agreement::Same);
        assert_eq!(
            agreement(Some("B+1"), GameResult::Draw),
            Agreement::Different
        );
        assert_eq!(
            agreement(Some("W+R"), win(Color::White, Some(3))),
            Agreement::SameWinner
        );
    }
}
