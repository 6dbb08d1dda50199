//! Rule sets as data: every way the supported rule sets differ is one field of [`Rules`],
//! and the named presets ([`Rules::japanese`], [`Rules::korean`], [`Rules::chinese`],
//! [`Rules::tromp_taylor`], [`Rules::op`]) are values built from those choices.

use super::legality::{Ko, Legality, Suicide};
use std::fmt;
use std::str::FromStr;

/// How the points of the final position are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Stones on the board plus empty points surrounded by one colour only (Chinese,
    /// Tromp-Taylor); prisoners do not count.
    Area,
    /// Territory (eye points of living stones) plus prisoners, dead stones included
    /// (Japanese art. 8 and 10, Korean art. 11 and 13).
    Territory,
    /// OP points (art. 8): every point, stone or empty, whose lines touch one colour only.
    OpPoints,
}

/// Do the eyes of seki stones count as territory?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SekiEyes {
    /// They count for the colour that surrounds them (area scoring counts every region
    /// that touches one colour only).
    Count,
    /// They are nobody's (Japanese art. 8: a living stone touching a dame is a seki stone
    /// and its eyes are not territory; Korean art. 11 likewise for 빅).
    NotTerritory,
}

/// What happens to stones both players agree are dead when play stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadStones {
    /// They are taken off the board before counting (and, in territory scoring, added to
    /// the prisoners).
    Removed,
    /// Nothing is removed by agreement: the board is scored as it stands, so a dead group
    /// must be captured in play (Tromp-Taylor).
    ScoredAsTheyStand,
}

/// Where captured stones go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Captures {
    /// The capturer keeps them as prisoners.
    Prisoners,
    /// They go back to their owner's supply (OP regulation 3.2): there are no prisoners.
    ReturnToOwner,
}

/// How many stones each side may place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StoneSupply {
    /// As many as the game needs.
    Unlimited,
    /// Each side starts with this many stones off the board and can only pass once none
    /// is left (OP regulation 1: 180).
    Each(u16),
}

/// Stones taken out of the game for good (OP regulations 3.3 and 5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Confiscation {
    /// No stone is ever confiscated.
    Never,
    /// A group removed by its own placement (a multi-stone suicide), and a group removed a
    /// second time with the same shape at the same place, are kept apart by the opponent
    /// and never come back into the owner's supply.
    SelfFillAndRepeatedRemoval,
}

/// What a placement that gives back the position from before it was placed means: the
/// immediate retake of a ko, or a one-stone suicide (OP regulation 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlaceAndRemove {
    /// The move is refused (by the ko and suicide choices of [`Legality`]).
    Refused,
    /// The move may be made and loses the game for the player who makes it (OP: the
    /// removal is forbidden, so the filled stone stays, nobody can place, and the right
    /// to place can no longer go round, art. 6.2 and 9.2).
    Loses,
}

/// How a board position repeating in a cycle that neither player leaves counts, when the
/// ko rule does not forbid the repetition in the first place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cycle {
    /// The game is void (Japanese art. 12, Korean art. 16): triple ko, round-robin ko,
    /// eternal life.
    NoResult,
    /// Cycles cannot last: every second removal of the same shape confiscates stones
    /// (OP), or superko forbids the repetition (Chinese, Tromp-Taylor).
    CannotLast,
}

/// How life and death is settled once both players have passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Confirmation {
    /// Japanese art. 7-2: statuses are confirmed by hypothetical play in which a ko
    /// retaken in the same place needs a pass first, so bent four in the corner is dead
    /// and a ko that needs a move must have been resolved before the stop.
    KoNeedsPass,
    /// Korean art. 12-3: the remaining questions are settled locally, part by part; a
    /// shape that cannot be settled counts as seki of that part.
    Local,
    /// Nothing is settled by convention: disputes are played out (area-scoring rules).
    PlayOut,
}

/// When the game ends, and who loses by how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    /// Consecutive passes that stop play (two in every supported rule set).
    pub passes: u8,
    /// OP: when Black passes as the very first move, White could never place first; the
    /// game is void and Black, with no stone on the board, loses.
    pub black_first_pass_loses: bool,
    /// OP regulation 5.2: a colour that has placed stones and has none left on the board
    /// (wiped out) may not place again. At the start nobody has a stone on the board and
    /// nobody is barred.
    pub wiped_out_cannot_place: bool,
    /// OP regulation 6.2: play stops, to be counted, as soon as the side to move cannot
    /// place (no stone left to place, or barred by 5.2): the right to place cannot go round
    /// to it. Without this, such a side can only pass.
    pub cannot_place_stops: bool,
}

/// A komi in half points: `6.5` is `Komi::from_half_points(13)`.
///
/// ```
/// use tengen::go::Komi;
/// let komi: Komi = "6.5".parse().unwrap();
/// assert_eq!((komi.half_points(), komi.to_string()), (13, "6.5".to_string()));
/// assert!("6.3".parse::<Komi>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Komi(i32);

/// The largest komi accepted, in points (far beyond any board's points, so that no count
/// overflows).
const MAX_KOMI: i32 = 1000;

impl Komi {
    /// A komi of `half` half points.
    pub const fn from_half_points(half: i32) -> Komi {
        Komi(half)
    }

    /// The komi in half points.
    pub const fn half_points(self) -> i32 {
        self.0
    }
}

/// Why a komi could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadKomi(pub String);

impl fmt::Display for BadKomi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad komi {:?}: expected a whole or half number of points within ±{MAX_KOMI}",
            self.0
        )
    }
}
impl std::error::Error for BadKomi {}

impl FromStr for Komi {
    type Err = BadKomi;
    fn from_str(s: &str) -> Result<Komi, BadKomi> {
        let bad = || BadKomi(s.to_string());
        let t = s.trim();
        let (negative, digits) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        let digits_only = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        let malformed = whole.is_empty() || whole.len() > 4 || !digits_only(whole);
        if malformed || digits.ends_with('.') || !digits_only(fraction) {
            return Err(bad());
        }
        let half = match fraction.trim_end_matches('0') {
            "" => 0,
            "5" => 1,
            _ => return Err(bad()),
        };
        let points: i32 = whole.parse().map_err(|_| bad())?;
        if points > MAX_KOMI {
            return Err(bad());
        }
        let value = 2 * points + half;
        Ok(Komi(if negative { -value } else { value }))
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        match abs % 2 {
            0 => write!(f, "{sign}{}", abs / 2),
            _ => write!(f, "{sign}{}.5", abs / 2),
        }
    }
}

/// How a game whose count comes out exactly even after komi ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tie {
    /// A draw (jigo; OP: Black exactly 7 ahead).
    Draw,
    /// White wins ties (some events use it with a whole-point komi).
    WhiteWins,
    /// Black wins ties.
    BlackWins,
}

/// What a side with no points at all gets (OP art. 9.3: "a colour with no points cannot
/// win").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoPoints {
    /// Nothing special: the count decides.
    Counted,
    /// It loses (the seed's reading of OP art. 9.3).
    Loses,
    /// It cannot win: a count in its favour is a draw instead.
    CannotWin,
}

/// A rule set: one field per independent choice. Build one from a preset and change
/// fields, or parse a preset's name.
///
/// ```
/// use tengen::go::{Rules, Scoring};
/// let rules: Rules = "japanese".parse().unwrap();
/// assert_eq!(rules.scoring, Scoring::Territory);
/// assert_eq!(rules.komi.to_string(), "6.5");
/// assert_eq!(rules.name(), Some("japanese"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Suicide and ko: which moves the board refuses.
    pub legality: Legality,
    /// What an immediate return to the position before a placement means.
    pub place_and_remove: PlaceAndRemove,
    /// How the final position is counted.
    pub scoring: Scoring,
    /// Whether seki eyes are territory.
    pub seki_eyes: SekiEyes,
    /// What happens to dead stones at the end.
    pub dead_stones: DeadStones,
    /// Where captured stones go.
    pub captures: Captures,
    /// How many stones each side has.
    pub stone_supply: StoneSupply,
    /// Which removed stones are taken out of the game.
    pub confiscation: Confiscation,
    /// Points added to White's count (OP: the 7-point baseline).
    pub komi: Komi,
    /// How an exactly even count ends.
    pub tie: Tie,
    /// What a side with no points gets.
    pub no_points: NoPoints,
    /// What an unbroken repetition means.
    pub cycle: Cycle,
    /// How life and death is settled after the stop.
    pub confirmation: Confirmation,
    /// When play ends.
    pub ending: Ending,
}

/// The names of the presets, as `kata-set-rules` and `--rules` take them.
pub const PRESET_NAMES: [&str; 5] = ["japanese", "korean", "chinese", "tromp-taylor", "op"];

impl Rules {
    /// Japanese rules of 1989: simple ko, suicide illegal, territory and prisoners, seki
    /// eyes not territory, unbroken cycles void the game, ko confirmation by art. 7-2,
    /// komi 6.5.
    pub const fn japanese() -> Rules {
        Rules {
            legality: Legality {
                suicide: Suicide::Illegal,
                ko: Ko::Simple,
            },
            place_and_remove: PlaceAndRemove::Refused,
            scoring: Scoring::Territory,
            seki_eyes: SekiEyes::NotTerritory,
            dead_stones: DeadStones::Removed,
            captures: Captures::Prisoners,
            stone_supply: StoneSupply::Unlimited,
            confiscation: Confiscation::Never,
            komi: Komi(13),
            tie: Tie::Draw,
            no_points: NoPoints::Counted,
            cycle: Cycle::NoResult,
            confirmation: Confirmation::KoNeedsPass,
            ending: Ending {
                passes: 2,
                black_first_pass_loses: false,
                wiped_out_cannot_place: false,
                cannot_place_stops: false,
            },
        }
    }

    /// Korean (KBA 2009) rules: as [`japanese`](Self::japanese) in moves, counting and
    /// cycles. Where the seeds differ:
    /// - Settlement after both pass: locally, part by part, a shape that cannot be settled
    ///   counting as seki of its part (art. 12-3), instead of the ko-needs-a-pass
    ///   confirmation of Japanese art. 7-2.
    /// - Seki: Korean art. 11 defines 빅 by capability (neither side can capture) where
    ///   Japanese art. 8 calls every living stone touching a dame a seki stone. Korean
    ///   art. 12-1 has the dame filled alternately before the end, after which the only
    ///   dame left are the shared liberties of seki, and both definitions pick the same
    ///   stones: the scorer applies art. 8 to both and so expects the dame filled.
    /// - Counting (art. 13: dead stones and prisoners fill the opponent's territory) gives
    ///   the same difference as territory plus prisoners.
    pub const fn korean() -> Rules {
        Rules {
            confirmation: Confirmation::Local,
            ..Rules::japanese()
        }
    }

    /// Chinese rules as computer Go plays them: area scoring, positional superko, suicide
    /// illegal, dead stones removed by agreement, komi 7.5.
    pub const fn chinese() -> Rules {
        Rules {
            legality: Legality {
                suicide: Suicide::Illegal,
                ko: Ko::PositionalSuperko,
            },
            scoring: Scoring::Area,
            seki_eyes: SekiEyes::Count,
            komi: Komi(15),
            cycle: Cycle::CannotLast,
            confirmation: Confirmation::PlayOut,
            ..Rules::japanese()
        }
    }

    /// Tromp-Taylor rules: area scoring of the board as it stands, positional superko,
    /// suicide legal, komi 7.5.
    pub const fn tromp_taylor() -> Rules {
        Rules {
            legality: Legality {
                suicide: Suicide::Legal,
                ko: Ko::PositionalSuperko,
            },
            dead_stones: DeadStones::ScoredAsTheyStand,
            ..Rules::chinese()
        }
    }

    /// OP ("One Pure") rules: 180 stones each, captured stones return to their owner,
    /// multi-stone suicide legal and confiscated, place-and-remove loses, the second
    /// removal of a shape confiscates, OP points against a 7-point baseline (exactly 7 is a
    /// draw), a side with no points loses, Black passing first loses, a wiped-out colour
    /// may not place, and play stops when the side to move cannot place.
    pub const fn op() -> Rules {
        Rules {
            legality: Legality {
                suicide: Suicide::Legal,
                ko: Ko::Simple,
            },
            place_and_remove: PlaceAndRemove::Loses,
            scoring: Scoring::OpPoints,
            seki_eyes: SekiEyes::Count,
            dead_stones: DeadStones::Removed,
            captures: Captures::ReturnToOwner,
            stone_supply: StoneSupply::Each(180),
            confiscation: Confiscation::SelfFillAndRepeatedRemoval,
            komi: Komi(14),
            tie: Tie::Draw,
            no_points: NoPoints::Loses,
            cycle: Cycle::CannotLast,
            confirmation: Confirmation::PlayOut,
            ending: Ending {
                passes: 2,
                black_first_pass_loses: true,
                wiped_out_cannot_place: true,
                cannot_place_stops: true,
            },
        }
    }

    /// The preset called `name` (one of [`PRESET_NAMES`]; `tromp_taylor` and case are
    /// tolerated).
    pub fn preset(name: &str) -> Option<Rules> {
        match name.to_ascii_lowercase().replace('_', "-").as_str() {
            "japanese" => Some(Rules::japanese()),
            "korean" => Some(Rules::korean()),
            "chinese" => Some(Rules::chinese()),
            "tromp-taylor" => Some(Rules::tromp_taylor()),
            "op" => Some(Rules::op()),
            _ => None,
        }
    }

    /// The name of the preset these rules are, if they are one exactly.
    pub fn name(&self) -> Option<&'static str> {
        PRESET_NAMES
            .into_iter()
            .find(|&name| Rules::preset(name) == Some(*self))
    }
}

/// An unknown rule-set name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRules(pub String);

impl fmt::Display for UnknownRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rules {:?}: expected one of {}",
            self.0,
            PRESET_NAMES.join(", ")
        )
    }
}
impl std::error::Error for UnknownRules {}

impl FromStr for Rules {
    type Err = UnknownRules;
    fn from_str(s: &str) -> Result<Rules, UnknownRules> {
        Rules::preset(s.trim()).ok_or_else(|| UnknownRules(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_distinct_and_named() {
        let presets: Vec<Rules> = PRESET_NAMES.iter().map(|n| n.parse().unwrap()).collect();
        for (i, a) in presets.iter().enumerate() {
            assert_eq!(a.name(), Some(PRESET_NAMES[i]));
            for b in &presets[i + 1..] {
                assert_ne!(a, b);
            }
        }
        let mut changed = Rules::chinese();
        changed.komi = Komi::from_half_points(11);
        assert_eq!(changed.name(), None);
        assert_eq!(Rules::preset("Tromp_Taylor"), Some(Rules::tromp_taylor()));
        assert!("aga".parse::<Rules>().is_err());
    }

    #[test]
    fn komi_reads_whole_and_half_points_only() {
        for (text, half) in [("0", 0), ("7", 14), ("-3.5", -7), ("+0.5", 1), ("6.50", 13)] {
            let komi: Komi = text.parse().unwrap();
            assert_eq!(komi.half_points(), half, "{text}");
            assert_eq!(komi.to_string().parse::<Komi>(), Ok(komi));
        }
        for bad in [
            "", "-", "6.25", "abc", "1e3", "99999", ".5", "5.", "--1", "1001",
        ] {
            assert!(bad.parse::<Komi>().is_err(), "{bad:?}");
        }
    }
}
