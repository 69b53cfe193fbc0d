//! The replay page and the diagrams in a real browser: headless Chromium driven through
//! WebDriver (`chromedriver`), with a small HTTP client over `std::net` (no crate: the
//! protocol is a few JSON requests, and a blocking client keeps the test simple).
//!
//! - Replay pages of Wa and Gufū games (variations, comments, two games in a file) are opened
//!   from `file://`; the keys, clicks on moves, the flip button and `#ply=N` are used, and at
//!   every ply `#board`'s `data-ply` and `data-position` are checked against kifu's own replay,
//!   and the pieces, hands and highlights the page's script drew against the diagram
//!   `kifu::svg::board` draws of the same position.
//! - A diagram is screenshot by a browser that sees no CJK font (a fontconfig configuration of
//!   its own) and compared with resvg's rendering: outlines look the same, while the same
//!   diagram left to fonts (`text_glyphs`) does not (its kanji are empty boxes there).
//!
//! Without Chromium and chromedriver the tests say they were skipped and pass; with the
//! environment variable `CI` set they fail instead. `KIFU_CHROMIUM` and `KIFU_CHROMEDRIVER`
//! name other binaries than `/usr/bin/chromium` and `/usr/bin/chromedriver`.

mod common;
mod diagram;
mod pages;

use pages::{Scratch, expected, fixture, games, page_of};

use kifu::Variant;
use kifu::for_game;
use kifu::record::Record;
use kifu::replay::{Played, State};
use kifu::svg::{self, Diagram, DiagramOptions};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------------------------
// Finding the browser.

fn tool(var: &str, default: &str) -> Option<PathBuf> {
    let p = std::env::var_os(var)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(default));
    p.is_file().then_some(p)
}

/// Chromium and chromedriver, or None after saying the test is skipped (a failure under CI).
fn browser(test: &str) -> Option<(PathBuf, PathBuf)> {
    match (
        tool("KIFU_CHROMIUM", "/usr/bin/chromium"),
        tool("KIFU_CHROMEDRIVER", "/usr/bin/chromedriver"),
    ) {
        (Some(c), Some(d)) => Some((c, d)),
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "{test}: no Chromium/chromedriver (/usr/bin/chromium, /usr/bin/chromedriver, or \
                 KIFU_CHROMIUM/KIFU_CHROMEDRIVER), and CI is set: the browser tests must run"
            );
            // Past the test harness's capture, so that a plain `cargo test` shows it.
            let _ = writeln!(
                std::io::stderr(),
                "browser test {test} SKIPPED: Chromium or chromedriver not found \
                 (apt-get install chromium chromium-driver)"
            );
            None
        }
    }
}

// ---------------------------------------------------------------------------------------------
// WebDriver.

struct Driver {
    child: Child,
    port: u16,
    session: String,
    _profile: Scratch,
}

/// One HTTP/1.1 request; the JSON `value` of the answer. (chromedriver keeps the connection
/// open whatever the request says: the answer is read by its length.)
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(120)))
        .map_err(|e| e.to_string())?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    let mut buf = [0u8; 65536];
    // Reads until `done` says the answer is complete (or the peer closes).
    let mut fill = |raw: &mut Vec<u8>, done: &dyn Fn(&[u8]) -> bool| -> Result<(), String> {
        while !done(raw) {
            let n = s.read(&mut buf).map_err(|e| e.to_string())?;
            if n == 0 {
                return Ok(());
            }
            raw.extend_from_slice(&buf[..n]);
        }
        Ok(())
    };
    let end_of_head = |r: &[u8]| r.windows(4).position(|w| w == b"\r\n\r\n");
    fill(&mut raw, &|r| end_of_head(r).is_some())?;
    let split = end_of_head(&raw).ok_or("no HTTP header")?;
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let start = split + 4;
    let content = if head.contains("transfer-encoding: chunked") {
        // Chunks until the empty one.
        fill(&mut raw, &|r| {
            r[start..].windows(5).any(|w| w == b"0\r\n\r\n")
        })?;
        let mut out = Vec::new();
        let mut rest = &raw[start..];
        loop {
            let line_end = rest.windows(2).position(|w| w == b"\r\n").ok_or("chunk")?;
            let size = usize::from_str_radix(
                String::from_utf8_lossy(&rest[..line_end])
                    .split(';')
                    .next()
                    .unwrap_or("")
                    .trim(),
                16,
            )
            .map_err(|e| e.to_string())?;
            rest = &rest[line_end + 2..];
            if size == 0 {
                break;
            }
            out.extend_from_slice(&rest[..size]);
            rest = &rest[size + 2..];
        }
        out
    } else {
        let len: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse().ok())
            .ok_or("no Content-Length")?;
        fill(&mut raw, &|r| r.len() >= start + len)?;
        raw[start..(start + len).min(raw.len())].to_vec()
    };
    let v: Value = serde_json::from_slice(&content)
        .map_err(|e| format!("{e}: {}", String::from_utf8_lossy(&content)))?;
    if let Some(err) = v["value"].get("error") {
        return Err(format!("{method} {path}: {err} {}", v["value"]["message"]));
    }
    Ok(v["value"].clone())
}

impl Driver {
    /// Starts chromedriver and a headless Chromium session; `fontconfig`: a fontconfig
    /// configuration file for the browser (what fonts it sees).
    fn start(test: &str, fontconfig: Option<&Path>) -> Option<Driver> {
        Driver::start_at(test, fontconfig, (1400, 1000))
    }

    /// The same with a window of `size` (width, height) pixels.
    fn start_at(test: &str, fontconfig: Option<&Path>, size: (u32, u32)) -> Option<Driver> {
        let (chromium, chromedriver) = browser(test)?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let mut cmd = Command::new(&chromedriver);
        cmd.arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if let Some(f) = fontconfig {
            cmd.env("FONTCONFIG_FILE", f);
        }
        let child = cmd.spawn().expect("chromedriver starts");
        let profile = Scratch::new(&format!("{test}-profile"));
        let mut d = Driver {
            child,
            port,
            session: String::new(),
            _profile: profile,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while http(port, "GET", "/status", None).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not answer");
            std::thread::sleep(Duration::from_millis(50));
        }
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            &format!("--window-size={},{}", size.0, size.1),
            &format!("--user-data-dir={}", d._profile.0.display()),
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
        }}});
        let v = http(port, "POST", "/session", Some(&caps)).expect("a browser session");
        d.session = v["sessionId"].as_str().expect("a session id").to_string();
        Some(d)
    }

    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let p = format!("/session/{}{path}", self.session);
        http(self.port, method, &p, body.as_ref()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn goto(&self, url: &str) {
        self.cmd("POST", "/url", Some(json!({ "url": url })));
    }

    fn exec(&self, script: &str) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    /// Presses and releases a key (WebDriver key codes: `\u{E014}` is →).
    fn key(&self, key: char) {
        self.cmd(
            "POST",
            "/actions",
            Some(
                json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
                    {"type": "keyDown", "value": key.to_string()},
                    {"type": "keyUp", "value": key.to_string()},
                ]}]}),
            ),
        );
    }

    fn element(&self, css: &str) -> String {
        let v = self.cmd(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        v.as_object()
            .and_then(|o| o.values().next())
            .and_then(|x| x.as_str())
            .expect("an element")
            .to_string()
    }

    /// Clicks the middle of an element with the mouse (scrolled into view first).
    fn click(&self, css: &str) {
        let at = self.exec(&format!(
            "const e = document.querySelector({}); e.scrollIntoView({{block: 'nearest'}}); \
             const r = e.getBoundingClientRect(); \
             return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];",
            json!(css)
        ));
        let (x, y) = (at[0].as_i64().unwrap(), at[1].as_i64().unwrap());
        self.cmd(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "pointer", "id": "mouse",
                "parameters": {"pointerType": "mouse"}, "actions": [
                {"type": "pointerMove", "x": x, "y": y, "origin": "viewport"},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ]}]})),
        );
    }

    /// A PNG of one element.
    fn screenshot(&self, css: &str) -> Vec<u8> {
        let e = self.element(css);
        let v = self.cmd("GET", &format!("/element/{e}/screenshot"), None);
        base64(v.as_str().expect("base64"))
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = http(
                self.port,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            );
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn base64(s: &str) -> Vec<u8> {
    let val = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => (c - b'A') as u32,
            b'a'..=b'z' => (c - b'a' + 26) as u32,
            b'0'..=b'9' => (c - b'0' + 52) as u32,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        }
    };
    let bytes: Vec<u8> = s.bytes().filter(|c| !c.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3);
    for chunk in bytes.chunks(4) {
        let pad = chunk.iter().filter(|&&c| c == b'=').count();
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= if c == b'=' { 0 } else { val(c) } << (18 - 6 * i);
        }
        out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8][..3 - pad]);
    }
    out
}

const RIGHT: char = '\u{E014}';
const LEFT: char = '\u{E012}';
const UP: char = '\u{E013}';
const DOWN: char = '\u{E015}';
const HOME: char = '\u{E011}';
const END: char = '\u{E010}';

// ---------------------------------------------------------------------------------------------
// What kifu expects.

/// What a drawn board shows: pieces (square, look, x, y), highlights (class, square, x, y),
/// hands (class, transform, [(look, x, y)]).
type Drawn = (
    Vec<(String, String, String, String)>,
    Vec<(String, String, String, String)>,
    Vec<(String, String, Vec<(String, String, String)>)>,
);

/// The board the page shows now, and its data attributes.
fn page_state(d: &Driver) -> (u64, String, u64, Drawn) {
    let v = d.exec(
        r#"const b = document.getElementById('board'), svg = b.querySelector('svg');
        const a = (e, n) => e.getAttribute(n) || '';
        const u = e => [a(e, 'class'), a(e, 'data-square'), (a(e, 'href') || a(e, 'xlink:href')).slice(1), a(e, 'x'), a(e, 'y')];
        return {game: +b.dataset.game, ply: +b.dataset.ply, pos: b.dataset.position,
          pieces: [...svg.querySelectorAll('.pieces use')].map(u),
          lit: [...svg.querySelectorAll('.highlights use')].map(u),
          hands: [...svg.querySelectorAll('g.hand')].map(h => [a(h, 'class'), a(h, 'transform'),
            [...h.querySelectorAll('.hand-pieces use')].map(u)])};"#,
    );
    let s = |x: &Value| x.as_str().unwrap_or("").to_string();
    let pieces = v["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (s(&e[1]), s(&e[2]), s(&e[3]), s(&e[4])))
        .collect();
    let lit = v["lit"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (s(&e[0]), s(&e[1]), s(&e[3]), s(&e[4])))
        .collect();
    let hands = v["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                s(&h[0]),
                s(&h[1]),
                h[2].as_array()
                    .unwrap()
                    .iter()
                    .map(|e| (s(&e[2]), s(&e[3]), s(&e[4])))
                    .collect(),
            )
        })
        .collect();
    (
        v["game"].as_u64().unwrap(),
        s(&v["pos"]),
        v["ply"].as_u64().unwrap(),
        (pieces, lit, hands),
    )
}

/// What `kifu::svg::board` draws of the same position.
fn diagram_state(doc: &str) -> Drawn {
    let d = diagram::parse(doc);
    let a = |n: &roxmltree::Node, k: &str| n.attribute(k).unwrap_or("").to_string();
    let href = |n: &roxmltree::Node| {
        n.attributes()
            .find(|x| x.name() == "href")
            .map(|x| x.value()[1..].to_string())
            .unwrap_or_default()
    };
    let group = |class: &str| {
        d.descendants()
            .find(|n| diagram::has_class(n, class))
            .unwrap()
    };
    let pieces = group("pieces")
        .children()
        .filter(|n| n.has_tag_name("use"))
        .map(|n| (a(&n, "data-square"), href(&n), a(&n, "x"), a(&n, "y")))
        .collect();
    let lit = group("highlights")
        .children()
        .filter(|n| n.has_tag_name("use"))
        .map(|n| (a(&n, "class"), a(&n, "data-square"), a(&n, "x"), a(&n, "y")))
        .collect();
    let hands = d
        .descendants()
        .filter(|n| n.has_tag_name("g") && diagram::has_class(n, "hand"))
        .map(|h| {
            let inner = h
                .children()
                .find(|n| diagram::has_class(n, "hand-pieces"))
                .unwrap();
            (
                a(&h, "class"),
                a(&h, "transform"),
                inner
                    .children()
                    .filter(|n| n.has_tag_name("use"))
                    .map(|n| (href(&n), a(&n, "x"), a(&n, "y")))
                    .collect(),
            )
        })
        .collect();
    (pieces, lit, hands)
}

fn diagram_of<D: Diagram>(pos: &D, mv: Option<D::Move>, o: &DiagramOptions<()>) -> String {
    svg::board(
        pos,
        &DiagramOptions {
            last_move: mv,
            check: svg::check_square(pos),
            caption: None,
            ..o.for_moves()
        },
    )
}

fn url(path: &Path, fragment: &str) -> String {
    format!("file://{}{fragment}", path.display())
}

// ---------------------------------------------------------------------------------------------
// The tests.

/// Steps through every game of a page with the keys, clicks every move, and checks the board
/// at each position against kifu's replay and diagrams.
fn check_page(d: &Driver, page: &Path, fixture_name: &str, o: &DiagramOptions<()>) {
    d.goto(&url(page, ""));
    let games = games(&fixture(fixture_name));
    for (gi, (record, report)) in games.iter().enumerate() {
        let last = gi + 1 == games.len();
        let played = report.played.as_ref().unwrap();
        for_game!(played, p => check_game(d, page, fixture_name, o, gi, last, record, p));
    }
}

/// One game of a page (number `gi`, from 0; `last`: the page's last).
#[allow(clippy::too_many_arguments)]
fn check_game<G: Diagram>(
    d: &Driver,
    page: &Path,
    fixture_name: &str,
    o: &DiagramOptions<()>,
    gi: usize,
    last: bool,
    record: &Record,
    played: &Played<G>,
) {
    {
        let exp = expected(&record.movetext, played);
        let start = played.start.clone();
        // The start, then → along the main line, ply by ply.
        let (g, pos, ply, drawn) = page_state(d);
        assert_eq!((g, ply), (gi as u64 + 1, 0));
        assert_eq!(pos, start.position_string());
        assert_eq!(drawn, diagram_state(&diagram_of(&start, None, o)), "start");
        let main: Vec<usize> = record
            .movetext
            .main_line()
            .nodes
            .iter()
            .map(|n| n.index())
            .collect();
        for (i, &n) in main.iter().enumerate() {
            d.key(RIGHT);
            let (_, pos, ply, drawn) = page_state(d);
            let (epos, depth, before, m) = &exp.nodes[n];
            assert_eq!(
                (ply, &pos),
                (i as u64 + 1, epos),
                "{fixture_name}: ply {}",
                i + 1
            );
            assert_eq!(*depth, ply);
            let mut after = before.clone();
            after.play_unchecked(m);
            assert_eq!(
                drawn,
                diagram_state(&diagram_of(&after, Some(*m), o)),
                "{fixture_name}: the board at ply {ply}"
            );
        }
        // → at the end stays; Home, End, ←.
        d.key(RIGHT);
        assert_eq!(page_state(d).2, main.len() as u64);
        d.key(HOME);
        assert_eq!(page_state(d).2, 0);
        d.key(END);
        assert_eq!(page_state(d).2, main.len() as u64);
        d.key(LEFT);
        let (_, pos, ply, _) = page_state(d);
        assert_eq!(ply, main.len() as u64 - 1);
        if main.len() >= 2 {
            assert_eq!(pos, exp.nodes[main[main.len() - 2]].0);
        }
        // A click on each move, variations included.
        let moves = d.exec(&format!(
            "return document.querySelectorAll('#moves-{gi} .mv').length"
        ));
        assert_eq!(moves.as_u64(), Some(exp.nodes.len() as u64));
        // The k-th move in document order is node k (the list is in source order).
        let ids = d.exec(&format!(
            "return [...document.querySelectorAll('#moves-{gi} .mv')].map(e => e.getAttribute('data-i'))"
        ));
        let ids: Vec<String> = ids
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect();
        for (k, (epos, depth, _, _)) in exp.nodes.iter().enumerate() {
            d.click(&format!("#moves-{gi} .mv[data-i=\"{}\"]", ids[k]));
            let (_, pos, ply, _) = page_state(d);
            assert_eq!(
                (&pos, ply),
                (epos, *depth),
                "{fixture_name}: move {k} clicked"
            );
        }
        // ↑/↓: at a move with variations, the alternatives in turn and back.
        for (k, node) in record.movetext.nodes().iter().enumerate() {
            if node.variations.is_empty() {
                continue;
            }
            d.click(&format!("#moves-{gi} .mv[data-i=\"{}\"]", ids[k]));
            let alts: Vec<usize> = std::iter::once(k)
                .chain(
                    node.variations
                        .iter()
                        .map(|&v| record.movetext.line(v).nodes[0].index()),
                )
                .collect();
            for step in 1..=alts.len() {
                d.key(DOWN);
                let want = &exp.nodes[alts[step % alts.len()]];
                let (_, pos, ply, _) = page_state(d);
                assert_eq!(
                    (&pos, ply),
                    (&want.0, want.1),
                    "{fixture_name}: ↓ at move {k}"
                );
            }
            d.key(UP);
            let want = &exp.nodes[alts[alts.len() - 1]];
            assert_eq!(page_state(d).1, want.0, "↑");
        }
        // #ply=N opens that ply of the main line.
        let n = main.len().clamp(1, 3);
        let frag = if gi == 0 {
            format!("#ply={n}")
        } else {
            format!("#game={}&ply={n}", gi + 1)
        };
        d.goto(&url(page, &frag));
        let (g, pos, ply, _) = page_state(d);
        assert_eq!((g, ply), (gi as u64 + 1, n as u64), "{frag}");
        let want = if n == 0 {
            start.position_string()
        } else {
            exp.nodes[main[n - 1]].0.clone()
        };
        assert_eq!(pos, want, "{frag}");
        // The flip button: the same position seen from White, as the flipped diagram.
        d.click("button[data-act=flip]");
        let (_, _, _, drawn) = page_state(d);
        let (_, _, before, m) = &exp.nodes[main[n - 1]];
        let mut after = before.clone();
        after.play_unchecked(m);
        let flipped = DiagramOptions {
            flip: !o.flip,
            ..o.clone()
        };
        assert_eq!(
            drawn,
            diagram_state(&diagram_of(&after, Some(*m), &flipped)),
            "flipped"
        );
        d.click("button[data-act=flip]");
        // To the next game: Home, then ↓ (no alternatives at the start).
        d.key(HOME);
        if !last {
            d.key(DOWN);
            assert_eq!(page_state(d).0, gi as u64 + 2, "↓ to the next game");
        }
    }
}

#[test]
fn replay_pages_follow_kifus_replay() {
    let Some(d) = Driver::start("replay_pages", None) else {
        return;
    };
    let dir = Scratch::new("pages");
    let wa = |ranks| DiagramOptions {
        ranks,
        ..DiagramOptions::default()
    };
    use kifu::geometry::RankStyle::{Kanji, Letter as Letters};
    // Wa with drops, nested variations, a drop in a variation, kanji ranks.
    let p = page_of(&dir.0, "wa/crazywa-124-kanji.psn", &[]);
    check_page(&d, &p, "wa/crazywa-124-kanji.psn", &wa(Letters));
    // A whole CrazyWa game to its checkmate; kanji ranks asked for.
    let p = page_of(&dir.0, "crazywa/selfplay-001.psn", &["--ranks", "kanji"]);
    check_page(&d, &p, "crazywa/selfplay-001.psn", &wa(Kanji));
    // Wa without drops (no hands), and flipped at the start with plain English pieces.
    let p = page_of(
        &dir.0,
        "wa/nodrop-casual.psn",
        &["--flip", "--style", "plain", "--labels", "english"],
    );
    let o = DiagramOptions {
        flip: true,
        style: svg::BoardStyle::Plain,
        labels: svg::Labels::English,
        ranks: Letters,
        ..DiagramOptions::default()
    };
    check_page(&d, &p, "wa/nodrop-casual.psn", &o);
    // Gufū: variations, comments; then a file of two games.
    let p = page_of(&dir.0, "gufu/gufu-friendly-mate.psn", &[]);
    check_page(&d, &p, "gufu/gufu-friendly-mate.psn", &wa(Kanji));
    let p = page_of(&dir.0, "gufu/gufu-two-games.psn", &[]);
    check_page(&d, &p, "gufu/gufu-two-games.psn", &wa(Kanji));
}

// ---------------------------------------------------------------------------------------------
// The page in a 1280×720 window.

/// What of the page does not fit the window now: each element of the board and its controls
/// that is not wholly inside the viewport, a scrolled or scrollable window, a game number cut
/// off by its list. Empty when all fits.
fn overflow(d: &Driver) -> Vec<String> {
    let v = d.exec(
        r#"const W = innerWidth, H = innerHeight, bad = [];
        const inside = (e, n) => {
          const r = e.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) { bad.push(n + ' is not shown'); return; }
          if (r.left < 0 || r.top < 0 || r.right > W + 0.5 || r.bottom > H + 0.5)
            bad.push(n + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round) + ' outside ' + W + 'x' + H);
        };
        if (scrollX || scrollY) bad.push('window scrolled to ' + scrollX + ',' + scrollY);
        const se = document.scrollingElement;
        if (se.scrollHeight > H + 1) bad.push('page ' + se.scrollHeight + 'px tall in ' + H);
        inside(document.querySelector('#board svg'), 'board');
        document.querySelectorAll('.controls button, #status, .keys').forEach(
          (e, i) => inside(e, 'control ' + i));
        const cur = document.querySelector('.moves:not([hidden]) .mv.current');
        if (cur) inside(cur, 'current move');
        document.querySelectorAll('.games li').forEach((li, i) => {
          const no = li.querySelector('.no') || li, ol = li.closest('ol').getBoundingClientRect();
          const r = no.getBoundingClientRect();
          if (no === li || no.textContent !== (i + 1) + '.') bad.push('game ' + (i + 1) + ' numbered ' + no.textContent);
          if (r.left < ol.left - 0.5 || no.scrollWidth > no.clientWidth + 0.5) bad.push('game number ' + (i + 1) + ' cut');
        });
        const link = document.querySelector('.games a.current');
        if (link) inside(link, 'current game');
        return bad;"#,
    );
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn replay_page_fits_a_1280_by_720_window_whatever_key_is_pressed() {
    let Some(d) = Driver::start_at("page_fits", None, (1280, 720)) else {
        return;
    };
    // The window's frame is not the page's: make the viewport itself 1280×720.
    let frame = d.exec("return [outerWidth - innerWidth, outerHeight - innerHeight]");
    let (fw, fh) = (frame[0].as_u64().unwrap(), frame[1].as_u64().unwrap());
    d.cmd(
        "POST",
        "/window/rect",
        Some(json!({"width": 1280 + fw, "height": 720 + fh})),
    );
    let size = d.exec("return [innerWidth, innerHeight]");
    assert!(
        size[0].as_u64() == Some(1280) && size[1].as_u64() == Some(720),
        "a 1280×720 window: {size}"
    );
    let dir = Scratch::new("fits");
    // A page of 26 XBoard games (numbers from 10 up, long move lists with comments), and a
    // page of one CrazyWa game.
    let many = dir.0.join("xboard.html");
    let st = pages::kifu()
        .arg("convert")
        .arg(fixture("xboard"))
        .args(["--to", "html", "-q", "-o"])
        .arg(&many)
        .status()
        .unwrap();
    assert!(st.success());
    let one = page_of(&dir.0, "crazywa/selfplay-001.psn", &[]);
    for (page, keys) in [
        (
            &many,
            "E H R R R L D D D D D D D D D D D D E U E D D D D D D D D D D D D D E H",
        ),
        (&one, "E H R R L E L"),
    ] {
        d.goto(&url(page, ""));
        let mut pressed = String::from("(opened)");
        let bad = overflow(&d);
        assert!(bad.is_empty(), "{}: {pressed}: {bad:?}", page.display());
        for k in keys.split(' ') {
            let key = match k {
                "E" => END,
                "H" => HOME,
                "R" => RIGHT,
                "L" => LEFT,
                "U" => UP,
                _ => DOWN,
            };
            d.key(key);
            pressed.push(' ');
            pressed.push_str(k);
            let bad = overflow(&d);
            assert!(
                bad.is_empty(),
                "{}: after {pressed}: {bad:?}",
                page.display()
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Without CJK fonts.

/// A fontconfig configuration with no CJK font: DejaVu only where it is installed, else none.
fn no_cjk_fonts(dir: &Path) -> PathBuf {
    let fonts = ["/usr/share/fonts/truetype/dejavu"]
        .iter()
        .filter(|d| Path::new(d).is_dir())
        .map(|d| format!("  <dir>{d}</dir>\n"))
        .collect::<String>();
    let conf = dir.join("fonts.conf");
    std::fs::write(
        &conf,
        format!(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\n<fontconfig>\n\
{fonts}  <cachedir>{}</cachedir>\n</fontconfig>\n",
            dir.join("cache").display()
        ),
    )
    .unwrap();
    conf
}

fn decode_png(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let p = resvg::tiny_skia::Pixmap::decode_png(bytes).expect("a PNG");
    (p.width(), p.height(), p.data().to_vec())
}

/// The mean difference per channel of two images of the same size, over the pixels where
/// either has ink (dark pixels: pieces' labels, lines, text), in 0..255.
fn ink_difference(a: &[u8], b: &[u8]) -> f64 {
    let dark = |p: &[u8]| (p[0] as u32 + p[1] as u32 + p[2] as u32) < 3 * 110;
    let (mut sum, mut count) = (0u64, 0u64);
    for (p, q) in a.chunks(4).zip(b.chunks(4)) {
        if dark(p) || dark(q) {
            count += 1;
            sum += (0..3).map(|i| p[i].abs_diff(q[i]) as u64).sum::<u64>();
        }
    }
    sum as f64 / (count.max(1) * 3) as f64
}

/// Screenshots an SVG file as the browser draws it, at its natural size.
fn browser_png(d: &Driver, path: &Path) -> (u32, u32, Vec<u8>) {
    d.goto(&url(path, ""));
    decode_png(&d.screenshot("svg"))
}

#[test]
fn diagrams_look_the_same_without_cjk_fonts() {
    let dir = Scratch::new("nocjk");
    let conf = no_cjk_fonts(&dir.0);
    let Some(d) = Driver::start("nocjk", Some(&conf)) else {
        return;
    };
    let wa = State::from_position_string(
        Variant::Wa,
        "5k5/11/2l3+P4/11/11/11/11/11/11/11/5K5[PPLp] w 0 1",
    )
    .unwrap();
    let gufu = State::from_position_string(Variant::Gufu, "Weks/2/KnSw b - 5").unwrap();
    for (name, st) in [("wa", &wa), ("gufu", &gufu)] {
        let o: DiagramOptions<()> = DiagramOptions {
            caption: Some("Black: A. Virtanen · White: B. Lindqvist-Öhman · ply 4: K:1二>E".into()),
            ..DiagramOptions::default()
        };
        let outlines = for_game!(st, p => svg::board(p, &o.for_moves()));
        let text = for_game!(st, p => svg::board(p, &DiagramOptions {
            text_glyphs: true,
            ..o.for_moves()
        }));
        let (f1, f2) = (
            dir.0.join(format!("{name}.svg")),
            dir.0.join(format!("{name}-text.svg")),
        );
        std::fs::write(&f1, &outlines).unwrap();
        std::fs::write(&f2, &text).unwrap();
        let (w, h, shot) = browser_png(&d, &f1);
        let (_, _, reference) = decode_png(&svg::png(&outlines, Some(w)).unwrap());
        assert_eq!(reference.len(), (w * h * 4) as usize, "{name}: same size");
        let same = ink_difference(&shot, &reference);
        // The control: the same diagram left to fonts the browser does not have.
        let (w2, h2, boxes) = browser_png(&d, &f2);
        assert_eq!((w2, h2), (w, h));
        let differs = ink_difference(&boxes, &reference);
        eprintln!("{name}: outlines differ by {same:.1}, text by {differs:.1}");
        assert!(
            same < 12.0,
            "{name}: the browser's drawing differs from resvg's: {same}"
        );
        assert!(
            differs > 2.0 * same && differs > 15.0,
            "{name}: without CJK fonts, text should show boxes ({differs} vs {same})"
        );
    }
    // The replay page's board, without CJK fonts, against resvg's drawing of the diagram. In a
    // window 800 pixels wide or more the page scales the board to the height left above its
    // controls; in a narrower one the board is drawn at its natural size, which is what resvg's
    // drawing is compared with.
    d.cmd(
        "POST",
        "/window/rect",
        Some(json!({"width": 760, "height": 1000})),
    );
    let inner = d.exec("return innerWidth");
    assert!(
        inner.as_u64().is_some_and(|w| w < 800),
        "a narrow window: {inner}"
    );
    let page = page_of(&dir.0, "gufu/gufu-friendly-mate.psn", &[]);
    d.goto(&url(&page, "#ply=5"));
    let (w, _, shot) = decode_png(&d.screenshot("#board svg"));
    let (record, report) = games(&fixture("gufu/gufu-friendly-mate.psn")).remove(0);
    let doc = for_game!(report.played.as_ref().unwrap(), p => {
        let mut line = p.main_line(&record.movetext);
        let mut doc = None;
        while let Some(step) = line.next() {
            if let kifu::replay::Step::Ply { after, mv, .. } = step
                && kifu::rules::Position::ply_number(after) == 6
            {
                doc = Some(diagram_of(after, Some(*mv), &DiagramOptions::default()));
            }
        }
        doc.expect("the game has 5 plies")
    });
    let (_, _, reference) = decode_png(&svg::png(&doc, Some(w)).unwrap());
    assert_eq!(
        reference.len(),
        shot.len(),
        "the page's board at its natural size"
    );
    let diff = ink_difference(&shot, &reference);
    assert!(
        diff < 12.0,
        "the page's board differs from the diagram: {diff}"
    );
}
