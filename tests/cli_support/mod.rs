//! Running the `kifu` binary from the command-line tests (`tests/cli_*.rs`).
//! (Their scratch directories: `tests/common/files.rs`.)
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The project directory (the working directory of every run unless told otherwise).
pub fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A command running kifu with `args` in the project directory.
pub fn command(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_kifu"));
    c.args(args).current_dir(manifest());
    c
}

/// Runs kifu with `args`, standard input `stdin` (or none: /dev/null).
pub fn kifu(args: &[&str], stdin: Option<&[u8]>) -> Output {
    run(command(args), stdin)
}

/// Runs a prepared command with standard input `stdin` (or none: /dev/null).
pub fn run(mut c: Command, stdin: Option<&[u8]>) -> Output {
    c.stdout(Stdio::piped()).stderr(Stdio::piped());
    match stdin {
        None => c.stdin(Stdio::null()).output().unwrap(),
        Some(data) => {
            c.stdin(Stdio::piped());
            let mut child = c.spawn().unwrap();
            let mut pipe = child.stdin.take().unwrap();
            let data = data.to_vec();
            // kifu may exit before reading everything: a broken pipe is fine.
            let w = std::thread::spawn(move || {
                let _ = pipe.write_all(&data);
            });
            let o = child.wait_with_output().unwrap();
            w.join().unwrap();
            o
        }
    }
}

pub fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A short valid Gufū game.
pub const GUFU: &str = "[Event \"t\"]\n[Variant \"Gufu\"]\n[Result \"0-1\"]\n\n\
1. K*2二>S 2. K*1一>E 3. W*2三>W 4. S*1二>E 5. Wx1二>N+ 6. S*2三>N\n\
7. Sx1二>E+ 8. K-2一>S 9. S-1一>S+ 10. W*1二>N+ 11. Wx1一>E\n\
12. S*2三>E+ 13. S-1三>S 14. Wx2二>S 0-1\n";

/// A short valid Wa game.
pub const WA: &str = "[Variant \"wa\"]\n\n1. SP-8g SP-8e 2. SP-8f SPx8f *\n";

/// A Gufū record invalid at its fourth ply.
pub const GUFU_BAD: &str = "[Variant \"Gufu\"]\n\n1. K*2三>W 2. K*1一>E 3. W*1三>N 4. Zz *\n";

/// A record as Japanese programs save it: kanji in tags, comments and squares.
pub const JAPANESE: &str = "[Event \"颶風将棋 研究会\"]\n[Black \"先手\"]\n[White \"後手\"]\n\
[Variant \"颶風将棋\"]\n[Result \"0-1\"]\n\n\
1. K*2二>S {玉を打つ} 2. K*1一>E 3. W*2三>W 4. S*1二>E 5. Wx1二>N+ 6. S*2三>N\n\
7. Sx1二>E+ 8. K-2一>S 9. S-1一>S+ 10. W*1二>N+ 11. Wx1一>E\n\
12. S*2三>E+ 13. S-1三>S 14. Wx2二>S 0-1\n";

/// `text` in Shift_JIS (every character must have a code there).
pub fn shift_jis(text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding_rs::SHIFT_JIS.encode(text);
    assert!(!unmappable);
    bytes.into_owned()
}

/// The arguments of an example command line as shown in a help text or the README
/// (`kifu convert game.psn --to csv   # a comment`): what follows `kifu`, up to a comment, a
/// pipe or a redirection, split at blanks, '…' kept together. None for a line that runs
/// something else, or a placeholder (`kifu COMMAND --help`).
pub fn example_words(line: &str) -> Option<Vec<String>> {
    let line = line.trim();
    let line = match line.rsplit_once("| kifu ") {
        Some((_, rest)) => rest,
        None => line.strip_prefix("kifu ")?,
    };
    let line = line.split(['#', '|', '>', '<']).next()?;
    let mut words = Vec::new();
    for (i, part) in line.split('\'').enumerate() {
        if i % 2 == 1 {
            words.push(part.to_string());
        } else {
            words.extend(part.split_whitespace().map(String::from));
        }
    }
    (words.first().map(String::as_str) != Some("COMMAND")).then_some(words)
}

/// Runs kifu with `words` in `dir` (standard input empty) and says whether the argument
/// parser took them: Err with its message when it refused them as a usage error.
///
/// An engine named after `--engine` is replaced by a program that does not exist: the command
/// is parsed and then fails to start it, instead of playing a whole match (the README's
/// ten-game match at a second a move would take a quarter of an hour).
pub fn parses(words: &[String], dir: &Path) -> Result<(), String> {
    let mut words: Vec<&str> = words.iter().map(String::as_str).collect();
    for i in 1..words.len() {
        if words[i - 1] == "--engine" {
            words[i] = "kifu-test-no-such-engine";
        }
    }
    for w in words.iter_mut() {
        if w.starts_with("--engine=") {
            *w = "--engine=kifu-test-no-such-engine";
        }
    }
    let mut c = command(&words);
    c.current_dir(dir);
    let e = err(&run(c, Some(b"")));
    if e.starts_with("error:") || e.contains("\nUsage:") {
        Err(format!("`kifu {}` is refused: {e}", words.join(" ")))
    } else {
        Ok(())
    }
}
