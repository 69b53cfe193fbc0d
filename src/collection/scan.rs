//! Reading a collection: every input cut into games, each game examined on several threads,
//! and the results handed over in input order.
//!
//! A reader thread opens the inputs one after the other and cuts them into games with the
//! [`GameSplitter`] (streaming: memory is bounded by the batches in flight, whatever the size
//! of the files); batches of games go to `threads` workers, which run `examine` on each game;
//! the caller's `consume` sees every input and game in input order whatever the threads do.

use crate::record::{ErrorKind, GameChunk, GameSplitter, RecordError, Span};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

/// What `consume` is given, in input order.
#[derive(Debug)]
pub enum Item<T> {
    /// An input was opened; its games follow.
    Opened { name: Arc<str> },
    /// An input could not be opened, or reading it failed (its remaining games are lost).
    Io { name: Arc<str>, message: String },
    /// A game of the input `name`, counted from 1, as `examine` saw it. An input without any
    /// game gives one game: an `empty_input` error.
    Game {
        name: Arc<str>,
        index: usize,
        value: T,
    },
}

/// Whether `consume` wants more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// Games per batch, and bytes per batch: small enough to bound memory and share the work,
/// large enough to make the hand-over cheap.
const BATCH_GAMES: usize = 32;
const BATCH_BYTES: usize = 1 << 20;

/// Reads every input, runs `examine` on each game (on `threads` threads, at least one) and
/// gives `consume` the inputs and results in input order, until the inputs end or `consume`
/// says [`Flow::Stop`].
///
/// `inputs` yields each input's name and its opened reader; it is pulled on the reader
/// thread, so a lazy iterator opens one file at a time.
pub fn scan<I, R, T, F, C>(inputs: I, threads: usize, examine: F, mut consume: C)
where
    I: IntoIterator<Item = (String, std::io::Result<R>)>,
    I::IntoIter: Send,
    R: Read,
    T: Send,
    F: Fn(Result<GameChunk, RecordError>) -> T + Sync,
    C: FnMut(Item<T>) -> Flow,
{
    let threads = threads.max(1);
    let inputs = inputs.into_iter();
    let (job_tx, job_rx) = sync_channel::<Batches<Chunk>>(threads * 2);
    // Shared by the workers only: when the last one stops, the channel closes and the reader
    // stops too (even while it waits to send).
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = sync_channel::<Batches<T>>(threads * 2);
    std::thread::scope(|scope| {
        scope.spawn(move || read_all(inputs, job_tx));
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
    F: Fn(Chunk) -> T,
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
                Item::Opened { name } => Item::Opened { name },
                Item::Io { name, message } => Item::Io { name, message },
                Item::Game { name, index, value } => Item::Game {
                    name,
                    index,
                    value: examine(value),
                },
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

/// The reader thread: every input cut into games, sent in batches, in order.
fn read_all<I, R>(inputs: I, tx: SyncSender<Batches<Chunk>>)
where
    I: Iterator<Item = (String, std::io::Result<R>)>,
    R: Read,
{
    let mut batch = Batch {
        items: Vec::new(),
        bytes: 0,
        seq: 0,
        tx,
    };
    for (name, reader) in inputs {
        let name: Arc<str> = name.into();
        let reader = match reader {
            Ok(r) => r,
            Err(e) => {
                let message = e.to_string();
                if !batch.push(Item::Io { name, message }, 0) {
                    return;
                }
                continue;
            }
        };
        if !batch.push(Item::Opened { name: name.clone() }, 0) {
            return;
        }
        let mut reader = BufReader::with_capacity(1 << 16, reader);
        let mut index = 0usize;
        for chunk in GameSplitter::new(&mut reader as &mut dyn BufRead) {
            let item = match chunk {
                Err(e) if e.kind == ErrorKind::Io => Item::Io {
                    name: name.clone(),
                    message: e.message,
                },
                chunk => {
                    index += 1;
                    Item::Game {
                        name: name.clone(),
                        index,
                        value: chunk,
                    }
                }
            };
            let (stop, size) = match &item {
                Item::Io { .. } => (true, 0),
                Item::Game { value, .. } => (false, value.as_ref().map_or(0, |c| c.bytes.len())),
                Item::Opened { .. } => (false, 0),
            };
            if !batch.push(item, size) {
                return;
            }
            if stop {
                break;
            }
        }
        if index == 0 {
            let empty = RecordError::new(
                ErrorKind::EmptyInput,
                "no game: the input is empty",
                Span::at(0),
            );
            let item = Item::Game {
                name,
                index: 1,
                value: Err(empty),
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
    bytes: usize,
    seq: u64,
    tx: SyncSender<Batches<Chunk>>,
}

impl Batch {
    /// Adds an item, sending the batch when full; false once nobody listens any more.
    fn push(&mut self, item: Item<Chunk>, size: usize) -> bool {
        self.items.push(item);
        self.bytes += size;
        if self.items.len() >= BATCH_GAMES || self.bytes >= BATCH_BYTES {
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

    fn names(items: &[String]) -> Vec<(String, std::io::Result<&[u8]>)> {
        items
            .iter()
            .map(|s| (format!("in{}", s.len()), Ok(s.as_bytes())))
            .collect()
    }

    #[test]
    fn every_game_in_input_order_on_any_number_of_threads() {
        let game = |i: usize| format!("[Round \"{i}\"]\n\n1. K*2三>W *\n\n");
        let inputs: Vec<String> = vec![
            (0..100).map(game).collect(),
            String::new(),
            (100..250).map(game).collect(),
        ];
        for threads in [1, 2, 4] {
            let mut seen = Vec::new();
            scan(
                names(&inputs),
                threads,
                |chunk| chunk.map(|c| String::from_utf8(c.bytes).unwrap()),
                |item| {
                    match item {
                        Item::Opened { name } => seen.push(format!("open {name}")),
                        Item::Io { .. } => panic!("no I/O error here"),
                        Item::Game { index, value, .. } => match value {
                            Ok(text) => seen.push(format!("{index} {text}")),
                            Err(e) => seen.push(format!("{index} {}", e.kind.name())),
                        },
                    }
                    Flow::Continue
                },
            );
            assert_eq!(seen.len(), 3 + 250 + 1, "threads {threads}");
            assert_eq!(seen[0], format!("open in{}", inputs[0].len()));
            assert_eq!(seen[1], format!("1 {}", game(0)));
            assert_eq!(seen[101], "open in0");
            assert_eq!(seen[102], "1 empty_input");
            assert_eq!(seen[104], format!("1 {}", game(100)));
            assert_eq!(seen[253], format!("150 {}", game(249)));
        }
    }

    #[test]
    fn stopping_early_and_failing_inputs() {
        let text: String = (0..1000)
            .map(|i| format!("[Round \"{i}\"]\n\n1. K*2三>W *\n\n"))
            .collect();
        let inputs = vec![
            (
                "gone".to_string(),
                Err(std::io::Error::other("no such file")),
            ),
            ("here".to_string(), Ok(text.as_bytes())),
        ];
        let mut games = 0;
        let mut errors = Vec::new();
        scan(
            inputs,
            2,
            |_| (),
            |item| {
                match item {
                    Item::Io { name, message } => errors.push(format!("{name}: {message}")),
                    Item::Game { .. } => games += 1,
                    Item::Opened { .. } => {}
                }
                if games == 10 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            },
        );
        assert_eq!(errors, ["gone: no such file"]);
        assert_eq!(games, 10);
    }
}
