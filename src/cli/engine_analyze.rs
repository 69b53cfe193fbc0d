//! `kifu analyze --engine CMD`: the engine's score, depth, best move and PV for every ply
//! (the hook in analyze.rs hands each valid game here).

use super::analyze::To;
use super::convert::write_csv_row;
use super::load::Loaded;
use super::per_input::Text;
use kifu::analysis::mate::{MateOptions, MateValue, Search};
use kifu::engine::analyze::{Ply, analyze, verdict};
use kifu::engine::game::Player;
use kifu::engine::{Config, Limit, Score};
use kifu::notation::Notate;
use kifu::notation::Notation;
use kifu::notation::Style;
use kifu::record::{Annotation, Comment, CommentKind, Nag, Span, Tag};
use kifu::replay::{Convention, Step};
use kifu::rules::{PerGame, Position as _, Status};
use kifu::writers::psn;
use serde_json::json;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The columns of `--to csv` with --engine.
pub const COLUMNS: [&str; 10] = [
    "file", "game", "ply", "move", "score", "depth", "best", "pv", "nag", "mate",
];

/// The options of engine analysis.
#[derive(clap::Args, Default)]
pub struct EngineArgs {
    /// Analyse with this XBoard engine instead (its command line, with arguments: `hachu`,
    /// `crazywa`): its score for every ply (from the side to move, in its units; mates `#N`),
    /// depth, best move and PV, in the record's notation (SAN for XBoard's files), every
    /// move checked by the rules. kifu's own mate search runs too (--mate-depth,
    /// --max-nodes): where it proves a mate, its value is the score (`#3`, `#-2`), whatever
    /// the engine said, and the `?`/`??` follow from it. With -j N, N engines analyse N games
    /// at once.
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,
    /// An `option` of the engine: `NAME=VALUE`.
    #[arg(long, value_name = "NAME=VALUE", requires = "engine")]
    pub engine_option: Vec<String>,
    /// With --engine: seconds per position (default 1; `st`).
    #[arg(
        long,
        value_name = "SECONDS",
        requires = "engine",
        conflicts_with = "depth"
    )]
    pub movetime: Option<u64>,
    /// With --engine: a depth per position (`sd`).
    #[arg(long, requires = "engine", conflicts_with = "nodes")]
    pub depth: Option<u32>,
    /// With --engine: a node count per position (`nps N` with `st 1`; only engines with
    /// `feature nps`, such as CrazyWa: HaChu has none, and is refused).
    #[arg(
        long,
        value_name = "N",
        requires = "engine",
        conflicts_with = "movetime"
    )]
    pub nodes: Option<u64>,
    /// With --engine: a move that loses more than this many pawns (the engine's units / 100)
    /// is `??` ($4), more than half of it `?` ($2).
    #[arg(long, value_name = "PAWNS", default_value_t = 2.0, requires = "engine")]
    pub blunder: f64,
    /// The engines that are not in use (one per thread at most).
    #[arg(skip)]
    pool: Mutex<Vec<Player>>,
    /// Some game or position was not analysed (reported): exit status 1.
    #[arg(skip)]
    incomplete: AtomicBool,
}

impl EngineArgs {
    pub fn active(&self) -> bool {
        self.engine.is_some()
    }

    /// Before any game: the engine started and the limit checked. An engine that does not
    /// start, or cannot take the limit (`--nodes` without `feature nps`), is said once and
    /// the run stops (exit status 2, nothing written); the engine is kept for the first game.
    pub fn check(&self) -> bool {
        let config = match self.config() {
            Ok(c) => c,
            Err(e) => {
                super::say::error("usage", e);
                return false;
            }
        };
        let mut player = Player::new(config);
        match player.check(self.limit()) {
            Ok(()) => {
                if let Ok(mut p) = self.pool.lock() {
                    p.push(player);
                }
                true
            }
            Err(e) => {
                super::say::error("engine", e);
                false
            }
        }
    }

    /// Whether some game or position was left unanalysed (each said on standard error).
    pub fn incomplete(&self) -> bool {
        self.incomplete.load(Ordering::Relaxed)
    }

    fn missed(&self) {
        self.incomplete.store(true, Ordering::Relaxed);
    }

    fn config(&self) -> Result<Config, String> {
        let mut c = Config::from_command_line(self.engine.as_deref().unwrap_or(""))
            .map_err(|e| e.to_string())?;
        for o in &self.engine_option {
            let (n, v) = o
                .split_once('=')
                .ok_or_else(|| format!("--engine-option {o:?}: NAME=VALUE expected"))?;
            c.options.push((n.to_string(), v.to_string()));
        }
        Ok(c)
    }

    fn limit(&self) -> Limit {
        match (self.depth, self.nodes) {
            (Some(d), _) => Limit::Depth(d.max(1)),
            (None, Some(n)) => Limit::Nodes(n.max(1)),
            (None, None) => Limit::MoveTime(Duration::from_secs(self.movetime.unwrap_or(1).max(1))),
        }
    }
}

/// A valid game analysed by the engine, written as `to` says.
pub fn game(
    args: &EngineArgs,
    mate: MateOptions,
    to: To,
    file: &str,
    index: usize,
    g: &Loaded,
) -> Option<Text> {
    let record = g.record.as_ref()?;
    let report = g.report.as_ref()?;
    let Some(PerGame::Wa(played)) = report.played.as_ref() else {
        super::say::error(
            "usage",
            format_args!("{file}: game {index}: engines analyse Wa games only"),
        );
        args.missed();
        return None;
    };
    let config = match args.config() {
        Ok(c) => c,
        Err(e) => {
            super::say::error("engine", e);
            args.missed();
            return None;
        }
    };
    let mut player = args
        .pool
        .lock()
        .ok()
        .and_then(|mut p| p.pop())
        .unwrap_or_else(|| Player::new(config));
    let moves: Vec<_> = played
        .main_moves(&record.movetext)
        .map(|(_, m)| *m)
        .collect();
    let start = played.start.position().clone();
    let plies = analyze(
        &mut player,
        &start,
        &moves,
        args.limit(),
        Duration::from_secs(60),
    );
    if let Ok(mut p) = args.pool.lock() {
        p.push(player);
    }
    let variant = start.variant();
    let style = match Convention::of(record) {
        Convention::Xboard => Style {
            notation: Notation::San,
            ..Style::default_for(variant)
        },
        Convention::Kifu => Style::default_for(variant),
    };
    // Each position's value by kifu's own mate search, as plain `kifu analyze` finds it.
    let mut search = Search::<kifu::wa::Position>::new(mate);
    let mut kifu_values = Vec::with_capacity(moves.len() + 1);
    let mut walk = played.main_line(&record.movetext);
    while let Some(step) = walk.next() {
        match step {
            Step::LineStart { position, .. }
            | Step::Ply {
                after: position, ..
            } => kifu_values.push(search.judge(position.position()).value),
            Step::LineEnd { .. } => {}
        }
    }
    // Each position's score for the side to move: kifu's proven mate first, then the engine's.
    let scores: Vec<Option<Score>> = (0..=moves.len())
        .map(|i| {
            proven(kifu_values[i]).or(match plies.get(i) {
                Some(Ply::Eval(e)) => e.score,
                _ => None,
            })
        })
        .collect();
    // Per move: its text, the engine's view before it, and the verdict.
    let mut rows = Vec::new();
    let mut walk = played.main_line(&record.movetext);
    let mut i = 0;
    while let Some(step) = walk.next() {
        let Step::Ply {
            id: node,
            before,
            mv: m,
            ..
        } = step
        else {
            continue;
        };
        let pos = before.position();
        let text = pos.notate(m, style).unwrap_or_default();
        let (mut depth, mut best, mut pv) = (None, None, None);
        let mut comment = None;
        let score = scores[i];
        match &plies.get(i) {
            Some(Ply::Eval(e)) => {
                let mut p = pos.clone();
                let mut words = Vec::new();
                for pm in &e.pv {
                    words.push(p.notate(pm, style).unwrap_or_default());
                    p.play_unchecked(pm);
                }
                depth = e.depth;
                best = Some(pos.notate(&e.best, style).unwrap_or_default());
                pv = Some(words.join(" "));
                comment = match (e.score, e.depth) {
                    (Some(s), Some(d)) => Some(format!("{s}/{d}")),
                    _ => None,
                };
            }
            Some(Ply::Failed(err)) => {
                super::say::error(
                    "engine",
                    format_args!("{file}: game {index}: ply {}: {err}", i + 1),
                );
                args.missed();
            }
            _ => {}
        }
        // A mate kifu proved says so, with the engine's own view beside it if it differs.
        if let Some(s) = proven(kifu_values[i]) {
            let v = kifu_values[i];
            comment = Some(match comment.take() {
                Some(c) if c.starts_with(&format!("{s}/")) => c,
                Some(c) => format!("{s} (kifu: {v}; engine: {c})"),
                None => format!("{s} (kifu: {v})"),
            });
        }
        let after = match plies.get(i + 1) {
            Some(Ply::Over(Status::Over(o))) => Some(match o.winner {
                Some(w) if w == pos.turn() => Score::Mate(1),
                Some(_) => Score::Mate(-1),
                None => Score::Cp(0),
            }),
            _ => scores.get(i + 1).copied().flatten().map(Score::negate),
        };
        let nag = match (score, after) {
            (Some(b), Some(a)) => verdict(b, a, args.blunder),
            _ => None,
        };
        let kifu_value = kifu_values[i].to_string();
        rows.push((
            node,
            i + 1,
            text,
            score,
            depth,
            best,
            pv,
            nag,
            comment,
            kifu_value,
        ));
        i += 1;
    }
    // The last position (after the last move) has no row, but its failure is said too.
    if let Some(Ply::Failed(err)) = plies.get(moves.len()) {
        super::say::error(
            "engine",
            format_args!("{file}: game {index}: after the last ply: {err}"),
        );
        args.missed();
    }
    match to {
        To::Psn => {
            let mut r = record.clone();
            let span = Span::at(record.span.end);
            for (node, _, _, _, _, _, _, nag, comment, _) in &rows {
                let n = r.movetext.node_mut(*node);
                if let Some(v) = nag {
                    n.annotations.push(Annotation::Nag(Nag { value: *v, span }));
                }
                if let Some(text) = comment {
                    n.annotations.push(Annotation::Comment(Comment {
                        kind: CommentKind::Brace,
                        text: text.clone(),
                        span,
                    }));
                }
            }
            r.tags.retain(|t| !t.is("Annotator"));
            let name = player_name(args);
            r.tags.push(Tag {
                name: "Annotator".into(),
                value: format!("kifu analyze --engine {name}"),
                name_span: span,
                value_span: span,
                span,
            });
            psn::write(&r, report, style).ok().map(Text::Record)
        }
        To::Csv | To::Json => {
            let mut bytes = Vec::new();
            for (_, ply, text, score, depth, best, pv, nag, _, kifu_value) in rows {
                let fields = [
                    file.to_string(),
                    index.to_string(),
                    ply.to_string(),
                    text,
                    score.map(|s| s.to_string()).unwrap_or_default(),
                    depth.map(|d| d.to_string()).unwrap_or_default(),
                    best.unwrap_or_default(),
                    pv.unwrap_or_default(),
                    nag.map(|n| format!("${n}")).unwrap_or_default(),
                    kifu_value,
                ];
                if to == To::Csv {
                    let _ = write_csv_row(&mut bytes, fields.to_vec());
                } else {
                    let mut o = serde_json::Map::new();
                    for (k, v) in COLUMNS.iter().zip(fields) {
                        o.insert(
                            k.to_string(),
                            if v.is_empty() { json!(null) } else { json!(v) },
                        );
                    }
                    o["game"] = json!(index);
                    o["ply"] = json!(ply);
                    o["depth"] = json!(depth);
                    bytes.extend_from_slice(
                        format!("{}\n", serde_json::Value::Object(o)).as_bytes(),
                    );
                }
            }
            Some(Text::Lines(bytes))
        }
    }
}

/// A mate kifu proved, as a score for the side to move (`#3`: it mates with its third move;
/// `#-2`: it is mated by the opponent's second). A proof of no mate is no score: kifu's search
/// tries checks only, and a quiet move may still mate.
fn proven(v: MateValue) -> Option<Score> {
    match v {
        MateValue::Mate(k) if k > 0 => Some(Score::Mate(k as i32)),
        MateValue::Mated(k) if k > 0 => Some(Score::Mate(-(k as i32))),
        _ => None,
    }
}

fn player_name(args: &EngineArgs) -> String {
    args.pool
        .lock()
        .ok()
        .and_then(|p| p.last().map(|p| p.name.clone()))
        .unwrap_or_else(|| args.engine.clone().unwrap_or_default())
}
