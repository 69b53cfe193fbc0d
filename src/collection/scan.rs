//! Reading a collection: every input cut into games, each game examined on several threads,
//! and the results handed over in input order.
//!
//! A reader thread takes the inputs one after the other, each already cut into games by the
//! caller's input loop (the command line's opens a file and runs the
//! [`GameSplitter`](crate::record::GameSplitter) over it: streaming, one game at a time), and
//! hands the games over in batches (memory is bounded by the batches in flight, whatever the
//! size of the files); `threads` workers run `examine` on each game; the caller's `consume`
//! sees every input and game in input order whatever the threads do. The command line reads
//! every collection this way (`kifu validate`, `convert`, `analyze`, `filter`, `stats`).

use crate::record::{ErrorKind, GameChunk, RecordError};
use std::collections::BTreeMap;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

/// An input, as the input loop gives it.
pub enum Input<G> {
    /// An input that could be opened, and its games.
    Opened {
        /// The input's name as the command line shows it (a path, or `-` for standard input).
        name: String,
        /// Its games, as the input loop cuts them.
        games: G,
    },
    /// An input that could not be opened.
    Failed {
        /// The input's name as the command line shows it.
        name: String,
        /// Why it could not be opened.
        message: String,
    },
}

/// What reading an input gives, one at a time.
pub enum Read {
    /// Something to say about the whole input, before its games (how it was decoded: a file
    /// read as Shift_JIS). `kind` names it as a diagnostic's kind does (`encoding`).
    Warning {
        /// The diagnostic kind (`encoding`).
        kind: &'static str,
        /// What to say, in plain English.
        message: String,
    },
    /// A game, numbered from 1 in its input (or the splitter's error for it: a game too large).
    Game {
        /// The game's place in its input, from 1.
        index: usize,
        /// The game's text, or why it could not be cut out.
        chunk: Result<GameChunk, RecordError>,
    },
    /// Reading failed: the input ends here.
    Failed(String),
}

/// What `consume` is given, in input order.
#[derive(Debug)]
pub enum Item<T> {
    /// An input was opened; its games follow. `number` is its place among the inputs (from 0,
    /// the inputs that could not be opened counted too).
    Opened {
        /// The input's name as the command line shows it.
        name: Arc<str>,
        /// Its place among the inputs, from 0.
        number: usize,
    },
    /// An input could not be opened, or reading it failed (its remaining games are lost).
    Io {
        /// The input's name as the command line shows it.
        name: Arc<str>,
        /// What went wrong, as the operating system or the reader says it.
        message: String,
    },
    /// Something to say about the input `name` as a whole (see [`Read::Warning`]).
    Warning {
        /// The input's name as the command line shows it.
        name: Arc<str>,
        /// The diagnostic kind (`encoding`, `empty_input`).
        kind: &'static str,
        /// What to say, in plain English.
        message: String,
    },
    /// A game of the input `name`, counted from 1, as `examine` saw it. An input without any
    /// game (and no reading error) gives none, but a warning `empty_input`.
    Game {
        /// The name of the input the game comes from.
        name: Arc<str>,
        /// The game's place in its input, from 1.
        index: usize,
        /// What `examine` made of the game.
        value: T,
    },
}

/// Whether `consume` wants more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on: hand over the next item.
    Continue,
    /// Stop reading: no more items are handed over, and the workers stop.
    Stop,
}

/// The warning of an input without a game.
pub const EMPTY_INPUT: &str = "no game: the input is empty (or only blanks and comments)";

/// Games per batch, and bytes per batch: small enough to bound memory and share the work,
/// large enough to make the hand-over cheap.
const BATCH_GAMES: usize = 32;
const BATCH_BYTES: usize = 1 << 20;

/// Reads every input, runs `examine` on each game (on `threads` threads, at least one) and
/// gives `consume` the inputs and results in input order, until the inputs end or `consume`
/// says [`Flow::Stop`]. `examine` is given the name of the game's input, the game's number
/// there (from 1) and the game.
///
/// `inputs` is pulled on the reader thread: a lazy iterator opens one file at a time.
pub fn scan<I, G, T, F, C>(inputs: I, threads: usize, examine: F, consume: C)
where
    I: IntoIterator<Item = Input<G>>,
    I::IntoIter: Send,
    G: Iterator<Item = Read>,
    T: Send,
    F: Fn(&str, usize, Result<GameChunk, RecordError>) -> T + Sync,
    C: FnMut(Item<T>) -> Flow,
{
    scan_in_batches(inputs, threads, BATCH_GAMES, examine, consume)
}

/// [`scan`], with at most `batch` games handed to a worker at a time (at least 1). A batch is
/// the unit of work of a thread: small batches share a few slow games (an analysis) among the
/// threads, large ones (the default) make the hand-over cheap for many quick ones.
pub fn scan_in_batches<I, G, T, F, C>(
    inputs: I,
    threads: usize,
    batch: usize,
    examine: F,
    mut consume: C,
) where
    I: IntoIterator<Item = Input<G>>,
    I::IntoIter: Send,
    G: Iterator<Item = Read>,
    T: Send,
    F: Fn(&str, usize, Result<GameChunk, RecordError>) -> T + Sync,
    C: FnMut(Item<T>) -> Flow,
{
    let threads = threads.max(1);
    let batch = batch.max(1);
    let inputs = inputs.into_iter();
    let (job_tx, job_rx) = sync_channel::<Batches<Chunk>>(threads * 2);
    // Shared by the workers only: when the last one stops, the channel closes and the reader
    // stops too (even while it waits to send).
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = sync_channel::<Batches<T>>(threads * 2);
    std::thread::scope(|scope| {
        scope.spawn(move || read_all(inputs, batch, job_tx));
        for _ in 0..threads {
            let (jobs, done, examine) = (Arc::clone(&job_rx), done_tx.clone(), &examine);
            scope.spawn(move || work(&jobs, done, examine));
        }
        drop(job_rx);
        drop(done_tx);
        in_order(done_rx, &mut consume);
    });
}

type Chunk = Result<GameChunk, RecordError>;

/// Numbered batches of items.
type Batches<T> = (u64, Vec<Item<T>>);

/// A worker: takes batches, examines their games, sends them on.
fn work<T, F>(jobs: &Mutex<Receiver<Batches<Chunk>>>, done: SyncSender<Batches<T>>, examine: &F)
where
    F: Fn(&str, usize, Chunk) -> T,
{
    loop {
        let job = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok((seq, batch)) = job else { return };
        let examined = batch
            .into_iter()
            .map(|item| match item {
                Item::Opened { name, number } => Item::Opened { name, number },
                Item::Io { name, message } => Item::Io { name, message },
                Item::Warning {
                    name,
                    kind,
                    message,
                } => Item::Warning {
                    name,
                    kind,
                    message,
                },
                Item::Game { name, index, value } => {
                    let value = examine(&name, index, value);
                    Item::Game { name, index, value }
                }
            })
            .collect();
        if done.send((seq, examined)).is_err() {
            return;
        }
    }
}

/// Hands the examined batches to `consume` in sequence; returning drops the receiver, which
/// stops the workers and then the reader.
fn in_order<T>(rx: Receiver<Batches<T>>, consume: &mut impl FnMut(Item<T>) -> Flow) {
    let mut pending: BTreeMap<u64, Vec<Item<T>>> = BTreeMap::new();
    let mut next = 0u64;
    for (seq, batch) in rx {
        pending.insert(seq, batch);
        while let Some(batch) = pending.remove(&next) {
            next += 1;
            for item in batch {
                if consume(item) == Flow::Stop {
                    return;
                }
            }
        }
    }
}

/// The reader thread: every input's games sent in batches, in order.
fn read_all<I, G>(inputs: I, games: usize, tx: SyncSender<Batches<Chunk>>)
where
    I: Iterator<Item = Input<G>>,
    G: Iterator<Item = Read>,
{
    let mut batch = Batch {
        items: Vec::new(),
        games,
        bytes: 0,
        seq: 0,
        tx,
    };
    for (number, input) in inputs.enumerate() {
        let (name, games) = match input {
            Input::Failed { name, message } => {
                if !batch.push(
                    Item::Io {
                        name: name.into(),
                        message,
                    },
                    0,
                ) {
                    return;
                }
                continue;
            }
            Input::Opened { name, games } => (Arc::<str>::from(name), games),
        };
        let opened = Item::Opened {
            name: name.clone(),
            number,
        };
        if !batch.push(opened, 0) {
            return;
        }
        // Whether the input gave a game, or failed (then it is not "empty").
        let mut any = false;
        for read in games {
            let (item, size) = match read {
                Read::Warning { kind, message } => {
                    let name = name.clone();
                    (
                        Item::Warning {
                            name,
                            kind,
                            message,
                        },
                        0,
                    )
                }
                Read::Failed(message) => {
                    any = true;
                    let name = name.clone();
                    (Item::Io { name, message }, 0)
                }
                Read::Game { index, chunk } => {
                    any = true;
                    let size = chunk.as_ref().map_or(0, |c| c.bytes.len());
                    let (name, value) = (name.clone(), chunk);
                    (Item::Game { name, index, value }, size)
                }
            };
            let failed = matches!(item, Item::Io { .. });
            if !batch.push(item, size) {
                return;
            }
            if failed {
                break;
            }
        }
        if !any {
            let item = Item::Warning {
                name,
                kind: ErrorKind::EmptyInput.name(),
                message: EMPTY_INPUT.to_string(),
            };
            if !batch.push(item, 0) {
                return;
            }
        }
    }
    batch.send();
}

/// The batch being filled by the reader.
struct Batch {
    items: Vec<Item<Chunk>>,
    /// Items (games or not) at most.
    games: usize,
    bytes: usize,
    seq: u64,
    tx: SyncSender<Batches<Chunk>>,
}

impl Batch {
    /// Adds an item, sending the batch when full; false once nobody listens any more.
    fn push(&mut self, item: Item<Chunk>, size: usize) -> bool {
        self.items.push(item);
        self.bytes += size;
        if self.items.len() >= self.games || self.bytes >= BATCH_BYTES {
            return self.send();
        }
        true
    }

    fn send(&mut self) -> bool {
        if self.items.is_empty() {
            return true;
        }
        self.bytes = 0;
        self.seq += 1;
        self.tx
            .send((self.seq - 1, std::mem::take(&mut self.items)))
            .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::record::GameSplitter;

    /// Texts as inputs, cut by the splitter.
    fn inputs(texts: &[String]) -> Vec<Input<impl Iterator<Item = Read> + '_>> {
        texts
            .iter()
            .map(|s| Input::Opened {
                name: format!("in{}", s.len()),
                games: GameSplitter::new(s.as_bytes())
                    .enumerate()
                    .map(|(i, chunk)| Read::Game {
                        index: i + 1,
                        chunk,
                    }),
            })
            .collect()
    }

    #[test]
    fn every_game_in_input_order_on_any_number_of_threads() {
        let game = |i: usize| format!("[Round \"{i}\"]\n\n1. K*2三>W *\n\n");
        let texts: Vec<String> = vec![
            (0..100).map(game).collect(),
            String::new(),
            (100..250).map(game).collect(),
        ];
        for threads in [1, 2, 4] {
            let mut seen = Vec::new();
            scan(
                inputs(&texts),
                threads,
                |_, _, chunk| chunk.map(|c| String::from_utf8(c.bytes).unwrap()),
                |item| {
                    match item {
                        Item::Opened { name, .. } => seen.push(format!("open {name}")),
                        Item::Io { .. } => panic!("no I/O error here"),
                        Item::Warning { kind, .. } => seen.push(format!("warning {kind}")),
                        Item::Game { index, value, .. } => match value {
                            Ok(text) => seen.push(format!("{index} {text}")),
                            Err(e) => seen.push(format!("{index} {}", e.kind.name())),
                        },
                    }
                    Flow::Continue
                },
            );
            assert_eq!(seen.len(), 3 + 250 + 1, "threads {threads}");
            assert_eq!(seen[0], format!("open in{}", texts[0].len()));
            assert_eq!(seen[1], format!("1 {}", game(0)));
            assert_eq!(seen[101], "open in0");
            assert_eq!(seen[102], "warning empty_input");
            assert_eq!(seen[104], format!("1 {}", game(100)));
            assert_eq!(seen[253], format!("150 {}", game(249)));
        }
    }

    #[test]
    fn stopping_early_and_failing_inputs() {
        let text: String = (0..1000)
            .map(|i| format!("[Round \"{i}\"]\n\n1. K*2三>W *\n\n"))
            .collect();
        // An input that cannot be opened, one that fails after two games, then a long one.
        let texts = [text.clone(), text];
        type Games<'a> = Box<dyn Iterator<Item = Read> + Send + 'a>;
        let mut inputs: Vec<Input<Games>> = vec![Input::Failed {
            name: "gone".into(),
            message: "no such file".into(),
        }];
        for (i, input) in super::tests::inputs(&texts).into_iter().enumerate() {
            if let Input::Opened { name, games } = input {
                let games: Games = match i {
                    0 => Box::new(games.take(2).chain([Read::Failed("disk on fire".into())])),
                    _ => Box::new(games),
                };
                inputs.push(Input::Opened { name, games });
            }
        }
        let mut games = 0;
        let mut errors = Vec::new();
        scan(
            inputs,
            2,
            |_, _, _| (),
            |item| {
                match item {
                    Item::Io { name, message } => errors.push(format!("{name}: {message}")),
                    Item::Game { .. } => games += 1,
                    Item::Opened { .. } | Item::Warning { .. } => {}
                }
                if games == 10 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            },
        );
        let name = format!("in{}", texts[0].len());
        assert_eq!(
            errors,
            [
                "gone: no such file".to_string(),
                format!("{name}: disk on fire")
            ]
        );
        assert_eq!(games, 10);
    }

    /// Warnings come before their input's games; an input without a game is a warning, not a
    /// game; an input that fails before any game is not also an empty one; the order is the inputs' whatever happens to them.
    #[test]
    fn warnings_failures_and_empty_inputs_in_input_order() {
        let warning = || Read::Warning {
            kind: "encoding",
            message: "read as CP932".into(),
        };
        let inputs = || {
            let game = "[Round \"1\"]\n\n1. K*2三>W *\n".as_bytes();
            let chunk = GameSplitter::new(game).next().unwrap();
            let opened = |name: &str, games: Vec<Read>| Input::Opened {
                name: name.into(),
                games: games.into_iter(),
            };
            vec![
                opened("a", vec![warning(), Read::Game { index: 1, chunk }]),
                Input::Failed {
                    name: "b".into(),
                    message: "no such file".into(),
                },
                opened("c", vec![Read::Failed("disk on fire".into())]),
                opened("d", vec![]),
                opened("e", vec![warning()]),
            ]
        };
        for threads in [1, 3] {
            let mut seen = Vec::new();
            scan(
                inputs(),
                threads,
                |name, index, chunk| {
                    let what = chunk.map_or_else(|e| e.kind.name().to_string(), |_| "ok".into());
                    format!("({name} {index}) {what}")
                },
                |item| {
                    seen.push(match item {
                        Item::Opened { name, number } => format!("{name} opened ({number})"),
                        Item::Io { name, message } => format!("{name} io: {message}"),
                        Item::Warning { name, kind, .. } => format!("{name} warning[{kind}]"),
                        Item::Game { name, index, value } => format!("{name} {index} {value}"),
                    });
                    Flow::Continue
                },
            );
            assert_eq!(
                seen,
                [
                    "a opened (0)",
                    "a warning[encoding]",
                    "a 1 (a 1) ok",
                    "b io: no such file",
                    "c opened (2)",
                    "c io: disk on fire",
                    "d opened (3)",
                    "d warning[empty_input]",
                    "e opened (4)",
                    "e warning[encoding]",
                    "e warning[empty_input]",
                ],
                "threads {threads}"
            );
        }
    }
}
