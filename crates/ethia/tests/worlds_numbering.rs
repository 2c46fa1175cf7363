//! E'thia Worlds' fixed action numbers and observation tensor
//! (`crates/ethia/src/worlds/numbering.rs`, `tensor.rs`): every legal
//! action has a number of its own in random play of both quests with 1 to 4
//! leaders, a number gives back its action, and the tensor shows a leader
//! where it stands.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
use arbiter_core::{Decision, Discard, Entry, Game, Record, SeededDice, ToMove, check_numbering};
use arbiter_ethia::worlds::card::LeaderCard;
use arbiter_ethia::worlds::{EthiaWorlds, Phase, WorldsAction, WorldsState, WorldsVariant};

const DEN: &str = include_str!("data/dukes-den.toml");

/// A party with tokens to spend and trade, some above a trade's 20.
fn rich_party() -> Vec<LeaderCard> {
    let mut party = LeaderCard::default_party();
    for (card, tokens) in party.iter_mut().zip([0, 7, 45, 70]) {
        card.tokens = tokens;
    }
    party
}

fn worlds(den: bool, leaders: u8, seats: usize, party: Vec<LeaderCard>, rounds: u16) -> EthiaWorlds {
    let quest_file = den.then(|| DEN.to_string());
    EthiaWorlds::new(
        WorldsVariant { quest_file, leaders, party, round_limit: rounds, ..WorldsVariant::default() },
        seats,
    )
    .unwrap()
}

#[test]
fn the_counts_follow_the_block_table() {
    // The Kingdom of Coyote, 8 × 16, four leaders, 40 rounds: T = 218.
    let coyote = worlds(false, 0, 1, Vec::new(), 40);
    let fixed = 13 + 3 * 24 + 2 * 8 + 3 + 4 + 4 + 8;
    assert_eq!(coyote.token_bound(), 218);
    assert_eq!(coyote.num_distinct_actions(), Some(fixed + 5 * 4 + 5 * 128 + 128 * 4 + 2 * 218));
    assert_eq!(coyote.num_distinct_actions(), Some(1_728));
    assert_eq!(coyote.observation_tensor_shape(), Some(vec![272, 16, 8]));
    // One leader: no other leader's reward from the Duke (188).
    let alone = worlds(false, 1, 1, Vec::new(), 40);
    assert_eq!(alone.token_bound(), 188);
    assert_eq!(alone.num_distinct_actions(), Some(fixed + 5 + 5 * 128 + 128 + 2 * 188));
    // The Duke's Den, 6 × 6: 2 + 4 + 20 + 30 + 2 × 40 + 3 + 2 × 5 + 2 + 2 + 2 = 155.
    let den = worlds(true, 0, 1, Vec::new(), 40);
    assert_eq!(den.token_bound(), 155);
    assert_eq!(den.num_distinct_actions(), Some(774));
    assert_eq!(den.observation_tensor_shape(), Some(vec![272, 6, 6]));
    // With 1 to 4 leaders (the rulebook's party, 40 rounds).
    for (den, counts) in [(false, [1_269, 1_422, 1_575, 1_728]), (true, [591, 652, 713, 774])] {
        let got: Vec<usize> =
            (1..=4).map(|n| worlds(den, n, 1, Vec::new(), 40).num_distinct_actions().unwrap()).collect();
        assert_eq!(got, counts, "den {den}");
    }
    // The party's own tokens count: 0 + 7 + 45 + 70 more.
    assert_eq!(worlds(false, 0, 1, rich_party(), 40).token_bound(), 218 + 122);
    // The first and last numbers; what the game can never offer has none.
    assert_eq!(coyote.action_index(&WorldsAction::Done), Some(0));
    assert_eq!(coyote.action_index(&WorldsAction::GetTokens(218)), Some(1_727));
    assert_eq!(coyote.action_index(&WorldsAction::GetTokens(219)), None);
    assert_eq!(coyote.action_index(&WorldsAction::GiveTokens(0)), None);
    assert_eq!(alone.action_index(&WorldsAction::Lead(1)), None);
    // Square 36 is off the 6 × 6 map.
    assert_eq!(den.action_index(&WorldsAction::Place(arbiter_geometry::Cell(36))), None);
    assert_eq!(coyote.action_index(&WorldsAction::Place(arbiter_geometry::Cell(127))), Some(120 + 20 + 127));
    assert_eq!(coyote.action_index(&"tunnel:ne".parse().unwrap()), None);
}

/// Random play of both quests with 1 to 4 leaders and players, with and
/// without a party rich enough to shop and to trade more than 20 tokens:
/// at every state each legal action has its own number below the count and
/// each seat's tensor has its size, finite and not negative.
#[test]
fn every_legal_action_has_a_number_of_its_own_in_random_adventures() {
    let mut report = Report::default();
    let checks = Checks { deep_one_in: 1000, seed_check_one_in: 0, ..Checks::default() };
    let mut whole_holdings = 0usize;
    for den in [false, true] {
        for leaders in 1..=4u8 {
            for (k, party) in [Vec::new(), rich_party()].into_iter().enumerate() {
                let seats = usize::from(leaders).min(1 + k * 3);
                let g = worlds(den, leaders, seats, party, 15);
                for seed in 0..6u64 {
                    let mut record = Record::new(random_config(&g, seed * 10 + u64::from(leaders)));
                    let mut extra = |s: &WorldsState, _: &mut Report| {
                        let mut list = Vec::new();
                        if !matches!(g.to_move(s), ToMove::Chance | ToMove::Over) {
                            g.legal_actions(s, &mut list);
                        }
                        whole_holdings += list
                            .iter()
                            .filter(
                                |a| matches!(a, WorldsAction::GiveTokens(n) | WorldsAction::GetTokens(n) if *n > 20),
                            )
                            .count();
                        check_numbering(&g, s)
                    };
                    play_checked(&g, &checks, &mut record, &mut report, &mut extra)
                        .unwrap_or_else(|e| panic!("den {den}, {leaders} leaders, party {k}, seed {seed}: {e}"));
                }
            }
        }
    }
    eprintln!("{} decisions, {whole_holdings} whole holdings above 20 offered", report.decisions);
    assert!(report.decisions > 5_000, "{report:?}");
    assert!(whole_holdings > 0, "a trade of a whole holding above 20 tokens came up");
}

/// Plays by a fixed rule (the `pick`-th legal action), rolling seeded dice,
/// until `stop` holds or the adventure ends; checks every number on the way
/// gives back its own action among the legal ones. Returns the state and
/// how many actions were checked.
fn walk(g: &EthiaWorlds, steps: u64, stop: impl Fn(&WorldsState) -> bool) -> (WorldsState, usize) {
    let mut state = g.initial_state();
    let mut list = Vec::new();
    let mut seen = 0;
    for step in 0..steps {
        if stop(&state) {
            break;
        }
        match g.to_move(&state) {
            ToMove::Over => break,
            ToMove::Chance => {
                let roll = SeededDice::new(step).roll_now(&g.dice(&state));
                g.apply(&mut state, &Decision::Roll(roll), &mut Discard).unwrap();
                continue;
            }
            _ => {}
        }
        list.clear();
        g.legal_actions(&state, &mut list);
        for a in &list {
            let n = g.action_index(a).unwrap();
            let back: Vec<&WorldsAction> = list.iter().filter(|b| g.action_index(b) == Some(n)).collect();
            assert_eq!(back, vec![a], "{n}");
            seen += 1;
        }
        let pick = list[(step as usize * 7) % list.len()];
        g.apply(&mut state, &Decision::Act(pick), &mut Discard).unwrap();
    }
    (state, seen)
}

/// A number names one action: the legal action it came from.
#[test]
fn a_number_gives_back_its_action() {
    for den in [false, true] {
        let g = worlds(den, 4, 2, rich_party(), 10);
        let (_, seen) = walk(&g, 600, |_| false);
        assert!(seen > 200, "{seen}");
    }
}

/// After a leader's move the leader's plane shows it on its new square and
/// nowhere else, its hit points on the same square, and the turn plane
/// marks it.
#[test]
fn the_tensor_shows_a_leader_where_it_stands() {
    let g = worlds(false, 2, 1, Vec::new(), 10);
    let (state, _) =
        walk(&g, 400, |s| matches!(s.phase, Phase::Act { .. }) && s.leaders.iter().any(|l| l.at != l.start));
    let i = state.leaders.iter().position(|l| l.at != l.start).expect("a leader moved");
    let l = &state.leaders[i];
    let t = g.observation_tensor(&state).unwrap();
    let c = 128;
    let plane = |p: usize| &t[p * c..(p + 1) * c];
    let here = plane(7 + 4 * i);
    assert_eq!(here[l.at.index()], 1.0);
    assert_eq!(here.iter().sum::<f32>(), 1.0, "one square for the leader");
    assert_eq!(plane(7 + 4 * i + 2)[l.at.index()], f32::from(l.hp.max(0)) / 6.0);
    assert_eq!(plane(7 + 4 * i + 3)[l.start.index()], 1.0, "its start square");
    assert_eq!(plane(7 + 4 * i + 3)[l.at.index()], 0.0);
    if state.turn_of == Some(i as u8) {
        assert_eq!(plane(30)[l.at.index()], 1.0);
    }
    // The enemy planes show the quest's Coyotes, Hawks and the Duke.
    let count = |p: usize| plane(p).iter().filter(|v| **v == 1.0).count();
    let standing = |k| state.enemies.iter().filter(|e| !e.gone && e.kind == k).count();
    use arbiter_ethia::worlds::quest::EnemyKind;
    assert_eq!(count(23), standing(EnemyKind::Close));
    assert_eq!(count(24), standing(EnemyKind::Ranged));
    assert_eq!(count(25), 1);
    // The boss's 3 hit points ÷ 10, on its square.
    let duke = state.enemies.iter().find(|e| e.kind == EnemyKind::Boss).unwrap();
    assert_eq!(plane(26)[duke.at.index()], f32::from(duke.hp) / 10.0);
}

/// A leader's fortune from its card counts in the token bound: trading a
/// whole holding of 1 000 tokens (far above every reward of the quest) is
/// numbered, and apart from `get-tokens:1000`.
#[test]
fn a_whole_fortune_traded_has_its_own_number() {
    let mut party = LeaderCard::default_party();
    party[1].tokens = 1_000;
    let g = EthiaWorlds::new(
        WorldsVariant {
            quest_file: Some(DEN.into()),
            leaders: 3,
            party,
            shop: false,
            round_limit: 10,
            ..WorldsVariant::default()
        },
        1,
    )
    .unwrap();
    assert_eq!(g.token_bound(), 1_000 + 2 + 4 + 20 + 2 * 10 + 2 * 10 + 3 + 2 * 5 + 2 + 2 + 2);
    // Leader 2 (c1) leads, rolls and trades with leader 3 beside it (d1).
    let prefer = ["lead:2", "roll", "trade:3"].map(|t| t.parse::<WorldsAction>().unwrap());
    let mut state = g.initial_state();
    let mut list = Vec::new();
    for step in 0..50u64 {
        if matches!(state.phase, Phase::Trade { .. }) {
            break;
        }
        if g.to_move(&state) == ToMove::Chance {
            let roll = SeededDice::new(step).roll_now(&g.dice(&state));
            g.apply(&mut state, &Decision::Roll(roll), &mut Discard).unwrap();
            continue;
        }
        list.clear();
        g.legal_actions(&state, &mut list);
        let pick = prefer.iter().find(|a| list.contains(a)).copied().unwrap_or(list[0]);
        g.apply(&mut state, &Decision::Act(pick), &mut Discard).unwrap();
    }
    assert!(matches!(state.phase, Phase::Trade { leader: 1, partner: 2, .. }), "{:?}", state.phase);
    list.clear();
    g.legal_actions(&state, &mut list);
    assert!(list.contains(&WorldsAction::GiveTokens(1_000)), "{list:?}");
    check_numbering(&g, &state).unwrap();
    let give = g.action_index(&WorldsAction::GiveTokens(1_000)).unwrap();
    assert_ne!(Some(give), g.action_index(&WorldsAction::GetTokens(1_000)));
    assert_ne!(Some(give), g.action_index(&WorldsAction::GiveTokens(20)));
    // Leader 2's tokens ÷ 100 fill its first constant plane; the trade
    // partner (leader 3) is marked on plane 32.
    let t = g.observation_tensor(&state).unwrap();
    let tokens = (33 + arbiter_ethia::worlds::LEADER_FACTS) * 36;
    assert!(t[tokens..tokens + 36].iter().all(|v| *v == 10.0));
    assert_eq!(t[32 * 36 + state.leaders[2].at.index()], 1.0);
}

/// Every action a game can offer, by kind: the numbering is a bijection
/// onto `0..num_distinct_actions` (no two actions share a number, none is
/// left over), on both quests with 1 to 4 leaders.
#[test]
fn the_numbers_are_exactly_the_actions_of_the_block_table() {
    use WorldsAction::*;
    use arbiter_ethia::worlds::card::{Bonus, Elixir, Relic};
    use arbiter_ethia::worlds::{ChestPick, Item};
    use arbiter_geometry::{Cell, Dir};
    for den in [false, true] {
        for leaders in 1..=4u8 {
            let g = worlds(den, leaders, 1, Vec::new(), 40);
            let cells = (0..g.quest().grid.width() * g.quest().grid.height()).map(Cell);
            let mut items: Vec<Item> = Elixir::ALL.map(Item::Elixir).to_vec();
            items.extend(Relic::for_sale().into_iter().map(Item::Relic));
            items.extend(Bonus::ALL.map(|b| Item::Relic(Relic::Charm(b))));
            items.push(Item::Relic(Relic::CoyoteFavour));
            let mut all = vec![Done, Roll, Heal, Move, Parley, Escape, End, Reroll, Charm, Quicken, Go, Resolve, Stop];
            for i in items {
                all.extend([Buy(i), Give(i), Get(i)]);
            }
            for e in Elixir::ALL {
                all.extend([Drink(e), Take(e)]);
            }
            all.extend([ChestPick::ThreeElixirs, ChestPick::OneElixir, ChestPick::Relic].map(Chest));
            all.extend(Bonus::ALL.map(CharmOf));
            all.extend(Dir::ORTHOGONAL.map(Tunnel));
            all.extend(Dir::ALL.map(Step));
            for n in 0..leaders {
                all.extend([Lead(n), Revive(n), Favour(n), Trade(n), Aim(n)]);
                all.extend(cells.clone().map(|c| Pair(c, n)));
            }
            for c in cells.clone() {
                all.extend([Place(c), Attack(c), Search(c), Disarm(c), Pick(c)]);
            }
            for t in 1..=g.token_bound() as u32 {
                all.extend([GiveTokens(t), GetTokens(t)]);
            }
            let mut numbers: Vec<usize> = all.iter().map(|a| g.action_index(a).unwrap()).collect();
            numbers.sort_unstable();
            let count = g.num_distinct_actions().unwrap();
            assert_eq!(numbers, (0..count).collect::<Vec<_>>(), "den {den}, {leaders} leaders");
        }
    }
}
