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
