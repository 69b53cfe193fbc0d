//! Where output goes, decided in one place for every subcommand, and output that is written
//! whole or not at all.
//!
//! **The `-o` rule** ([`Target::of`]): no `-o`, or `-o -`, is standard output; a path that ends in `/` or
//! names an existing directory is a directory (created if missing) that gets one file per
//! output, named after its input; any other path is one file that holds everything.
//!
//! **Whole or not at all** ([`Outputs`]): each file is first written to a temporary file beside
//! its target (a random name, created exclusively, so nothing planted there can be followed)
//! and moved over the target only when the whole run has succeeded ([`Outputs::commit`]). A
//! run that fails leaves every existing file as it was and creates nothing: no file, no
//! directory; so does a run stopped by SIGINT, SIGTERM or SIGHUP (exit status 130, 143, 129)
//! or by an abort (see [`cleanup`](super::cleanup)). A file that would get no game (every game
//! invalid, no game matched) does not replace an existing one: it is left as it was, and the
//! run says so. A replaced file keeps its permissions; a new one gets the usual ones (0666
//! less the umask).
//!
//! **What -o may name**: a symbolic link the user names is written through (its target is
//! replaced, the link stays a link); a FIFO or a device (`/dev/null`) is written directly, as
//! standard output would be: a FIFO that no one has open for reading is refused at once
//! rather than waited for. Inside a directory, a name kifu makes up (`game.psn`) that is a
//! symbolic link or anything but a regular file is refused: never followed. An output that
//! is one of the inputs (the same file, by device and inode: through a link, a hard link or
//! another path) is a usage error before anything is read ([`refuse_inputs`]), except for
//! `convert --in-place`.
//!
//! **A closed pipe is not an error** ([`Failure`]): when the reader of standard output has
//! gone (`kifu validate | head -1`), the run stops quietly, with no message and exit status 0,
//! as ripgrep does.

use super::cleanup;
use super::inputs::{self, Found, Input};
use super::{EXIT_ERROR, EXIT_OK};
use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use tempfile::TempPath;

/// Where a run's output goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Stdout,
    /// One file holding everything.
    File(PathBuf),
    /// A directory (created if missing): one file per output.
    Dir(PathBuf),
}

impl Target {
    /// The `-o` rule: nothing, or `-`, is standard output; a path ending in `/` or naming an
    /// existing directory (or a link to one) is a directory; anything else is one file (`./-`
    /// for a file named `-`).
    pub fn of(output: Option<&Path>) -> Target {
        match output {
            None => Target::Stdout,
            Some(p) if p.as_os_str() == "-" => Target::Stdout,
            Some(p) if ends_in_separator(p) || p.is_dir() => Target::Dir(p.to_path_buf()),
            Some(p) => Target::File(p.to_path_buf()),
        }
    }

    /// For outputs that are always several files (`render --every-ply`): `-o` names a
    /// directory whether or not it ends in `/`; an existing non-directory is refused.
    pub fn directory(output: Option<&Path>) -> Result<Target, String> {
        match Target::of(output) {
            Target::File(p) if p.exists() => Err(format!(
                "{}: error[io]: this writes one file each, into a directory, and this is a file",
                p.display()
            )),
            Target::File(p) => match format_extension(&p) {
                Some(ext) => Err(format!(
                    "{}: error[usage]: this writes one file each, into a directory, and a name \
ending in .{ext} is a file's: name a directory (such as out/)",
                    p.display()
                )),
                None => Ok(Target::Dir(p)),
            },
            t => Ok(t),
        }
    }

    /// Refuses a file name whose extension is that of another format than the one written
    /// (`render -o board.jpg`, `convert --to csv -o games.psn`): `format` names what is
    /// written (`SVG`), `allowed` its extensions (the first is the usual one). An extension
    /// that names no format (`.txt`, `.out`, none) is taken as given. The message to print.
    pub fn check_extension(&self, format: &str, allowed: &[&str]) -> Result<(), String> {
        let Target::File(p) = self else {
            return Ok(());
        };
        match format_extension(p) {
            Some(ext) if !allowed.iter().any(|a| a.eq_ignore_ascii_case(&ext)) => Err(format!(
                "{}: error[usage]: the name ends in .{ext}, but this writes {format}: name the \
file .{}",
                p.display(),
                allowed.join(" or .")
            )),
            _ => Ok(()),
        }
    }

    /// For a run that failed (exit status 2, passed on): says that the files were left alone
    /// (when -o named a file or directory; dropping the [`Outputs`] leaves nothing).
    pub fn nothing_written(&self, status: i32) -> i32 {
        if status == EXIT_ERROR && *self != Target::Stdout {
            super::say::note(format_args!("nothing written to {}", self.display()));
        }
        status
    }

    /// The file or directory, as named in messages.
    pub fn display(&self) -> String {
        match self {
            Target::Stdout => "<stdout>".into(),
            Target::File(p) | Target::Dir(p) => p.display().to_string(),
        }
    }
}

/// The extensions of file formats (kifu's outputs and the usual images, pages and data): a
/// name ending in one says what the file holds.
const FORMAT_EXTENSIONS: &[&str] = &[
    "svg", "svgz", "png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "avif", "pdf", "eps",
    "html", "htm", "xhtml", "psn", "pgn", "csv", "tsv", "json", "jsonl", "ndjson",
];

/// The extension of `p` (lower case) when it is one of [`FORMAT_EXTENSIONS`].
fn format_extension(p: &Path) -> Option<String> {
    let ext = p.extension()?.to_str()?.to_ascii_lowercase();
    FORMAT_EXTENSIONS.contains(&ext.as_str()).then_some(ext)
}

fn ends_in_separator(p: &Path) -> bool {
    p.as_os_str()
        .to_string_lossy()
        .ends_with(std::path::is_separator)
}

/// Why output could not be written.
#[derive(Debug)]
pub enum Failure {
    /// The reader of standard output has gone (a closed pipe): stop quietly.
    Closed,
    /// Anything else: the message to print.
    Error(String),
}

impl Failure {
    /// The one place where a closed pipe is told apart from the other write errors.
    pub fn of(e: &io::Error, what: &str) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::Closed
        } else {
            Failure::Error(format!("cannot write {what}: {e}"))
        }
    }

    /// Prints the message (nothing for a closed pipe) and gives the exit status: 0 for a
    /// closed pipe, 2 for anything else.
    pub fn report(&self) -> i32 {
        match self {
            Failure::Closed => EXIT_OK,
            Failure::Error(m) => {
                super::say::error("io", m);
                EXIT_ERROR
            }
        }
    }
}

/// One output being written: standard output, a device written directly, or a temporary file
/// that [`Outputs`] moves into place.
pub struct Sink {
    kind: Kind,
    /// The target, as named in messages.
    name: String,
    /// Games written so far (see [`Sink::wrote_game`]).
    games: u64,
}

enum Kind {
    Stdout(BufWriter<io::Stdout>),
    Direct(BufWriter<File>),
    Temp { w: BufWriter<Temp>, target: PathBuf },
}

/// A temporary file, registered for removal (see `cleanup`) from its creation until it is
/// put in place or removed.
struct Temp {
    /// Open while it is written.
    file: Option<File>,
    path: Option<TempPath>,
    id: u64,
}

impl Temp {
    /// A new temporary file in `dir` (see [`temp_file`]).
    fn new(dir: &Path, keep: Option<std::fs::Permissions>) -> io::Result<Temp> {
        cleanup::locked(|r| {
            let (file, path) = temp_file(dir, keep)?.into_parts();
            let id = r.add(&path, false);
            Ok(Temp {
                file: Some(file),
                path: Some(path),
                id,
            })
        })
    }

    /// Synced and closed (a run may write thousands of files: a page per game).
    fn close(&mut self) -> io::Result<()> {
        match self.file.take() {
            Some(f) => f.sync_all(),
            None => Ok(()),
        }
    }

    /// Moved over `target`.
    fn persist(mut self, target: &Path) -> io::Result<()> {
        let Some(path) = self.path.take() else {
            return Ok(());
        };
        self.file = None;
        let id = self.id;
        // A failed rename gives the path back: dropped (removed) here.
        cleanup::locked(|r| {
            r.forget(id);
            path.persist(target).map_err(|e| e.error)
        })
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        self.file = None;
        if let Some(path) = self.path.take() {
            let id = self.id;
            cleanup::locked(|r| {
                drop(path);
                r.forget(id);
            });
        }
    }
}

impl Write for Temp {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.file {
            Some(f) => f.write(buf),
            None => Err(io::Error::other("closed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

impl Sink {
    /// Standard output.
    pub fn stdout() -> Sink {
        Sink {
            kind: Kind::Stdout(BufWriter::new(io::stdout())),
            name: "<stdout>".into(),
            games: 0,
        }
    }

    /// A temporary file beside `path` (through symbolic links), or `path` itself when it is a
    /// device or a FIFO. `made_up`: a name kifu made (in the output directory), where a
    /// symbolic link or anything but a regular file is refused.
    fn file(path: &Path, made_up: bool) -> Result<Sink, Failure> {
        let name = path.display().to_string();
        let fail = |e: io::Error| Failure::Error(format!("cannot write {name}: {}", bare(&e)));
        if made_up && let Ok(m) = std::fs::symlink_metadata(path) {
            let what = if m.file_type().is_symlink() {
                Some("a symbolic link")
            } else if !m.is_file() && !m.is_dir() {
                Some("not a regular file")
            } else {
                None
            };
            if let Some(what) = what {
                return Err(Failure::Error(format!(
                    "{name} is {what}, at a name kifu makes up: not followed (remove it, or \
name the file with -o)"
                )));
            }
        }
        let path = resolve_links(path);
        let meta = std::fs::metadata(&path).ok();
        match &meta {
            Some(m) if m.is_dir() => {
                return Err(Failure::Error(format!("{name} is a directory")));
            }
            Some(m) if !m.is_file() => {
                let fifo = is_fifo(m);
                let f = open_direct(&path).map_err(|e| {
                    if e.raw_os_error() == Some(ENXIO) && fifo {
                        Failure::Error(format!(
                            "cannot write {name}: a FIFO that no one has open for reading"
                        ))
                    } else {
                        fail(e)
                    }
                })?;
                return Ok(Sink {
                    kind: Kind::Direct(BufWriter::new(f)),
                    name,
                    games: 0,
                });
            }
            _ => {}
        }
        if path.file_name().is_none() {
            return Err(Failure::Error(format!("{name}: not a file name")));
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let tmp = Temp::new(dir, meta.as_ref().map(|m| m.permissions())).map_err(fail)?;
        Ok(Sink {
            kind: Kind::Temp {
                w: BufWriter::new(tmp),
                target: path,
            },
            name,
            games: 0,
        })
    }

    /// A game (or a document) was written: an output with none does not replace an existing
    /// file.
    pub fn wrote_game(&mut self) {
        self.games += 1;
    }

    /// Flushes what was written so far when it goes to standard output or to a device (which
    /// may be where standard error goes too), so that a message written next on standard
    /// error comes after it.
    pub fn flush_before_stderr(&mut self) -> Result<(), Failure> {
        let flushed = match &mut self.kind {
            Kind::Stdout(w) => w.flush(),
            Kind::Direct(w) => w.flush(),
            Kind::Temp { .. } => Ok(()),
        };
        flushed.map_err(|e| self.failure(&e))
    }

    /// A write error of this sink, as a [`Failure`].
    pub fn failure(&self, e: &io::Error) -> Failure {
        Failure::of(e, &self.name)
    }
}

/// Follows symbolic links to their final target (which may not exist yet), so that the file
/// replaced is the target and the link stays a link.
fn resolve_links(path: &Path) -> PathBuf {
    let mut resolved = path.to_path_buf();
    // As the kernel does (ELOOP): give up after 40 links.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&resolved) {
            Ok(m) if m.file_type().is_symlink() => match std::fs::read_link(&resolved) {
                Ok(t) if t.is_absolute() => resolved = t,
                Ok(t) => {
                    resolved = match resolved.parent() {
                        Some(dir) => dir.join(t),
                        None => t,
                    }
                }
                Err(_) => break,
            },
            _ => break,
        }
    }
    resolved
}

/// A new temporary file in `dir`: random name, created exclusively (never through a link
/// planted there), with the permissions of the file it replaces or the usual ones.
fn temp_file(
    dir: &Path,
    keep: Option<std::fs::Permissions>,
) -> io::Result<tempfile::NamedTempFile> {
    let mut b = tempfile::Builder::new();
    b.prefix(".kifu-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // The umask applies, as for any new file.
        b.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let tmp = b.tempfile_in(dir)?;
    if let Some(p) = keep {
        tmp.as_file().set_permissions(p)?;
    }
    Ok(tmp)
}

/// An I/O error without the path it may carry (a temporary file's name means nothing to the
/// user: messages name the target).
fn bare(e: &io::Error) -> String {
    if let Some(code) = e.raw_os_error() {
        return io::Error::from_raw_os_error(code).to_string();
    }
    // The temporary file's error is the system's message, then ` at path "..."` with the
    // temporary name, which the user never asked for: the message alone.
    let text = e.to_string();
    match text.split_once(" at path ") {
        Some((message, _)) => message.to_string(),
        None => text,
    }
}

#[cfg(unix)]
fn is_fifo(m: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    m.file_type().is_fifo()
}

#[cfg(not(unix))]
fn is_fifo(_: &std::fs::Metadata) -> bool {
    false
}

#[cfg(unix)]
const ENXIO: i32 = libc::ENXIO;
#[cfg(not(unix))]
const ENXIO: i32 = -1;

/// Opens a device or a FIFO for writing, directly. A FIFO is opened without waiting for a
/// reader (none: ENXIO at once), then written as a pipe is (blocking).
fn open_direct(path: &Path) -> io::Result<File> {
    let mut o = std::fs::OpenOptions::new();
    o.write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        use std::os::unix::io::AsRawFd;
        o.custom_flags(libc::O_NONBLOCK);
        let f = o.open(path)?;
        // SAFETY: fcntl on a descriptor this function owns.
        unsafe {
            let flags = libc::fcntl(f.as_raw_fd(), libc::F_GETFL);
            if flags >= 0 {
                libc::fcntl(f.as_raw_fd(), libc::F_SETFL, flags & !libc::O_NONBLOCK);
            }
        }
        Ok(f)
    }
    #[cfg(not(unix))]
    o.open(path)
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.kind {
            Kind::Stdout(w) => w.write(buf),
            Kind::Direct(w) => w.write(buf),
            Kind::Temp { w, .. } => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.kind {
            Kind::Stdout(w) => w.write_all(buf),
            Kind::Direct(w) => w.write_all(buf),
            Kind::Temp { w, .. } => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.kind {
            Kind::Stdout(w) => w.flush(),
            Kind::Direct(w) => w.flush(),
            Kind::Temp { w, .. } => w.flush(),
        }
    }
}

/// The outputs of one run, put in place together at the end.
///
/// Dropped without [`commit`](Outputs::commit), it leaves nothing: the temporary files are
/// removed, and so is the directory it created (with any parents it created).
pub struct Outputs {
    target: Target,
    /// Written whole, synced and closed, waiting for the commit: the file, its target, the
    /// target as named in messages, and the games written.
    ready: Vec<(Temp, PathBuf, String, u64)>,
    /// Paths already handed out inside the directory (two inputs must not share one).
    used: HashSet<PathBuf>,
    /// The directory, once created or found, and the directories this run created (outermost
    /// first, each registered for removal until the commit).
    dir_ready: bool,
    created: Vec<(PathBuf, u64)>,
}

impl Outputs {
    pub fn new(target: Target) -> Outputs {
        Outputs {
            target,
            ready: Vec::new(),
            used: HashSet::new(),
            dir_ready: false,
            created: Vec::new(),
        }
    }

    pub fn target(&self) -> &Target {
        &self.target
    }

    /// A sink for one output: standard output, the file, or the file `name` inside the
    /// directory (created on first use).
    pub fn open(&mut self, name: &str) -> Result<Sink, Failure> {
        match &self.target {
            Target::Stdout => Ok(Sink::stdout()),
            Target::File(p) => Sink::file(p, false),
            Target::Dir(dir) => {
                let dir = dir.clone();
                self.make_dir(&dir)?;
                let path = dir.join(name);
                if !self.used.insert(path.clone()) {
                    return Err(Failure::Error(format!(
                        "two outputs would both be {}: give -o a file to hold everything",
                        path.display()
                    )));
                }
                Sink::file(&path, true)
            }
        }
    }

    /// With -o naming a file `NAME.ext` (or `NAME`), a sink for its part `n` (from 1):
    /// `NAME-n.ext` beside it (`NAME-n.default_ext` when the name has no extension), as one
    /// more output of the run, put in place with the others at the commit. Else as
    /// [`Outputs::open`].
    pub fn open_part(&mut self, n: u64, default_ext: &str) -> Result<Sink, Failure> {
        match self.part_path(n, default_ext) {
            Some(path) => Sink::file(&path, false),
            None => self.open(""),
        }
    }

    /// The path of part `n` (see [`Outputs::open_part`]); None unless -o names a file.
    pub fn part_path(&self, n: u64, default_ext: &str) -> Option<PathBuf> {
        let Target::File(p) = &self.target else {
            return None;
        };
        let stem = p.file_stem().unwrap_or_default().to_string_lossy();
        let ext = p.extension().map_or_else(
            || default_ext.to_string(),
            |e| e.to_string_lossy().into_owned(),
        );
        Some(p.with_file_name(format!("{stem}-{n}.{ext}")))
    }

    /// Creates the directory now, when the target is one (else does nothing): a run that
    /// puts no file into it still leaves it, once committed.
    pub fn create_dir(&mut self) -> Result<(), Failure> {
        match &self.target {
            Target::Dir(dir) => {
                let dir = dir.clone();
                self.make_dir(&dir)
            }
            _ => Ok(()),
        }
    }

    fn make_dir(&mut self, dir: &Path) -> Result<(), Failure> {
        if self.dir_ready {
            return Ok(());
        }
        // The missing ancestors, outermost first: each made and registered at once.
        let mut missing = Vec::new();
        let mut d = dir;
        while !d.as_os_str().is_empty() && std::fs::symlink_metadata(d).is_err() {
            missing.push(d.to_path_buf());
            match d.parent() {
                Some(p) => d = p,
                None => break,
            }
        }
        let fail = |e: io::Error| Failure::Error(format!("cannot create {}: {e}", dir.display()));
        for d in missing.into_iter().rev() {
            let made = cleanup::locked(|r| match std::fs::create_dir(&d) {
                Ok(()) => Ok(Some(r.add(&d, true))),
                // Made meanwhile by someone else: not this run's to remove.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(None),
                Err(e) => Err(e),
            });
            if let Some(id) = made.map_err(fail)? {
                self.created.push((d, id));
            }
        }
        if !dir.is_dir() {
            return Err(fail(io::Error::from(io::ErrorKind::NotADirectory)));
        }
        self.dir_ready = true;
        Ok(())
    }

    /// An output written completely: flushed (standard output, a device), or synced, closed
    /// and kept for the commit (a file).
    pub fn close(&mut self, sink: Sink) -> Result<(), Failure> {
        let Sink { kind, name, games } = sink;
        match kind {
            Kind::Stdout(mut w) => w.flush().map_err(|e| Failure::of(&e, &name)),
            Kind::Direct(mut w) => w.flush().map_err(|e| Failure::of(&e, &name)),
            Kind::Temp { w, target } => {
                let mut tmp = w.into_inner().map_err(|e| Failure::of(e.error(), &name))?;
                tmp.close().map_err(|e| Failure::of(&e, &name))?;
                self.ready.push((tmp, target, name, games));
                Ok(())
            }
        }
    }

    /// Moves every closed file over its target, except a file without a game over an
    /// existing file (left as it was, and said so). (Each rename is atomic; if one fails, the
    /// ones before it have been made.)
    pub fn commit(mut self) -> Result<(), Failure> {
        for (tmp, target, name, games) in std::mem::take(&mut self.ready) {
            if games == 0 && std::fs::metadata(&target).is_ok_and(|m| m.is_file()) {
                drop(tmp);
                super::say::note(format_args!("no game written to {name}: left as it was"));
                continue;
            }
            tmp.persist(&target)
                .map_err(|e| Failure::Error(format!("cannot write {name}: {}", bare(&e))))?;
        }
        // The directories stay.
        for (_, id) in std::mem::take(&mut self.created) {
            cleanup::locked(|r| r.forget(id));
        }
        Ok(())
    }
}

impl Drop for Outputs {
    fn drop(&mut self) {
        // The temporary files first, then the directories they were in, innermost first.
        self.ready.clear();
        for (d, id) in std::mem::take(&mut self.created).into_iter().rev() {
            cleanup::locked(|r| {
                let _ = std::fs::remove_dir(&d);
                r.forget(id);
            });
        }
    }
}

/// Writes whole documents (name, text) to `target`, whole or not at all: standard output or a
/// file gets them one after the other; a directory gets one file each, under its name.
pub fn write_documents<'a>(
    target: Target,
    documents: impl IntoIterator<Item = (&'a str, &'a [u8])>,
) -> Result<(), Failure> {
    let mut outputs = Outputs::new(target);
    for (name, text) in documents {
        let mut sink = outputs.open(name)?;
        sink.write_all(text).map_err(|e| sink.failure(&e))?;
        sink.wrote_game();
        outputs.close(sink)?;
    }
    outputs.commit()
}

/// Writes one summary of `games` games (`kifu stats`) to `target`, whole or not at all; a
/// summary of no game does not replace an existing file.
pub fn write_summary(target: Target, name: &str, text: &[u8], games: u64) -> Result<(), Failure> {
    let mut outputs = Outputs::new(target);
    let mut sink = outputs.open(name)?;
    sink.write_all(text).map_err(|e| sink.failure(&e))?;
    if games > 0 {
        sink.wrote_game();
    }
    outputs.close(sink)?;
    outputs.commit()
}

/// Refuses an output that is one of the inputs (before anything is read): `-o` naming an
/// input file (the same file by device and inode, through any path or link), or, into a
/// directory, the file an input's output would be (`name`: its name there, if it has one).
/// The message to print, else nothing.
pub fn refuse_inputs(
    target: &Target,
    found: &[Found],
    name: impl Fn(&Input) -> Option<String>,
) -> Result<(), String> {
    let ids = inputs::identities(found);
    if ids.is_empty() {
        return Ok(());
    }
    let clash = |p: &Path| inputs::identity(p).is_some_and(|id| ids.contains(&id));
    let refuse = |p: &Path| {
        format!(
            "{}: error[usage]: -o names an input, which would be replaced before it is read: \
write to another file (convert --to psn rewrites its inputs with --in-place)",
            p.display()
        )
    };
    match target {
        Target::Stdout => Ok(()),
        Target::File(p) if clash(p) => Err(refuse(p)),
        Target::File(_) => Ok(()),
        Target::Dir(dir) => {
            for input in found.iter().flatten() {
                if let Some(n) = name(input) {
                    let p = dir.join(n);
                    if clash(&p) {
                        return Err(refuse(&p));
                    }
                }
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_o_rule() {
        let dir = std::env::temp_dir();
        assert_eq!(Target::of(None), Target::Stdout);
        assert_eq!(
            Target::of(Some(&dir)),
            Target::Dir(dir.clone()),
            "an existing directory"
        );
        for d in ["out/", "a/b/", "/nonexistent-kifu/"] {
            assert_eq!(Target::of(Some(Path::new(d))), Target::Dir(d.into()), "{d}");
        }
        for f in ["plies.csv", "out", "a/b.psn", "/nonexistent-kifu/x"] {
            assert_eq!(
                Target::of(Some(Path::new(f))),
                Target::File(f.into()),
                "{f}"
            );
        }
        assert_eq!(
            Target::directory(Some(Path::new("/nonexistent-kifu/boards"))),
            Ok(Target::Dir("/nonexistent-kifu/boards".into()))
        );
        assert!(Target::directory(Some(Path::new("Cargo.toml"))).is_err());
    }
}
