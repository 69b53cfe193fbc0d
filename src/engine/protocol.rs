//! The text of XBoard's protocol 2, engine to GUI: `feature` lines and thinking lines, read
//! into values (no I/O here).

use std::fmt;

/// The `feature`s an engine announced (protocol 2 defaults for the rest).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// `myname="..."`: the engine's name (None: not announced).
    pub myname: Option<String>,
    /// `setboard=1`: the engine takes a position by `setboard FEN`.
    pub setboard: bool,
    /// `usermove=1`: moves sent to the engine are prefixed `usermove`.
    pub usermove: bool,
    /// `san=1`: the engine reads and writes moves in SAN, not coordinates.
    pub san: bool,
    /// `ping=1`: the engine answers `ping N` with `pong N`.
    pub ping: bool,
    /// `memory=1`: the engine takes its hash size by `memory MB`.
    pub memory: bool,
    /// `nps=1`: the engine takes a node limit (`nps`).
    pub nps: bool,
    /// `variants="..."`: the variants it plays (None: not announced).
    pub variants: Option<Vec<String>>,
    /// `option="NAME -TYPE ..."` lines, as sent.
    pub options: Vec<String>,
    /// `done=0` was seen (the engine asked for more time to start), and `done=1` after it.
    pub done0: bool,
    /// `done=1` was seen: the engine has announced all its features.
    pub done1: bool,
}

impl Features {
    /// Reads the pairs of one `feature` line (`rest` = what follows `feature `); returns for
    /// each pair whether it was understood (`accepted`) or not (`rejected`).
    pub fn read(&mut self, rest: &str) -> Vec<(String, bool)> {
        let mut answers = Vec::new();
        for (name, value) in feature_pairs(rest) {
            let on = value == "1";
            let known = match name.as_str() {
                "myname" => {
                    self.myname = Some(value);
                    true
                }
                "setboard" => {
                    self.setboard = on;
                    true
                }
                "usermove" => {
                    self.usermove = on;
                    true
                }
                "san" => {
                    self.san = on;
                    true
                }
                "ping" => {
                    self.ping = on;
                    true
                }
                "memory" => {
                    self.memory = on;
                    true
                }
                "nps" => {
                    self.nps = on;
                    true
                }
                "variants" => {
                    self.variants = Some(value.split(',').map(|v| v.trim().to_string()).collect());
                    true
                }
                "option" => {
                    self.options.push(value);
                    true
                }
                "done" => {
                    if on {
                        self.done1 = true;
                    } else {
                        self.done0 = true;
                    }
                    true
                }
                // Understood, and nothing to do: kifu sends no `white`/`black`, no signals.
                "colors" | "sigint" | "sigterm" | "reuse" | "analyze" | "time" | "draw"
                | "debug" | "highlight" | "exclude" | "pause" | "playother" | "ics" | "name"
                | "smp" | "egt" | "setscore" | "nopause" => true,
                _ => false,
            };
            answers.push((name, known));
        }
        answers
    }

    /// The name of an `option` feature (what comes before ` -TYPE`).
    pub fn option_names(&self) -> Vec<&str> {
        self.options
            .iter()
            .map(|o| o.split(" -").next().unwrap_or(o).trim())
            .collect()
    }
}

/// The `name=value` pairs of a feature line; a value in double quotes may hold spaces.
pub fn feature_pairs(s: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = s.trim_start();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else { break };
        let name = rest[..eq].trim().to_string();
        rest = &rest[eq + 1..];
        let value;
        if let Some(q) = rest.strip_prefix('"') {
            let end = q.find('"').unwrap_or(q.len());
            value = q[..end].to_string();
            rest = q.get(end + 1..).unwrap_or("");
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            value = rest[..end].to_string();
            rest = &rest[end..];
        }
        out.push((name, value));
        rest = rest.trim_start();
    }
    out
}

/// An engine's score, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (the engine's units).
    Cp(i32),
    /// A forced mate: `Mate(n)`, n > 0, the side to move mates with its n-th move; n < 0, it is
    /// mated after its |n|-th move.
    Mate(i32),
}

/// How an engine writes mate scores in its thinking lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateStyle {
    /// XBoard's protocol: 100000 + N for a mate in N moves (CrazyWa), -100000 - N when mated.
    Xboard,
    /// HaChu: 8000 - N for a mate in N plies, -(8000 - N) when mated in N plies.
    HaChu,
}

impl MateStyle {
    /// The style of the engine called `name` (its `myname`).
    pub fn of(name: &str) -> MateStyle {
        if name.to_ascii_lowercase().starts_with("hachu") {
            MateStyle::HaChu
        } else {
            MateStyle::Xboard
        }
    }

    /// The score an engine wrote.
    pub fn score(self, raw: i32) -> Score {
        let sign = if raw < 0 { -1 } else { 1 };
        let a = raw.unsigned_abs() as i64;
        match self {
            MateStyle::Xboard if (100_000..=101_000).contains(&a) => {
                Score::Mate(sign * (a - 100_000).max(1) as i32)
            }
            MateStyle::HaChu if (7_900..=8_000).contains(&a) => {
                let plies = 8_000 - a;
                Score::Mate(sign * ((plies + 1) / 2).max(1) as i32)
            }
            _ => Score::Cp(raw),
        }
    }
}

impl Score {
    /// A number to compare scores by (mates beyond any material score).
    pub fn rank(self) -> i64 {
        match self {
            Score::Cp(c) => i64::from(c),
            Score::Mate(n) if n > 0 => 1_000_000_000 - i64::from(n),
            Score::Mate(n) => -1_000_000_000 - i64::from(n),
        }
    }

    /// The score for the other side.
    pub fn negate(self) -> Score {
        match self {
            Score::Cp(c) => Score::Cp(-c),
            Score::Mate(n) => Score::Mate(-n),
        }
    }

    /// Pawns, as a number (a mate: ±1000).
    pub fn pawns(self) -> f64 {
        match self {
            Score::Cp(c) => f64::from(c) / 100.0,
            Score::Mate(n) if n > 0 => 1000.0,
            Score::Mate(_) => -1000.0,
        }
    }
}

/// `+0.35` (pawns, two decimals, the sign always), `#3` (mates in 3), `#-2` (is mated in 2).
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(c) => {
                let sign = if c < 0 { '-' } else { '+' };
                let a = c.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// A thinking line as written: `depth score time nodes pv...` (time in centiseconds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawThinking {
    /// The search depth, in plies.
    pub depth: u32,
    /// The score, from the side to move, in the engine's units (mates as the engine codes them).
    pub score: i32,
    /// The time spent, in centiseconds.
    pub centis: u64,
    /// The positions searched.
    pub nodes: u64,
    /// The PV's words (comments in braces and move numbers left out).
    pub pv: Vec<String>,
}

/// Reads a thinking line; None if the line is not one.
pub fn thinking(line: &str) -> Option<RawThinking> {
    let mut words = line.split_whitespace();
    // Some engines mark the depth (`12&`, `12.`): digits first.
    let d = words.next()?;
    let digits: String = d.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() || digits.len() + 1 < d.len() {
        return None;
    }
    let depth = digits.parse().ok()?;
    let score = words.next()?.parse().ok()?;
    let centis = words.next()?.parse().ok()?;
    let nodes = words.next()?.parse().ok()?;
    let mut pv = Vec::new();
    let mut in_comment = 0usize;
    for w in words {
        if in_comment > 0 || w.starts_with('{') || w.starts_with('(') {
            in_comment += w.matches(['{', '(']).count();
            in_comment = in_comment.saturating_sub(w.matches(['}', ')']).count());
            continue;
        }
        let number = w.trim_end_matches('.');
        if w.ends_with('.') && number.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        pv.push(w.to_string());
    }
    Some(RawThinking {
        depth,
        score,
        centis,
        nodes,
        pv,
    })
}

/// Why an engine's command line cannot be split into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLineError {
    kind: CommandLineErrorKind,
    message: String,
}

/// The kinds of [`CommandLineError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandLineErrorKind {
    /// A quote (`'` or `"`) opened and never closed.
    UnclosedQuote,
    /// No word at all.
    Empty,
}

impl CommandLineError {
    fn unclosed(quote: char, s: &str) -> CommandLineError {
        CommandLineError {
            kind: CommandLineErrorKind::UnclosedQuote,
            message: format!("unclosed {quote} in {s:?}"),
        }
    }

    /// What is wrong.
    pub fn kind(&self) -> CommandLineErrorKind {
        self.kind
    }
}

impl std::fmt::Display for CommandLineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CommandLineError {}

/// Splits a command line into words as a POSIX shell does for plain words, quotes ('...'
/// and "...") and backslashes (no variables, no globbing).
pub fn split_command(s: &str) -> Result<Vec<String>, CommandLineError> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut have = false;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                have = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => cur.push(c),
                        None => return Err(CommandLineError::unclosed('\'', s)),
                    }
                }
            }
            '"' => {
                have = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => cur.push(c),
                            Some(c) => {
                                cur.push('\\');
                                cur.push(c);
                            }
                            None => return Err(CommandLineError::unclosed('"', s)),
                        },
                        Some(c) => cur.push(c),
                        None => return Err(CommandLineError::unclosed('"', s)),
                    }
                }
            }
            '\\' => {
                have = true;
                if let Some(c) = chars.next() {
                    cur.push(c);
                }
            }
            c if c.is_whitespace() => {
                if have {
                    words.push(std::mem::take(&mut cur));
                    have = false;
                }
            }
            c => {
                have = true;
                cur.push(c);
            }
        }
    }
    if have {
        words.push(cur);
    }
    if words.is_empty() {
        return Err(CommandLineError {
            kind: CommandLineErrorKind::Empty,
            message: "an empty engine command".into(),
        });
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_of_hachu_and_crazywa() {
        let mut f = Features::default();
        f.read(r#"ping=1 setboard=1 colors=0 usermove=1 memory=1 debug=1 sigint=0 sigterm=0"#);
        f.read(r#"myname="HaChu 0.21" highlight=1"#);
        f.read(r#"option="Full analysis PV -check 1""#);
        f.read(r#"option="Exclude move: -string ""#);
        let answers = f.read(r#"variants="chu,wa-shogi" frobnicate=1 done=1"#);
        assert_eq!(f.myname.as_deref(), Some("HaChu 0.21"));
        assert!(f.setboard && f.usermove && f.ping && f.memory && !f.san && f.done1);
        assert_eq!(f.variants, Some(vec!["chu".into(), "wa-shogi".into()]));
        assert_eq!(f.option_names(), ["Full analysis PV", "Exclude move:"]);
        assert_eq!(answers[1], ("frobnicate".into(), false));
    }

    #[test]
    fn thinking_lines() {
        let t = thinking("4 0 3 8846 h3g4 d9e8 g4g9+ e8e3+").unwrap();
        assert_eq!((t.depth, t.score, t.centis, t.nodes), (4, 0, 3, 8846));
        assert_eq!(t.pv, ["h3g4", "d9e8", "g4g9+", "e8e3+"]);
        let t =
            thinking("1 18 0 53 h3g4 { root eval = 0.00 dif = 0.00; abs = 0.00 f=122 }").unwrap();
        assert_eq!(t.pv, ["h3g4"]);
        let t = thinking("12& -35 100 7 1. e1e2 2. f1e2").unwrap();
        assert_eq!((t.depth, t.score), (12, -35));
        assert_eq!(t.pv, ["e1e2", "f1e2"]);
        assert_eq!(thinking("move h3g4"), None);
        assert_eq!(thinking("# 0 61045b78, 0"), None);
    }

    #[test]
    fn mate_scores() {
        assert_eq!(MateStyle::HaChu.score(7999), Score::Mate(1));
        assert_eq!(MateStyle::HaChu.score(7997), Score::Mate(2));
        assert_eq!(MateStyle::HaChu.score(-7998), Score::Mate(-1));
        assert_eq!(MateStyle::HaChu.score(714), Score::Cp(714));
        assert_eq!(MateStyle::Xboard.score(100_002), Score::Mate(2));
        assert_eq!(MateStyle::Xboard.score(-100_001), Score::Mate(-1));
        assert_eq!(MateStyle::Xboard.score(7999), Score::Cp(7999));
        assert_eq!(Score::Cp(35).to_string(), "+0.35");
        assert_eq!(Score::Cp(-107).to_string(), "-1.07");
        assert_eq!(Score::Cp(0).to_string(), "+0.00");
        assert_eq!(Score::Mate(-2).to_string(), "#-2");
        assert!(Score::Mate(3).rank() > Score::Mate(5).rank());
        assert!(Score::Mate(-5).rank() > Score::Mate(-3).rank());
    }

    #[test]
    fn command_words() {
        assert_eq!(split_command("hachu").unwrap(), ["hachu"]);
        assert_eq!(
            split_command(r#"sh -c 'exec hachu' "a b" c\ d"#).unwrap(),
            ["sh", "-c", "exec hachu", "a b", "c d"]
        );
        let empty = split_command("  ").unwrap_err();
        assert_eq!(empty.kind(), CommandLineErrorKind::Empty);
        assert_eq!(empty.to_string(), "an empty engine command");
        let open = split_command("'x").unwrap_err();
        assert_eq!(open.kind(), CommandLineErrorKind::UnclosedQuote);
        assert_eq!(open.to_string(), r#"unclosed ' in "'x""#);
    }
}
