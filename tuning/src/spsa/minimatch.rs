//! Mini-matches between the engine at `θ+` and the engine at `θ-`, played by the match
//! runners ([`gomocup::run_match`], [`gtp::run_match`]): each engine is a base command
//! line with `--param NAME=VALUE` appended for every tuned parameter.

use super::{ParamSpec, Perturbation};
use crate::engine::EngineSpec;
use crate::gomocup::{self, MatchConfig};
use crate::gtp::{self, GtpMatchConfig};
use crate::openings::Opening;
use crate::summary::{is_failed_start, Outcome};
use std::ops::ControlFlow;

/// The base command line of the tuned engine, run as is or with `sh -c`.
#[derive(Clone, Debug)]
pub struct BaseEngine {
    pub command: String,
    pub shell: bool,
}

impl BaseEngine {
    /// The engine called `name` with `values` for `params`.
    ///
    /// ```
    /// use tengen_tuning::spsa::{minimatch::BaseEngine, parse_config};
    /// let params = parse_config("tempo int 12 0 50 2 0.002").unwrap();
    /// let base = BaseEngine { command: "tengen gomocup".into(), shell: false };
    /// let e = base.with_values("plus", &params, &[13.7]).unwrap();
    /// assert_eq!(e.args, ["gomocup", "--param", "tempo=14"]);
    /// ```
    pub fn with_values(
        &self,
        name: &str,
        params: &[ParamSpec],
        values: &[f64],
    ) -> Result<EngineSpec, String> {
        let options: Vec<String> = params
            .iter()
            .zip(values)
            .map(|(p, &v)| format!("--param {}={}", p.name, p.engine_value(v)))
            .collect();
        let command = format!("{} {}", self.command, options.join(" "));
        if self.shell {
            Ok(EngineSpec::shell(name, &command))
        } else {
            EngineSpec::from_command_line(name, &command)
                .filter(|_| !self.command.trim().is_empty())
                .ok_or_else(|| "empty engine command line".to_string())
        }
    }
}

/// The match runner and its settings.
#[derive(Clone, Debug)]
pub enum Runner {
    /// Gomocup games from these openings (in turn, each with colours swapped).
    Gomocup {
        config: MatchConfig,
        openings: Vec<Opening>,
    },
    /// GTP games; the config's openings are taken in turn, each with colours swapped.
    Gtp(GtpMatchConfig),
}

/// How every iteration plays.
#[derive(Clone, Debug)]
pub struct MiniMatch {
    pub runner: Runner,
    pub engine: BaseEngine,
    /// Games per iteration (even: openings are played in colour-swapped pairs).
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
}

/// What a mini-match gives back.
#[derive(Clone, Debug, PartialEq)]
pub struct MiniMatchResult {
    /// `points(θ+) - points(θ-)`.
    pub difference: f64,
    /// Short results of the games, `θ+`'s points each (`1`, `0.5`, `0`), in order.
    pub games: Vec<f64>,
}

/// The `pairs` openings of iteration `k`: the next ones after the previous iterations',
/// cycling; none when there are none.
pub fn iteration_openings<T: Clone>(all: &[T], k: usize, pairs: usize) -> Vec<T> {
    if all.is_empty() {
        return Vec::new();
    }
    (0..pairs)
        .map(|j| all[(k * pairs + j) % all.len()].clone())
        .collect()
}

/// The result of games whose engine 1 was `θ+`; an error when an engine could not start
/// (a wrong command line or a parameter the engine refuses), which would otherwise
/// count as a game lost, or drawn, by the parameters.
fn result_of<O: Outcome>(records: &[O]) -> Result<MiniMatchResult, String> {
    if let Some(failed) = records.iter().find(|r| is_failed_start(r.category())) {
        return Err(format!(
            "an engine failed to start ({}): check the engine command and that it takes \
             every parameter of the file as --param NAME=VALUE within its range",
            failed.category()
        ));
    }
    let games: Vec<f64> = records.iter().map(Outcome::engine1_points).collect();
    Ok(MiniMatchResult {
        difference: games.iter().map(|p| 2.0 * p - 1.0).sum(),
        games,
    })
}

impl MiniMatch {
    /// Plays the mini-match of `perturbation` for `params`.
    pub fn play(
        &self,
        params: &[ParamSpec],
        perturbation: &Perturbation,
    ) -> Result<MiniMatchResult, String> {
        let plus = self
            .engine
            .with_values("plus", params, &perturbation.plus)?;
        let minus = self
            .engine
            .with_values("minus", params, &perturbation.minus)?;
        let pairs = self.games.div_ceil(2).max(1);
        let k = perturbation.iteration;
        match &self.runner {
            Runner::Gomocup { config, openings } => {
                let openings = iteration_openings(openings, k, pairs);
                let games = gomocup::schedule(&openings, self.games);
                result_of(&gomocup::run_match(
                    config,
                    &plus,
                    &minus,
                    &games,
                    self.concurrency,
                    |_| ControlFlow::Continue(()),
                ))
            }
            Runner::Gtp(config) => {
                let config = GtpMatchConfig {
                    openings: iteration_openings(&config.openings, k, pairs),
                    ..config.clone()
                };
                result_of(&gtp::run_match(
                    &config,
                    &plus,
                    &minus,
                    self.games,
                    self.concurrency,
                    |_| ControlFlow::Continue(()),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_iteration_takes_the_next_openings() {
        let all = ["a", "b", "c"];
        assert_eq!(iteration_openings(&all, 0, 1), ["a"]);
        assert_eq!(iteration_openings(&all, 4, 1), ["b"]);
        assert_eq!(iteration_openings(&all, 1, 2), ["c", "a"]);
        assert!(iteration_openings::<&str>(&[], 5, 2).is_empty());
    }

    #[test]
    fn a_shell_command_gets_the_options_too() {
        let params = crate::spsa::parse_config("x float 0.2 0 1 0.05 0.01").unwrap();
        let base = BaseEngine {
            command: "tengen gtp --playouts 100 2>/dev/null".into(),
            shell: true,
        };
        let e = base.with_values("minus", &params, &[0.15]).unwrap();
        assert_eq!(
            e.args[1],
            "tengen gtp --playouts 100 2>/dev/null --param x=0.15"
        );
        let empty = BaseEngine {
            command: " ".into(),
            shell: false,
        };
        assert!(empty.with_values("plus", &params, &[0.1]).is_err());
    }
}
