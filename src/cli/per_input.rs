//! The commands that write what they make of each game (`kifu convert`, `kifu analyze`): the
//! inputs read by the one pipeline of `kifu::collection::scan` (the games examined on several
//! threads, handed back in input order), their problems reported as `kifu validate` reports
//! them ([`report`](super::report)), the output written where `-o` says
//! ([`output`](super::output)).

use super::inputs::{Found, Input};
use super::load;
use super::output::{Failure, Outputs, Sink, Target};
use super::report::{Checked, Reporter};
use super::{EXIT_ERROR, EXIT_INVALID, EXIT_OK};
use kifu::collection::scan::{Flow, Item, scan_in_batches};
use kifu::encoding::Choice;
use kifu::record::{GameChunk, RecordError};
use std::io::{self, Write};

/// One output being written.
pub struct Out {
    pub sink: Sink,
    /// Records written so far (records are separated by a blank line).
    records: u64,
}

impl Out {
    pub fn new(sink: Sink) -> Out {
        Out { sink, records: 0 }
    }

    /// Writes what a game made.
    pub fn write(&mut self, text: &Text) -> io::Result<()> {
        self.sink.wrote_game();
        match text {
            Text::Record(r) => {
                if self.records > 0 {
                    self.sink.write_all(b"\n")?;
                }
                self.records += 1;
                self.sink.write_all(r.as_bytes())
            }
            Text::Lines(l) => self.sink.write_all(l),
        }
    }
}

/// What a game makes, written by a worker thread.
pub enum Text {
    /// A record (separated from the one before by a blank line).
    Record(String),
    /// Lines (CSV rows, JSON Lines).
    Lines(Vec<u8>),
}

/// A command that writes what it makes of each game, driven by [`per_input`].
pub trait PerInput {
    /// What a worker makes of a game, handed to [`PerInput::write`] in input order.
    type Made: Send;

    /// The name of an input's own file when `-o` names a directory (`game.psn`), or `None`
    /// when the input gets no output of its own (the command writes its own files: a page
    /// per game).
    fn file_name(&self, input: &Input) -> Option<String>;

    /// Opens an output (with [`Outputs::open`]`(name)`): the one for every input (`input` is
    /// `None`), or `input`'s own file in the directory.
    fn open(
        &mut self,
        outputs: &mut Outputs,
        name: &str,
        input: Option<&Input>,
    ) -> Result<Out, Failure>;

    /// Writes what was made of game `index` of `input` to `out` (`None`: no output was opened
    /// for it; `outputs` is there for the files the command writes itself).
    fn write(
        &mut self,
        input: &Input,
        index: usize,
        made: Self::Made,
        out: Option<&mut Out>,
        outputs: &mut Outputs,
    ) -> Result<(), Failure>;

    /// Whether `-o` may name an input (`convert --in-place`): it is then replaced only by a
    /// run where every game was written (exit status 0).
    fn in_place(&self) -> bool {
        false
    }

    /// Ends an output (with [`Outputs::close`]).
    fn close(&mut self, outputs: &mut Outputs, out: Out) -> Result<(), Failure> {
        outputs.close(out.sink)
    }
}

/// How the inputs are read.
pub struct Reading<'a> {
    pub found: &'a [Found],
    pub encoding: Choice,
    pub threads: usize,
    /// Games handed to a thread at a time (see `scan_in_batches`).
    pub batch: usize,
}

/// Runs `cmd` over the inputs: every game examined by `examine` (on `reading.threads`
/// threads: what it says about the game, and what it made of it), its problems reported by
/// `report`, then what it made written by `cmd`, in input order, into `target` as the `-o`
/// rule says: standard output or one file for everything, or a file per input in a directory.
/// A path that could not be searched or read is reported in its place and the others are
/// read. Output is written whole or not at all: after a write error, or when an input could
/// not be read (exit status 2), nothing is put in place (and the run says so); a closed pipe
/// stops the run quietly (exit status 0). Problems written on standard error come after what
/// was written on standard output before them (it is flushed first), so that both in one
/// file keep the input order. The exit status is the report's.
pub fn per_input<C, F>(
    reading: Reading<'_>,
    target: Target,
    examine: F,
    cmd: &mut C,
    mut report: Reporter,
) -> i32
where
    C: PerInput,
    F: Fn(&str, usize, Result<GameChunk, RecordError>) -> (Checked, C::Made) + Sync,
{
    if !cmd.in_place()
        && let Err(m) = super::output::refuse_inputs(&target, reading.found, |i| cmd.file_name(i))
    {
        super::say::line(&m);
        return EXIT_ERROR;
    }
    let mut outputs = Outputs::new(target);
    let to_dir = matches!(outputs.target(), Target::Dir(_));
    let mut shared = None;
    if !to_dir {
        match cmd.open(&mut outputs, "", None) {
            Ok(o) => shared = Some(o),
            Err(f) => return f.report(),
        }
    }
    let mut own: Option<Out> = None;
    // The input whose games come.
    let mut current: Option<&Input> = None;
    let mut failure = None;
    let found = reading.found;
    let inputs = load::for_scan(found, reading.encoding);
    scan_in_batches(inputs, reading.threads, reading.batch, examine, |item| {
        let step = || -> Result<Flow, Failure> {
            let says = match &item {
                Item::Opened { .. } => false,
                Item::Game { value, .. } => value.0.has_problems(),
                Item::Io { .. } | Item::Warning { .. } => true,
            };
            if says {
                for out in [own.as_mut(), shared.as_mut()].into_iter().flatten() {
                    out.sink.flush_before_stderr()?;
                }
            }
            if report.item(&item, |(checked, _)| checked) == Flow::Stop {
                return Ok(Flow::Stop);
            }
            match item {
                Item::Opened { number, .. } => {
                    current = found.get(number).and_then(|f| f.as_ref().ok());
                    if let Some(done) = own.take() {
                        cmd.close(&mut outputs, done)?;
                    }
                    if to_dir
                        && let Some(input) = current
                        && let Some(name) = cmd.file_name(input)
                    {
                        own = Some(cmd.open(&mut outputs, &name, Some(input))?);
                    }
                }
                Item::Game {
                    index,
                    value: (_, made),
                    ..
                } => {
                    if let Some(input) = current {
                        let out = own.as_mut().or(shared.as_mut());
                        cmd.write(input, index, made, out, &mut outputs)?;
                    }
                }
                Item::Io { .. } | Item::Warning { .. } => {}
            }
            Ok(Flow::Continue)
        };
        step().unwrap_or_else(|f| {
            failure = Some(f);
            Flow::Stop
        })
    });
    if let Some(f) = failure {
        // Nothing half-written survives: the outputs are dropped uncommitted.
        return outputs.target().nothing_written(f.report());
    }
    if report.closed() {
        return EXIT_OK;
    }
    for out in [own, shared].into_iter().flatten() {
        if let Err(f) = cmd.close(&mut outputs, out) {
            return outputs.target().nothing_written(f.report());
        }
    }
    if cmd.in_place() && report.status() == EXIT_INVALID {
        // In place, a game not written would be lost: the inputs stay as they were.
        super::say::note(format_args!(
            "--in-place: some game was not written, so nothing was written to {}",
            outputs.target().display()
        ));
    } else if report.status() == EXIT_ERROR {
        // A failed run: every old output stays as it was.
        outputs.target().nothing_written(EXIT_ERROR);
    } else if let Err(f) = outputs.commit() {
        return f.report();
    }
    report.finish()
}
