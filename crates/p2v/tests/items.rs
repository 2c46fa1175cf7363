//! Consumable items of "Appendix: Items" played end to end: the Explosive
//! Mine (ruling P2V-R92 of `docs/rulings/p2v.md`).
#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]

mod common;

use arbiter_core::{Game, ToMove};
use arbiter_p2v::play::Action;
use arbiter_p2v::play::action::Aim;
use arbiter_p2v::play::event::{Degree, Event};
use common::scene::{Scene, entry};

#[test]
fn an_explosive_mine_explodes_under_the_first_creature_to_move_into_its_square() {
    // Appendix: Items. "Explosive Mine •• Place a mine in an adjacent, unoccupied square. If
    // a creature moves into that square, the mine explodes. They take 7 fire damage (Reflex
    // save vs Power 16: half damage)." Ruling P2V-R92: 2 AP, seen by both players, set off
    // square by square within a move, which goes on; the save meets Power 16, not the
    // setter's.
    let mut sc = Scene::of(
        vec![entry("Eagle Knight", &["Explosive Mine"], &[]), entry("Eagle Knight", &[], &[])],
        vec![entry("Eagle Knight", &[], &[])],
    );
    sc.put("a", "c3").put("b", "b3").put("A", "d8").turn("a");
    assert_eq!(sc.refused("use explosive-mine c3"), "p2v.mine", "its own square");
    assert_eq!(sc.refused("use explosive-mine f6"), "p2v.mine", "not adjacent");
    assert_eq!(sc.refused("use explosive-mine b3"), "p2v.mine", "an ally stands there");
    let power = sc.g.roster()[0].powers.iter().position(|p| p.name == "Explosive Mine").unwrap() as u8;
    let mut legal = Vec::new();
    sc.g.legal_actions(&sc.s, &mut legal);
    let squares =
        legal.iter().filter(|a| matches!(a, Action::Use { power: p, aim: Aim::Square { .. } } if *p == power)).count();
    assert_eq!(squares, 7, "the eight squares around it but the ally's");
    assert_eq!(sc.turn_state().ap, 2);
    sc.act("use explosive-mine d4");
    assert!(sc.events.iter().any(|e| matches!(e, Event::TurnEnded { .. })), "two actions: the turn is over");
    assert!(sc.events.iter().any(|e| matches!(e, Event::MineSet { at, .. } if *at == sc.sq("d4"))));
    assert_eq!(sc.s.mines.len(), 1, "the mine is in the state, for both players to see");

    // The enemy strides straight through d4 to d2: the mine explodes on its way.
    sc.put("a", "k11").put("b", "k9").turn("A");
    let hp = sc.hp("A");
    sc.act("stride d2");
    assert_eq!(sc.asks(), ToMove::Chance, "the Reflex save");
    assert!(sc.events.iter().any(|e| matches!(e, Event::MineExploded { at, .. } if *at == sc.sq("d4"))));
    assert!(sc.s.mines.is_empty(), "the mine is gone");
    assert_eq!(sc.s.creatures[sc.id("A")].at, Some(sc.sq("d4")), "it stands on the mine's square");
    sc.roll(&[11]); // Reflex +5 + 11 = 16 against Power 16 (the knight's own Power is 20): a success
    let save = sc.events.iter().find_map(|e| match e {
        Event::Save { total, power, degree, .. } => Some((*total, *power, *degree)),
        _ => None,
    });
    assert_eq!(save, Some((16, 16, Degree::Success)));
    assert_eq!(sc.hp("A"), hp - 3, "half of 7 fire, rounded down");
    assert_eq!(sc.s.creatures[sc.id("A")].at, Some(sc.sq("d2")), "the move goes on");
}

#[test]
fn a_mine_goes_off_under_an_ally_too_and_a_failed_save_takes_all_7() {
    // Ruling P2V-R92: "If a creature moves into that square": any creature, the setter's
    // allies included.
    let mut sc = Scene::of(
        vec![entry("Eagle Knight", &["Explosive Mine"], &[]), entry("Eagle Knight", &[], &[])],
        vec![entry("Eagle Knight", &[], &[])],
    );
    sc.put("a", "e5").put("b", "e8").put("A", "k1").turn("a");
    sc.act("use explosive-mine e6");
    sc.put("a", "a1").turn("b");
    let hp = sc.hp("b");
    sc.act("step e7");
    assert!(sc.s.mines.len() == 1, "not yet");
    sc.act("step e6");
    sc.roll(&[2]);
    assert_eq!(sc.hp("b"), hp - 7);
    assert!(sc.s.mines.is_empty());
}

#[test]
fn a_spell_potion_gives_its_spell_to_the_drinker_or_an_ally_in_reach_as_a_rank_1_cast() {
    // Appendix: Items. "[Spell] Potion I • You or an ally in reach are affected by the spell,
    // as if cast by a rank 1 caster. (Each of these potions is associated with a cantrip or
    // rank 1 spell with a range of Self or Melee 1.)" Ruling P2V-R93.
    let mut sc = Scene::of(
        vec![entry("Eagle Knight", &["Spell Potion I (Heal)"], &[]), entry("Eagle Knight", &[], &[])],
        vec![entry("Eagle Knight", &[], &[])],
    );
    sc.put("a", "c3").put("b", "d3").put("A", "e3").turn("a");
    let b = sc.id("b");
    sc.s.creatures[b].hp -= 20;
    let hp = sc.hp("b");
    assert_eq!(sc.refused("use spell-potion-i-heal A"), "p2v.power.target", "not an enemy");
    assert_eq!(sc.turn_state().ap, 2);
    sc.act("use spell-potion-i-heal b");
    assert_eq!(sc.hp("b"), hp + 5, "Heal's cast in reach, at rank 1: 5 HP");
    assert_eq!(sc.turn_state().ap, 1, "drinking is one action");
    assert_eq!(sc.refused("use spell-potion-i-heal a"), "p2v.power.uses", "drunk: gone");
}

#[test]
fn a_spell_scroll_is_cast_once_by_its_caster_at_its_own_rank_for_the_spells_ap() {
    // Appendix: Items. "[Spell] Scroll I … Only a creature capable of casting spells can use
    // a scroll. They can cast the spell on the scroll, using their own caster rank, after
    // which the scroll is consumed. They must spend the spell's action point cost to cast
    // it." Ruling P2V-R93.
    let rank = arbiter_p2v::Bestiary::starter_ref().unwrap().get("Pixie").unwrap().caster_rank().unwrap();
    let mut sc = Scene::of(
        vec![entry("Pixie", &["Spell Scroll I (Heal)"], &[]), entry("Eagle Knight", &[], &[])],
        vec![entry("Eagle Knight", &[], &[])],
    );
    sc.put("a", "c3").put("b", "c8").put("A", "k11").turn("a");
    let b = sc.id("b");
    sc.s.creatures[b].hp -= 40;
    let hp = sc.hp("b");
    // The second cast: 10 HP at range 6, 10 more per rank above 1, for 2 AP.
    let scroll: Vec<usize> = (0..sc.g.roster()[0].powers.len())
        .filter(|&k| sc.g.roster()[0].powers[k].name == "Spell Scroll I (Heal)")
        .collect();
    assert_eq!(scroll.len(), 2, "one power per cast of the spell");
    sc.act("cast spell-scroll-i-heal 2 b");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Uses { power, .. } if power == "Spell Scroll I (Heal)")));
    assert_eq!(sc.hp("b"), hp + 10 * i32::from(rank), "healed at the Pixie's own rank {rank}");
    assert!(sc.events.iter().any(|e| matches!(e, Event::TurnEnded { .. })), "2 AP: the turn is over");
    let left = sc.s.creatures[0].power_uses[scroll[0]];
    assert_eq!(left, 0, "the scroll is consumed, for both its casts");
}

#[test]
fn a_spell_item_must_hold_a_spell_that_fits_it() {
    // Ruling P2V-R93: the spell is in the catalogue, of the item's rank, and for a potion has
    // a cast of range Self or Melee 1.
    use arbiter_p2v::Bestiary;
    use arbiter_p2v::warband::WarbandFile;
    let bestiary = Bestiary::starter().unwrap();
    let check = |creature: &str, item: &str| -> Vec<String> {
        let w = WarbandFile {
            name: "t".into(),
            mode: Some(arbiter_p2v::PlayMode::Narrative),
            entries: vec![entry(creature, &[item], &[])],
            ..WarbandFile::default()
        };
        w.check(&bestiary).violations().iter().map(|v| format!("{} {}", v.rule().code(), v.message())).collect()
    };
    assert!(check("Eagle Knight", "Spell Potion I (Heal)").is_empty());
    assert!(check("Eagle Knight", "Spell Potion I (Fireworks)")[0].contains("not a spell of the catalogue"));
    assert!(check("Eagle Knight", "Spell Potion I (Charm)")[0].contains("Self or Melee 1"));
    assert!(check("Eagle Knight", "Spell Potion I (Invisibility)")[0].contains("rank 2"));
    assert!(check("Eagle Knight", "Spell Scroll I (Heal)")[0].contains("casts spells"));
    assert!(check("Pixie", "Spell Scroll I (Sleep)").is_empty());
}

#[test]
fn the_arboreal_regent_awakens_a_tree_within_24_squares_as_its_minion() {
    // Arboreal Regent: "Awaken Tree ●● Ranged 24: Summon an awakened tree. The tree is a
    // minion of the regent." Ruling P2V-R94: one Awakened Tree per use (2), out of the
    // warband and out of play until the regent places it.
    use arbiter_p2v::play::state::Life;
    let mut sc = Scene::of(vec![entry("Arboreal Regent", &[], &[])], vec![entry("Kobold Warrior", &[], &[])]);
    let trees: Vec<usize> = (0..sc.g.roster().len()).filter(|&i| sc.g.roster()[i].awakened_by == Some(0)).collect();
    assert_eq!(trees.len(), 2, "one tree per use of Awaken Tree (2 per day)");
    for &t in &trees {
        let p = &sc.g.roster()[t];
        assert_eq!((p.card.as_str(), p.points, p.team), ("Awakened Tree", 0, 0), "the regent's, costing no points");
        assert_eq!(sc.s.creatures[t].life, Life::Waiting, "out of play");
        assert_eq!(sc.g.commander_of(t), Some(0), "the regent's minion");
    }
    sc.put("a", "b2").put("A", "k11").turn("a");
    assert_eq!(sc.refused("use awaken-tree c2"), "p2v.awaken.space", "the regent's own space");
    assert_eq!(sc.refused("use awaken-tree k11"), "p2v.awaken.space", "off the board for a Huge tree");
    sc.act("use awaken-tree h5");
    let t = trees[0];
    assert_eq!((sc.s.creatures[t].life, sc.s.creatures[t].at), (Life::Up, Some(sc.sq("h5"))));
    assert!(sc.events.iter().any(|e| matches!(e, Event::Summoned { by: 0, .. })));
    assert!(sc.s.creatures[t].done, "it acts from the next round, in the regent's turn");
    assert_eq!(sc.s.creatures[trees[1]].life, Life::Waiting, "the other waits for the second use");
}

#[test]
fn a_feather_tokens_ladder_lets_a_knight_climb_the_tor() {
    // "Feather Token (Ladder) ● A ladder 4 squares long appears in an empty adjacent
    // square." Ruling P2V-R162: the square becomes an incline for the battle, by which
    // creatures climb between elevations.
    let mut rows = vec![". . . . . . . . . . . ."; 12];
    rows[9] = ". . . . A A . . . . . .";
    rows[10] = ". . . . A A . . . . . .";
    let m = common::scene::map(12, 12, &rows, "A = { name = \"tor\", elevation = 3 }");
    let knight = entry("Eagle Knight", &["Feather Token (Ladder)"], &[]);
    let mut sc = Scene::of_on(vec![knight], vec![entry("Boar", &[], &[])], m);
    sc.put("a", "c3").put("A", "l12").turn("a");
    assert_eq!(sc.refused("stride e3"), "p2v.move.stride", "too steep without a ladder");
    sc.act("use feather-token-ladder d3");
    assert_eq!(sc.refused("use feather-token-ladder d2"), "p2v.power.uses", "one token");
    sc.act("stride e3");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("e3")), "up the ladder onto the tor");
}
