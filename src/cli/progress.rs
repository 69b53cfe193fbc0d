//! The progress line on standard error: shown only when standard error is a terminal and
//! --quiet is not given, redrawn four times a second with the time elapsed.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// A spinner with a message; hidden (every call a no-op) off a terminal or with --quiet.
/// It can be updated from any thread.
pub struct Spinner(ProgressBar);

impl Spinner {
    pub fn new(quiet: bool) -> Spinner {
        if quiet || !std::io::stderr().is_terminal() {
            return Spinner(ProgressBar::hidden());
        }
        let pb = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(4));
        pb.set_style(
            ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        pb.enable_steady_tick(Duration::from_millis(250));
        Spinner(pb)
    }

    pub fn is_hidden(&self) -> bool {
        self.0.is_hidden()
    }

    pub fn say(&self, message: String) {
        self.0.set_message(message);
    }

    /// Clears the line (before the summary is printed).
    pub fn finish(&self) {
        self.0.finish_and_clear();
    }
}
