//! Named engine parameters: a table of (name, field, range) for a settings value, so that
//! tuners and command lines can read and set them by name (`--param white_tempo=14`).
//!
//! A settings type lists its tunable fields once, in [`Tunable::PARAMS`]; reading,
//! setting, parsing `NAME=VALUE` and listing all come from that table.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// One named parameter of a settings value `S`: where it lives and what it may be.
pub struct Param<S, V> {
    /// The name on command lines and in protocols (`mover_open_three`).
    pub name: &'static str,
    /// The field it reads and writes.
    pub field: fn(&mut S) -> &mut V,
    /// The values it accepts.
    pub range: RangeInclusive<V>,
}

impl<S, V> Param<S, V> {
    /// A table entry (usable in `const` tables).
    pub const fn new(
        name: &'static str,
        field: fn(&mut S) -> &mut V,
        range: RangeInclusive<V>,
    ) -> Self {
        Param { name, field, range }
    }
}

impl<S, V: Copy + PartialOrd + FromStr + fmt::Display> Param<S, V> {
    /// `value` if it lies in the range.
    pub fn check(&self, value: V) -> Result<V, ParamError> {
        if self.range.contains(&value) {
            Ok(value)
        } else {
            Err(ParamError::OutOfRange {
                name: self.name.to_string(),
                value: value.to_string(),
                range: format!("{}..={}", self.range.start(), self.range.end()),
            })
        }
    }

    /// The number written in `text`, if it lies in the range.
    pub fn parse(&self, text: &str) -> Result<V, ParamError> {
        let value = text.trim().parse().map_err(|_| ParamError::NotANumber {
            name: self.name.to_string(),
            value: text.to_string(),
        })?;
        self.check(value)
    }
}

/// Why a parameter could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// No parameter has this name.
    Unknown(String),
    /// The value is no number of the parameter's kind.
    NotANumber { name: String, value: String },
    /// The value lies outside the parameter's range.
    OutOfRange {
        name: String,
        value: String,
        range: String,
    },
    /// The text is not `NAME=VALUE`.
    NotAnAssignment(String),
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Unknown(name) => write!(f, "unknown parameter '{name}'"),
            ParamError::NotANumber { name, value } => {
                write!(f, "bad value '{value}' for parameter {name}")
            }
            ParamError::OutOfRange { name, value, range } => {
                write!(f, "{value} is outside {range} for parameter {name}")
            }
            ParamError::NotAnAssignment(text) => write!(f, "'{text}' is not NAME=VALUE"),
        }
    }
}

impl std::error::Error for ParamError {}

/// A settings value whose fields listed in [`PARAMS`](Tunable::PARAMS) can be read and
/// set by name.
///
/// ```
/// use tengen::core::Tunable;
/// use tengen::renju::search::Weights;
/// let mut w = Weights::DEFAULT;
/// w.set("white_tempo", 20).unwrap();
/// assert_eq!(w.get("white_tempo"), Some(20));
/// ```
pub trait Tunable: Clone + Sized + 'static {
    /// The kind of number every parameter holds.
    type Value: Copy + PartialOrd + FromStr + fmt::Display + 'static;

    /// Every parameter, in a fixed order.
    const PARAMS: &'static [Param<Self, Self::Value>];

    /// The parameter called `name`.
    fn param(name: &str) -> Result<&'static Param<Self, Self::Value>, ParamError> {
        Self::PARAMS
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| ParamError::Unknown(name.to_string()))
    }

    /// The value of the parameter called `name`, if there is one.
    fn get(&self, name: &str) -> Option<Self::Value> {
        let param = Self::param(name).ok()?;
        Some(*(param.field)(&mut self.clone()))
    }

    /// Every parameter's name and value, in table order.
    fn params(&self) -> Vec<(&'static str, Self::Value)> {
        let mut copy = self.clone();
        Self::PARAMS
            .iter()
            .map(|p| (p.name, *(p.field)(&mut copy)))
            .collect()
    }

    /// Sets the parameter called `name`; an unknown name or a value out of its range
    /// changes nothing.
    fn set(&mut self, name: &str, value: Self::Value) -> Result<(), ParamError> {
        let param = Self::param(name)?;
        *(param.field)(self) = param.check(value)?;
        Ok(())
    }

    /// Sets the parameter called `name` to the number written in `value`.
    fn set_text(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let param = Self::param(name)?;
        *(param.field)(self) = param.parse(value)?;
        Ok(())
    }

    /// The parameters as `name=value` words, separated by spaces.
    fn params_line(&self) -> String {
        let words: Vec<String> = self
            .params()
            .into_iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        words.join(" ")
    }
}

/// A checked `NAME=VALUE` setting of a [`Tunable`] type, as `--param` options give them.
///
/// ```
/// use tengen::core::Setting;
/// use tengen::renju::search::Weights;
/// let s: Setting<Weights> = "black_tempo=20".parse().unwrap();
/// assert_eq!(Setting::apply_all(Weights::DEFAULT, &[s]).black.tempo, 20);
/// assert!("black_tempo=x".parse::<Setting<Weights>>().is_err());
/// ```
pub struct Setting<T: Tunable> {
    /// The parameter's name.
    pub name: &'static str,
    /// Its new value, within its range.
    pub value: T::Value,
}

impl<T: Tunable> Clone for Setting<T> {
    fn clone(&self) -> Self {
        Setting {
            name: self.name,
            value: self.value,
        }
    }
}

impl<T: Tunable> fmt::Debug for Setting<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.name, self.value)
    }
}

impl<T: Tunable> FromStr for Setting<T> {
    type Err = ParamError;

    fn from_str(text: &str) -> Result<Self, ParamError> {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| ParamError::NotAnAssignment(text.to_string()))?;
        let param = T::param(name.trim())?;
        let number = param.parse(value)?;
        Ok(Setting {
            name: param.name,
            value: number,
        })
    }
}

impl<T: Tunable> Setting<T> {
    /// `base` with `settings` applied in order (a later one wins).
    pub fn apply_all(base: T, settings: &[Setting<T>]) -> T {
        let mut value = base;
        for s in settings {
            // Checked when parsed: the name exists and the value is in range.
            let _ = value.set(s.name, s.value);
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::renju::search::Weights;

    #[test]
    fn every_weight_names_its_own_field_and_its_default_is_in_range() {
        let defaults = Weights::DEFAULT.params();
        assert_eq!(defaults.len(), Weights::PARAMS.len());
        for (param, &(name, value)) in Weights::PARAMS.iter().zip(&defaults) {
            assert!(param.range.contains(&value), "{name}={value}");
            let mut w = Weights::DEFAULT;
            w.set(name, value + 1).unwrap();
            assert_ne!(w, Weights::DEFAULT, "{name}");
            for &(other, default) in &defaults {
                let expected = if other == name { value + 1 } else { default };
                assert_eq!(w.get(other), Some(expected), "{name} moved {other}");
            }
        }
    }

    #[test]
    fn bad_names_and_values_change_nothing() {
        let mut w = Weights::DEFAULT;
        assert_eq!(w.set("bogus", 1), Err(ParamError::Unknown("bogus".into())));
        assert!(matches!(
            w.set("black_tempo", -5001),
            Err(ParamError::OutOfRange { .. })
        ));
        assert!(matches!(
            w.set_text("black_tempo", "1.5"),
            Err(ParamError::NotANumber { .. })
        ));
        assert!(matches!(
            w.set_text("white_order_double", "5001"),
            Err(ParamError::OutOfRange { .. })
        ));
        assert_eq!(w, Weights::DEFAULT);
        assert_eq!(w.get("bogus"), None);
        w.set_text("black_tempo", " 30 ").unwrap();
        assert_eq!(w.black.tempo, 30);
    }

    #[test]
    fn settings_parse_and_apply_in_order() {
        let parse = |s: &str| s.parse::<Setting<Weights>>();
        let settings = [
            parse("white_tempo=5").unwrap(),
            parse(" white_tempo = 7").unwrap(),
        ];
        assert_eq!(
            Setting::apply_all(Weights::DEFAULT, &settings).white.tempo,
            7
        );
        assert_eq!(
            parse("white_tempo").unwrap_err(),
            ParamError::NotAnAssignment("white_tempo".into())
        );
        assert_eq!(
            parse("white_tempo=99999").unwrap_err().to_string(),
            "99999 is outside -5000..=5000 for parameter white_tempo"
        );
        let w = Weights::DEFAULT;
        let start = format!(
            "black_mover_closed_two={} black_mover_open_two={} ",
            w.black.mover[0], w.black.mover[1]
        );
        assert!(w.params_line().starts_with(&start));
    }
}
