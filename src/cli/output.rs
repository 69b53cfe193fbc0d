//! Output that is written whole or not at all: a temporary file beside the target, renamed
//! over it once everything is written; or standard output.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Where output goes.
pub enum Sink {
    Stdout(BufWriter<io::Stdout>),
    File {
        w: BufWriter<File>,
        tmp: PathBuf,
        target: PathBuf,
        /// Moved into place: nothing to clean up.
        done: bool,
    },
}

impl Sink {
    /// Standard output for None, else a temporary file next to `path`.
    pub fn open(path: Option<&Path>) -> Result<Sink, String> {
        let Some(path) = path else {
            return Ok(Sink::Stdout(BufWriter::new(io::stdout())));
        };
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| format!("{}: not a file name", path.display()))?;
        if path.is_dir() {
            return Err(format!("{} is a directory", path.display()));
        }
        let tmp = dir.join(format!(".{name}.kifu-{}.tmp", std::process::id()));
        let f = File::create(&tmp).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(Sink::File {
            w: BufWriter::new(f),
            tmp,
            target: path.to_path_buf(),
            done: false,
        })
    }

    /// Flushes and, for a file, moves it into place.
    pub fn finish(mut self) -> Result<(), String> {
        match &mut self {
            Sink::Stdout(w) => match w.flush() {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                    Err(format!("cannot write: {e}"))
                }
                _ => Ok(()),
            },
            Sink::File {
                w,
                tmp,
                target,
                done,
            } => {
                let r = w
                    .flush()
                    .and_then(|_| w.get_ref().sync_all())
                    .and_then(|_| std::fs::rename(&*tmp, &*target));
                match r {
                    Ok(()) => {
                        *done = true;
                        Ok(())
                    }
                    Err(e) => Err(format!("cannot write {}: {e}", target.display())),
                }
            }
        }
    }
}

impl Drop for Sink {
    /// An unfinished file sink leaves nothing behind.
    fn drop(&mut self) {
        if let Sink::File {
            tmp, done: false, ..
        } = self
        {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(w) => w.write(buf),
            Sink::File { w, .. } => w.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.flush(),
            Sink::File { w, .. } => w.flush(),
        }
    }
}
