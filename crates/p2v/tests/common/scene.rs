//! A scene for the rules-of-play tests: two small warbands on an open board
//! (or a board drawn by the test), creatures put where the test needs them,
//! decisions and rolls played through the `Game` API as the terminal and the
//! server play them.

use arbiter_core::{Decision, Game, Roll, ToMove};
use arbiter_p2v::PlayMode;
use arbiter_p2v::play::event::{Degree, Event};
use arbiter_p2v::play::state::{Frame, Life, Phase, State, Turn};
use arbiter_p2v::play::{Action, P2v, Variant};
use arbiter_p2v::warband::{EntryFile, WarbandFile};

/// An open board of `w` × `h` squares with extra rows of terrain drawn by
/// the test (`rows` replaces the top rows of dots), and a legend.
pub fn map(w: usize, h: usize, rows: &[&str], legend: &str) -> String {
    let mut lines: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    while lines.len() < h {
        lines.push(vec!["."; w].join(" "));
    }
    let legend = if legend.is_empty() { String::new() } else { format!("[legend]\n{legend}\n") };
    format!("name = \"test\"\nmap = \"\"\"\n{}\n\"\"\"\n{legend}", lines.join("\n"))
}

pub fn warband(creatures: &[&str]) -> WarbandFile {
    WarbandFile {
        name: "test".into(),
        mode: Some(PlayMode::Narrative),
        entries: creatures.iter().map(|c| EntryFile::new(c, 1)).collect(),
        ..WarbandFile::default()
    }
}

/// A warband entry of one creature, with items and upgrades.
pub fn entry(creature: &str, items: &[&str], upgrades: &[&str]) -> EntryFile {
    let mut e = EntryFile::new(creature, 1);
    e.items = items.iter().map(|i| i.to_string()).collect();
    e.upgrades = upgrades.iter().map(|u| u.to_string()).collect();
    e
}

pub struct Scene {
    pub g: P2v,
    pub s: State,
    pub events: Vec<Event>,
}

impl Scene {
    /// P1's creatures and P2's, on an open 12 × 12 board.
    pub fn new(p1: &[&str], p2: &[&str]) -> Scene {
        Scene::on(p1, p2, map(12, 12, &[], ""))
    }

    /// P1's creatures and P2's on a board drawn by the test.
    pub fn on(p1: &[&str], p2: &[&str], map_toml: String) -> Scene {
        Scene::of_on(warband(p1).entries, warband(p2).entries, map_toml)
    }

    /// Two warbands of entries (items, upgrades) on an open 12 × 12 board.
    pub fn of(p1: Vec<EntryFile>, p2: Vec<EntryFile>) -> Scene {
        Scene::of_on(p1, p2, map(12, 12, &[], ""))
    }

    /// Two warbands of entries on a board drawn by the test.
    pub fn of_on(p1: Vec<EntryFile>, p2: Vec<EntryFile>, map_toml: String) -> Scene {
        let file = |entries| WarbandFile { entries, ..warband(&[]) };
        let v =
            Variant { warbands: vec![file(p1), file(p2)], map: map_toml, no_round_limit: false, cards: String::new() };
        let g = P2v::new(v, 2).unwrap_or_else(|e| panic!("{e}"));
        let mut s = g.initial_state();
        s.round = 1;
        s.phase = Phase::Activate { seat: 0 };
        Scene { g, s, events: Vec::new() }
    }

    pub fn sq(&self, name: &str) -> arbiter_geometry::battle::Square {
        self.g.base_terrain().board().parse(name).unwrap()
    }

    /// Puts creature `label` on a square.
    pub fn put(&mut self, label: &str, at: &str) -> &mut Scene {
        let i = self.id(label);
        let at = self.sq(at);
        self.s.creatures[i].at = Some(at);
        self.s.creatures[i].life = Life::Up;
        self.s.forget_field();
        self
    }

    pub fn id(&self, label: &str) -> usize {
        self.g.roster().iter().position(|p| p.label == label).unwrap_or_else(|| panic!("no creature {label}"))
    }

    /// Starts `label`'s turn directly; reactions to its start (a basilisk's
    /// Petrifying Glance) are passed, except in the tests of those reactions.
    pub fn turn(&mut self, label: &str) -> &mut Scene {
        let who = self.id(label) as u8;
        let seat = self.g.team(usize::from(who));
        self.s.phase = Phase::Activate { seat };
        self.act(&format!("activate {label}"));
        self.pass_turn_start()
    }

    /// Starts `label`'s turn in round `round`, its turn of an earlier round
    /// behind it.
    pub fn next_turn(&mut self, round: u8, label: &str) -> &mut Scene {
        self.s.round = round;
        let i = self.id(label);
        self.s.creatures[i].done = false;
        self.turn(label)
    }

    /// Passes the reaction windows a turn's start opened.
    pub fn pass_turn_start(&mut self) -> &mut Scene {
        while let Some(Frame::Window(w)) = self.s.pending.top() {
            if !matches!(w.trigger, arbiter_p2v::play::state::Trigger::TurnStart { .. }) {
                break;
            }
            self.act("pass");
        }
        self
    }

    pub fn decide(&mut self, a: Action) -> Result<(), arbiter_core::Refusal> {
        self.events.clear();
        let r = self.g.apply(&mut self.s, &Decision::Act(a), &mut self.events);
        self.g.validate_state(&self.s).unwrap_or_else(|e| panic!("invalid state after {a:?}: {e}"));
        r
    }

    pub fn act(&mut self, text: &str) -> &mut Scene {
        let a = self.g.parse(&self.s, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        self.decide(a).unwrap_or_else(|r| panic!("{text} refused: {} ({})", r.reason, r.rule));
        self
    }

    pub fn refused(&mut self, text: &str) -> String {
        let a = self.g.parse(&self.s, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let before = self.s.clone();
        let r = self.decide(a).err().unwrap_or_else(|| panic!("{text} was accepted"));
        assert_eq!(self.s, before, "a refusal changes nothing");
        r.rule.to_string()
    }

    pub fn roll(&mut self, dice: &[u8]) -> &mut Scene {
        assert_eq!(self.g.to_move(&self.s), ToMove::Chance, "dice are owed (pending: {:?})", self.s.pending.top());
        let req = self.g.dice(&self.s);
        assert_eq!(req.len(), dice.len(), "the dice asked: {req}");
        self.events.clear();
        self.g.apply(&mut self.s, &Decision::Roll(Roll::from_values(dice).unwrap()), &mut self.events).unwrap();
        self.g.validate_state(&self.s).unwrap();
        self
    }

    pub fn asks(&self) -> ToMove {
        self.g.to_move(&self.s)
    }

    pub fn hp(&self, label: &str) -> i32 {
        self.s.creatures[self.id(label)].hp
    }

    pub fn life(&self, label: &str) -> Life {
        self.s.creatures[self.id(label)].life
    }

    pub fn turn_state(&self) -> Turn {
        match self.s.phase {
            Phase::Turn(t) => t,
            p => panic!("no turn: {p:?}"),
        }
    }

    pub fn fight(&self) -> (i32, i32, Degree) {
        self.events
            .iter()
            .find_map(|e| match e {
                Event::FightRoll { total, armor, degree, .. } => Some((*total, *armor, *degree)),
                _ => None,
            })
            .expect("a Fight roll")
    }
}

/// Plays random games of `g` for seeds `0..seeds` through the core's checked
/// player — every state checked, every listed action numbered — calling
/// `see` on every state.
pub fn play_random(g: &P2v, seeds: u64, mut see: impl FnMut(&State)) {
    use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
    use arbiter_core::{Record, check_numbering};
    let checks = Checks { deep_one_in: 200, seed_check_one_in: 0, ..Checks::default() };
    let mut report = Report::default();
    for seed in 0..seeds {
        let mut record = Record::new(random_config(g, seed));
        play_checked(g, &checks, &mut record, &mut report, &mut |s: &State, _| {
            see(s);
            check_numbering(g, s)
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}
