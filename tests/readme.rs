//! The README's examples are real output: every ```console block's `$ kifu ...` (or
//! `$ cargo run --release -- ...`) line is run against the built binary, and what it prints
//! (standard output and standard error, as a terminal shows them together) must be the lines
//! shown below it, up to the next `$ ` line or the block's end.
//!
//! A block preceded by `<!-- readme-test: skip -->` is not run (output that cannot be the same
//! twice). With `KIFU_README_UPDATE=1` the test rewrites the README's output lines from the
//! real output instead of failing (then review the diff).
//!
//! The ```sh blocks list commands without their output (their files are the reader's): each
//! `kifu ...` line there must at least be accepted by the argument parser.

mod cli_support;

use cli_support::{example_words, manifest, parses};
use std::path::Path;
use std::process::Command;

/// The marker that keeps the next block from being run.
const SKIP: &str = "<!-- readme-test: skip -->";

/// One example: the command line, and where its shown output is in the README's lines.
struct Example {
    command: String,
    /// The README's lines `output.0..output.1` are the output shown.
    output: (usize, usize),
}

/// The examples of every ```console block not marked [`SKIP`].
fn examples(lines: &[&str]) -> Vec<Example> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() != "```console" {
            i += 1;
            continue;
        }
        let skip = lines[..i]
            .iter()
            .rev()
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| l.trim() == SKIP);
        let end = (i + 1..lines.len())
            .find(|&j| lines[j].starts_with("```"))
            .expect("a ```console block is closed");
        if !skip {
            let mut j = i + 1;
            while j < end {
                let command = lines[j]
                    .strip_prefix("$ ")
                    .unwrap_or_else(|| panic!("README line {}: not a `$ ` command", j + 1));
                let next = (j + 1..end)
                    .find(|&k| lines[k].starts_with("$ "))
                    .unwrap_or(end);
                found.push(Example {
                    command: command.to_string(),
                    output: (j + 1, next),
                });
                j = next;
            }
        }
        i = end + 1;
    }
    found
}

/// Runs a command line as a shell would, `kifu` being the binary under test, in the project
/// directory; standard error goes where standard output goes (as on a terminal).
fn run(command: &str) -> String {
    let line = match command.strip_prefix("cargo run --release -- ") {
        Some(rest) => format!("kifu {rest}"),
        None => command.to_string(),
    };
    assert!(
        line.starts_with("kifu "),
        "README example does not run kifu: {command}"
    );
    let bin = Path::new(env!("CARGO_BIN_EXE_kifu"));
    let path = std::env::join_paths(std::iter::once(bin.parent().unwrap().to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1; {line}"))
        .current_dir(manifest())
        .env("PATH", path)
        .env_remove("NO_COLOR")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    normalize(&String::from_utf8_lossy(&o.stdout))
}

/// Only what must be: no trailing blanks on a line, no blank lines at the end.
fn normalize(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let mut text = lines.join("\n");
    while text.ends_with('\n') {
        text.pop();
    }
    text
}

#[test]
fn the_readme_examples_are_real_output() {
    let path = manifest().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = readme.lines().collect();
    let examples = examples(&lines);
    assert!(examples.len() >= 10, "{} examples", examples.len());
    let update = std::env::var_os("KIFU_README_UPDATE").is_some_and(|v| v == "1");
    let mut wrong = Vec::new();
    let mut replaced: Vec<((usize, usize), String)> = Vec::new();
    for e in &examples {
        let shown = normalize(&lines[e.output.0..e.output.1].join("\n"));
        let real = run(&e.command);
        if shown != real {
            wrong.push(format!(
                "README line {}: $ {}\n--- shown\n{shown}\n--- real\n{real}\n",
                e.output.0, e.command
            ));
            replaced.push((e.output, real));
        }
    }
    if update && !replaced.is_empty() {
        let mut out: Vec<String> = Vec::new();
        let mut at = 0;
        for ((from, to), real) in &replaced {
            out.extend(lines[at..*from].iter().map(|l| l.to_string()));
            if !real.is_empty() {
                out.extend(real.lines().map(str::to_string));
            }
            at = *to;
        }
        out.extend(lines[at..].iter().map(|l| l.to_string()));
        std::fs::write(&path, out.join("\n") + "\n").unwrap();
        eprintln!(
            "README.md: {} outputs rewritten; review the diff",
            replaced.len()
        );
        return;
    }
    assert!(
        wrong.is_empty(),
        "{} README examples differ from the real output (KIFU_README_UPDATE=1 rewrites them):\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Every `kifu` line of the README's ```sh blocks is accepted by the argument parser (run in
/// an empty directory, where its files do not exist).
#[test]
fn the_readme_command_lists_parse() {
    let readme = std::fs::read_to_string(manifest().join("README.md")).unwrap();
    let dir = std::env::temp_dir().join(format!("kifu-readme-sh-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut in_sh = false;
    let mut seen = 0;
    let mut refused = Vec::new();
    for (n, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            in_sh = line.trim_end() == "```sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        if let Some(words) = example_words(line) {
            if let Err(e) = parses(&words, &dir) {
                refused.push(format!("README line {}: {e}", n + 1));
            }
            seen += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(seen >= 40, "{seen} commands");
    assert!(refused.is_empty(), "{}", refused.join("\n"));
}

/// The parser of the blocks: commands, outputs, and the skip marker.
#[test]
fn examples_are_found_as_written() {
    let text = "x\n```console\n$ kifu a\none\ntwo\n$ kifu b\n```\n\n<!-- readme-test: skip -->\n\
                ```console\n$ kifu c\nthree\n```\n```sh\n$ kifu d\n```\n";
    let lines: Vec<&str> = text.lines().collect();
    let found = examples(&lines);
    let got: Vec<(&str, usize, usize)> = found
        .iter()
        .map(|e| (e.command.as_str(), e.output.0, e.output.1))
        .collect();
    assert_eq!(got, [("kifu a", 3, 5), ("kifu b", 6, 6)]);
    assert_eq!(normalize("a  \nb\n\n"), "a\nb");
}
