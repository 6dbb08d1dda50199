//! The three rule sets of five-in-a-row played by Gomocup managers and renju GUIs.

use crate::core::Color;
use std::fmt;
use std::str::FromStr;

/// Which rule decides wins and forbidden moves.
///
/// ```
/// use tengen::renju::{Rule, FiveRule};
/// use tengen::core::Color;
/// assert_eq!(Rule::Renju.five_rule(Color::Black), FiveRule::Exact);
/// assert_eq!(Rule::Renju.five_rule(Color::White), FiveRule::AtLeast);
/// assert_eq!("standard".parse::<Rule>(), Ok(Rule::Standard));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row wins, for both players; nothing is forbidden.
    Freestyle,
    /// Exactly five wins, for both players; overlines do not win; nothing is forbidden.
    Standard,
    /// RIF renju: Black wins with exactly five and may not make an overline, a double-four
    /// or a double-three (with the 9.3 exceptions); White wins with five or more.
    Renju,
}

/// Which unbroken lines of one colour count as a winning five.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FiveRule {
    /// Exactly five stones; six or more (an overline) is not a five.
    Exact,
    /// Five or more stones.
    AtLeast,
}

impl FiveRule {
    /// Does an unbroken line of `len` stones count as a five?
    #[inline]
    pub fn is_five(self, len: usize) -> bool {
        match self {
            FiveRule::Exact => len == 5,
            FiveRule::AtLeast => len >= 5,
        }
    }
}

impl Rule {
    /// How `color`'s fives are counted under this rule.
    #[inline]
    pub fn five_rule(self, color: Color) -> FiveRule {
        match (self, color) {
            (Rule::Freestyle, _) | (Rule::Renju, Color::White) => FiveRule::AtLeast,
            (Rule::Standard, _) | (Rule::Renju, Color::Black) => FiveRule::Exact,
        }
    }

    /// Does this rule forbid some of `color`'s moves (overline, double-four, double-three)?
    #[inline]
    pub fn has_fouls(self, color: Color) -> bool {
        self == Rule::Renju && color == Color::Black
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        })
    }
}

/// The text named no rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRule(pub String);

impl fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rule '{}' (expected freestyle, standard or renju)",
            self.0
        )
    }
}

impl std::error::Error for UnknownRule {}

impl FromStr for Rule {
    type Err = UnknownRule;
    fn from_str(s: &str) -> Result<Rule, UnknownRule> {
        match s.to_ascii_lowercase().as_str() {
            "freestyle" | "free" => Ok(Rule::Freestyle),
            "standard" | "exact" => Ok(Rule::Standard),
            "renju" => Ok(Rule::Renju),
            _ => Err(UnknownRule(s.to_string())),
        }
    }
}
