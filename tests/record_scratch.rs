use kifu::record::*;
#[test]
fn scratch_big() {
    let mut s = String::from("[Variant \"Wa\"]\n");
    let mut i = 1u64;
    while s.len() < 10_000_000 {
        s.push_str(&format!("{i}. SP-7g SP-5d "));
        i += 1;
    }
    s.push_str("*\n");
    let t = std::time::Instant::now();
    let r = parse_str(&s);
    let rec = r[0].as_ref().unwrap();
    println!("{} moves in {:?}", rec.movetext.nodes().len(), t.elapsed());
    let last = rec.movetext.nodes().last().unwrap();
    let t = std::time::Instant::now();
    println!("{:?} {:?}", rec.line_col(last.span.start), t.elapsed());
    let mut c = String::from("1. SP-7g {");
    c.push_str(&"x".repeat(10_000_000));
    c.push_str("} *");
    let t = std::time::Instant::now();
    let r = parse_str(&c);
    println!(
        "{:?} {:?}",
        r[0].as_ref().map(|r| r.movetext.nodes().len()),
        t.elapsed()
    );
}
#[test]
fn scratch_game_rule() {
    use kifu::record::grammar::*;
    use pest::Parser;
    let mut s = String::from("[Variant \"Wa\"]\n");
    let mut i = 1u64;
    while s.len() < 10_000_000 {
        s.push_str(&format!("{i}. SP-7g SP-5d "));
        i += 1;
    }
    s.push_str("*\n");
    let t = std::time::Instant::now();
    let r = RecordParser::parse(Rule::game, &s).unwrap();
    println!("game rule {:?}", t.elapsed());
    let n = r.flatten().count();
    println!("pairs {n} {:?}", t.elapsed());
}
