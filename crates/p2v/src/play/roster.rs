//! The figures of a game: every creature of both warbands with the numbers
//! the rules use, taken once from its card, upgrades and items.
//!
//! A [`Profile`] is what never changes during a battle (stats, strikes,
//! defences, skills, hero points); the state keeps what does. Features the
//! engine does not run yet are listed in [`Profile::unexecuted`] — shown on
//! the sheet and reported by `arbiter build`, never silently ignored.

use super::damage::{Damage, Defences, Types};
use crate::card::{Card, Movement};
use crate::feature::{Action as Cost, Area, Feature};
use crate::program::{Aura, Block, Extra, Ferocity, Program, Retry, Save};
use crate::warband::Warband;
use arbiter_geometry::battle::{Mode, Size};
use serde::{Deserialize, Serialize};

/// A weapon: one strike a creature can make.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    /// Its name on the card (`Jaws`).
    pub name: String,
    /// Melee reach in squares (1 for `Melee`), or `None` for a ranged strike.
    pub reach: Option<u16>,
    /// Short range, for a ranged strike.
    pub short: u16,
    /// Long range (−2 beyond the short range), if any.
    pub long: Option<u16>,
    /// What a hit does.
    pub damage: Damage,
    /// Whether it may be used only once per turn (●○).
    pub once_per_turn: bool,
    /// Uses per battle, if limited.
    pub uses: Option<u8>,
    /// True if its card says long range costs no penalty.
    pub no_long_penalty: bool,
    /// Extra damage against off-guard or grabbed targets (its own, and the
    /// creature's passive features such as Sneak Attack).
    pub extra: Vec<Extra>,
    /// The save that halves or negates its damage (`Stinger`), if any.
    pub save: Option<Save>,
    /// What a hit does besides its damage.
    pub hit: Option<Program>,
    /// "On a hit it may spend 1 AP to grab the target."
    pub grab: bool,
    /// Conditions a hit may give for 1 more AP ("On a hit it may spend 1
    /// AP to make the target encumbered").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spend: Vec<crate::program::Give>,
    /// The action points it costs (1; 2 for a ●● strike with choices).
    #[serde(default = "one_ap")]
    pub ap: u8,
    /// The creatures it may strike, by trait (any of them); empty: any
    /// ("Holy Water: … against fiends and undead").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<String>,
}

fn one_ap() -> u8 {
    1
}

/// A power: an action that is not a strike, with a range or an area, whose
/// effect the targets may save against.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Power {
    /// Its name on the card.
    pub name: String,
    /// What using it costs.
    pub cost: Cost,
    /// Its range or area (none for a compound action).
    pub area: Option<Area>,
    /// Uses per battle, if limited.
    pub uses: Option<u8>,
    /// What it does to each creature it affects, or the steps it is made of.
    pub program: Program,
    /// Set when it is one cast of a spell (see [`super::cast`]).
    pub spell: Option<super::cast::SpellUse>,
    /// The creatures it may target, by trait (any of them); empty: any
    /// ("Oil of Unlife: … Works on undead only").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<String>,
}

impl Power {
    /// Whether it is a compound action (Strides and strikes in order).
    pub fn compound(&self) -> bool {
        !self.program.steps.is_empty()
    }
    /// Whether it takes hold by itself (on elimination, or as a reaction to
    /// a turn's start) rather than as an action.
    pub fn triggered(&self) -> bool {
        self.program.when.is_some() || self.program.retry.is_some() || self.program.retaliate.is_some()
    }
}

impl Weapon {
    /// Whether it is a melee strike.
    pub fn melee(&self) -> bool {
        self.reach.is_some()
    }
    /// The farthest it reaches, in squares.
    pub fn max_range(&self) -> u16 {
        self.reach.unwrap_or(self.long.unwrap_or(self.short))
    }
}

/// One creature of a warband, as the rules see it.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    /// Its letter on the table: P1's `a b c …`, P2's `A B C …`.
    pub label: String,
    /// Its name for people: the nickname and card (`Skreech (Harpy)`) or the card's name.
    pub name: String,
    /// The card's name.
    pub card: String,
    /// The seat (0 or 1) whose warband it belongs to.
    pub team: u8,
    /// Its level.
    pub level: i8,
    /// What it cost, with its upgrades, items and hero points (the "points
    /// worth of creatures" of the victory condition).
    pub points: u32,
    /// Its size.
    pub size: Size,
    /// Fight, Armor, Power and the three saves.
    pub fight: i32,
    /// Armor.
    pub armor: i32,
    /// Power.
    pub power: i32,
    /// Fortitude.
    pub fort: i32,
    /// Reflex.
    pub reflex: i32,
    /// Will.
    pub will: i32,
    /// Maximum HP.
    pub hp: i32,
    /// Its card's traits, in lower case (`undead`, `fiend`).
    pub traits: Vec<String>,
    /// Speed in squares.
    pub speed: i32,
    /// Movement mode.
    pub mode: Mode,
    /// Its strikes.
    pub weapons: Vec<Weapon>,
    /// Its powers.
    pub powers: Vec<Power>,
    /// Immunities, resistances, weaknesses, skills.
    pub defences: Defences,
    /// Hero points bought for it.
    pub hero_points: u8,
    /// Whether it has the Reactive Strike (Attack of Opportunity) reaction.
    pub reactive_strike: bool,
    /// HP it regenerates at the start of each of its turns, unless sickened.
    pub regenerate: Option<u16>,
    /// Damage types that make it sickened.
    pub sickened_by: Types,
    /// Its Ferocity reaction, if it has one: what a roll of 1 to 3 does.
    pub ferocity: Option<Ferocity>,
    /// Its Shield Block reaction, if it has one, with its uses per battle.
    pub block: Option<(Block, Option<u8>)>,
    /// Exhausted: slowing stuns it, stunning eliminates it.
    pub exhausted: bool,
    /// Construct Armor: its resistance dice (against all damage) and the
    /// Armor it drops to once the armor breaks.
    pub construct_armor: Option<(u8, i32)>,
    /// Whether it is undead, a construct, mindless, or an animal or beast
    /// that may use only trained skills.
    pub undead: bool,
    /// A construct (void damage does not hurt it).
    pub construct: bool,
    /// May use only skills it is trained in.
    pub trained_only: bool,
    /// Its auras: the emanation's size and the bonus it gives allies in it.
    pub auras: Vec<(u32, Aura)>,
    /// Damage types that let it strike a random creature within reach as
    /// a reaction (Furious Flailing), `NONE` without.
    pub random_strike: Types,
    /// The name of that reaction's feature.
    pub random_strike_name: Option<String>,
    /// Its reactions that have an ally roll a failed save again, with the
    /// feature's or spell's name: its features' first, then its spells'
    /// (Counter Performance, which spends a use; ruling P2V-R76).
    pub retry: Vec<(Retry, String)>,
    /// Its reaction bracing against named strikes (Catch Rock), with the
    /// feature's name.
    pub catch: Option<(crate::program::Catch, String)>,
    /// Powers, by name, a critical hit on it gives a use of back, and the
    /// feature's name (Stoke the Volcano).
    pub regain: Vec<String>,
    /// The name of that feature.
    pub regain_name: Option<String>,
    /// Its Strides may drag a creature it has grabbed along (Haul Away).
    pub haul: bool,
    /// It may Tumble Through an enemy's space, leaving it off-guard (Tumble Behind).
    pub tumble: bool,
    /// Difficult terrain with this trait does not slow it (Forest Stride).
    pub unhindered: Option<arbiter_geometry::battle::Traits>,
    /// Its white hairs and the feature's name (White Hairs).
    pub hairs: Option<(u8, String)>,
    /// The name of its reaction that strikes to free a grabbed ally
    /// (Liberating Strike).
    pub liberate: Option<String>,
    /// The name of its reaction to losing a hair (Denuded Outrage).
    pub outrage: Option<String>,
    /// Its reaction giving conditions to an attacker whose melee weapon
    /// critically hits it, with the feature's name (Amber Tomb).
    pub on_critical: Option<(Vec<crate::program::Give>, String)>,
    /// Its free action healing when a creature it holds takes damage, with
    /// the feature's name (Parasitic Rejuvenation).
    pub rejuvenate: Option<(crate::program::Rejuvenate, String)>,
    /// Its reaction shielding an ally within reach from damage, with the
    /// feature's name (Defend the Friends).
    pub defend: Option<(crate::program::Defend, String)>,
    /// The save an effect calling for which, with it as the only target,
    /// does not affect it, and the feature's name (Swarm Mind).
    pub lone_immune: Option<(crate::program::SaveKind, String)>,
    /// Damage types that heal it instead of harming it, with the feature's
    /// name (Absorb Shock).
    pub absorb: Option<(crate::program::Absorb, String)>,
    /// Conditions enough damage of some types from one attack gives it
    /// (Brazier).
    pub doused: Option<(crate::program::Doused, String)>,
    /// Features it cannot use while it has a condition, with the name of
    /// the feature that says so (Brazier).
    pub stops: Option<(crate::program::Stops, String)>,
    /// What starting its turn on terrain with a trait does to it, with the
    /// feature's name (Smoke Susceptibility).
    pub turn_start: Option<(arbiter_geometry::battle::Traits, Vec<crate::program::Give>, String)>,
    /// Its reaction to its own Stride: the statuses it gets until its next
    /// turn starts, with the feature's name (Vanishing Leap).
    pub on_stride: Option<(Vec<crate::program::Give>, String)>,
    /// When an adjacent encumbered enemy moves, it is dragged along behind
    /// it (Clinging Suckers).
    pub cling: bool,
    /// The highest d6 on which a critically failed Fight roll or Reflex
    /// save leaves it prone (Shaky Footing).
    pub stumble: Option<u8>,
    /// Its free action on a successful save against a spell of a
    /// tradition, with the feature's name (Primal Sink).
    pub sink: Option<(crate::program::Sink, String)>,
    /// Features the engine does not run yet, by name.
    pub unexecuted: Vec<String>,
    /// The consumable items it carries into the battle that can be taken
    /// from its body: its weapons or powers used once ([`super::loot`]).
    pub own_items: Vec<super::loot::Slot>,
    /// Its slot for each item of the game, by the item's number: its own
    /// item's, or a copy it holds once it takes that item from a body
    /// (`None` when it has no room left). Empty outside a game.
    pub item_slots: Vec<Option<super::loot::Slot>>,
    /// It waits out of play until an allied caster summons it (the
    /// Summonable positioning upgrade).
    pub summonable: bool,
    /// Tempting Disguise: it starts in secret as an objective ([`super::disguise`]).
    pub tempting_disguise: bool,
    /// Trail of Bodies: 1d6 bodies go on the map in the set-up ([`super::trail`]).
    pub trail_of_bodies: bool,
    /// False Object: it starts in secret as an obstacle ([`super::object`]).
    pub false_object: bool,
    /// A Howdah is strapped to it: a platform for passengers, one of whom
    /// commands it ([`super::mount`]; ruling P2V-R169).
    pub howdah: bool,
    /// A creature a power of another brings into the battle (an Awakened
    /// Tree, by the roster index of its Arboreal Regent): not in the
    /// warband, costing no points, out of play until that power places it
    /// (ruling P2V-R94).
    pub awakened_by: Option<u8>,
    /// The cards of the creatures it commands (its Commander entry's
    /// minions and those it starts with), lower case; empty for no commander.
    pub commands: Vec<String>,
}

/// The letters of a seat's figures: `a`…`z`, then `aa`…; capitals for P2.
pub fn label(team: u8, index: usize) -> String {
    let mut s = String::new();
    let mut i = index;
    loop {
        s.insert(0, (b'a' + (i % 26) as u8) as char);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    if team == 1 { s.to_ascii_uppercase() } else { s }
}

fn mode_of(m: Option<Movement>) -> Mode {
    match m {
        None => Mode::Walk,
        Some(Movement::Flight) => Mode::Fly,
        Some(Movement::Burrowing) => Mode::Burrow,
        Some(Movement::WallClimb) => Mode::WallClimb,
        Some(Movement::Aquatic) => Mode::Aquatic,
        Some(Movement::Teleportation) => Mode::Teleport,
    }
}

fn size_of(s: crate::card::Size) -> Size {
    use crate::card::Size as C;
    match s {
        C::Tiny => Size::Tiny,
        C::Small => Size::Small,
        C::Medium => Size::Medium,
        C::Large => Size::Large,
        C::Huge => Size::Huge,
        C::Gargantuan => Size::Gargantuan,
    }
}

/// The weapon a strike feature makes, or `None` if its damage cannot be read.
pub fn weapon(f: &Feature) -> Option<Weapon> {
    if !f.strike {
        return None;
    }
    let damage = Damage::leading(&f.text)?;
    let (reach, short, long) = match f.area {
        Some(Area::Melee(r)) => (Some(r.unwrap_or(1)), 0, None),
        Some(Area::Ranged { short, long }) => (None, short, long),
        None => (Some(1), 0, None),
        Some(_) => return None,
    };
    Some(Weapon {
        name: f.name.clone(),
        reach,
        short,
        long,
        damage,
        once_per_turn: f.action == Cost::OncePerTurn,
        uses: f.uses.map(|u| u.count),
        no_long_penalty: f.text.to_ascii_lowercase().contains("no penalty at long range"),
        extra: f.effect.as_ref().map(|e| e.extra.clone()).unwrap_or_default(),
        save: f.effect.as_ref().and_then(|e| e.save),
        hit: f.effect.as_ref().and_then(|e| e.hit.as_deref().cloned()),
        grab: f.effect.as_ref().is_some_and(|e| e.grab),
        spend: f.effect.as_ref().map(|e| e.spend.clone()).unwrap_or_default(),
        ap: 1,
        only: Vec::new(),
    })
}

/// The power an action feature with an effect is, if it is one the engine
/// runs: one target in reach or range, an emanation, a cone or a line.
pub fn power(f: &Feature) -> Option<Power> {
    let program = f.effect.as_ref()?;
    if f.strike || (matches!(f.action, Cost::Passive | Cost::Reaction) && program.when.is_none()) {
        return None;
    }
    if program.teleport.is_some()
        || program.shell.is_some()
        || program.trample.is_some()
        || program.stance.is_some()
        || program.sweep.is_some()
        || program.concealed.is_some()
        || program.jet.is_some()
        || program.place.is_some()
    {
        return Some(Power {
            name: f.name.clone(),
            cost: f.action,
            area: None,
            uses: f.uses.map(|u| u.count),
            program: (**program).clone(),
            spell: None,
            only: Vec::new(),
        });
    }
    let area = if program.steps.is_empty() {
        if !program.touches()
            && !program.conceal
            && program.terrain.is_none()
            && !program.open
            && program.awaken.is_none()
            && !program.allies_step
            && program.shelter.is_none()
        {
            return None;
        }
        let area = f.area.or(program.area)?;
        if matches!(area, Area::Burst(_) | Area::Emanation { aura: true, .. }) {
            return None;
        }
        Some(area)
    } else {
        None
    };
    let area = area.or(program.area);
    Some(Power {
        name: f.name.clone(),
        cost: f.action,
        area,
        uses: f.uses.map(|u| u.count),
        program: (**program).clone(),
        spell: None,
        only: Vec::new(),
    })
}

/// The first passive feature's value of an effect key, with the feature's name.
fn passive_key<T>(features: &[&Feature], key: impl Fn(&crate::program::Program) -> Option<T>) -> Option<(T, String)> {
    features
        .iter()
        .filter(|f| f.action == Cost::Passive)
        .find_map(|f| f.effect.as_ref().and_then(|e| key(e)).map(|v| (v, f.name.clone())))
}

/// What the engine does not run of a feature yet, in words (`None` when it
/// runs it completely).
fn gap(f: &Feature) -> Option<String> {
    if let Some(c) = f.effect.as_ref().and_then(|e| e.spells.as_ref()) {
        return super::cast::spells_not_run(c).map(|missing| format!("{} ({})", f.name, missing.join(", ")));
    }
    if let Some(c) = f.effect.as_ref().and_then(|e| e.casts.as_ref()) {
        return super::cast::not_run(&c.spells).map(|missing| format!("{} ({})", f.name, missing.join(", ")));
    }
    (!executed(f)).then(|| f.name.clone())
}

/// Whether the engine runs a feature completely: a feature whose effect it
/// runs (extra damage, a strike's riders, a power), a strike whose text says
/// no more than its damage, or a rule the engine knows by name.
fn executed(f: &Feature) -> bool {
    if let Some(e) = &f.effect {
        return weapon(f).is_some()
            || power(f).is_some()
            || !super::cast::choice_weapons(f).is_empty()
            || (!e.touches() && !e.extra.is_empty())
            || (f.action == Cost::Free && (e.rejuvenate.is_some() || e.sink.is_some()))
            || (f.action == Cost::Reaction
                && (e.ferocity.is_some()
                    || e.block.is_some()
                    || e.retry.is_some()
                    || e.catch.is_some()
                    || e.defend.is_some()
                    || !e.on_critical.is_empty()
                    || !e.on_stride.is_empty()
                    || e.outrage
                    || e.liberate
                    || !e.random_strike.is_empty()))
            || (f.action == Cost::Passive
                && (e.regenerate.is_some()
                    || e.aura.is_some()
                    || !e.sickened_by.is_empty()
                    || e.exhausted
                    || e.hairs.is_some()
                    || !e.regain.is_empty()
                    || e.unhindered.is_some()
                    || e.haul
                    || e.tumble
                    || e.construct_armor.is_some()
                    || e.absorb.is_some()
                    || e.doused.is_some()
                    || e.stops.is_some()
                    || e.turn_start.is_some()
                    || e.cling
                    || e.stumble.is_some()
                    || e.lone_immune.is_some()));
    }
    if let Some(w) = weapon(f) {
        // Anything after the damage clause is a rider the engine does not run yet.
        let rest = f.text.trim();
        let after = rest.split_once("damage").map_or("", |(_, r)| r.trim());
        let after = after.trim_start_matches('.').trim();
        return after.is_empty() || (w.no_long_penalty && after.eq_ignore_ascii_case("no penalty at long range."));
    }
    matches!(f.name.to_ascii_lowercase().as_str(), "reactive strike" | "attack of opportunity")
}

impl Profile {
    /// The profile of one copy of a card in a warband.
    pub fn new(card: &Card, name: String, team: u8, points: u32, hero_points: u8, upgrades: &[&Feature]) -> Profile {
        let st = card.stats();
        let (defences, _) = Defences::parse(card.standard());
        let features: Vec<&Feature> = card.base_features().chain(upgrades.iter().copied()).collect();
        let mut weapons: Vec<Weapon> = features.iter().filter_map(|f| weapon(f)).collect();
        // Passive extra damage (Sneak Attack, Mauler) joins every strike.
        let passive: Vec<Extra> = features
            .iter()
            .filter(|f| !f.strike)
            .filter_map(|f| f.effect.as_ref())
            .flat_map(|e| e.extra.iter().copied())
            .collect();
        for w in &mut weapons {
            w.extra.extend(passive.iter().copied());
        }
        // Strikes with choices do no damage of their own: no extra damage.
        weapons.extend(features.iter().flat_map(|f| super::cast::choice_weapons(f)));
        weapons.extend(super::cast::spell_weapons(&features));
        let mut powers: Vec<Power> = features.iter().filter_map(|f| power(f)).collect();
        super::cast::add_spells(&mut powers, &features);
        let spell_retry: Vec<(Retry, String)> =
            powers.iter().filter_map(|pw| pw.program.retry.clone().map(|r| (r, pw.name.clone()))).collect();
        let has = |t: &str| card.has_trait(t);
        let mindless = card.standard().to_ascii_lowercase().contains("mindless");
        let beast = (has("Animal") || has("Beast")) && !has("Humanoid");
        let caster = card.caster_rank().is_some();
        let weapon_user = weapons.iter().any(|w| {
            !matches!(
                w.name.to_ascii_lowercase().as_str(),
                "jaws"
                    | "claw"
                    | "tusk"
                    | "mandible"
                    | "mandibles"
                    | "stinger"
                    | "bite"
                    | "slam"
                    | "tentacle"
                    | "fist"
                    | "horn"
            )
        });
        Profile {
            label: String::new(),
            name,
            card: card.name().to_string(),
            traits: card.traits().iter().map(|t| t.trim().to_ascii_lowercase()).collect(),
            team,
            level: card.level().get(),
            points,
            size: size_of(card.size()),
            fight: st.fight,
            armor: st.armor,
            power: st.power,
            fort: st.fort,
            reflex: st.reflex,
            will: st.will,
            hp: st.hp,
            speed: st.speed,
            mode: mode_of(st.movement),
            weapons,
            powers,
            defences,
            hero_points,
            reactive_strike: features.iter().any(|f| {
                f.action == Cost::Reaction
                    && matches!(f.name.to_ascii_lowercase().as_str(), "reactive strike" | "attack of opportunity")
            }),
            regenerate: features.iter().filter_map(|f| f.effect.as_ref()).find_map(|e| e.regenerate),
            sickened_by: features
                .iter()
                .filter_map(|f| f.effect.as_ref())
                .flat_map(|e| e.sickened_by.iter().copied())
                .fold(Types::NONE, Types::with),
            ferocity: features
                .iter()
                .filter(|f| f.action == Cost::Reaction)
                .find_map(|f| f.effect.as_ref().and_then(|e| e.ferocity)),
            block: features
                .iter()
                .filter(|f| f.action == Cost::Reaction)
                .find_map(|f| f.effect.as_ref().and_then(|e| e.block).map(|b| (b, f.uses.map(|u| u.count)))),
            exhausted: features.iter().filter_map(|f| f.effect.as_ref()).any(|e| e.exhausted),
            lone_immune: features
                .iter()
                .find_map(|f| f.effect.as_ref().and_then(|e| e.lone_immune).map(|k| (k, f.name.clone()))),
            construct_armor: features
                .iter()
                .filter_map(|f| f.effect.as_ref())
                .find_map(|e| e.construct_armor)
                .map(|n| (n, st.reduced_armor.unwrap_or(st.armor))),
            commands: card
                .commander()
                .map(|c| {
                    let named = c.minions.split(',').map(|m| m.trim().to_ascii_lowercase());
                    named.chain(c.starts_with.iter().map(|m| m.creature.trim().to_ascii_lowercase())).collect()
                })
                .unwrap_or_default(),
            undead: has("Undead"),
            construct: has("Construct"),
            trained_only: mindless || (beast && !caster && !weapon_user),
            auras: features
                .iter()
                .filter_map(|f| match (f.area, f.effect.as_ref().and_then(|e| e.aura)) {
                    (Some(Area::Emanation { size, aura: true }), Some(a)) => Some((u32::from(size), a)),
                    _ => None,
                })
                .collect(),
            random_strike: features
                .iter()
                .filter(|f| f.action == Cost::Reaction)
                .filter_map(|f| f.effect.as_ref())
                .flat_map(|e| e.random_strike.iter().copied())
                .fold(Types::NONE, Types::with),
            random_strike_name: features
                .iter()
                .filter(|f| f.action == Cost::Reaction)
                .find(|f| f.effect.as_ref().is_some_and(|e| !e.random_strike.is_empty()))
                .map(|f| f.name.clone()),
            retry: features
                .iter()
                .filter(|f| f.action == Cost::Reaction)
                .filter_map(|f| f.effect.as_ref().and_then(|e| e.retry.clone()).map(|r| (r, f.name.clone())))
                // A reaction spell (Counter Performance; ruling P2V-R76).
                .chain(spell_retry)
                .collect(),
            on_critical: features.iter().filter(|f| f.action == Cost::Reaction).find_map(|f| {
                f.effect.as_ref().filter(|e| !e.on_critical.is_empty()).map(|e| (e.on_critical.clone(), f.name.clone()))
            }),
            rejuvenate: features
                .iter()
                .filter(|f| f.action == Cost::Free)
                .find_map(|f| f.effect.as_ref().and_then(|e| e.rejuvenate.clone()).map(|r| (r, f.name.clone()))),
            defend: features
                .iter()
                .filter(|f| f.action == Cost::Reaction)
                .find_map(|f| f.effect.as_ref().and_then(|e| e.defend).map(|d| (d, f.name.clone()))),
            catch: features
                .iter()
                .filter(|f| f.action == Cost::Reaction)
                .find_map(|f| f.effect.as_ref().and_then(|e| e.catch.clone()).map(|c| (c, f.name.clone()))),
            regain: features
                .iter()
                .filter(|f| f.action == Cost::Passive)
                .filter_map(|f| f.effect.as_ref())
                .flat_map(|e| e.regain.iter().cloned())
                .collect(),
            regain_name: features
                .iter()
                .filter(|f| f.action == Cost::Passive)
                .find(|f| f.effect.as_ref().is_some_and(|e| !e.regain.is_empty()))
                .map(|f| f.name.clone()),
            haul: features
                .iter()
                .filter(|f| f.action == Cost::Passive)
                .any(|f| f.effect.as_ref().is_some_and(|e| e.haul)),
            tumble: features
                .iter()
                .filter(|f| f.action == Cost::Passive)
                .any(|f| f.effect.as_ref().is_some_and(|e| e.tumble)),
            unhindered: features
                .iter()
                .filter(|f| f.action == Cost::Passive)
                .filter_map(|f| f.effect.as_ref()?.unhindered.as_deref())
                .find_map(arbiter_geometry::battle::Traits::parse),
            hairs: features
                .iter()
                .filter(|f| f.action == Cost::Passive)
                .find_map(|f| f.effect.as_ref().and_then(|e| e.hairs).map(|n| (n, f.name.clone()))),
            liberate: features
                .iter()
                .filter(|f| f.action == Cost::Reaction)
                .find(|f| f.effect.as_ref().is_some_and(|e| e.liberate))
                .map(|f| f.name.clone()),
            outrage: features
                .iter()
                .filter(|f| f.action == Cost::Reaction)
                .find(|f| f.effect.as_ref().is_some_and(|e| e.outrage))
                .map(|f| f.name.clone()),
            absorb: passive_key(&features, |e| e.absorb.clone()),
            doused: passive_key(&features, |e| e.doused.clone()),
            stops: passive_key(&features, |e| e.stops.clone()),
            turn_start: passive_key(&features, |e| e.turn_start.clone())
                .and_then(|(t, name)| arbiter_geometry::battle::Traits::parse(&t.on).map(|on| (on, t.apply, name))),
            on_stride: features.iter().filter(|f| f.action == Cost::Reaction).find_map(|f| {
                f.effect.as_ref().filter(|e| !e.on_stride.is_empty()).map(|e| (e.on_stride.clone(), f.name.clone()))
            }),
            cling: passive_key(&features, |e| e.cling.then_some(())).is_some(),
            stumble: passive_key(&features, |e| e.stumble).map(|(n, _)| n),
            sink: features
                .iter()
                .filter(|f| f.action == Cost::Free)
                .find_map(|f| f.effect.as_ref().and_then(|e| e.sink).map(|k| (k, f.name.clone()))),
            unexecuted: features.iter().filter_map(|f| gap(f)).collect(),
            own_items: Vec::new(),
            item_slots: Vec::new(),
            summonable: false,
            tempting_disguise: false,
            trail_of_bodies: false,
            false_object: false,
            howdah: false,
            awakened_by: None,
        }
    }

    /// Takes its items: those the game runs change the profile (a weapon
    /// that also deals fire damage); the others are listed as not run yet.
    /// `rank` is the creature's caster rank, if it casts spells (a spell
    /// scroll is cast at it).
    pub fn take_items(&mut self, items: &[crate::warband::ChosenItem], rank: Option<u8>) {
        for it in items {
            // A spell potion or scroll (ruling P2V-R93).
            if it.item.choice.as_deref() == Some("spell") {
                if !self.take_spell_item(it, rank) {
                    self.unexecuted.push(it.label());
                }
                continue;
            }
            let weapon = it
                .choice
                .as_deref()
                .and_then(|c| self.weapons.iter().position(|w| w.name.eq_ignore_ascii_case(c.trim())));
            let thrown = it.item.damage.as_deref().and_then(Damage::parse).filter(|_| it.item.strike);
            let range = match it.item.area {
                Some(Area::Melee(r)) => Some((Some(r.unwrap_or(1)), 0, None)),
                Some(Area::Ranged { short, long }) => Some((None, short, long)),
                _ => None,
            };
            // A Howdah: passengers on a platform (ruling P2V-R169).
            if it.item.name.eq_ignore_ascii_case("Howdah") && self.size.side() >= 3 {
                self.howdah = true;
                continue;
            }
            match (it.item.adds, weapon, &it.item.effect) {
                (Some(t), Some(w), _) => {
                    if let Some(w) = self.weapons.get_mut(w) {
                        w.damage.types = w.damage.types.with(t);
                    }
                }
                // A consumable strike: one more weapon of the creature, used once.
                _ if thrown.is_some() && range.is_some() && self.weapons.len() < 32 => {
                    let (Some(damage), Some((reach, short, long))) = (thrown, range) else { continue };
                    self.own_items.push(super::loot::Slot { weapon: true, index: self.weapons.len() as u8 });
                    self.weapons.push(Weapon {
                        name: it.label(),
                        reach,
                        short,
                        long,
                        damage,
                        once_per_turn: false,
                        uses: Some(1),
                        no_long_penalty: false,
                        extra: Vec::new(),
                        save: None,
                        hit: None,
                        grab: false,
                        spend: Vec::new(),
                        ap: it.item.action.action_points().max(1),
                        only: it.item.only.iter().map(|t| t.trim().to_ascii_lowercase()).collect(),
                    });
                }
                // Used as the battle starts: more HP for this battle.
                _ if it.item.hp.is_some() => self.hp += i32::from(it.item.hp.unwrap_or(0)),
                // A consumable the game runs: a power of the creature, used once.
                (None, _, Some(e)) if self.powers.len() < 32 => {
                    self.own_items.push(super::loot::Slot { weapon: false, index: self.powers.len() as u8 });
                    self.powers.push(Power {
                        name: it.label(),
                        cost: it.item.action,
                        area: it.item.area,
                        uses: Some(1),
                        program: (**e).clone(),
                        spell: None,
                        only: it.item.only.iter().map(|t| t.trim().to_ascii_lowercase()).collect(),
                    })
                }
                _ => self.unexecuted.push(it.label()),
            }
        }
    }

    /// Takes the positioning upgrades the game runs (Summonable, Tempting
    /// Disguise, Trail of Bodies, False Object); returns
    /// how many there are and the names of those it does not run yet.
    pub fn take_positioning(&mut self, upgrades: &[crate::warband::Upgrade]) -> (usize, Vec<String>) {
        let mut n = 0;
        let mut not_run = Vec::new();
        for u in upgrades {
            if let crate::warband::Upgrade::Positioning(it) = u {
                n += 1;
                if it.name.eq_ignore_ascii_case("Summonable") {
                    self.summonable = true;
                } else if it.name.eq_ignore_ascii_case("Tempting Disguise") {
                    self.tempting_disguise = true;
                } else if it.name.eq_ignore_ascii_case("Trail of Bodies") {
                    self.trail_of_bodies = true;
                } else if it.name.eq_ignore_ascii_case("False Object") {
                    self.false_object = true;
                } else {
                    not_run.push(it.name.clone());
                }
            }
        }
        (n, not_run)
    }

    /// The best melee reach it has (0 if it has no melee strike).
    pub fn reach(&self) -> u16 {
        self.weapons.iter().filter_map(|w| w.reach).max().unwrap_or(0)
    }
}

/// How much of a warband entry the game runs today: of its features (with
/// the upgrades taken) and items, how many the engine executes, how many
/// there are, and the names of those it does not run yet.
pub fn coverage(e: &crate::warband::Entry) -> (usize, usize, Vec<String>) {
    let upgrades: Vec<&Feature> = e
        .upgrades()
        .iter()
        .filter_map(|u| match u {
            crate::warband::Upgrade::Card(f) => Some(&**f),
            crate::warband::Upgrade::Positioning(_) => None,
        })
        .collect();
    let mut p = Profile::new(e.card(), e.label(), 0, 0, 0, &upgrades);
    p.take_items(e.items(), e.card().caster_rank());
    let positioning = p.take_positioning(e.upgrades());
    let mut missing = p.unexecuted;
    missing.extend(positioning.1);
    let total = e.card().base_features().count() + upgrades.len() + e.items().len() + positioning.0;
    (total.saturating_sub(missing.len()), total, missing)
}

/// The creatures a creature's powers bring into play (`awaken`), with how
/// many: one per use of the power (ruling P2V-R94).
fn awakens<'b>(p: &Profile, b: &'b crate::Bestiary) -> Vec<(&'b Card, u8)> {
    p.powers
        .iter()
        .filter_map(|pw| Some((b.get(pw.program.awaken.as_deref()?)?, pw.uses.unwrap_or(1).min(8))))
        .collect()
}

/// Every creature of both warbands, P1's first, each labelled; the cards
/// their powers bring into play come from `bestiary`.
pub fn roster(warbands: &[Warband; 2], bestiary: &crate::Bestiary) -> Vec<Profile> {
    let mut out = Vec::new();
    for (team, w) in warbands.iter().enumerate() {
        let mut i = 0;
        for e in w.entries() {
            let upgrades: Vec<&Feature> = e
                .upgrades()
                .iter()
                .filter_map(|u| match u {
                    crate::warband::Upgrade::Card(f) => Some(&**f),
                    crate::warband::Upgrade::Positioning(_) => None,
                })
                .collect();
            for _ in 0..e.count() {
                let mut p = Profile::new(e.card(), e.label(), team as u8, e.unit_cost(), e.hero_points(), &upgrades);
                p.take_items(e.items(), e.card().caster_rank());
                p.take_positioning(e.upgrades());
                p.label = label(team as u8, i);
                i += 1;
                out.push(p);
            }
        }
        // The creatures its powers bring into play (Awaken Tree), one per use,
        // after the warband's own (ruling P2V-R94).
        let first = out.iter().position(|p| usize::from(p.team) == team).unwrap_or(out.len());
        for by in first..out.len() {
            for (card, n) in awakens(&out[by], bestiary) {
                for _ in 0..n {
                    if out.len() >= 250 {
                        break;
                    }
                    let mut p = Profile::new(card, card.name().to_string(), team as u8, 0, 0, &[]);
                    p.awakened_by = Some(by as u8);
                    p.label = label(team as u8, i);
                    i += 1;
                    out.push(p);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_counts_the_features_the_engine_runs() {
        let w = crate::warband::Warband::shipped("kobold-ambush").unwrap_or_else(|e| panic!("{e}"));
        let slingers = &w.entries()[0];
        // Spear, thrown Spear, the Sling upgrade and Sneak Attack (its effect) run.
        let (run, total, missing) = coverage(slingers);
        assert_eq!((run, total), (4, 4), "{missing:?}");
        // A power runs (Splinter Spray, with its cover checks), and Bramble Jump (a teleport).
        let w = crate::warband::Warband::shipped("briar-skirmishers").unwrap_or_else(|e| panic!("{e}"));
        let twigjack = w.entries().iter().find(|e| e.card().name() == "Twigjack").expect("a twigjack");
        let (run, total, missing) = coverage(twigjack);
        assert_eq!((run, total), (4, 4), "{missing:?}");
        // Tumble Behind runs too (`tumble = true`), so the skulker runs whole.
        let skulker = w.entries().iter().find(|e| e.card().name() == "Caligni Skulker").expect("a skulker");
        let (run, total, missing) = coverage(skulker);
        assert_eq!(run, total, "{missing:?}");
    }

    #[test]
    fn labels_run_through_the_alphabet_then_double() {
        assert_eq!(label(0, 0), "a");
        assert_eq!(label(1, 2), "C");
        assert_eq!(label(0, 25), "z");
        assert_eq!(label(0, 26), "aa");
        assert_eq!(label(1, 27), "AB");
    }
}
