//! SPSA parameter files: one parameter a line, `name kind start min max c_end r_end`.
//!
//! `kind` is `int` (the engine gets the value rounded) or `float`; `c_end` is the size of
//! the last iteration's perturbation and `r_end` its learning rate (`a_end = r_end *
//! c_end^2`, as in fishtest and OpenBench). `#` starts a comment; blank lines are
//! skipped. The tuner writes its results in the same format, the tuned value as `start`.

use std::fmt;

/// How the engine takes a parameter's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Rounded to the nearest integer.
    Int,
    /// As a decimal number.
    Float,
}

/// One tuned parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamSpec {
    /// The name the engine knows it by (`--param NAME=VALUE`).
    pub name: String,
    pub kind: Kind,
    /// The value to start from.
    pub start: f64,
    /// The lowest value tried or kept.
    pub min: f64,
    /// The highest value tried or kept.
    pub max: f64,
    /// The perturbation of the last iteration.
    pub c_end: f64,
    /// The learning rate of the last iteration.
    pub r_end: f64,
}

impl ParamSpec {
    /// `value` as the engine gets it: an integer for `int`, else at most six decimals.
    ///
    /// ```
    /// use tengen_tuning::spsa::{Kind, ParamSpec};
    /// let p = ParamSpec { name: "x".into(), kind: Kind::Int, start: 0.0, min: -9.0, max: 9.0, c_end: 1.0, r_end: 0.002 };
    /// assert_eq!(p.engine_value(2.5001), "3");
    /// assert_eq!(ParamSpec { kind: Kind::Float, ..p }.engine_value(0.25), "0.25");
    /// ```
    pub fn engine_value(&self, value: f64) -> String {
        match self.kind {
            Kind::Int => format!("{}", value.round() as i64),
            Kind::Float => {
                let text = format!("{value:.6}");
                let text = text.trim_end_matches('0').trim_end_matches('.');
                if text.is_empty() || text == "-" {
                    "0".to_string()
                } else {
                    text.to_string()
                }
            }
        }
    }

    /// `value` kept within `min..=max`.
    pub fn clamp(&self, value: f64) -> f64 {
        value.clamp(self.min, self.max)
    }
}

/// A bad parameter file: the line (from 1) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ConfigError {}

/// Reads a parameter file: at least one parameter, names distinct, `min <= start <=
/// max`, `min < max`, `c_end` and `r_end` positive, every number finite.
///
/// ```
/// use tengen_tuning::spsa::parse_config;
/// let params = parse_config("# weights\ntempo int 12 0 50 2 0.002\n").unwrap();
/// assert_eq!((params[0].name.as_str(), params[0].max), ("tempo", 50.0));
/// assert_eq!(parse_config("tempo int 12 0 50\n").unwrap_err().line, 1);
/// ```
pub fn parse_config(text: &str) -> Result<Vec<ParamSpec>, ConfigError> {
    let mut params: Vec<ParamSpec> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |message: String| ConfigError {
            line: i + 1,
            message,
        };
        let spec = parse_line(line).map_err(bad)?;
        if params.iter().any(|p| p.name == spec.name) {
            return Err(bad(format!("{} is listed twice", spec.name)));
        }
        params.push(spec);
    }
    if params.is_empty() {
        return Err(ConfigError {
            line: text.lines().count().max(1),
            message: "no parameters".to_string(),
        });
    }
    Ok(params)
}

/// One parameter line (comments gone, not blank).
fn parse_line(line: &str) -> Result<ParamSpec, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let [name, kind, numbers @ ..] = words.as_slice() else {
        return Err("expected: name kind start min max c_end r_end".to_string());
    };
    if numbers.len() != 5 {
        return Err(format!(
            "expected: name kind start min max c_end r_end ({} words, not 7)",
            words.len()
        ));
    }
    let kind = match *kind {
        "int" => Kind::Int,
        "float" => Kind::Float,
        other => return Err(format!("kind '{other}' is neither int nor float")),
    };
    let mut values = [0.0; 5];
    for (value, (word, what)) in values.iter_mut().zip(
        numbers
            .iter()
            .zip(["start", "min", "max", "c_end", "r_end"]),
    ) {
        *value = word
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| format!("{what} '{word}' is not a number"))?;
    }
    let [start, min, max, c_end, r_end] = values;
    if min >= max || !(min..=max).contains(&start) {
        return Err(format!(
            "need min < max and start within them ({start} in {min}..{max})"
        ));
    }
    if c_end <= 0.0 || r_end <= 0.0 {
        return Err(format!(
            "c_end and r_end must be positive ({c_end}, {r_end})"
        ));
    }
    Ok(ParamSpec {
        name: name.to_string(),
        kind,
        start,
        min,
        max,
        c_end,
        r_end,
    })
}

/// The parameters with `values` as their start values, in the file format, after a
/// `#` header (`header`, one comment line each) and a `# --param …` line with the values
/// as the engine takes them.
pub fn write_config(params: &[ParamSpec], values: &[f64], header: &[String]) -> String {
    let mut out = String::new();
    for line in header {
        out.push_str(&format!("# {line}\n"));
    }
    let options: Vec<String> = params
        .iter()
        .zip(values)
        .map(|(p, &v)| format!("--param {}={}", p.name, p.engine_value(v)))
        .collect();
    out.push_str(&format!("# {}\n", options.join(" ")));
    for (p, &v) in params.iter().zip(values) {
        let kind = match p.kind {
            Kind::Int => "int",
            Kind::Float => "float",
        };
        let start = match p.kind {
            Kind::Int => p.engine_value(v),
            Kind::Float => format!("{v}"),
        };
        out.push_str(&format!(
            "{} {kind} {start} {} {} {} {}\n",
            p.name, p.min, p.max, p.c_end, p.r_end
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> ConfigError {
        parse_config(text).unwrap_err()
    }

    #[test]
    fn bad_files_are_refused_with_their_line_numbers() {
        let good = "a int 5 0 10 1 0.002\n";
        let cases = [
            ("", 1, "no parameters"),
            ("# only a comment\n\n", 2, "no parameters"),
            ("a int 5 0 10 1\n", 1, "6 words, not 7"),
            ("a\n", 1, "expected: name kind"),
            ("a int 5 0 10 1 0.002 9\n", 1, "8 words"),
            ("a real 5 0 10 1 0.002\n", 1, "kind 'real'"),
            (
                "a int five 0 10 1 0.002\n",
                1,
                "start 'five' is not a number",
            ),
            ("a int 5 0 inf 1 0.002\n", 1, "max 'inf' is not a number"),
            ("a int 11 0 10 1 0.002\n", 1, "start within them"),
            ("a int 5 10 10 1 0.002\n", 1, "min < max"),
            ("a int 5 0 10 0 0.002\n", 1, "must be positive"),
            ("a int 5 0 10 1 -1\n", 1, "must be positive"),
            (
                "# c\na int 5 0 10 1 0.002\n\na int 6 0 10 1 0.002\n",
                4,
                "a is listed twice",
            ),
        ];
        for (text, line, message) in cases {
            let e = error(text);
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.message.contains(message), "{text:?}: {e}");
        }
        assert!(parse_config(good).is_ok());
        assert_eq!(
            error(&format!("{good}b int 1 2 3 1 1\n")).to_string(),
            "line 2: need min < max and start within them (1 in 2..3)"
        );
    }

    #[test]
    fn the_written_file_reads_back_with_the_new_start_values() {
        let text = "tempo int 12 0 50 2 0.002  # bonus\nexploration float 0.2 0 1 0.05 0.01\n";
        let params = parse_config(text).unwrap();
        let written = write_config(&params, &[13.6, 0.3125], &["after 40 iterations".into()]);
        assert!(written
            .starts_with("# after 40 iterations\n# --param tempo=14 --param exploration=0.3125\n"));
        let again = parse_config(&written).unwrap();
        assert_eq!(again[0].start, 14.0);
        assert_eq!(again[1].start, 0.3125);
        assert_eq!(
            again[1],
            ParamSpec {
                start: 0.3125,
                ..params[1].clone()
            }
        );
    }
}
