//! Fuzz targets for every parser Arbiter reads untrusted text with.
//!
//! Each target is a function from bytes to nothing that must never panic,
//! hang or run out of memory, whatever the bytes: the games' position and
//! action notations, game records, state and config files, figure sets,
//! the ability catalogue and terrain kits (Ephemeral), Path 2 Victory's
//! decisions, warbands, bestiaries,
//! item lists and imported cards (Path 2 Victory), quests and leader cards
//! (E'thia Worlds), battle maps, and every JSON message the server accepts.
//! Where a text parses, the target goes on to use it as the program would —
//! a record is verified and replayed, a figure set or a quest starts a game
//! that is played a few random decisions — so that what a parser lets
//! through is exercised too.
//!
//! `scripts/fuzz` runs these under cargo-fuzz (libFuzzer, coverage-guided;
//! the harnesses are in `fuzz/`, the seed corpora in `fuzz/seeds/<target>`).
//! `cargo test` runs each briefly with [`mutate`], a small deterministic
//! mutator over the same seeds, so CI exercises every target without a
//! fuzzing toolchain.

use arbiter_core::{ConfigFile, Decision, Discard, Game, Record, StateFile, ToMove, roll_with};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};

/// A fuzz target: any bytes in, and it must return.
pub type Target = fn(&[u8]);

/// Every target, by the name `scripts/fuzz` and the seed folders use.
pub const TARGETS: &[(&str, Target)] = &[
    ("essence_notation", essence_notation),
    ("ethia_notation", ethia_notation),
    ("ephemeral_notation", ephemeral_notation),
    ("p2v_notation", p2v_notation),
    ("records", records),
    ("figure_sets", figure_sets),
    ("catalogue", catalogue),
    ("terrain_kit", terrain_kit),
    ("warbands", warbands),
    ("bestiary", bestiary),
    ("card_import", card_import),
    ("quests", quests),
    ("battle_maps", battle_maps),
    ("server_messages", server_messages),
];

/// The target of this name.
pub fn target(name: &str) -> Option<Target> {
    TARGETS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The bytes as text, if they are UTF-8 (every parser reads `&str`).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Plays up to `limit` random decisions from `state` (a parsed input
/// carried into play): whatever the input let through must not break the
/// rules.
fn play_some<G: Game>(game: &G, mut state: G::State, seed: u64, limit: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut scratch = Vec::new();
    for _ in 0..limit {
        let decision = match game.to_move(&state) {
            ToMove::Over | ToMove::Together(_) => return,
            ToMove::Chance => Decision::Roll(roll_with(&mut rng, &game.dice(&state))),
            ToMove::Seat(_) => match game.random_action(&state, &mut rng, &mut scratch) {
                Some(a) => Decision::Act(a),
                None => return,
            },
        };
        if game.apply(&mut state, &decision, &mut Discard).is_err() {
            return;
        }
    }
}

/// A few states of a game, reached by random play from its start, for
/// parsing actions in context.
fn some_states<G: Game>(game: &G, seed: u64, steps: &[usize]) -> Vec<G::State> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut scratch = Vec::new();
    let mut state = game.initial_state();
    let mut out = vec![state.clone()];
    let last = steps.iter().copied().max().unwrap_or(0);
    for i in 1..=last {
        let decision = match game.to_move(&state) {
            ToMove::Over | ToMove::Together(_) => break,
            ToMove::Chance => Decision::Roll(roll_with(&mut rng, &game.dice(&state))),
            ToMove::Seat(_) => match game.random_action(&state, &mut rng, &mut scratch) {
                Some(a) => Decision::Act(a),
                None => break,
            },
        };
        if game.apply(&mut state, &decision, &mut Discard).is_err() {
            break;
        }
        if steps.contains(&i) {
            out.push(state.clone());
        }
    }
    out
}

/// Essence: positions (the board notation), actions and action lists; a
/// parsed position that is valid is played on.
pub fn essence_notation(data: &[u8]) {
    use arbiter_essence::{Action, Essence, State, Variant};
    let Some(t) = text(data) else { return };
    let _ = arbiter_essence::notation::parse_actions(t);
    let _ = Variant::parse(t);
    for line in t.lines() {
        if let Ok(a) = line.parse::<Action>() {
            let again: Result<Action, _> = a.to_string().parse();
            assert!(again.is_ok(), "{a} does not parse back");
            if let Ok(game) = Essence::new(Variant::default(), 2) {
                let _ = game.check(&game.initial_state(), &a);
            }
        }
    }
    if let Ok(s) = t.parse::<State>()
        && arbiter_essence::notation::validate(&s).is_ok()
        && let Ok(game) = Essence::new(Variant::default(), 2)
        && game.validate_state(&s).is_ok()
    {
        let _ = s.to_string();
        play_some(&game, s, data.len() as u64, 40);
    }
}

/// E'thia and E'thia Worlds: actions, variant switches.
pub fn ethia_notation(data: &[u8]) {
    use arbiter_ethia::worlds::WorldsAction;
    use arbiter_ethia::worlds::{EthiaWorlds, WorldsVariant};
    use arbiter_ethia::{Action, Ethia, Variant};
    let Some(t) = text(data) else { return };
    if let Ok(v) = Variant::parse(t) {
        for seats in 2..=4 {
            if let Ok(g) = Ethia::new(v.clone(), seats) {
                play_some(&g, g.initial_state(), 1, 20);
            }
        }
    }
    let ethia = Ethia::new(Variant::default(), 2).ok();
    let worlds = EthiaWorlds::new(WorldsVariant::default(), 1).ok();
    for line in t.lines() {
        if let Ok(a) = line.parse::<Action>() {
            let _ = a.to_string();
            if let Some(g) = &ethia {
                let _ = g.check(&g.initial_state(), &a);
            }
        }
        if let Ok(a) = line.parse::<WorldsAction>() {
            let _ = a.to_string();
            if let Some(w) = &worlds {
                let _ = w.check(&w.initial_state(), &a);
            }
        }
    }
}

/// Ephemeral: actions (alone and in the context of a few states of play),
/// positions, dice, seats.
pub fn ephemeral_notation(data: &[u8]) {
    use arbiter_ephemeral::Ephemeral;
    use arbiter_ephemeral::notation as n;
    use std::sync::OnceLock;
    static STATES: OnceLock<(Ephemeral, Vec<arbiter_ephemeral::State>)> = OnceLock::new();
    let Some(t) = text(data) else { return };
    let (game, states) = STATES.get_or_init(|| {
        let game = Ephemeral::default();
        let states = some_states(&game, 7, &[3, 12, 25, 40, 60]);
        (game, states)
    });
    let _ = n::parse_pos(t);
    let _ = n::parse_dice(t);
    let _ = n::parse_seat(t);
    let _ = n::parse_figure(game, t);
    for line in t.lines().take(16) {
        if let Ok(a) = n::parse_action(game, line) {
            let _ = n::format_action(game, &a);
        }
        for s in states {
            if let Ok(a) = n::parse_action_in(game, s, line) {
                let _ = game.check(s, &a);
                let mut copy = s.clone();
                let _ = game.apply_action(&mut copy, &a, &mut Discard);
            }
        }
    }
}

/// Path 2 Victory: decisions typed in the notation, read in states of a
/// random game (set-up, deployment, turns) and judged and applied there.
pub fn p2v_notation(data: &[u8]) {
    use arbiter_p2v::P2v;
    use std::sync::OnceLock;
    static STATES: OnceLock<Option<(P2v, Vec<arbiter_p2v::play::State>)>> = OnceLock::new();
    let Some(t) = text(data) else { return };
    let Some((game, states)) = STATES
        .get_or_init(|| {
            let game = P2v::new(Default::default(), 2).ok()?;
            let states = some_states(&game, 5, &[2, 12, 30, 60, 90, 140]);
            Some((game, states))
        })
        .as_ref()
    else {
        return;
    };
    for line in t.lines().take(16) {
        for s in states {
            if let Ok(a) = game.parse(s, line) {
                let _ = game.text(&a);
                let _ = game.check(s, &a);
                let mut copy = s.clone();
                let _ = game.apply_action(&mut copy, &a, &mut Discard);
            }
        }
    }
}

/// Game records, state files and config files of every game: read,
/// verified, replayed, opened.
pub fn records(data: &[u8]) {
    use arbiter_ephemeral::Ephemeral;
    use arbiter_essence::Essence;
    use arbiter_ethia::Ethia;
    use arbiter_ethia::worlds::EthiaWorlds;
    let Some(t) = text(data) else { return };
    fn one<G: Game>(t: &str) {
        if let Ok(r) = Record::<G>::from_json(t) {
            let _ = r.verify_seed();
            let _ = r.replay();
            let _ = r.to_json();
        }
        if let Ok(f) = StateFile::<G>::from_json(t)
            && let Ok((game, state)) = f.open()
        {
            let _ = game.to_move(&state);
            play_some(&game, state, 3, 10);
        }
        if let Ok(c) = ConfigFile::<G>::from_json(t) {
            let _ = G::new(c.variant, c.players.len());
        }
    }
    one::<Essence>(t);
    one::<Ethia>(t);
    one::<EthiaWorlds>(t);
    one::<Ephemeral>(t);
    one::<arbiter_p2v::P2v>(t);
}

/// Ephemeral figure-set files (TOML and JSON), checked against the
/// catalogue in both editions; a legal set plays a short game.
pub fn figure_sets(data: &[u8]) {
    use arbiter_ephemeral::catalogue::Catalogue;
    use arbiter_ephemeral::figure::{FigureSet, FigureSetFile, Format};
    use arbiter_ephemeral::{Edition, Ephemeral, Variant};
    let Some(t) = text(data) else { return };
    use std::sync::OnceLock;
    static CATALOGUE: OnceLock<Option<Catalogue>> = OnceLock::new();
    let Some(catalogue) = CATALOGUE.get_or_init(|| Catalogue::standard().ok()) else { return };
    for format in [Format::Toml, Format::Json] {
        let _ = FigureSetFile::parse(t, format);
        for edition in Edition::ALL {
            if let Ok(set) = FigureSet::parse(t, format, edition, catalogue) {
                let v = Variant { edition, sets: vec![set.clone(), set], ..Variant::default() };
                if let Ok(game) = Ephemeral::new(v, 2) {
                    play_some(&game, game.initial_state(), 5, 60);
                }
            }
        }
    }
}

/// The Ephemeral ability catalogue (the card data every set is checked
/// against).
pub fn catalogue(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let _ = arbiter_ephemeral::catalogue::Catalogue::from_toml(t);
}

/// Ephemeral terrain kits; a kit that reads plays its terrain phase.
pub fn terrain_kit(data: &[u8]) {
    use arbiter_ephemeral::kit::Kit;
    use arbiter_ephemeral::{Ephemeral, Variant};
    let Some(t) = text(data) else { return };
    if let Ok(kit) = Kit::from_toml(t) {
        let base = Variant::default();
        if let Ok(game) = Ephemeral::new(Variant { kit, ..base }, 2) {
            play_some(&game, game.initial_state(), 9, 30);
        }
    }
}

/// Path 2 Victory warband files (TOML and JSON), against the starter
/// bestiary.
pub fn warbands(data: &[u8]) {
    use arbiter_p2v::{Bestiary, Format, Warband, WarbandFile};
    let Some(t) = text(data) else { return };
    let Ok(bestiary) = Bestiary::starter_ref() else { return };
    for format in [Format::Toml, Format::Json] {
        let _ = WarbandFile::parse(t, format);
        if let Ok(w) = Warband::parse(t, format, bestiary) {
            let _ = format!("{w:?}");
        }
    }
}

/// Path 2 Victory bestiary and item files (a bestiary as TOML or JSON, as
/// a game's own cards are read).
pub fn bestiary(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let _ = arbiter_p2v::Bestiary::from_toml(t);
    let _ = arbiter_p2v::Bestiary::from_text(t);
    let _ = arbiter_p2v::Items::from_toml(t);
}

/// Path 2 Victory creature cards in the public JSON format.
pub fn card_import(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let _ = arbiter_p2v::import::from_json(t);
}

/// E'thia Worlds quest files and leader cards; a quest that reads starts
/// an adventure that is played a little.
pub fn quests(data: &[u8]) {
    use arbiter_ethia::worlds::card::LeaderCard;
    use arbiter_ethia::worlds::quest::Quest;
    use arbiter_ethia::worlds::{EthiaWorlds, WorldsVariant};
    let Some(t) = text(data) else { return };
    let _ = LeaderCard::from_toml(t);
    if Quest::from_toml(t).is_ok() {
        for leaders in [1, 4] {
            let v = WorldsVariant { quest_file: Some(t.to_string()), leaders, ..WorldsVariant::default() };
            if let Ok(game) = EthiaWorlds::new(v, 1) {
                play_some(&game, game.initial_state(), 11, 60);
            }
        }
    }
}

/// Battle maps (and the tiles they include); a map that reads builds its
/// battlefield.
pub fn battle_maps(data: &[u8]) {
    let Some(t) = text(data) else { return };
    if let Ok(m) = arbiter_geometry::battle::map::BattleMap::from_toml(t) {
        let _ = m.battlefield();
    }
}

/// Every JSON message the server accepts: the WebSocket messages, the
/// bodies of creating, joining and acting in a match, and of checking figure
/// sets and warbands and importing cards. A body that reads is carried on:
/// a match is started from a creation request and the following lines are
/// played as actions in it; the checking and import endpoints answer.
pub fn server_messages(data: &[u8]) {
    use arbiter_server::api::{ActionRequest, ClientMessage, CreateMatch, JoinMatch};
    use arbiter_server::{Registry, build_api, warband_api};
    use std::sync::OnceLock;
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    thread_local! {
        static RUNTIME: Option<tokio::runtime::Runtime> =
            tokio::runtime::Builder::new_current_thread().enable_all().build().ok();
    }
    let Some(t) = text(data) else { return };
    let mut lines = t.lines();
    let first = lines.next().unwrap_or("");
    let _ = serde_json::from_str::<ClientMessage>(t);
    let _ = serde_json::from_str::<JoinMatch>(t);
    let _ = serde_json::from_str::<ActionRequest>(t);
    if let Ok(create) = serde_json::from_str::<CreateMatch>(first) {
        let registry = REGISTRY.get_or_init(Registry::standard);
        if let Some(kind) = registry.get(&create.game) {
            let players = create
                .seats
                .iter()
                .take(8)
                .map(|s| arbiter_core::PlayerSpec::human(s.name.clone().unwrap_or_default()))
                .collect();
            if let Ok(mut table) = kind.start(create.variant.as_ref(), players, create.seed.unwrap_or(0)) {
                table.settle();
                for line in lines.take(32) {
                    let action = match serde_json::from_str::<ClientMessage>(line) {
                        Ok(ClientMessage::Action { action, .. }) => action,
                        Ok(_) => continue,
                        Err(_) => match serde_json::from_str::<serde_json::Value>(line) {
                            Ok(v) => v,
                            Err(_) => continue,
                        },
                    };
                    let seat = match table.to_move() {
                        ToMove::Seat(s) => s,
                        _ => arbiter_core::Seat(0),
                    };
                    let _ = table.act(seat, &action);
                    let _ = table.legal(seat, 4);
                }
                let _ = table.decisions_from(0);
            }
        }
    }
    RUNTIME.with(|rt| {
        let Some(rt) = rt else { return };
        if let Ok(req) = serde_json::from_str::<build_api::CheckSet>(t) {
            let _ = rt.block_on(build_api::post_validate(arbiter_server::http::JsonBody(req)));
        }
        if let Ok(req) = serde_json::from_str::<warband_api::CheckWarband>(t) {
            let _ = rt.block_on(warband_api::post_validate(arbiter_server::http::JsonBody(req)));
        }
        if let Ok(req) = serde_json::from_str::<warband_api::ImportCards>(t) {
            let _ = rt.block_on(warband_api::post_import(arbiter_server::http::JsonBody(req)));
        }
    });
}

/// The committed seed corpus of a target (`fuzz/seeds/<name>`).
pub fn seed_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds").join(name)
}

/// The seed inputs of a target, sorted by file name.
pub fn seeds(name: &str) -> Vec<Vec<u8>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(seed_dir(name))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

/// Tokens the mutator splices in: the syntax the parsers read.
const TOKENS: &[&[u8]] = &[
    b"{",
    b"}",
    b"[",
    b"]",
    b"\"",
    b":",
    b",",
    b"=",
    b"\n",
    b"[[",
    b"]]",
    b"-1",
    b"0",
    b"255",
    b"65536",
    b"18446744073709551615",
    b"1e999",
    b"null",
    b"true",
    b"\"\"",
    b"NaN",
    b"\xff",
    b"\\u0000",
    b"#",
    b"'''",
];

/// One mutation of `input` (byte flips, insertions, deletions, copies, a
/// token, or a splice with `other`), as a plain fuzzer would make it.
pub fn mutate<R: Rng + ?Sized>(rng: &mut R, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..rng.random_range(1..=4) {
        let len = out.len();
        let at = if len == 0 { 0 } else { rng.random_range(0..len) };
        match rng.random_range(0..7) {
            0 if len > 0 => out[at] ^= 1 << rng.random_range(0..8),
            1 if len > 0 => out[at] = rng.random(),
            2 if len > 0 => {
                let end = (at + rng.random_range(1..=16)).min(len);
                out.drain(at..end);
            }
            3 if len > 0 => {
                let end = (at + rng.random_range(1..=32)).min(len);
                let piece = out[at..end].to_vec();
                let to = rng.random_range(0..=out.len());
                out.splice(to..to, piece);
            }
            4 => {
                let token = TOKENS[rng.random_range(0..TOKENS.len())];
                out.splice(at..at, token.iter().copied());
            }
            5 if !other.is_empty() => {
                let from = rng.random_range(0..other.len());
                let end = (from + rng.random_range(1..=64)).min(other.len());
                out.splice(at..at, other[from..end].iter().copied());
            }
            _ => {
                let digit = b"0123456789"[rng.random_range(0..10)];
                out.insert(at, digit);
            }
        }
    }
    out.truncate(1 << 16);
    out
}

/// Runs a target on its seeds and then on mutations of them, for at most
/// `rounds` mutations or `budget`, whichever ends first; returns how many
/// inputs ran. A panic propagates, with the input written to
/// `target/fuzz-brief/<name>-crash` for `scripts/fuzz` to reproduce.
pub fn brief(name: &str, rounds: usize, budget: std::time::Duration, seed: u64) -> usize {
    let target = target(name).unwrap_or_else(|| unreachable!("unknown target {name}"));
    let seeds = seeds(name);
    let started = std::time::Instant::now();
    let mut ran = 0;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let run = |input: &[u8]| {
        if std::panic::catch_unwind(|| target(input)).is_err() {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/fuzz-brief");
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(dir.join(format!("{name}-crash")), input);
            std::panic::resume_unwind(Box::new(format!(
                "fuzz target {name} panicked on an input of {} bytes, written to target/fuzz-brief/{name}-crash",
                input.len()
            )));
        }
    };
    for s in &seeds {
        run(s);
        ran += 1;
    }
    let empty = Vec::new();
    for _ in 0..rounds {
        if started.elapsed() > budget {
            break;
        }
        let a = if seeds.is_empty() { &empty } else { &seeds[rng.random_range(0..seeds.len())] };
        let b = if seeds.is_empty() { &empty } else { &seeds[rng.random_range(0..seeds.len())] };
        let input = mutate(&mut rng, a, b);
        run(&input);
        ran += 1;
    }
    ran
}
