//! A match's score as cutechess-cli prints it: the Elo difference with its 95 % error, the
//! likelihood of superiority (LOS) and the draw ratio.

/// Wins, losses and draws of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Games the first engine lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Tally {
    /// Games played: wins, losses and draws together.
    pub fn games(self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The score, 0 to 1 (a draw is half a point).
    pub fn score(self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n)
    }

    /// The Elo difference and its 95 % error (cutechess-cli's formulas); infinite when one
    /// side scored every point, NaN without games.
    pub fn elo(self) -> (f64, f64) {
        let n = f64::from(self.games());
        let p = self.score();
        let (w, l, d) = (
            f64::from(self.wins) / n,
            f64::from(self.losses) / n,
            f64::from(self.draws) / n,
        );
        let dev = w * (1.0 - p).powi(2) + l * (0.0 - p).powi(2) + d * (0.5 - p).powi(2);
        let stdev = (dev / n).sqrt();
        let hi = p + 1.959_963_984_540_054 * stdev;
        let lo = p - 1.959_963_984_540_054 * stdev;
        (elo(p), (elo(hi) - elo(lo)) / 2.0)
    }

    /// The likelihood of superiority, in percent.
    pub fn los(self) -> f64 {
        let (w, l) = (f64::from(self.wins), f64::from(self.losses));
        if w == l {
            return 50.0;
        }
        100.0 * 0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }

    /// Draws as a share of the games, in percent.
    pub fn draw_ratio(self) -> f64 {
        100.0 * f64::from(self.draws) / f64::from(self.games().max(1))
    }
}

/// The Elo difference that gives the score `p`.
fn elo(p: f64) -> f64 {
    // `+ 0.0`: an even score is 0, not -0.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    if x < 0.0 { -y } else { y }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_cutechess_prints_it() {
        // cutechess-cli's formulas (its Elo class) for 6 - 3 - 1 give
        // "Elo difference: 107.5 +/- 269.1, LOS: 84.1 %, DrawRatio: 10.0 %".
        let t = Tally {
            wins: 6,
            losses: 3,
            draws: 1,
        };
        let (e, err) = t.elo();
        assert!((t.score() - 0.65).abs() < 1e-9);
        assert!((e - 107.5).abs() < 0.1, "{e}");
        assert!((err - 269.06).abs() < 0.05, "{err}");
        assert!((t.los() - 84.1).abs() < 0.1, "{}", t.los());
        assert_eq!(t.draw_ratio(), 10.0);
        let even = Tally {
            wins: 1,
            losses: 1,
            draws: 0,
        };
        assert_eq!(even.elo().0, 0.0);
        assert_eq!(even.los(), 50.0);
        let all = Tally {
            wins: 2,
            losses: 0,
            draws: 0,
        };
        assert!(all.elo().0.is_infinite());
    }
}
