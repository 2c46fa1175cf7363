//! Spells in play: the catalogue, caster features, casting, heightening,
//! uses, sustain and the Attack of Opportunity a cast opens. Each test
//! cites the rulebook's sentence (`../shared/rulebooks/path-2-victory-v1.3.txt`,
//! "Spells" to "Prepared and spontaneous casters") or the ruling P2V-R it pins.
#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]

mod common;

use arbiter_core::{Game, Seat, ToMove};
use arbiter_p2v::play::Action;
use arbiter_p2v::play::event::Event;
use arbiter_p2v::play::state::{Conditions, Life, Phase};
use arbiter_p2v::spell::SpellBook;
use common::scene::{Scene, map};

// Azhana: Primal Caster Rank 2, once each: entangling flora, laughing fit, sleep; Power 17.
// Tortoise Soothsayer: Primal Caster Rank 5, heal once; Gargantuan (4 × 4), HP 170.
// Satyr: Primal Caster Rank 4, twice any of charm, fear, sleep, suggestion; Power 17.
// Kobold Warrior: Will +3, Reflex +7, HP 7. Eagle Knight: Reactive Strike, Rapier 15.

fn conditions(sc: &Scene, label: &str) -> Conditions {
    sc.s.creatures[sc.id(label)].conditions
}

fn uses_left(sc: &Scene, label: &str, spell: &str) -> u8 {
    let i = sc.id(label);
    let p = &sc.g.roster()[i];
    let k = p.powers.iter().position(|pw| pw.name.eq_ignore_ascii_case(spell)).expect("the spell's power");
    let counter = p.powers[k].spell.as_ref().and_then(|sp| sp.counter).expect("a counted spell");
    sc.s.creatures[i].power_uses[usize::from(counter)]
}

#[test]
fn the_catalogue_loads_and_reports_errors_by_line() {
    // "Spells are described as actions, with a particular action point cost."
    let book = SpellBook::starter_ref().unwrap();
    let heal = book.get("Heal").unwrap();
    assert_eq!(heal.cast.len(), 2, "• Melee and •• Ranged 6");
    assert_eq!(book.get("caustic blast").unwrap().rank, 0, "a cantrip is rank 0");
    let bad = "[[spell]]\nname = \"Blink\"\nrank = 1\ntext = \"x\"\n\n[[spell.cast]]\naction = \"three\"\n";
    let e = SpellBook::from_toml(bad).unwrap_err();
    assert_eq!(e.line, Some(7), "{e}");
    let twice = "[[spell]]\nname = \"A\"\nrank = 0\ntext = \"x\"\n[[spell.cast]]\naction = \"one\"\n\
                 [[spell]]\nname = \"a\"\nrank = 0\ntext = \"x\"\n[[spell.cast]]\naction = \"one\"\n";
    let e = SpellBook::from_toml(twice).unwrap_err();
    assert_eq!(e.line, Some(8), "{e}");
    assert!(e.message.contains("same name"), "{e}");
}

#[test]
fn a_caster_naming_an_unknown_spell_or_one_above_its_rank_is_refused() {
    // "A Caster Rank 7 can cast spells of up to rank 7."
    let card = |spells: &str| {
        format!(
            "[[creature]]\nname = \"Hedge Witch\"\nlevel = 1\nsize = \"medium\"\nalignment = \"neutral\"\n\
             stats = {{ fight = 5, armor = 15, power = 16, fort = 4, reflex = 4, will = 6, hp = 20, speed = 5 }}\n\
             [[creature.feature]]\nname = \"Primal Caster Rank 1\"\ntext = \"x\"\neffect.spells = {spells}\n"
        )
    };
    let ok = card("{ tradition = \"primal\", rank = 1, prepared = [{ spell = \"heal\", uses = 1 }] }");
    arbiter_p2v::Bestiary::from_toml(&ok).unwrap_or_else(|e| panic!("{e}"));
    let high = card("{ tradition = \"primal\", rank = 1, prepared = [{ spell = \"earthbind\", uses = 1 }] }");
    let e = arbiter_p2v::Bestiary::from_toml(&high).unwrap_err();
    assert!(e.message.contains("rank 3 spell"), "{e}");
    assert_eq!(e.line, Some(10), "the caster's effect: {e}");
    let unknown = card("{ tradition = \"primal\", rank = 1, at_will = [\"wish\"] }");
    let e = arbiter_p2v::Bestiary::from_toml(&unknown).unwrap_err();
    assert!(e.message.contains("not in the spell catalogue"), "{e}");
}

#[test]
fn sleep_is_a_burst_at_range_that_a_will_save_negates() {
    // "When a creature uses a power that includes a saving throw (including
    // most offensive spells), each target rolls a saving throw … If the saving
    // throw equals or exceeds the Power, the power is negated". Sleep: Burst 1
    // within 6, stunned and prone (Will negates); ruling P2V-R60 for the corner.
    let mut sc = Scene::new(&["Azhana"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("A", "h5").put("B", "h6").turn("a");
    assert_eq!(uses_left(&sc, "a", "sleep"), 1);
    sc.act("cast sleep h6");
    assert_eq!(sc.turn_state().ap, 0, "sleep costs 2 AP");
    assert_eq!(uses_left(&sc, "a", "sleep"), 0, "a prepared spell spends its own use");
    // Kobold A fails (5 + 3 < 17), kobold B succeeds (14 + 3 = 17).
    sc.roll(&[5]).roll(&[14]);
    assert!(conditions(&sc, "A").has(Conditions::STUNNED) && sc.s.creatures[sc.id("A")].prone);
    assert!(conditions(&sc, "B").is_empty() && !sc.s.creatures[sc.id("B")].prone, "negated");
    // Once a day: no second sleep this battle.
    sc.next_turn(2, "a");
    assert_eq!(sc.refused("cast sleep h6"), "p2v.cast.uses");
}

#[test]
fn a_burst_needs_its_corner_in_range() {
    // "To target a point of origin for an area of effect at range …, an
    // attacker needs (a) line of sight to the point of origin and (b) line of
    // effect"; the spell's range bounds it (ruling P2V-R60).
    let mut sc = Scene::on(&["Azhana"], &["Kobold Warrior"], map(20, 20, &[], ""));
    sc.put("a", "a1").put("A", "p16").turn("a");
    assert_eq!(sc.refused("cast sleep p16"), "p2v.cast.range");
    let mut legal = Vec::new();
    sc.g.legal_actions(&sc.s, &mut legal);
    let sleep = sc.g.roster()[0].powers.iter().position(|p| p.name == "Sleep").unwrap() as u8;
    assert!(!legal.iter().any(|a| matches!(a, Action::Use { power, .. } if *power == sleep)), "nothing in range");
}

#[test]
fn heal_heightens_with_the_caster_rank_and_revives_the_dying() {
    // "If they spend one action point, they heal 5 damage at melee range … A
    // caster of higher rank can heal more damage". "Heighten: Heal +5 damage
    // per rank." The Tortoise Soothsayer is a Caster Rank 5: 5 + 4 × 5 = 25.
    let mut sc = Scene::new(&["Tortoise Soothsayer", "Satyr"], &["Kobold Warrior"]);
    sc.put("a", "a1").put("b", "e1").put("A", "k11").turn("a");
    let b = sc.id("b");
    sc.s.creatures[b].hp = 30;
    sc.act("cast heal 1 b");
    assert_eq!(sc.hp("b"), 55, "healed 25");
    assert!(sc.events.iter().any(|e| matches!(e, Event::Healed { amount: 25, .. })));
    // Heal is prepared once: both of its casts spend that use.
    assert_eq!(sc.refused("cast heal 2 b"), "p2v.cast.uses");

    // "If a dying creature is healed, their current HP becomes the value of
    // the healing provided … They cease to be helpless (but they are still prone)."
    let mut sc = Scene::new(&["Tortoise Soothsayer", "Satyr"], &["Kobold Warrior"]);
    sc.put("a", "a1").put("b", "h1").put("A", "k11").turn("a");
    sc.s.creatures[b].hp = -8;
    sc.s.creatures[b].life = Life::Dying;
    sc.s.creatures[b].prone = true;
    sc.s.forget_field();
    // •• Ranged 6: 10 + 4 × 10 = 50.
    sc.act("cast heal 2 b");
    assert_eq!((sc.life("b"), sc.hp("b")), (Life::Up, 50));
    assert!(sc.s.creatures[b].prone, "still prone");
}

#[test]
fn heal_is_for_the_caster_or_an_ally() {
    // Ruling P2V-R61: a healing spell targets the caster or an ally in range.
    let mut sc = Scene::new(&["Tortoise Soothsayer"], &["Kobold Warrior"]);
    sc.put("a", "a1").put("A", "e1").turn("a");
    assert_eq!(sc.refused("cast heal 1 A"), "p2v.cast.target");
    let a = sc.id("a");
    sc.s.creatures[a].hp = 100;
    sc.act("cast heal 1 a");
    assert_eq!(sc.hp("a"), 125);
}

#[test]
fn a_spontaneous_caster_shares_its_casts_among_its_spells() {
    // "Spontaneous casters can cast a certain number of spells of each rank,
    // choosing from all applicable spells they know … They could choose bane
    // all three times." The Satyr casts twice, any of charm, fear, sleep, suggestion.
    let mut sc = Scene::new(&["Satyr"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("A", "g5").put("B", "k11").turn("a");
    sc.act("cast fear A");
    sc.roll(&[2]);
    assert!(conditions(&sc, "A").has(Conditions::RATTLED), "rattled (Will negates)");
    assert_eq!(uses_left(&sc, "a", "fear"), 1);
    assert_eq!(uses_left(&sc, "a", "sleep"), 1, "the same pool");
    sc.next_turn(2, "a");
    sc.act("cast fear A");
    sc.roll(&[20]);
    sc.next_turn(3, "a");
    assert_eq!(sc.refused("cast sleep g5"), "p2v.cast.uses");
}

#[test]
fn casting_within_reach_opens_an_attack_of_opportunity_before_the_spell() {
    // "Attack of Opportunity ⚡ If a creature within your reach casts a spell …:
    // Make a melee Strike against the triggering creature." Ruling P2V-R62: it
    // strikes before the spell takes effect, and the spell still resolves.
    let mut sc = Scene::new(&["Satyr"], &["Eagle Knight"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("cast fear A");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)), "the knight's owner is asked");
    sc.act("react");
    sc.roll(&[5]);
    assert_eq!(sc.hp("a"), 80 - 15, "Rapier, 15 (5 + 11 against Armor 15)");
    // Then the knight saves against fear (Will +8 + 2 < 17): rattled.
    sc.roll(&[2]);
    assert!(conditions(&sc, "A").has(Conditions::RATTLED));
    // A caster out of every enemy's reach is not struck.
    let mut sc = Scene::new(&["Satyr"], &["Eagle Knight"]);
    sc.put("a", "e5").put("A", "e8").turn("a");
    sc.act("cast fear A");
    assert_eq!(sc.asks(), ToMove::Chance, "straight to the save");
}

#[test]
fn a_sustained_spell_is_cast_again_next_turn_without_a_use_or_it_ends() {
    // "A spell that has a sustain entry can be cast again on the caster's next
    // turn, for that many action points. It does not cost any uses of the
    // spell to sustain … if it is not sustained in a given turn, it ends"
    // (ruling P2V-R59). Laughing Fit: Sustain 1 AP.
    let mut sc = Scene::new(&["Azhana"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "g5").turn("a");
    sc.act("cast laughing-fit A");
    sc.roll(&[2]);
    assert!(conditions(&sc, "A").has(Conditions::SLOWED));
    assert_eq!(uses_left(&sc, "a", "laughing fit"), 0);
    // Round 2: sustained for 1 AP, no use.
    sc.next_turn(2, "a");
    sc.act("cast laughing fit A");
    assert_eq!(sc.turn_state().ap, 1, "sustaining costs 1 AP");
    sc.roll(&[2]);
    // Round 4, having not sustained it in round 3: it ended, and no use is left.
    sc.next_turn(4, "a");
    assert_eq!(sc.refused("cast laughing fit A"), "p2v.cast.uses");
}

#[test]
fn the_cast_notation_reads_spells_by_name_and_cast() {
    // "If multiple actions are described in the one spell, only one of them can be taken."
    let mut sc = Scene::new(&["Tortoise Soothsayer", "Satyr"], &["Kobold Warrior"]);
    sc.put("a", "a1").put("b", "e1").put("A", "k11").turn("a");
    let e = sc.g.parse(&sc.s, "cast heal b").unwrap_err();
    assert!(e.contains("cast 2 ways") || e.contains("2 ways"), "{e}");
    let e = sc.g.parse(&sc.s, "cast wish b").unwrap_err();
    assert!(e.contains("no spell called"), "{e}");
    let a = sc.g.parse(&sc.s, "cast heal 2 b").unwrap();
    let Action::Use { power, .. } = a else { panic!("{a:?}") };
    let pw = &sc.g.roster()[0].powers[usize::from(power)];
    assert_eq!((pw.name.as_str(), pw.spell.as_ref().map(|s| s.cast)), ("Heal", Some(1)));
    // Written back as the use of the spell's power, and read again.
    let text = sc.g.text(&a);
    assert_eq!(sc.g.parse(&sc.s, &text).unwrap(), a);
}

#[test]
fn arbiter_build_lists_the_spells_the_engine_does_not_run_yet() {
    // Issue 19: a spell the engine cannot yet execute stays marked "not yet".
    let w = arbiter_p2v::Warband::shipped("soothsayers-circle").unwrap();
    let azhana = w.entries().iter().find(|e| e.card().name() == "Azhana").unwrap();
    let (run, total, missing) = arbiter_p2v::play::roster::coverage(azhana);
    assert_eq!((run, total), (2, 2), "{missing:?}");
    let pixie = w.entries().iter().find(|e| e.card().name() == "Pixie").unwrap();
    let (_, _, missing) = arbiter_p2v::play::roster::coverage(pixie);
    assert!(missing.is_empty(), "dispel magic and figment run: {missing:?}");
    // Issue 19: every spell of the starter catalogue now runs; a spell
    // without an effect, or one not in the catalogue, would still be listed.
    let book = SpellBook::starter_ref().unwrap();
    let idle: Vec<&str> = book.spells().iter().filter(|sp| !sp.runs()).map(|sp| sp.name.as_str()).collect();
    assert!(idle.is_empty(), "{idle:?}");
    assert_eq!(arbiter_p2v::play::cast::not_run(&["wish".to_string()]), Some(vec!["wish".to_string()]));
    let no_effect = "[[spell]]\nname = \"Hush\"\nrank = 1\ntext = \"x\"\n[[spell.cast]]\naction = \"two\"\n";
    assert!(!SpellBook::from_toml(no_effect).unwrap().get("hush").unwrap().runs(), "no effect: not run");
}

#[test]
fn a_cast_is_judged_like_every_decision() {
    // Every refusal names a rule (`p2v.cast.*`) and leaves the state unchanged.
    let mut sc = Scene::new(&["Azhana"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "g5").turn("a");
    sc.act("stride e4");
    assert_eq!(sc.refused("cast sleep g5"), "p2v.cast.ap");
    assert!(matches!(sc.s.phase, Phase::Turn(_)));
}

#[test]
fn an_invisible_caster_cannot_be_targeted_until_it_attacks() {
    // "Invisible: The creature cannot be seen, which means attackers do not
    // have line of sight to it. Area of effect attacks can still affect an
    // invisible creature as normal." The Pixie casts invisibility on itself
    // at will; ruling P2V-R63: it lasts until it attacks.
    let mut sc = Scene::new(&["Pixie"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("cast invisibility");
    assert!(sc.g.invisible(&sc.s, 0));
    assert!(matches!(sc.s.phase, Phase::Activate { .. }), "2 AP: the turn is over");
    sc.turn("A");
    assert_eq!(sc.refused("strike 1 a"), "p2v.strike.invisible");
    sc.act("end");
    // Its own strike ends it.
    sc.next_turn(2, "a");
    sc.act("strike 1 A");
    assert!(!sc.g.invisible(&sc.s, 0), "seen once it attacks");
}

#[test]
fn shield_and_courageous_anthem_give_bonuses_until_the_casters_next_turn() {
    // Ruling P2V-R64: a spell's bonus lasts until the start of its caster's
    // next turn. Shield: +1 Armor. Courageous Anthem: the caster and allies
    // within 8 squares get +1 to Fight rolls.
    let mut sc = Scene::new(&["Pixie"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "k11").turn("a");
    let before = sc.g.armor(&sc.s, 0, 1);
    sc.act("cast shield");
    assert_eq!(sc.g.armor(&sc.s, 0, 1), before + 1);
    assert_eq!(sc.turn_state().ap, 1, "1 AP");
    sc.next_turn(2, "a");
    assert_eq!(sc.g.armor(&sc.s, 0, 1), before, "ended as its next turn started");

    let mut sc = Scene::new(&["Caligni Dancer", "Kobold Warrior"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("b", "e8").put("A", "k11").turn("a");
    sc.act("cast courageous-anthem");
    use arbiter_p2v::play::cast::Stat;
    assert_eq!(sc.g.bonus(&sc.s, 0, Stat::Fight), 1, "the caster");
    assert_eq!(sc.g.bonus(&sc.s, 1, Stat::Fight), 1, "an ally within 8");
    assert_eq!(sc.g.bonus(&sc.s, 2, Stat::Fight), 0, "not an enemy");
    // A strike by the ally adds it: 10 + 5 (Fight) + 1 = 16.
    sc.turn("b");
    sc.put("A", "e9");
    sc.act("strike 1 A");
    sc.roll(&[10]);
    assert_eq!(sc.fight().0, 16);
}

#[test]
fn triple_time_adds_speed() {
    // Triple Time: the caster and allies within 8 squares get +2 Speed (ruling P2V-R64).
    let mut sc = Scene::new(&["Satyr"], &["Kobold Warrior"]);
    sc.put("a", "a1").put("A", "l12").turn("a");
    sc.act("cast triple-time");
    assert_eq!(sc.g.bonus(&sc.s, 0, arbiter_p2v::play::cast::Stat::Speed), 2);
}

#[test]
fn play_the_pipes_casts_over_every_non_satyr_and_once_a_battle() {
    // Satyr: "Play the Pipes ●● (1 per encounter): Casts charm, fear, sleep or
    // suggestion without spending a daily use, on every non-satyr creature in
    // emanation 6. Once one satyr has played, no other satyr may play this battle."
    let mut sc = Scene::new(&["Satyr", "Azhana"], &["Kobold Warrior", "Satyr"]);
    sc.put("a", "e5").put("b", "e7").put("A", "h5").put("B", "g5").turn("a");
    let sleep_before = uses_left(&sc, "a", "sleep");
    sc.act("cast play the pipes sleep");
    // Azhana (Will +8) and the kobold (Will +3) save; the enemy satyr is spared.
    sc.roll(&[2]).roll(&[3]);
    assert!(conditions(&sc, "b").has(Conditions::STUNNED), "an ally is a non-satyr creature too");
    assert!(conditions(&sc, "A").has(Conditions::STUNNED));
    assert!(conditions(&sc, "B").is_empty(), "satyrs are not affected");
    assert_eq!(uses_left(&sc, "a", "sleep"), sleep_before, "no daily use spent");
    // The other satyr may not play this battle.
    sc.turn("B");
    assert_eq!(sc.refused("cast play the pipes fear"), "p2v.cast.once-a-battle");
}

#[test]
fn a_charmed_creature_is_controlled_by_the_opponent_on_its_next_turn() {
    // "Controlled: On the creature's turn, the opponent spends the creature's
    // action points and controls the action(s) the controlled creature takes.
    // The opponent cannot choose any features with a limited number of uses."
    // Charm: controlled (Will negates); ruling P2V-R66.
    let mut sc = Scene::new(&["Satyr"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("A", "g5").put("B", "g6").turn("a");
    sc.act("cast charm A");
    sc.roll(&[2]);
    assert!(sc.g.controlled(&sc.s, 1));
    sc.turn("A");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "P1 decides for the charmed kobold");
    sc.act("strike 1 B");
    sc.roll(&[15]);
    assert!(sc.hp("B") < 7, "it struck its own ally");
    sc.act("end");
    assert!(!sc.g.controlled(&sc.s, 1), "it ends with the creature's turn");
    // Its next turn is its own again.
    sc.s.round = 2;
    let i = sc.id("A");
    sc.s.creatures[i].done = false;
    sc.turn("A");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(1)));
}

#[test]
fn guidance_and_uplifting_overture_help_an_ally() {
    // Guidance: +1 to Fight rolls and saves; Uplifting Overture: +1 to skill
    // checks ("To do so, roll 1d20 and add the corresponding saving throw
    // bonus"); each until the caster's next turn (ruling P2V-R64).
    use arbiter_p2v::play::cast::Stat;
    let mut sc = Scene::new(&["Tortoise Soothsayer", "Satyr"], &["Kobold Warrior"]);
    sc.put("a", "a1").put("b", "f1").put("A", "k11").turn("a");
    let will = sc.g.save_bonus(&sc.s, 1, "Will");
    sc.act("cast guidance b");
    assert_eq!(sc.g.save_bonus(&sc.s, 1, "Will"), will + 1);
    assert_eq!(sc.g.bonus(&sc.s, 1, Stat::Fight), 1);
    assert_eq!(sc.refused("cast guidance A"), "p2v.cast.target", "not for an enemy");
    sc.turn("b");
    let skill = sc.g.skill_bonus(&sc.s, 1, "nature");
    sc.act("cast uplifting-overture b");
    assert_eq!(sc.g.skill_bonus(&sc.s, 1, "nature"), skill + 1);
}

#[test]
fn sprinkle_pixie_dust_is_a_bow_strike_with_a_choice_instead_of_damage() {
    // Pixie: "Sprinkle Pixie Dust ●●: A bow strike that, on a hit, does no
    // damage but one of these instead: stunned and prone (Will negates); 15
    // mental damage (Will half); or charmed (Will negates)." Ruling P2V-R67.
    let mut sc = Scene::new(&["Pixie"], &["Basilisk"]);
    sc.put("a", "a1").put("A", "h1").turn("a");
    let p = &sc.g.roster()[0];
    let k = p.weapons.iter().position(|w| w.name == "Sprinkle Pixie Dust (mind)").expect("a choice") as u8 + 1;
    sc.act(&format!("strike {k} A"));
    assert_eq!(sc.turn_state().ap, 0, "2 AP");
    // 10 + 9 = 19 against Armor 17: a hit, no damage of its own; Will +6 + 3 < 17: 15 mental.
    sc.roll(&[10]);
    assert_eq!(sc.hp("A"), 75, "no damage from the hit itself");
    sc.roll(&[3]);
    assert_eq!(sc.hp("A"), 60, "15 mental damage");
    let (_, _, missing) = arbiter_p2v::play::roster::coverage(
        arbiter_p2v::Warband::shipped("soothsayers-circle")
            .unwrap()
            .entries()
            .iter()
            .find(|e| e.card().name() == "Pixie")
            .unwrap(),
    );
    assert!(!missing.iter().any(|m| m.contains("Pixie Dust")), "{missing:?}");
}

#[test]
fn tangle_vine_is_a_spell_strike_whose_effect_needs_a_hit() {
    // "If a spell is listed as a strike, then the caster makes a Fight roll
    // and compares it to the target's Armor. Only if the attack hits does the
    // spell's effect take place." Tangle Vine, at will: on a hit, immobilized
    // (ruling P2V-R68).
    let mut sc = Scene::new(&["Tortoise Soothsayer"], &["Kobold Warrior"]);
    sc.put("a", "a1").put("A", "g2").turn("a");
    sc.act("strike tangle-vine A");
    sc.roll(&[1]);
    assert!(conditions(&sc, "A").is_empty(), "a miss: nothing");
    sc.act("strike tangle-vine A");
    // 15 + 10 − 5 (second attack) = 20 against Armor 16.
    sc.roll(&[15]);
    assert!(conditions(&sc, "A").has(Conditions::IMMOBILIZED));
    assert_eq!(sc.hp("A"), 7, "no damage");
}

#[test]
fn the_table_previews_a_bursts_four_squares() {
    // "Bursts: A burst power is measured from a single corner of a square …
    // spreading in all directions to a specified radius": a burst 1 is the four
    // squares round its corner (ruling P2V-R60).
    use arbiter_p2v::play::Variant;
    let v = Variant {
        warbands: vec![common::scene::warband(&["Azhana"]), common::scene::warband(&["Kobold Warrior"])],
        map: map(12, 12, &[], ""),
        no_round_limit: false,
        cards: String::new(),
    };
    let mut sc = Scene::new(&["Azhana"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "h6").turn("a");
    let view = arbiter_p2v::table::table_view(&v, Some(&sc.s)).unwrap();
    let look = view.look.expect("a look at the state");
    let sleep = sc.g.roster()[0].powers.iter().position(|p| p.name == "Sleep").unwrap() as u8;
    let at = sc.sq("h6");
    let burst = look
        .areas
        .iter()
        .find(|a| a.power == sleep && a.aim == arbiter_p2v::play::action::Aim::Square { at })
        .expect("sleep aimed at the kobold's square");
    assert_eq!(burst.squares.len(), 4);
    assert_eq!(burst.targets, vec![1]);
}

#[test]
fn ash_form_teleports_then_enlarges_the_oni_for_the_battle() {
    // Caldera Oni: "Ash Form ●● (1 per encounter): Teleports up to 8 squares,
    // then casts enlarge (rank 4) on itself." Enlarge, rank 4: melee reach +2,
    // melee strikes +10 damage, for the battle (ruling P2V-R69).
    use arbiter_p2v::play::cast::Stat;
    let mut sc = Scene::on(&["Caldera Oni"], &["Kobold Warrior"], map(20, 20, &[], ""));
    sc.put("a", "a1").put("A", "p10").turn("a");
    let oni = sc.g.roster()[0].clone();
    let k = oni.powers.iter().position(|p| p.name == "Ash Form").expect("Ash Form runs") + 1;
    sc.act(&format!("use {k} e5"));
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("e5")));
    assert_eq!((sc.g.bonus(&sc.s, 0, Stat::Reach), sc.g.bonus(&sc.s, 0, Stat::Damage)), (2, 10));
    // Still there two rounds on: the Katana (Melee 2) reaches 4 squares and deals 30 + 10.
    sc.next_turn(3, "a");
    assert_eq!(sc.g.bonus(&sc.s, 0, Stat::Reach), 2);
    sc.put("A", "j5");
    sc.act("strike katana A");
    sc.roll(&[10]);
    assert!(
        sc.events.iter().any(|e| matches!(e, Event::Damaged { damage, .. } if damage.amount == 40)),
        "{:?}",
        sc.events
    );
    let (_, _, missing) = arbiter_p2v::play::roster::coverage(
        arbiter_p2v::Warband::shipped("oni-tyrant")
            .unwrap()
            .entries()
            .iter()
            .find(|e| e.card().name() == "Caldera Oni")
            .unwrap(),
    );
    assert!(missing.is_empty(), "{missing:?}");
}

#[test]
fn a_controlled_creatures_limited_features_are_neither_listed_nor_taken() {
    // "The opponent cannot choose any features with a limited number of uses."
    // The Caligni Dancer's Dancer's Curse has 2 uses per encounter (a soak game
    // once drew it from the legal list of a charmed dancer).
    let mut sc = Scene::new(&["Satyr"], &["Caligni Dancer"]);
    sc.put("a", "e5").put("A", "f5").turn("a");
    sc.act("cast charm A");
    sc.roll(&[1]);
    sc.turn("A");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)));
    let curse = sc.g.roster()[1].powers.iter().position(|p| p.name == "Dancer's Curse").unwrap() as u8;
    let mut legal = Vec::new();
    sc.g.legal_actions(&sc.s, &mut legal);
    assert!(!legal.iter().any(|a| matches!(a, Action::Use { power, .. } if *power == curse)), "{legal:?}");
    assert_eq!(sc.refused(&format!("use {} a", curse + 1)), "p2v.controlled.limited");
}

#[test]
fn mountain_resilience_resists_physical_damage_for_the_battle() {
    // Mountain Resilience: "resist physical 4d6 until the end of the battle".
    // "Resist: … roll the specified number of d6s. For each 4+ result, reduce
    // the damage it takes by 5." "If a creature takes damage of multiple
    // types, only roll the higher resistance value." Ruling P2V-R73: a
    // lasting effect on the caster or an ally in reach, its dice the highest.
    let mut sc = Scene::new(&["Tortoise Soothsayer", "Basilisk"], &["Basilisk"]);
    sc.put("a", "a1").put("b", "e1").put("A", "f2").turn("a");
    assert_eq!(sc.refused("cast mountain-resilience A"), "p2v.cast.target", "not an enemy");
    sc.act("cast mountain-resilience b");
    assert_eq!(uses_left(&sc, "a", "mountain resilience"), 0);
    use arbiter_p2v::play::cast::Stat;
    assert_eq!(sc.g.bonus(&sc.s, 1, Stat::Resist), 4);
    // Rounds later it still holds: the enemy's physical strike calls for 4d6.
    sc.next_turn(3, "a");
    sc.act("end");
    sc.turn("A");
    sc.act("strike 1 b").roll(&[15]);
    assert_eq!(sc.g.dice(&sc.s).len(), 4, "4d6 of resistance against a physical strike");
    sc.roll(&[4, 5, 1, 2]);
    assert!(sc.events.iter().any(|e| matches!(e, Event::Resisted { who: 1, reduced: 10, .. })), "two 4+: 10 less");
}

#[test]
fn dispel_magic_ends_the_lasting_effect_its_cast_names() {
    // "Otherwise, a spell's effect is automatic (though the target may avoid
    // the effect, for example by making a saving throw that negates it)."
    // Dispel Magic: "Ends one lasting spell effect on a creature within 24
    // squares" — the cast chosen names which; no check (ruling P2V-R74).
    let mut sc = Scene::new(&["Pixie", "Kobold Warrior"], &["Satyr", "Tortoise Soothsayer"]);
    sc.put("a", "e5").put("b", "g5").put("A", "e7").put("B", "h1").turn("B");
    sc.act("cast mountain-resilience B");
    use arbiter_p2v::play::cast::Stat;
    let soothsayer = sc.id("B") as u8;
    assert_eq!(sc.g.bonus(&sc.s, soothsayer, Stat::Resist), 4);
    sc.turn("A");
    sc.act("cast charm b");
    sc.roll(&[2]);
    assert!(sc.g.controlled(&sc.s, 1), "the kobold is charmed");
    sc.turn("a");
    // A cast whose kind the target does not have is refused.
    assert_eq!(sc.refused("cast dispel-magic 2 B"), "p2v.cast.dispel", "no enlarge to end");
    assert_eq!(sc.refused("cast dispel-magic 3 A"), "p2v.cast.dispel", "the satyr has no resilience");
    // The legal casts are only those with something to end.
    let mut legal = Vec::new();
    sc.g.legal_actions(&sc.s, &mut legal);
    let dispel: Vec<u8> = (0..sc.g.roster()[0].powers.len() as u8)
        .filter(|&k| sc.g.roster()[0].powers[usize::from(k)].name == "Dispel Magic")
        .collect();
    assert_eq!(dispel.len(), 4, "four casts");
    let dispels: Vec<&Action> =
        legal.iter().filter(|a| matches!(a, Action::Use { power, .. } if dispel.contains(power))).collect();
    assert_eq!(dispels.len(), 2, "control on the kobold, resilience on the soothsayer: {dispels:?}");
    sc.act("cast dispel-magic 3 B");
    assert_eq!(sc.g.bonus(&sc.s, soothsayer, Stat::Resist), 0, "the resilience ends, no check");
    assert!(sc.g.controlled(&sc.s, 1), "one effect only");
    assert_eq!(uses_left(&sc, "a", "dispel magic"), 0, "its one use");
}

#[test]
fn figment_diverts_one_enemy_off_guard_until_the_end_of_its_next_turn() {
    // Figment: "A small illusion of a sound or sight within 6 squares, to
    // distract" — ruling P2V-R75: one enemy within 6 is off-guard (Will
    // negates), a condition: "Off-guard: The creature gets −2 to Armor."
    let mut sc = Scene::new(&["Pixie", "Kobold Warrior"], &["Kobold Warrior", "Kobold Warrior"]);
    sc.put("a", "e5").put("b", "e10").put("A", "e8").put("B", "k11").turn("a");
    let (a, b) = (sc.id("A") as u8, sc.id("B") as u8);
    let before = sc.g.armor(&sc.s, a, 0);
    sc.act("cast figment A");
    assert_eq!(sc.turn_state().ap, 0, "2 AP");
    sc.roll(&[5]);
    assert!(sc.g.off_guard(&sc.s, a), "5 + 3 < 17: fooled");
    assert!(!sc.g.off_guard(&sc.s, b), "one enemy only");
    // The caster's turn is over; an ally of the caster still finds it off-guard.
    sc.turn("b");
    assert_eq!(sc.g.armor(&sc.s, a, 0), before - 2);
    sc.act("end");
    // The condition ends with the enemy's own turn.
    sc.turn("A");
    sc.act("end");
    assert!(!sc.g.off_guard(&sc.s, a), "it ended with its turn");
    // A save of Power or more negates it.
    sc.next_turn(2, "a");
    sc.act("cast figment A").roll(&[14]);
    assert!(sc.events.iter().any(|e| matches!(e, Event::Save { who, total: 17, .. } if *who == a)));
    assert!(!sc.g.off_guard(&sc.s, a));
}

fn window(sc: &Scene) -> Option<arbiter_p2v::play::state::Trigger> {
    match sc.s.pending.top() {
        Some(arbiter_p2v::play::state::Frame::Window(w)) => Some(w.trigger),
        _ => None,
    }
}

#[test]
fn counter_performance_lets_an_ally_within_8_reroll_a_save_against_a_mental_effect_once() {
    use arbiter_p2v::play::state::Trigger;
    // Counter Performance: "A reaction: when an ally within 8 squares fails a
    // save against a mental or auditory effect, it rolls again and keeps the
    // better result." Ruling P2V-R76: the retry windows, asked of the
    // dancer's player, its reaction and its one use spent. Fear is mental.
    let mut sc = Scene::new(&["Caligni Dancer", "Kobold Warrior"], &["Satyr"]);
    sc.put("a", "e3").put("b", "e9").put("A", "e11").turn("A");
    let (a, b) = (sc.id("a") as u8, sc.id("b") as u8);
    assert_eq!(uses_left(&sc, "a", "counter performance"), 1);
    sc.act("cast fear b").roll(&[3]); // 3 + 3 < 17: failed
    assert_eq!(window(&sc), Some(Trigger::Retry { reactor: a, target: b, die: 3 }), "6 squares: within 8");
    assert_eq!(sc.asks(), ToMove::Seat(Seat(0)), "the dancer's player decides");
    sc.act("react").roll(&[15]); // 18 ≥ 17: the better result stands
    assert!(!conditions(&sc, "b").has(Conditions::RATTLED), "negated by the second roll");
    assert_eq!(uses_left(&sc, "a", "counter performance"), 0, "its one use");
    assert!(sc.s.creatures[usize::from(a)].reacted);
    // Its use spent, a later failed save opens nothing even with a reaction.
    sc.s.creatures[usize::from(a)].reacted = false;
    sc.next_turn(2, "A");
    sc.act("cast fear b").roll(&[3]);
    assert!(window(&sc).is_none(), "no use left");
    assert!(conditions(&sc, "b").has(Conditions::RATTLED));
    // A reaction is not an action of the dancer's turn.
    sc.turn("a");
    assert_eq!(sc.refused("cast counter-performance"), "p2v.cast.triggered");
}

#[test]
fn counter_performance_answers_only_mental_or_auditory_effects_and_frolic_goes_first() {
    use arbiter_p2v::play::state::Trigger;
    // Dancer's Curse ("Sickens the target (Will negates)") has no mental or
    // auditory trait: 4 squares away, beyond Distracting Frolic's 2, nothing.
    let mut sc = Scene::new(&["Caligni Dancer", "Kobold Warrior"], &["Caligni Dancer"]);
    sc.put("a", "e5").put("b", "e9").put("A", "e10").turn("A");
    sc.act("use dancers-curse b").roll(&[3]);
    assert!(window(&sc).is_none(), "not a mental effect");
    assert_eq!(uses_left(&sc, "a", "counter performance"), 1);
    // Within 2 squares, a Will save against fear: Distracting Frolic (no
    // uses) answers first and the spell's use is kept (ruling P2V-R76).
    let mut sc = Scene::new(&["Caligni Dancer", "Kobold Warrior"], &["Satyr"]);
    sc.put("a", "e7").put("b", "e9").put("A", "e11").turn("A");
    let a = sc.id("a") as u8;
    sc.act("cast fear b").roll(&[3]);
    assert!(matches!(window(&sc), Some(Trigger::Retry { reactor, .. }) if reactor == a));
    sc.act("react").roll(&[2]);
    assert_eq!(uses_left(&sc, "a", "counter performance"), 1, "Distracting Frolic took it");
    assert!(conditions(&sc, "b").has(Conditions::RATTLED), "the better die, 3, still fails");
    // Nine squares away: out of reach of both.
    let mut sc = Scene::new(&["Caligni Dancer", "Kobold Warrior"], &["Satyr"]);
    sc.put("a", "e1").put("b", "e10").put("A", "e12").turn("A");
    sc.act("cast fear b").roll(&[3]);
    assert!(window(&sc).is_none(), "9 squares: beyond 8");
}

#[test]
fn control_water_slows_the_creatures_in_its_burst_that_stand_in_water() {
    // Control Water: "creatures in the water are slowed". Ruling P2V-R77: a
    // burst 4 within 24 squares whose effect reaches only creatures whose
    // space is on a square with the water terrain trait; no save is given.
    let rows = ["w w w w w w . . . . . .", "w w w w w w . . . . . ."];
    let legend = "w = { name = \"pond\", traits = [\"difficult\", \"water\"] }";
    let mut sc = Scene::on(&["Tortoise Soothsayer"], &["Kobold Warrior", "Kobold Warrior"], map(12, 12, &rows, legend));
    sc.put("a", "a1").put("A", "b12").put("B", "c9").turn("a");
    sc.act("cast control-water c11");
    assert_eq!(uses_left(&sc, "a", "control water"), 0);
    assert!(conditions(&sc, "A").has(Conditions::SLOWED), "in the pond: slowed, no save");
    assert!(!conditions(&sc, "B").has(Conditions::SLOWED), "in the burst but on dry ground");
    assert!(!sc.events.iter().any(|e| matches!(e, Event::Save { .. })), "no save rolled");
}

#[test]
fn animal_allies_bite_every_creature_in_a_burst_2_heightened_to_the_casters_rank() {
    // Arboreal Shepherd: "Primal Caster Rank 3: Once a day: animal allies."
    // Arbiter's Animal Allies (spells.toml): Burst 2 within 6, 10 piercing
    // (Reflex half), 5 more per rank above 2 — 15 at rank 3 (ruling P2V-R58).
    let mut sc = Scene::new(&["Arboreal Shepherd"], &["Basilisk", "Basilisk"]);
    sc.put("a", "b2").put("A", "h6").put("B", "g7").turn("a");
    assert_eq!(uses_left(&sc, "a", "animal allies"), 1);
    sc.act("cast animal-allies h6");
    // Basilisk A fails (8 + 3 < 17, not by 10): 15; B succeeds (16 + 3 ≥ 17): half.
    sc.roll(&[8]);
    assert_eq!(sc.hp("A"), 60);
    sc.roll(&[16]);
    assert!(sc.hp("B") == 68 || sc.hp("B") == 67, "half of 15: {}", sc.hp("B"));
    sc.next_turn(2, "a");
    assert_eq!(sc.refused("cast animal-allies h6"), "p2v.cast.uses", "once a day");
}

#[test]
fn wall_of_thorns_makes_difficult_obstructing_plant_terrain_along_its_line_for_the_battle() {
    // Twigjack Cult Leader: "Primal Caster Rank 3: Once a day each: slow, wall
    // of thorns, heal. At will: caustic blast, puff of poison, tangle vine."
    // Arbiter's Wall of Thorns: Line 8 from the caster, difficult, obstructing
    // plant terrain until the end of the battle (ruling P2V-R140).
    use arbiter_geometry::battle::Traits;
    let mut sc = Scene::new(&["Twigjack Cult Leader"], &["Kobold Warrior"]);
    sc.put("a", "b5").put("A", "k11").turn("a");
    sc.act("cast wall-of-thorns j5");
    assert!(sc.events.iter().any(|e| matches!(e, Event::TerrainMade { .. })), "{:?}", sc.events);
    let thorns = sc.g.field(&sc.s).terrain().traits(sc.sq("f5"));
    assert!(
        thorns.contains(Traits::DIFFICULT) && thorns.contains(Traits::OBSTRUCTING) && thorns.contains(Traits::PLANT)
    );
    assert!(!sc.g.field(&sc.s).terrain().traits(sc.sq("f7")).contains(Traits::DIFFICULT), "only along the line");
    assert_eq!(uses_left(&sc, "a", "wall of thorns"), 0, "once a day");
    // It is still there rounds later.
    sc.next_turn(4, "a");
    assert!(sc.g.field(&sc.s).terrain().traits(sc.sq("f5")).contains(Traits::DIFFICULT));
    // Slow: one creature within 6, slowed (Fortitude negates).
    sc.put("A", "e7");
    sc.act("cast slow A").roll(&[2]);
    assert!(conditions(&sc, "A").has(Conditions::SLOWED));
}

#[test]
fn puff_of_poison_is_a_cantrip_cast_at_will_at_an_adjacent_creature() {
    // "At will: caustic blast, puff of poison, tangle vine." Arbiter's Puff of
    // Poison: Melee, 5 poison (Fortitude half), 5 more every two ranks above 1:
    // 10 at rank 3.
    let mut sc = Scene::new(&["Twigjack Cult Leader"], &["Basilisk"]);
    sc.put("a", "e5").put("A", "e6").turn("a");
    sc.act("cast puff-of-poison A").roll(&[5]);
    assert_eq!(sc.hp("A"), 65, "10 poison on a failed save");
    sc.next_turn(2, "a");
    sc.act("cast puff-of-poison A").roll(&[5]);
    assert_eq!(sc.hp("A"), 55, "at will: again the next round");
}

fn make_invisible(sc: &mut Scene, label: &str) {
    use arbiter_core::resolve::{Effect, Expiry};
    let i = sc.id(label) as u8;
    sc.s.effects.replace(Effect::new(arbiter_p2v::play::state::Lasting::Invisible, i, Expiry::Never));
}

#[test]
fn truesight_and_see_the_unseen_ignore_the_invisible_status() {
    // "Truesight/See Invisibility: A creature with truesight or see
    // invisibility ignore the invisible and concealed statuses of creatures."
    // Caligni Hunter: "Occult Caster Rank 2: At will: see the unseen, darkness,
    // figment." (ruling P2V-R141)
    let mut sc = Scene::new(&["Bee-Man", "Caligni Hunter"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("b", "g5").put("A", "f6");
    make_invisible(&mut sc, "A");
    sc.turn("b");
    assert_eq!(sc.refused("strike 1 A"), "p2v.strike.invisible");
    sc.act("cast see-the-unseen");
    assert!(
        sc.events.iter().any(|e| matches!(e, Event::Condition { name, .. } if name == "truesight")),
        "{:?}",
        sc.events
    );
    sc.next_turn(2, "b");
    sc.act("strike 1 A");
    assert_ne!(sc.asks(), ToMove::Seat(Seat(0)), "the strike is under way");
    // The Bee-Man's card has Truesight.
    let mut sc = Scene::new(&["Bee-Man"], &["Kobold Warrior"]);
    sc.put("a", "e5").put("A", "e6");
    make_invisible(&mut sc, "A");
    sc.turn("a").act("strike 1 A");
}

#[test]
fn darkness_conceals_a_burst_4_for_the_battle_and_truesight_sees_through_it() {
    // Arbiter's Darkness: Burst 4 within 24, concealing terrain until the end of
    // the battle (ruling P2V-R140); truesight ignores the concealed status (P2V-R141).
    use arbiter_geometry::battle::Traits;
    let mut sc = Scene::new(&["Caligni Hunter"], &["Kobold Warrior"]);
    sc.put("a", "b2").put("A", "h6").turn("a");
    sc.act("cast darkness h6");
    let t = sc.g.field(&sc.s).terrain();
    assert!(t.traits(sc.sq("h6")).contains(Traits::CONCEALING) && t.traits(sc.sq("e3")).contains(Traits::CONCEALING));
    assert!(!t.traits(sc.sq("b2")).contains(Traits::CONCEALING), "8 by 8 squares around the corner only");
    // A kobold throws its spear from outside the darkness at an enemy inside:
    // a concealment check first; with truesight, none.
    use arbiter_core::resolve::{Effect, Expiry};
    use arbiter_p2v::play::cast::Stat;
    use arbiter_p2v::play::state::Lasting;
    let throw = |truesight: bool| {
        let mut sc2 = Scene::new(&["Caligni Hunter", "Kobold Warrior"], &["Kobold Warrior"]);
        sc2.s.veils = sc.s.veils.clone();
        sc2.s.forget_field();
        sc2.put("a", "a1").put("b", "c6").put("A", "g6");
        if truesight {
            let k = sc2.id("b") as u8;
            sc2.s.effects.replace(Effect::new(Lasting::Bonus { stat: Stat::Truesight }, k, Expiry::Never).valued(1));
        }
        sc2.turn("b").act("strike 2 A");
        sc2.g.dice(&sc2.s).to_string()
    };
    assert!(throw(false).contains("concealment"), "{}", throw(false));
    assert!(!throw(true).contains("concealment"), "{}", throw(true));
}

#[test]
fn gentle_landing_spares_a_fall_and_magic_passage_opens_a_wall() {
    // Spring-Heeled Leaper: "Primal Caster Rank 5: Once a day: magic passage. At
    // will: gentle landing." "A creature that falls 2 squares or more takes 5
    // damage per 2 squares it falls. If it takes damage, it falls prone at the
    // bottom." (ruling P2V-R142)
    let blank = ["."; 12].join(" ");
    let rows: Vec<&str> = (0..9).map(|_| blank.as_str()).chain(["U U U . . . . . . . . ."]).collect();
    let m = map(12, 12, &rows, "U = { name = \"tower\", traits = [], elevation = 4 }");
    let fall = |gentle: bool| {
        let mut sc = Scene::on(&["Spring-Heeled Leaper"], &["Basilisk"], m.clone());
        sc.put("a", "b3").put("A", "l12").turn("a");
        if gentle {
            sc.act("cast gentle-landing a");
        }
        sc.act("leap d3");
        (sc.g.roster()[0].hp - sc.hp("a"), sc.s.creatures[0].prone)
    };
    assert_eq!(fall(false), (10, true), "4 squares down: 10 damage, prone");
    assert_eq!(fall(true), (0, false), "a gentle landing");
    // A wall along file d: the passage opens the solid squares of the 2 by 2
    // squares around the corner at d5's lower left.
    use arbiter_geometry::battle::Traits;
    let rows: Vec<&str> = (0..4).map(|_| blank.as_str()).chain((0..8).map(|_| ". . . # . . . . . . . .")).collect();
    let m = map(12, 12, &rows, "\"#\" = { name = \"wall\", traits = [\"solid\"] }");
    let mut sc = Scene::on(&["Spring-Heeled Leaper"], &["Basilisk"], m);
    sc.put("a", "c4").put("A", "l12").turn("a");
    assert!(sc.g.field(&sc.s).terrain().traits(sc.sq("d4")).contains(Traits::SOLID));
    sc.act("cast magic-passage d5");
    let t = sc.g.field(&sc.s).terrain();
    assert!(!t.traits(sc.sq("d4")).contains(Traits::SOLID) && !t.traits(sc.sq("d5")).contains(Traits::SOLID));
    assert!(t.traits(sc.sq("d6")).contains(Traits::SOLID), "only the 2 by 2");
    sc.next_turn(2, "a");
    sc.act("stride f4");
    assert_eq!(sc.s.creatures[0].at, Some(sc.sq("f4")), "through the wall");
}
