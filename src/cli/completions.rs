//! `kifu completions` and `kifu man`: shell completions and manual pages, generated from the
//! same definitions as `--help`, so they cannot drift from it.

use super::output::{Target, write_documents};
use super::{Cli, EXIT_ERROR, EXIT_OK};
use clap::CommandFactory;
use clap_complete::Shell;
use std::path::PathBuf;

/// Print a shell completion script.
///
/// bash: `kifu completions bash > ~/.local/share/bash-completion/completions/kifu`;
/// zsh: `kifu completions zsh > ~/.zfunc/_kifu` (with `~/.zfunc` in `fpath`);
/// fish: `kifu completions fish > ~/.config/fish/completions/kifu.fish`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu completions bash > ~/.local/share/bash-completion/completions/kifu
  kifu completions zsh > ~/.zfunc/_kifu
  kifu completions fish > ~/.config/fish/completions/kifu.fish

Exit status: 0 written, 2 usage or I/O error.")]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: Shell,
}

/// Print the manual page (roff), or write every page into a directory.
///
/// `kifu man | man -l -` shows it; `kifu man -o DIR/` writes `kifu.1`, `kifu-validate.1`, ...
/// into DIR (to install under a `man1` directory).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu man | man -l -                        # the page of kifu
  kifu man validate | man -l -               # the page of one command
  kifu man -o ~/.local/share/man/man1/       # every page: kifu.1, kifu-validate.1, ...

Exit status: 0 written, 2 usage error (no such command) or I/O error.")]
pub struct ManArgs {
    /// The page of this subcommand (default: the page of kifu itself, which lists them all).
    command: Option<String>,
    /// Write to this file (`-`: standard output); a path ending in `/` or naming an existing
    /// directory gets every page. Written whole or not at all (a run stopped by a signal
    /// leaves no temporary file); a FIFO is written directly (refused if no one reads it); a
    /// link at a name kifu makes in the directory is refused.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
}

pub fn completions(a: CompletionsArgs) -> i32 {
    let mut cmd = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut cmd, "kifu", &mut script);
    match write_documents(Target::Stdout, [("", &script[..])]) {
        Ok(()) => EXIT_OK,
        Err(f) => f.report(),
    }
}

pub fn man(a: ManArgs) -> i32 {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let target = Target::of(a.output.as_deref());
    let mut commands: Vec<clap::Command> = match &a.command {
        Some(name) => match cmd.find_subcommand(name) {
            Some(sub) => vec![sub.clone()],
            None => {
                let names: Vec<&str> = cmd.get_subcommands().map(|s| s.get_name()).collect();
                super::say::error(
                    "usage",
                    format_args!("no command '{name}' (kifu has {})", names.join(", ")),
                );
                return EXIT_ERROR;
            }
        },
        None => vec![cmd.clone()],
    };
    if a.command.is_none() && matches!(target, Target::Dir(_)) {
        commands.extend(cmd.get_subcommands().cloned());
    }
    let mut pages = Vec::new();
    for c in commands {
        let page = clap_mangen::Man::new(c)
            .source(format!("kifu {}", env!("CARGO_PKG_VERSION")))
            .manual("kifu manual");
        let mut roff = Vec::new();
        if let Err(e) = page.render(&mut roff) {
            super::say::error("io", format_args!("cannot make the manual page: {e}"));
            return EXIT_ERROR;
        }
        pages.push((page.get_filename(), roff));
    }
    let pages = pages.iter().map(|(n, t)| (n.as_str(), &t[..]));
    match write_documents(target, pages) {
        Ok(()) => EXIT_OK,
        Err(f) => f.report(),
    }
}
