//! The Wa shogi piece table: one row per piece kind. Everything else reads this table.

/// One face of a piece: its names and how it moves.
#[derive(Debug)]
pub struct Face {
    /// Hodges abbreviation (English Wikipedia), e.g. `SP`.
    pub abbr: &'static str,
    /// English name.
    pub name: &'static str,
    /// Kanji, the usual form first, then alternatives seen in other sources.
    pub kanji: &'static [&'static str],
    /// Moves in Betza notation, for Black (forward = towards rank a).
    pub betza: &'static str,
}

/// A piece kind: its unpromoted face and, if it promotes, its promoted face.
#[derive(Debug)]
pub struct KindRow {
    /// The unpromoted face.
    pub face: Face,
    /// The promoted face; None for a kind that does not promote.
    pub promoted: Option<Promoted>,
    /// XBoard/CrazyWa FEN letter (upper case; White's pieces in lower case).
    pub letter: char,
    /// Must promote on reaching the last rank (it could never move again), and may not be
    /// dropped there.
    pub dead_on_last_rank: bool,
    /// The piece is the King.
    pub royal: bool,
}

/// A promoted face. `alias` is an extra abbreviation readers accept for it (e.g. `GB`).
#[derive(Debug)]
pub struct Promoted {
    /// Its names and moves.
    pub face: Face,
    /// The extra abbreviation accepted when reading (e.g. `GB` for the Golden Bird), if any.
    pub alias: Option<&'static str>,
}

const fn face(
    abbr: &'static str,
    name: &'static str,
    kanji: &'static [&'static str],
    betza: &'static str,
) -> Face {
    Face {
        abbr,
        name,
        kanji,
        betza,
    }
}

/// The 17 kinds, in the order of the rules' piece table.
pub static KINDS: [KindRow; 17] = [
    KindRow {
        face: face("CK", "Crane King", &["靏玉", "鶴玉"], "K"),
        promoted: None,
        letter: 'K',
        dead_on_last_rank: false,
        royal: true,
    },
    KindRow {
        face: face("CE", "Cloud Eagle", &["雲鷲"], "vR fF3 bF sW"),
        promoted: None,
        letter: 'E',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("TF", "Treacherous Fox", &["隠狐"], "F A vW vD"),
        promoted: None,
        letter: 'X',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("FF", "Flying Falcon", &["飛鷹"], "B fW"),
        promoted: Some(Promoted {
            face: face("+FF", "Tenacious Falcon", &["鶏鷹", "勁鷹"], "B vR sW"),
            alias: None,
        }),
        letter: 'F',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("RR", "Running Rabbit", &["走兎"], "fR F bW"),
        promoted: Some(Promoted {
            face: face(
                "+RR",
                "Treacherous Fox (promoted Running Rabbit)",
                &["隠狐"],
                "F A vW vD",
            ),
            alias: None,
        }),
        letter: 'R',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("SW", "Swallow's Wings", &["燕羽"], "sR vW"),
        promoted: Some(Promoted {
            face: face("+SW", "Gliding Swallow", &["燕行"], "R"),
            alias: Some("GS"),
        }),
        letter: 'S',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("LH", "Liberated Horse", &["風馬"], "fR bW2"),
        promoted: Some(Promoted {
            face: face("+LH", "Heavenly Horse", &["天馬"], "vN"),
            alias: Some("HH"),
        }),
        letter: 'H',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("OC", "Oxcart", &["牛車"], "fR"),
        promoted: Some(Promoted {
            face: face("+OC", "Plodding Ox", &["歬牛"], "K"),
            alias: Some("PO"),
        }),
        letter: 'O',
        dead_on_last_rank: true,
        royal: false,
    },
    KindRow {
        face: face("VW", "Violent Wolf", &["猛狼"], "W fF"),
        promoted: Some(Promoted {
            face: face("+VW", "Bear's Eyes", &["熊眼"], "K"),
            alias: Some("BE"),
        }),
        letter: 'W',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("VS", "Violent Stag", &["猛鹿"], "F fW"),
        promoted: Some(Promoted {
            face: face("+VS", "Roaming Boar", &["行猪"], "F fW sW"),
            alias: Some("RB"),
        }),
        letter: 'V',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("FG", "Flying Goose", &["鳫飛"], "vW fF"),
        promoted: Some(Promoted {
            face: face(
                "+FG",
                "Swallow's Wings (promoted Flying Goose)",
                &["燕羽"],
                "sR vW",
            ),
            alias: None,
        }),
        letter: 'G',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("FC", "Flying Cock", &["鶏飛"], "sW fF"),
        promoted: Some(Promoted {
            face: face("+FC", "Raiding Falcon", &["延鷹"], "vR sW fF"),
            alias: Some("RF"),
        }),
        letter: 'C',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("SC", "Strutting Crow", &["烏行"], "fW bF"),
        promoted: Some(Promoted {
            face: face(
                "+SC",
                "Flying Falcon (promoted Strutting Crow)",
                &["飛鷹"],
                "B fW",
            ),
            alias: None,
        }),
        letter: 'U',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("SO", "Swooping Owl", &["鴟行"], "fW bF"),
        promoted: Some(Promoted {
            face: face(
                "+SO",
                "Cloud Eagle (promoted Swooping Owl)",
                &["雲鷲"],
                "vR fF3 bF sW",
            ),
            alias: None,
        }),
        letter: 'L',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("BD", "Blind Dog", &["盲犬"], "fF sW bW"),
        promoted: Some(Promoted {
            face: face(
                "+BD",
                "Violent Wolf (promoted Blind Dog)",
                &["猛狼"],
                "W fF",
            ),
            alias: None,
        }),
        letter: 'D',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("CM", "Climbing Monkey", &["登猿"], "vW fF"),
        promoted: Some(Promoted {
            face: face(
                "+CM",
                "Violent Stag (promoted Climbing Monkey)",
                &["猛鹿"],
                "F fW",
            ),
            alias: None,
        }),
        letter: 'M',
        dead_on_last_rank: false,
        royal: false,
    },
    KindRow {
        face: face("SP", "Sparrow Pawn", &["萑歩", "雀歩"], "fW"),
        promoted: Some(Promoted {
            face: face("+SP", "Golden Bird", &["金鳥"], "W fF"),
            alias: Some("GB"),
        }),
        letter: 'P',
        dead_on_last_rank: true,
        royal: false,
    },
];

/// Number of piece kinds.
pub const NKINDS: usize = KINDS.len();
