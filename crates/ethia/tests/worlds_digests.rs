//! Behaviour pinned across rewrites of E'thia Worlds' internals: 240 seeded
//! random adventures, in the Kingdom of Coyote and in a small test quest whose
//! boss stands a few squares from the leaders (`data/dukes-den.toml`), with
//! 1 to 4 leaders, 1 to 4 players, with and without the Smokey Cauldron, and
//! parties carrying tokens, elixirs and relics. Each adventure is played
//! through `Session` (its seeded dice) by a seeded random chooser (which takes
//! diplomacy half the time it is offered), and digested: at every decision,
//! who is to move, the legal actions, the rule ids that refuse a few fixed
//! decisions, the dice asked for (their number and sides, not their labels),
//! the decision and its events as JSON; then the outcome. The digests must equal `data/worlds_digests.txt`,
//! written before the rewrite of Worlds' pending work onto the resolution core
//! (`arbiter_core::resolve`): the state's shape may change, but no decision,
//! event or outcome may.
//!
//! Regenerate the file only for a deliberate change of behaviour:
//! `WORLDS_DIGESTS=write cargo test -p arbiter-ethia --test worlds_digests`.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Decision, DiceMode, Game, MatchConfig, PlayerSpec, Record, Session, ToMove};
use arbiter_ethia::worlds::card::{Bonus, Elixir, LeaderCard, Relic};
use arbiter_ethia::worlds::{EthiaWorlds, WorldsAction, WorldsVariant};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write as _;

const DEN: &str = include_str!("data/dukes-den.toml");
const GOLDEN: &str = "tests/data/worlds_digests.txt";
const ADVENTURES: u64 = 240;
/// Decisions tried at every seat's turn: when not legal, their refusal's rule
/// id is part of the digest.
const PROBES: [&str; 9] = ["roll", "resolve", "aim:1", "place:a1", "pair:a1-1", "take:attack", "end", "lead:1", "go"];

/// FNV-1a, 64 bits: a digest that never changes with the toolchain.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn feed(&mut self, text: &str) {
        for b in text.bytes().chain([0xff]) {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// The adventure number `i`'s settings: quest, leaders, players, shop, party.
fn config(i: u64) -> (MatchConfig<WorldsVariant>, String) {
    let den = i % 2 == 1;
    let leaders = (i / 2 % 4 + 1) as u8;
    let seats = (i / 8 % u64::from(leaders) + 1) as usize;
    let shop = i % 3 != 0;
    let mut party = LeaderCard::default_party();
    for (k, c) in party.iter_mut().enumerate() {
        let k = k as u64;
        c.tokens = ((i * 37 + k * 23) % 90) as u32;
        match (i + k) % 7 {
            0 => c.elixirs.extend([Elixir::Quickening, Elixir::FreeShot]),
            1 => c.elixirs.extend([Elixir::Tunnel, Elixir::Speed]),
            2 => c.relics.push(Relic::Charm(Bonus::ALL[(i % 4) as usize])),
            3 => c.relics.extend([Relic::Resurrection, Relic::Charm(Bonus::Defense)]),
            4 => c.relics.push(Relic::CoyoteFavour),
            5 => c.elixirs.extend([Elixir::Health, Elixir::Attack, Elixir::Defense]),
            _ => {}
        }
    }
    let variant = WorldsVariant {
        quest: "kingdom-of-coyote".into(),
        quest_file: den.then(|| DEN.to_string()),
        party,
        leaders,
        shop,
        round_limit: if den { 15 } else { 25 },
    };
    let label = format!("{} leaders={leaders} seats={seats} shop={shop}", if den { "den" } else { "coyote" });
    let config = MatchConfig {
        game: "ethia-worlds".into(),
        variant,
        players: vec![PlayerSpec::human("p"); seats],
        seed: 1000 + i,
        dice: DiceMode::Seeded,
    };
    (config, label)
}

/// Plays adventure `i` and returns its line of the golden file.
fn play(i: u64) -> String {
    let (config, label) = config(i);
    let mut session = Session::<EthiaWorlds>::new(config).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed ^ i);
    let mut digest = Fnv::new();
    let mut legal = Vec::new();
    loop {
        let to_move = session.to_move();
        digest.feed(&format!("{to_move:?}"));
        let events = match to_move {
            ToMove::Over => break,
            ToMove::Chance => {
                let request = session.dice_request();
                let sides: Vec<u8> = request.dice().iter().map(|d| d.sides).collect();
                digest.feed(&format!("{sides:?}"));
                let (roll, events) = session.roll_seeded().unwrap();
                digest.feed(&serde_json::to_string(&Decision::<WorldsAction>::Roll(roll)).unwrap());
                events
            }
            ToMove::Seat(_) | ToMove::Together(_) => {
                legal.clear();
                session.game().legal_actions(session.state(), &mut legal);
                assert!(!legal.is_empty(), "adventure {i}: a seat is to move with nothing to do");
                let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
                digest.feed(&texts.join(" "));
                for p in PROBES {
                    let a: WorldsAction = p.parse().unwrap();
                    if let Err(r) = session.game().check(session.state(), &a) {
                        digest.feed(&r.rule);
                    }
                }
                // Diplomacy is one choice among many; take it half the time it
                // is offered, so that gifts and rebukes are played too.
                let parley = legal.iter().position(|a| *a == WorldsAction::Parley);
                let a = match parley {
                    Some(p) if rng.random_bool(0.5) => legal[p],
                    _ => legal[rng.random_range(0..legal.len())],
                };
                digest.feed(&serde_json::to_string(&Decision::Act(a)).unwrap());
                session.apply(Decision::Act(a)).unwrap()
            }
        };
        for e in &events {
            digest.feed(&serde_json::to_string(e).unwrap());
        }
        assert!(session.len() < 20_000, "adventure {i} does not end");
    }
    let outcome = session.game().outcome(session.state()).unwrap();
    digest.feed(&format!("{:?} {}", outcome.kind, outcome.reason));
    // The record replays to the same end.
    let record = Record::<EthiaWorlds>::from_json(&session.record().to_json().unwrap()).unwrap();
    let (g, end) = record.replay().unwrap();
    assert_eq!(g.outcome(&end), Some(outcome), "adventure {i} replays to another end");
    format!("{i} {label} decisions={} {:016x}", session.len(), digest.0)
}

#[test]
fn random_adventures_decide_and_happen_exactly_as_recorded() {
    let mut text = String::new();
    for i in 0..ADVENTURES {
        writeln!(text, "{}", play(i)).unwrap();
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/").to_string() + GOLDEN;
    if std::env::var("WORLDS_DIGESTS").as_deref() == Ok("write") {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let golden = std::fs::read_to_string(&path).unwrap();
    let (want, got): (Vec<&str>, Vec<&str>) = (golden.lines().collect(), text.lines().collect());
    assert_eq!(want.len(), got.len(), "the golden file has {} adventures", want.len());
    let differ: Vec<String> =
        want.iter().zip(&got).filter(|(w, g)| w != g).map(|(w, g)| format!("want {w}\n got {g}")).collect();
    assert!(differ.is_empty(), "{} adventures differ:\n{}", differ.len(), differ.join("\n"));
}
