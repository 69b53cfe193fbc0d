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
//! directory. A symbolic link is written through (its target is replaced, the link stays a
//! link); a device or pipe such as `/dev/null` is written directly. A replaced file keeps its
//! permissions; a new one gets the usual ones (0666 less the umask).
//!
//! **A closed pipe is not an error** ([`Failure`]): when the reader of standard output has
//! gone (`kifu validate | head -1`), the run stops quietly, with no message and exit status 0,
//! as ripgrep does.

use super::{EXIT_ERROR, EXIT_OK};
use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use tempfile::{NamedTempFile, TempPath};

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
            Target::File(p) => Ok(Target::Dir(p)),
            t => Ok(t),
        }
    }

    /// For a run that failed (exit status 2, passed on): says that the files were left alone
    /// (when -o named a file or directory; dropping the [`Outputs`] leaves nothing).
    pub fn nothing_written(&self, status: i32) -> i32 {
        if status == EXIT_ERROR && *self != Target::Stdout {
            eprintln!("kifu: nothing written to {}", self.display());
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
                eprintln!("kifu: {m}");
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
}

enum Kind {
    Stdout(BufWriter<io::Stdout>),
    Direct(BufWriter<File>),
    Temp {
        w: BufWriter<NamedTempFile>,
        target: PathBuf,
    },
}

impl Sink {
    /// Standard output.
    pub fn stdout() -> Sink {
        Sink {
            kind: Kind::Stdout(BufWriter::new(io::stdout())),
            name: "<stdout>".into(),
        }
    }

    /// A temporary file beside `path` (through symbolic links), or `path` itself when it is a
    /// device or a pipe.
    fn file(path: &Path) -> Result<Sink, Failure> {
        let name = path.display().to_string();
        let fail = |e: io::Error| Failure::Error(format!("cannot write {name}: {e}"));
        let path = resolve_links(path);
        let meta = std::fs::metadata(&path).ok();
        match &meta {
            Some(m) if m.is_dir() => {
                return Err(Failure::Error(format!("{name} is a directory")));
            }
            Some(m) if !m.is_file() => {
                let f = std::fs::OpenOptions::new()
                    .write(true)
                    .open(&path)
                    .map_err(fail)?;
                return Ok(Sink {
                    kind: Kind::Direct(BufWriter::new(f)),
                    name,
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
        let tmp = temp_file(dir, meta.as_ref().map(|m| m.permissions())).map_err(fail)?;
        Ok(Sink {
            kind: Kind::Temp {
                w: BufWriter::new(tmp),
                target: path,
            },
            name,
        })
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
fn temp_file(dir: &Path, keep: Option<std::fs::Permissions>) -> io::Result<NamedTempFile> {
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
    /// Written whole, synced and closed (a run may write thousands: a page per game),
    /// waiting for the commit.
    ready: Vec<(TempPath, PathBuf)>,
    /// Paths already handed out inside the directory (two inputs must not share one).
    used: HashSet<PathBuf>,
    /// The directory, once created or found, and the first directory this run created.
    dir_ready: bool,
    created: Option<PathBuf>,
}

impl Outputs {
    pub fn new(target: Target) -> Outputs {
        Outputs {
            target,
            ready: Vec::new(),
            used: HashSet::new(),
            dir_ready: false,
            created: None,
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
            Target::File(p) => Sink::file(p),
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
                Sink::file(&path)
            }
        }
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
        // The first missing ancestor: removed again if the run fails.
        let mut first_missing = None;
        let mut d = dir;
        while !d.as_os_str().is_empty() && std::fs::symlink_metadata(d).is_err() {
            first_missing = Some(d.to_path_buf());
            match d.parent() {
                Some(p) => d = p,
                None => break,
            }
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::Error(format!("cannot create {}: {e}", dir.display())))?;
        self.created = first_missing;
        self.dir_ready = true;
        Ok(())
    }

    /// An output written completely: flushed (standard output, a device), or synced, closed
    /// and kept for the commit (a file).
    pub fn close(&mut self, sink: Sink) -> Result<(), Failure> {
        let Sink { kind, name } = sink;
        match kind {
            Kind::Stdout(mut w) => w.flush().map_err(|e| Failure::of(&e, &name)),
            Kind::Direct(mut w) => w.flush().map_err(|e| Failure::of(&e, &name)),
            Kind::Temp { w, target } => {
                let tmp = w.into_inner().map_err(|e| Failure::of(e.error(), &name))?;
                tmp.as_file()
                    .sync_all()
                    .map_err(|e| Failure::of(&e, &name))?;
                self.ready.push((tmp.into_temp_path(), target));
                Ok(())
            }
        }
    }

    /// Moves every closed file over its target. (Each rename is atomic; if one fails, the
    /// ones before it have been made.)
    pub fn commit(mut self) -> Result<(), Failure> {
        for (tmp, target) in std::mem::take(&mut self.ready) {
            tmp.persist(&target).map_err(|e| {
                Failure::Error(format!("cannot write {}: {}", target.display(), e.error))
            })?;
        }
        self.created = None;
        Ok(())
    }
}

impl Drop for Outputs {
    fn drop(&mut self) {
        // The temporary files first, then the directories they were in.
        self.ready.clear();
        if let (Some(top), Target::Dir(dir)) = (&self.created, &self.target) {
            let mut d = dir.as_path();
            while std::fs::remove_dir(d).is_ok() && d != top.as_path() {
                match d.parent() {
                    Some(p) => d = p,
                    None => break,
                }
            }
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
        outputs.close(sink)?;
    }
    outputs.commit()
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
