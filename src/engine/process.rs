//! An engine's process: started in its own process group, its output read line by line on a
//! thread (so that every wait has a timeout), and always ended and reaped: dropping a
//! [`Process`] asks it to quit, then kills its whole process group (a shell wrapper and the
//! programs it started) and waits for it. No zombie is left behind.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line kept whole; the rest of a longer line is dropped (an engine that writes
/// without line ends cannot exhaust memory).
const MAX_LINE: usize = 64 * 1024;

/// How long a process that was told to quit gets before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(300);

/// What waiting for a line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Read1 {
    /// A line the engine wrote.
    Line(String),
    /// Nothing within the time.
    Timeout,
    /// The engine closed its output (it exited, or crashed).
    Closed,
}

/// A running engine process.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    closed: bool,
    status: Option<ExitStatus>,
}

impl Process {
    /// Starts `program` with `args`, its standard input and output piped, its standard error
    /// discarded.
    pub fn spawn(program: &str, args: &[String]) -> io::Result<Process> {
        let mut cmd = Command::new(locate(program));
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // Its own process group: a wrapper and its children are killed together.
            cmd.process_group(0);
        }
        let mut child = cmd.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = channel();
        thread::Builder::new()
            .name("engine-output".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                while let Ok(Some(line)) = read_line(&mut reader) {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Process {
            child,
            stdin,
            lines: rx,
            closed: false,
            status: None,
        })
    }

    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Sends one line (a line end is added). An engine that has exited gives an error.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "input closed"))?;
        let mut buf = Vec::with_capacity(line.len() + 1);
        buf.extend_from_slice(line.as_bytes());
        buf.push(b'\n');
        stdin.write_all(&buf)?;
        stdin.flush()
    }

    /// The next line, waiting until `deadline` at the latest.
    pub fn read_until(&mut self, deadline: Instant) -> Read1 {
        if self.closed {
            return Read1::Closed;
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Read1::Line(line),
            Err(RecvTimeoutError::Timeout) => Read1::Timeout,
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                Read1::Closed
            }
        }
    }

    /// How the process ended, once its output is closed: it gets a short grace to exit, is
    /// then killed (with its group) and reaped.
    pub fn exit_status(&mut self) -> Option<ExitStatus> {
        self.finish(false, true);
        self.status
    }

    /// Ends the process: `quit` (if `polite`), a short grace, then SIGKILL to its whole group,
    /// and waits for it.
    pub fn shutdown(&mut self, polite: bool) {
        self.finish(polite, polite);
    }

    fn finish(&mut self, polite: bool, grace: bool) {
        if self.status.is_some() {
            return;
        }
        if polite {
            let _ = self.send("quit");
        }
        // Closing its input also tells a well-behaved engine (and a wrapper) to end.
        self.stdin = None;
        if grace {
            let until = Instant::now() + QUIT_GRACE;
            while !exited(&mut self.child) && Instant::now() < until {
                thread::sleep(Duration::from_millis(5));
            }
        }
        // The group's id is the child's pid, which is not reused before the child is reaped
        // (below): the signal cannot reach another process.
        kill_group(self.child.id());
        let _ = self.child.kill();
        if let Ok(s) = self.child.wait() {
            self.status = Some(s);
        }
    }
}

/// The program to run for `program`: itself when it names a path (it has a `/`) or is found on
/// `PATH`; else Debian's `/usr/games/NAME` when that exists (where the `hachu` and `crazywa`
/// packages install it, a folder that root's `PATH`, and some others, lack); else itself (the
/// start fails with the system's "not found").
pub fn locate(program: &str) -> std::path::PathBuf {
    use std::path::{Path, PathBuf};
    let given = PathBuf::from(program);
    if program.contains('/') || program.is_empty() {
        return given;
    }
    let on_path = std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| is_program(&dir.join(program)))
    });
    if on_path {
        return given;
    }
    let games = Path::new("/usr/games").join(program);
    if is_program(&games) { games } else { given }
}

/// A file that can be run.
fn is_program(path: &std::path::Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

/// Whether the child has exited, without reaping it (so that its process group id stays
/// reserved until it is killed and reaped).
#[cfg(unix)]
fn exited(child: &mut Child) -> bool {
    let pid = child.id() as libc::id_t;
    // SAFETY: waitid(2) writes only into `info`, a zeroed siginfo_t owned here.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let r = libc::waitid(
            libc::P_PID,
            pid,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        );
        r != 0 || info.si_pid() != 0
    }
}

#[cfg(not(unix))]
fn exited(child: &mut Child) -> bool {
    !matches!(child.try_wait(), Ok(None))
}

impl Drop for Process {
    fn drop(&mut self) {
        self.shutdown(true);
    }
}

/// SIGKILL to the process group `pgid` (the engine and whatever it started).
#[cfg(unix)]
fn kill_group(pgid: u32) {
    if let Ok(pid) = libc::pid_t::try_from(pgid)
        && pid > 0
    {
        // SAFETY: kill(2) with a negative pid signals a process group; no memory involved.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill_group(_pgid: u32) {}

/// One line without its line end (`\n` or `\r\n`), at most [`MAX_LINE`] bytes of it, decoded
/// lossily; None at the end of the output.
fn read_line<R: Read>(reader: &mut BufReader<R>) -> io::Result<Option<String>> {
    let mut buf = Vec::new();
    let n = reader
        .by_ref()
        .take(MAX_LINE as u64)
        .read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() != Some(&b'\n') && n == MAX_LINE {
        // Too long: drop the rest of the line.
        let mut rest = Vec::new();
        loop {
            rest.clear();
            let m = reader
                .by_ref()
                .take(MAX_LINE as u64)
                .read_until(b'\n', &mut rest)?;
            if m == 0 || rest.last() == Some(&b'\n') {
                break;
            }
        }
    }
    while matches!(buf.last(), Some(b'\n' | b'\r')) {
        buf.pop();
    }
    Ok(Some(String::from_utf8_lossy(&buf).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_is_found_on_path_then_in_usr_games() {
        // A path, or a name on PATH, is run as given.
        assert_eq!(locate("./x"), std::path::PathBuf::from("./x"));
        assert_eq!(locate("sh"), std::path::PathBuf::from("sh"));
        // A name found nowhere is left for the start to fail on.
        let none = "kifu-no-such-engine";
        assert_eq!(locate(none), std::path::PathBuf::from(none));
        // Debian's engines, where installed and not on PATH (root's PATH lacks /usr/games).
        if std::path::Path::new("/usr/games/hachu").exists()
            && !std::env::var("PATH")
                .unwrap_or_default()
                .contains("/usr/games")
        {
            assert_eq!(
                locate("hachu"),
                std::path::PathBuf::from("/usr/games/hachu")
            );
        }
    }

    #[test]
    fn lines_are_read_and_cut() {
        let long = "x".repeat(MAX_LINE + 10);
        let text = format!("a\r\n{long}\nb\n");
        let mut r = BufReader::new(text.as_bytes());
        assert_eq!(read_line(&mut r).unwrap().as_deref(), Some("a"));
        assert_eq!(read_line(&mut r).unwrap().unwrap().len(), MAX_LINE);
        assert_eq!(read_line(&mut r).unwrap().as_deref(), Some("b"));
        assert_eq!(read_line(&mut r).unwrap(), None);
    }
}
