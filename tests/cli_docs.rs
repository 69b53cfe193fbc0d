//! `kifu completions` and `kifu man`: generated from the command definitions, they mention
//! every subcommand.

mod cli_support;
mod common;

use cli_support::*;
use common::files::{names, scratch};

/// The subcommands `kifu --help` lists (but `help`).
fn subcommands() -> Vec<String> {
    let o = kifu(&["--help"], None);
    let help = out(&o);
    let list: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect();
    for c in ["validate", "convert", "render", "completions", "man"] {
        assert!(list.iter().any(|x| x == c), "{c} not in {list:?}");
    }
    list
}

#[test]
fn completions_for_every_shell_know_every_subcommand() {
    let commands = subcommands();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = kifu(&["completions", shell], None);
        assert_eq!(o.status.code(), Some(0), "{shell}: {}", err(&o));
        let script = out(&o);
        for c in &commands {
            assert!(script.contains(c.as_str()), "{shell}: no {c}");
        }
        // Options too.
        assert!(
            script.contains("encoding") && script.contains("every-ply"),
            "{shell}"
        );
    }
    let o = kifu(&["completions", "tcsh"], None);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_manual_page_names_every_subcommand() {
    let commands = subcommands();
    let o = kifu(&["man"], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let page = out(&o);
    assert!(page.contains(".TH kifu 1"), "{page}");
    for c in &commands {
        assert!(page.contains(&format!("kifu\\-{c}(1)")), "no {c}: {page}");
    }
    // A subcommand's page has its options and their help.
    let o = kifu(&["man", "validate"], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).contains(".TH kifu-validate 1"), "{}", out(&o));
    assert!(out(&o).contains("\\-\\-encoding"), "{}", out(&o));
    let o = kifu(&["man", "nosuch"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("validate"), "{}", err(&o));
    // Every page into a directory.
    let dir = scratch("man");
    let d = format!("{}/man1/", dir.display());
    let o = kifu(&["man", "-o", &d], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let mut want: Vec<String> = commands.iter().map(|c| format!("kifu-{c}.1")).collect();
    want.push("kifu.1".into());
    want.sort();
    assert_eq!(names(&dir.join("man1")), want);
    let _ = std::fs::remove_dir_all(&dir);
}
