//! The README's table of error kinds is the list of kinds kifu reports: every kind of the
//! record layer and of the replay is in the table, and every name in the table is one of them.

use kifu::record::ErrorKind;
use kifu::replay::ProblemKind;
use kifu::rules::Rule;
use std::collections::BTreeSet;

/// The record layer's kinds (`ErrorKind` is `#[non_exhaustive]`, so it is listed here).
const RECORD_KINDS: [ErrorKind; 12] = [
    ErrorKind::InvalidUtf8,
    ErrorKind::EmptyInput,
    ErrorKind::NoMovetext,
    ErrorKind::UnterminatedTag,
    ErrorKind::UnterminatedComment,
    ErrorKind::UnterminatedVariation,
    ErrorKind::UnbalancedVariation,
    ErrorKind::Syntax,
    ErrorKind::NumberTooLarge,
    ErrorKind::TooDeep,
    ErrorKind::GameTooLarge,
    ErrorKind::Io,
];

/// The names in the first column of the README's "Error kinds" table.
fn readme_kinds() -> Vec<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let start = readme
        .find("#### Error kinds")
        .expect("an \"Error kinds\" section");
    let section = &readme[start..];
    let mut names = Vec::new();
    for line in section.lines().skip(1) {
        if line.starts_with('#') {
            break;
        }
        let Some(row) = line.strip_prefix('|') else {
            continue;
        };
        let first = row.split('|').next().unwrap_or("");
        names.extend(first.split('`').skip(1).step_by(2).map(str::to_string));
    }
    names
}

fn kinds() -> Vec<String> {
    let record = RECORD_KINDS.iter().map(|k| k.name().to_string());
    let replay = ProblemKind::all().map(|k| k.name().to_string());
    // What `kifu convert` refuses to write.
    let writers = [kifu::notation::Unsupported::KIND.to_string()];
    record.chain(replay).chain(writers).collect()
}

#[test]
fn the_readme_table_lists_every_kind() {
    let table: BTreeSet<String> = readme_kinds().into_iter().collect();
    assert!(table.len() > 40, "the table was not found: {table:?}");
    for k in kinds() {
        assert!(table.contains(&k), "README's error kinds lack `{k}`");
    }
}

#[test]
fn every_kind_in_the_readme_table_exists() {
    let kinds: BTreeSet<String> = kinds().into_iter().collect();
    for k in readme_kinds() {
        assert!(
            kinds.contains(&k),
            "README lists `{k}`, which kifu never reports"
        );
    }
}

#[test]
fn names_are_unique_and_snake_case() {
    let all = kinds();
    let unique: BTreeSet<&String> = all.iter().collect();
    assert_eq!(unique.len(), all.len(), "a name is used twice: {all:?}");
    for k in &all {
        assert!(
            !k.is_empty()
                && k.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
            "{k}"
        );
    }
    for t in readme_kinds() {
        assert_eq!(
            readme_kinds().iter().filter(|k| **k == t).count(),
            1,
            "{t} twice"
        );
    }
}

#[test]
fn a_broken_rule_is_reported_under_the_rule_s_name() {
    assert_eq!(ProblemKind::from(Rule::PathBlocked).name(), "path_blocked");
    assert_eq!(
        ProblemKind::Rule(Rule::LeavesKingInCheck).to_string(),
        "king_in_check"
    );
    assert_eq!(Rule::all().count(), 24);
    assert!(ProblemKind::all().any(|k| k == ProblemKind::Rule(Rule::SetupOrder)));
}
