//! SPSA (Spall's simultaneous perturbation stochastic approximation) for engine
//! parameters, as chess tuners (fishtest, OpenBench) run it.
//!
//! Each iteration `k` (from 0) draws a random sign `Δ_i = ±1` for every parameter, plays
//! a mini-match between the engine with `θ + c_k Δ` and the engine with `θ - c_k Δ`
//! (both clamped to the bounds), and moves every parameter towards the better side:
//!
//! ```text
//! θ_i ← clamp(θ_i + a_k,i · R / (2 c_k,i) · Δ_i),   R = points(θ+) - points(θ-)
//! c_k = c / (k + 1)^γ,        c = c_end · N^γ               (γ = 0.101)
//! a_k = a / (A + k + 1)^α,    a = r_end · c_end² · (A + N)^α (α = 0.602, A = N / 10)
//! ```
//!
//! so that the last of `N` iterations perturbs by `c_end` and learns at `r_end`
//! (`a_end = r_end · c_end²`). What the mini-match is stays open ([`Tuner::iterate`]
//! takes any function), so the arithmetic can be tested on a known objective;
//! [`minimatch`] plays real games through the match runners, and [`curve`] keeps the run
//! on disk.

pub mod config;
pub mod curve;
pub mod minimatch;

pub use config::{parse_config, write_config, ConfigError, Kind, ParamSpec};

use tengen::core::SplitMix64;

/// Spall's recommended exponent of the learning-rate schedule.
pub const ALPHA: f64 = 0.602;
/// Spall's recommended exponent of the perturbation schedule.
pub const GAMMA: f64 = 0.101;

/// The gain schedules of a run of `iterations` iterations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    pub iterations: usize,
    /// The stability constant `A` (a tenth of the iterations).
    pub stability: f64,
}

impl Schedule {
    /// The schedule of a run of `iterations` (at least 1).
    pub fn new(iterations: usize) -> Schedule {
        let iterations = iterations.max(1);
        Schedule {
            iterations,
            stability: iterations as f64 / 10.0,
        }
    }

    /// The perturbation of `param` at iteration `k` (from 0): `c_end` at the last.
    ///
    /// ```
    /// use tengen_tuning::spsa::{parse_config, Schedule};
    /// let p = &parse_config("x float 0 -10 10 2 0.5").unwrap()[0];
    /// let s = Schedule::new(100);
    /// assert!((s.c(p, 99) - 2.0).abs() < 1e-9 && s.c(p, 0) > 2.0);
    /// assert!((s.a(p, 99) - 0.5 * 4.0).abs() < 1e-9 && s.a(p, 0) > s.a(p, 99));
    /// ```
    pub fn c(&self, param: &ParamSpec, k: usize) -> f64 {
        let n = self.iterations as f64;
        param.c_end * n.powf(GAMMA) / (k as f64 + 1.0).powf(GAMMA)
    }

    /// The learning rate of `param` at iteration `k`: `r_end * c_end²` at the last.
    pub fn a(&self, param: &ParamSpec, k: usize) -> f64 {
        let n = self.iterations as f64;
        let a_end = param.r_end * param.c_end * param.c_end;
        a_end * ((self.stability + n) / (self.stability + k as f64 + 1.0)).powf(ALPHA)
    }
}

/// The two parameter vectors an iteration plays against each other.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration, from 0.
    pub iteration: usize,
    /// The sign of every parameter's perturbation, +1 or -1.
    pub delta: Vec<f64>,
    /// `θ + c_k Δ`, clamped.
    pub plus: Vec<f64>,
    /// `θ - c_k Δ`, clamped.
    pub minus: Vec<f64>,
}

/// An SPSA run: the parameters, their current values and the schedule.
#[derive(Clone, Debug)]
pub struct Tuner {
    params: Vec<ParamSpec>,
    theta: Vec<f64>,
    schedule: Schedule,
    seed: u64,
    next: usize,
}

impl Tuner {
    /// A run of `iterations` from the parameters' start values; `seed` fixes every
    /// iteration's signs.
    pub fn new(params: Vec<ParamSpec>, iterations: usize, seed: u64) -> Tuner {
        let theta = params.iter().map(|p| p.start).collect();
        Tuner {
            params,
            theta,
            schedule: Schedule::new(iterations),
            seed,
            next: 0,
        }
    }

    /// The same run continued after `done` iterations, at `theta` (as a curve file
    /// recorded it). `theta` must have a value per parameter; values are clamped.
    pub fn resume(mut self, done: usize, theta: &[f64]) -> Result<Tuner, String> {
        if theta.len() != self.params.len() {
            return Err(format!(
                "{} values to resume from, for {} parameters",
                theta.len(),
                self.params.len()
            ));
        }
        self.theta = self
            .params
            .iter()
            .zip(theta)
            .map(|(p, &v)| p.clamp(v))
            .collect();
        self.next = done;
        Ok(self)
    }

    pub fn params(&self) -> &[ParamSpec] {
        &self.params
    }

    /// The current values.
    pub fn theta(&self) -> &[f64] {
        &self.theta
    }

    pub fn schedule(&self) -> Schedule {
        self.schedule
    }

    /// The iterations done so far.
    pub fn done(&self) -> usize {
        self.next
    }

    /// Whether every iteration of the schedule has run.
    pub fn finished(&self) -> bool {
        self.next >= self.schedule.iterations
    }

    /// The next iteration's two parameter vectors (the signs depend only on the seed and
    /// the iteration).
    pub fn perturb(&self) -> Perturbation {
        let k = self.next;
        let mut rng =
            SplitMix64::new(self.seed ^ (k as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let delta: Vec<f64> = self
            .params
            .iter()
            .map(|_| if rng.next_u64() & 1 == 0 { 1.0 } else { -1.0 })
            .collect();
        let shifted = |sign: f64| {
            self.params
                .iter()
                .zip(&self.theta)
                .zip(&delta)
                .map(|((p, &t), &d)| p.clamp(t + sign * self.schedule.c(p, k) * d))
                .collect()
        };
        Perturbation {
            iteration: k,
            plus: shifted(1.0),
            minus: shifted(-1.0),
            delta,
        }
    }

    /// Applies the result of `perturbation`'s mini-match, `points(θ+) - points(θ-)`.
    pub fn update(&mut self, perturbation: &Perturbation, result: f64) {
        let k = perturbation.iteration;
        for ((p, t), &d) in self
            .params
            .iter()
            .zip(&mut self.theta)
            .zip(&perturbation.delta)
        {
            let step = self.schedule.a(p, k) * result / (2.0 * self.schedule.c(p, k)) * d;
            *t = p.clamp(*t + step);
        }
        self.next = k + 1;
    }

    /// One iteration: perturbs, asks `play` for the mini-match result (`points(θ+) -
    /// points(θ-)`) and updates. Returns the result.
    ///
    /// ```
    /// use tengen_tuning::spsa::{parse_config, Tuner};
    /// let params = parse_config("x float 0 -10 10 1 0.5").unwrap();
    /// let mut tuner = Tuner::new(params, 10, 1);
    /// // θ+ always wins by one point: x moves towards its side.
    /// let sign = tuner.perturb().delta[0];
    /// tuner.iterate(|_| Ok::<f64, ()>(1.0)).unwrap();
    /// assert!(tuner.theta()[0] * sign > 0.0);
    /// ```
    pub fn iterate<E>(
        &mut self,
        play: impl FnOnce(&Perturbation) -> Result<f64, E>,
    ) -> Result<f64, E> {
        let perturbation = self.perturb();
        let result = play(&perturbation)?;
        self.update(&perturbation, result);
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A noisy mini-match of `games` games on the objective `-(x-3)² - (y+2)²`: each
    /// game is won by θ+ with a probability that grows with its advantage.
    fn noisy_match(p: &Perturbation, rng: &mut SplitMix64, games: usize) -> f64 {
        let f = |v: &[f64]| -(v[0] - 3.0).powi(2) - (v[1] + 2.0).powi(2);
        let edge = f(&p.plus) - f(&p.minus);
        let win = 1.0 / (1.0 + (-edge / 4.0).exp());
        (0..games)
            .map(|_| if rng.unit() < win { 1.0 } else { -1.0 })
            .sum()
    }

    fn params() -> Vec<ParamSpec> {
        parse_config("x float -4 -10 10 0.5 0.02\ny int 5 -10 10 0.5 0.02\n").unwrap()
    }

    #[test]
    fn converges_near_the_optimum_of_a_noisy_objective() {
        for seed in 1..=3 {
            let mut tuner = Tuner::new(params(), 3000, seed);
            let mut rng = SplitMix64::new(seed + 100);
            while !tuner.finished() {
                tuner
                    .iterate(|p| Ok::<f64, ()>(noisy_match(p, &mut rng, 2)))
                    .unwrap();
            }
            let theta = tuner.theta();
            assert!((theta[0] - 3.0).abs() < 1.0, "seed {seed}: {theta:?}");
            assert!((theta[1] + 2.0).abs() < 1.0, "seed {seed}: {theta:?}");
        }
    }

    #[test]
    fn values_stay_within_their_bounds() {
        // θ+ always wins: every step pushes along Δ, with huge gains.
        let spec = parse_config("x float 0 -1 1 5 100\n").unwrap();
        let mut tuner = Tuner::new(spec, 20, 7);
        while !tuner.finished() {
            let p = tuner.perturb();
            assert!(p.plus[0].abs() <= 1.0 && p.minus[0].abs() <= 1.0, "{p:?}");
            assert_eq!(p.plus[0], -p.minus[0]);
            tuner.update(&p, 2.0);
            assert!(tuner.theta()[0].abs() <= 1.0, "{:?}", tuner.theta());
        }
        let resumed = Tuner::new(parse_config("x float 0 -1 1 5 100\n").unwrap(), 20, 7)
            .resume(3, &[9.0])
            .unwrap();
        assert_eq!((resumed.theta()[0], resumed.done()), (1.0, 3));
        assert!(resumed.clone().resume(3, &[1.0, 2.0]).is_err());
    }

    #[test]
    fn the_update_is_a_times_result_over_two_c_along_delta() {
        let spec = parse_config("x float 0 -100 100 2 0.25\n").unwrap();
        let mut tuner = Tuner::new(spec.clone(), 10, 3);
        let p = tuner.perturb();
        let (a, c) = (
            tuner.schedule().a(&spec[0], 0),
            tuner.schedule().c(&spec[0], 0),
        );
        assert!((p.plus[0] - c * p.delta[0]).abs() < 1e-12);
        tuner.update(&p, 1.5);
        assert!((tuner.theta()[0] - a * 1.5 / (2.0 * c) * p.delta[0]).abs() < 1e-12);
        // The signs depend on the seed and the iteration only.
        let again = Tuner::new(spec, 10, 3).resume(1, tuner.theta()).unwrap();
        assert_eq!(again.perturb(), tuner.perturb());
    }
}
