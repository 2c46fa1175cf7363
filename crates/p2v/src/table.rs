//! What a browser table needs to draw a game of Path 2 Victory, read-only:
//! the board (terrain by trait, deployment zones), every creature's card
//! numbers, and — for a state — a look at the decisions open now: every
//! legal action (the whole list, never a sample), where the active
//! creature may Stride with each end's cost and path, the odds of each
//! strike (its penalty, the Armor it meets, the cover and concealment
//! checks on the lines the defender may choose), and each power's area
//! with the creatures in it.
//!
//! Nothing here changes a state: it asks the rules' own functions
//! ([`crate::play::judge`], [`crate::play::legal`], the geometry's areas)
//! the questions a player asks before acting.

use crate::feature::Area as CardArea;
use crate::play::action::{Action, Aim};
use crate::play::apply::strike_penalty;
use crate::play::damage::SKILLS;
use crate::play::judge::stride_reach;
use crate::play::legal::legal_actions;
use crate::play::state::{Conditions, Phase, State};
use crate::play::{P2v, Variant};
use arbiter_core::Game;
use arbiter_geometry::battle::area::cone_origins;
use arbiter_geometry::battle::{Area, FigureId, Point, Side, Space, Square, Traits};
use serde::Serialize;

/// The fixed parts of a game and, for a state, the look at its decisions.
#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    /// The map's name.
    pub map: String,
    /// Files across.
    pub width: i32,
    /// Ranks up.
    pub height: i32,
    /// The terrain pieces.
    pub terrain: Vec<PieceView>,
    /// The deployment zones (six squares deep), by index as `zone N` names them.
    pub zones: Vec<ZoneView>,
    /// Every creature of the roster, in roster order.
    pub creatures: Vec<CreatureView>,
    /// The skills, by index (as `claim N SKILL` and the state name them).
    pub skills: Vec<&'static str>,
    /// The conditions, by bit.
    pub conditions: Vec<&'static str>,
    /// On the map `tiles`, the tiles the players may lay, by index as the
    /// state's `tiles` name them, each drawn unturned from a1 (a state's
    /// ground is the terrain above, then each tile laid's pieces in order,
    /// so door numbers follow); empty on a map.
    pub tiles: Vec<TileView>,
    /// The items that can be taken from a body, by number: their names
    /// (ruling P2V-R168).
    pub items: Vec<String>,
    /// The decisions open in the state asked about, if one was.
    pub look: Option<Look>,
}

/// A piece of terrain.
#[derive(Clone, Debug, Serialize)]
pub struct PieceView {
    /// Its name ("stone wall").
    pub name: String,
    /// Its traits in force, by name.
    pub traits: Vec<&'static str>,
    /// The squares it fills.
    pub squares: Vec<u16>,
    /// The edges it runs along: the square and its side, `n` or `e`.
    pub edges: Vec<(u16, char)>,
    /// Where creatures on it stand, in squares.
    pub elevation: u16,
}

/// A terrain tile as drawn in its file, before it is laid.
#[derive(Clone, Debug, Serialize)]
pub struct TileView {
    /// Its name in the notation (`four-pillars`).
    pub name: &'static str,
    /// Its title ("Four pillars").
    pub title: String,
    /// Files across, unturned.
    pub width: i32,
    /// Ranks up, unturned.
    pub height: i32,
    /// Its pieces, on squares counted from its own a1.
    pub pieces: Vec<PieceView>,
}

/// A piece as the web table draws it.
fn piece_view(p: &arbiter_geometry::battle::Piece) -> PieceView {
    PieceView {
        name: p.name.clone(),
        traits: Traits::NAMES.iter().filter(|(t, _)| p.active().contains(*t)).map(|(_, n)| *n).collect(),
        squares: p.squares.iter().map(|s| s.0).collect(),
        edges: p.edges.iter().map(|e| (e.square.0, if e.side == Side::North { 'n' } else { 'e' })).collect(),
        elevation: p.elevation,
    }
}

/// A deployment zone.
#[derive(Clone, Debug, Serialize)]
pub struct ZoneView {
    /// Its name in the notation (`sw`, `north`).
    pub name: &'static str,
    /// Its squares.
    pub squares: Vec<u16>,
}

/// A creature's card, as the rules read it.
#[derive(Clone, Debug, Serialize)]
pub struct CreatureView {
    /// Its letter.
    pub label: String,
    /// Its name.
    pub name: String,
    /// Its card's name.
    pub card: String,
    /// The seat whose warband it is in.
    pub team: u8,
    /// Its level.
    pub level: i8,
    /// Its size, by name.
    pub size: String,
    /// Squares along each side of its space.
    pub side: u8,
    /// Fight, Armor, Power, Fortitude, Reflex, Will, HP and Speed.
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
    /// Speed.
    pub speed: i32,
    /// Its strikes.
    pub strikes: Vec<StrikeView>,
    /// Its powers.
    pub powers: Vec<PowerView>,
    /// Whether it has Reactive Strike.
    pub reactive_strike: bool,
    /// Features of its card the engine does not run yet.
    pub unexecuted: Vec<String>,
}

/// One strike of a creature.
#[derive(Clone, Debug, Serialize)]
pub struct StrikeView {
    /// Its name.
    pub name: String,
    /// "Melee", "Melee 2", "Ranged 6/12".
    pub range: String,
    /// Its damage in words ("1d6+2 piercing" as the card has it).
    pub damage: String,
    /// Once per turn (●○).
    pub once_per_turn: bool,
    /// Uses per battle, if limited.
    pub uses: Option<u8>,
    /// A copy of another creature's item: it is the creature's only once
    /// taken from a body (ruling P2V-R168), and shown only while it holds a use.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub copy: bool,
}

/// One power of a creature.
#[derive(Clone, Debug, Serialize)]
pub struct PowerView {
    /// Its name.
    pub name: String,
    /// What using it costs, as its symbol (●, ●●, ○, ↻).
    pub cost: String,
    /// Its range or area in words, if any.
    pub area: Option<String>,
    /// `target`, `emanation`, `cone`, `line`, `burst` (a spell's, aimed at a square) or `none`.
    pub shape: &'static str,
    /// Uses per battle, if limited.
    pub uses: Option<u8>,
    /// A copy of another creature's item, shown only while it holds a use.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub copy: bool,
}

/// The decisions open in one state.
#[derive(Clone, Debug, Serialize)]
pub struct Look {
    /// Every legal action of whoever decides now, with its notation.
    pub legal: Vec<(Action, String)>,
    /// Where the active creature may Stride: each end with its cost in
    /// squares of movement and the anchors of its cheapest way.
    pub moves: Vec<MoveView>,
    /// The odds of each legal strike.
    pub strikes: Vec<StrikeOdds>,
    /// The squares and creatures of each legal use of a power.
    pub areas: Vec<AreaView>,
    /// Where each creature may be deployed now (during deployment).
    pub deploy: Vec<(u8, Vec<u16>)>,
}

/// One end of a Stride.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// The anchor it ends at.
    pub to: u16,
    /// Squares of movement it costs.
    pub cost: u32,
    /// The anchors on the way, the end included.
    pub path: Vec<u16>,
}

/// A legal strike and its odds.
#[derive(Clone, Debug, Serialize)]
pub struct StrikeOdds {
    /// The weapon, by index.
    pub weapon: u8,
    /// The target.
    pub target: u8,
    /// Squares between the two.
    pub range: Option<u32>,
    /// The penalty the strike is declared with (multiple attack, range,
    /// ranged in reach, prone), negative.
    pub penalty: i8,
    /// The Fight bonus rolled with (rattled included).
    pub bonus: i32,
    /// The Armor it meets now (off-guard included).
    pub armor: i32,
    /// The chance the Fight roll hits (a critical hit included).
    pub hit: f64,
    /// The chance of a critical hit.
    pub crit: f64,
    /// The fewest and the most cover plus concealment checks over the lines
    /// the defender may choose (each check turns the strike away on a 1 in 6).
    pub checks: (u32, u32),
    /// The chance the strike reaches and hits its target when the defender
    /// chooses the line with the most checks.
    pub odds: f64,
}

/// A legal use of a power and what it covers.
#[derive(Clone, Debug, Serialize)]
pub struct AreaView {
    /// The power, by index.
    pub power: u8,
    /// The aim.
    pub aim: Aim,
    /// The squares of its area (empty for a single target).
    pub squares: Vec<u16>,
    /// The creatures it affects.
    pub targets: Vec<u8>,
}

/// The view of a game set up from `variant`, with a look at `state` if given.
pub fn table_view(variant: &Variant, state: Option<&State>) -> Result<TableView, String> {
    let g = P2v::new(variant.clone(), 2).map_err(|e| e.to_string())?;
    let terrain = g.base_terrain();
    let b = terrain.board();
    let pieces = terrain.pieces().iter().map(piece_view).collect();
    let tiles = if g.tiles_each() == 0 {
        Vec::new()
    } else {
        arbiter_geometry::battle::map::TILES
            .iter()
            .filter_map(|(name, _)| {
                let m = arbiter_geometry::battle::map::tile(name)?;
                let b = m.terrain.board();
                Some(TileView {
                    name,
                    title: m.name.clone(),
                    width: b.width(),
                    height: b.height(),
                    pieces: m.terrain.pieces().iter().map(piece_view).collect(),
                })
            })
            .collect()
    };
    let zones = g
        .zone_names()
        .iter()
        .enumerate()
        .map(|(i, name)| ZoneView { name, squares: g.zone_squares(i as u8, 6).iter().map(|s| s.0).collect() })
        .collect();
    let creatures = g.roster().iter().enumerate().map(|(i, p)| creature(&g, i, p)).collect();
    let look = state.map(|s| look(&g, s));
    Ok(TableView {
        map: variant.map_label(),
        width: b.width(),
        height: b.height(),
        terrain: pieces,
        zones,
        creatures,
        skills: SKILLS.to_vec(),
        conditions: Conditions::NAMES.to_vec(),
        tiles,
        items: (0..g.item_count().min(255) as u8).map(|t| g.item_name(t).unwrap_or("?").to_string()).collect(),
        look,
    })
}

fn creature(g: &P2v, i: usize, p: &crate::play::roster::Profile) -> CreatureView {
    use crate::play::loot::Slot;
    let strikes = p
        .weapons
        .iter()
        .enumerate()
        .map(|(k, w)| StrikeView {
            copy: g.is_copy(i, Slot { weapon: true, index: k as u8 }),
            name: w.name.clone(),
            range: match w.reach {
                Some(1) => "Melee".into(),
                Some(r) => format!("Melee {r}"),
                None => match w.long {
                    Some(l) => format!("Ranged {}/{l}", w.short),
                    None => format!("Ranged {}", w.short),
                },
            },
            damage: w.damage.to_string(),
            once_per_turn: w.once_per_turn,
            uses: w.uses,
        })
        .collect();
    let powers = p
        .powers
        .iter()
        .enumerate()
        .map(|(k, w)| PowerView {
            copy: g.is_copy(i, Slot { weapon: false, index: k as u8 }),
            name: w.name.clone(),
            cost: w.cost.symbol().to_string(),
            area: w.area.map(|a| a.to_string()),
            shape: match w.area {
                Some(CardArea::Melee(_) | CardArea::Ranged { .. }) => "target",
                Some(CardArea::Emanation { .. }) => "emanation",
                Some(CardArea::Cone(_)) => "cone",
                Some(CardArea::Line(_)) => "line",
                Some(CardArea::Burst(_)) => "burst",
                _ => "none",
            },
            uses: w.uses,
        })
        .collect();
    CreatureView {
        label: p.label.clone(),
        name: p.name.clone(),
        card: p.card.clone(),
        team: p.team,
        level: p.level,
        size: format!("{:?}", p.size).to_ascii_lowercase(),
        side: p.size.side(),
        fight: p.fight,
        armor: p.armor,
        power: p.power,
        fort: p.fort,
        reflex: p.reflex,
        will: p.will,
        hp: p.hp,
        speed: p.speed,
        strikes,
        powers,
        reactive_strike: p.reactive_strike,
        unexecuted: p.unexecuted.clone(),
    }
}

/// The chances that a d20 plus `bonus` meets `armor` (a hit, a critical hit
/// included) and exceeds it by 10 or rolls a natural 20 (a critical hit),
/// as the Fight roll resolves ("natural 20 … or the result exceeds the Armor
/// by 10 or more").
pub fn fight_odds(bonus: i32, armor: i32) -> (f64, f64) {
    let (mut hit, mut crit) = (0u32, 0u32);
    for die in 1..=20 {
        let total = die + bonus;
        if die == 20 || total >= armor + 10 {
            crit += 1;
            hit += 1;
        } else if total >= armor {
            hit += 1;
        }
    }
    (f64::from(hit) / 20.0, f64::from(crit) / 20.0)
}

fn look(g: &P2v, s: &State) -> Look {
    let mut actions = Vec::new();
    legal_actions(g, s, &mut actions);
    let legal = actions.iter().map(|a| (*a, g.text(a))).collect();
    let mut moves = Vec::new();
    let mut strikes = Vec::new();
    let mut areas = Vec::new();
    let mut deploy = Vec::new();
    if let Phase::Turn(t) = s.phase {
        if actions.iter().any(|a| matches!(a, Action::Stride { .. }))
            && let Some(reach) = stride_reach(g, s, &t)
        {
            let field = g.field(s);
            for a in actions.iter() {
                if let Action::Stride { to } = a {
                    let path = reach.path(field, *to).unwrap_or_default();
                    moves.push(MoveView {
                        to: to.0,
                        cost: reach.cost(*to).unwrap_or(0),
                        path: path.iter().map(|st| st.to.0).collect(),
                    });
                }
            }
        }
        for a in actions.iter() {
            match *a {
                Action::Strike { weapon, target } => strikes.push(odds(g, s, &t, weapon, target)),
                Action::Use { power, aim } => areas.push(area(g, s, t.who, power, aim)),
                _ => {}
            }
        }
    }
    if let Phase::Deploy { .. } = s.phase {
        let mut who: Vec<u8> =
            actions.iter().filter_map(|a| if let Action::Place { who, .. } = a { Some(*who) } else { None }).collect();
        who.dedup();
        for w in who {
            let squares = actions
                .iter()
                .filter_map(|a| match a {
                    Action::Place { who, at } if *who == w => Some(at.0),
                    _ => None,
                })
                .collect();
            deploy.push((w, squares));
        }
    }
    Look { legal, moves, strikes, areas, deploy }
}

fn odds(g: &P2v, s: &State, t: &crate::play::state::Turn, weapon: u8, target: u8) -> StrikeOdds {
    let penalty = strike_penalty(g, s, t, weapon, target);
    let rattled = s.creatures.get(usize::from(t.who)).is_some_and(|c| c.conditions.has(Conditions::RATTLED));
    let fight = g.profile(usize::from(t.who)).map_or(0, |p| p.fight);
    let bonus = fight + i32::from(penalty) - if rattled { 2 } else { 0 };
    let armor = g.armor(s, target, t.who);
    let (hit, crit) = fight_odds(bonus, armor);
    let mut lines = g.cover_lines(s, t.who, target);
    g.add_howdah_cover(s, t.who, target, &mut lines);
    let counts: Vec<u32> = lines.iter().map(|c| (c.cover.len() + c.concealment.len()) as u32).collect();
    let checks = (counts.iter().copied().min().unwrap_or(0), counts.iter().copied().max().unwrap_or(0));
    let field = g.field(s);
    let range = field.range(FigureId(u16::from(t.who)), FigureId(u16::from(target)));
    let odds = hit * (5.0f64 / 6.0).powi(checks.1 as i32);
    StrikeOdds { weapon, target, range, penalty, bonus, armor, hit, crit, checks, odds }
}

fn area(g: &P2v, s: &State, who: u8, power: u8, aim: Aim) -> AreaView {
    let targets = g.power_targets(s, who, power, aim).unwrap_or_default();
    let field = g.field(s);
    let shape = g.profile(usize::from(who)).and_then(|p| p.powers.get(usize::from(power))).and_then(|pw| pw.area);
    let me = field.figure(FigureId(u16::from(who))).map(|f| f.space);
    let area = match (shape, aim, me) {
        (Some(CardArea::Emanation { size, .. }), Aim::Here, Some(me)) => {
            Some(Area::Emanation { origin: me, radius: u32::from(size) })
        }
        (Some(CardArea::Cone(n)), Aim::Cone { index }, Some(me)) => cone_origins(&me)
            .get(usize::from(index))
            .map(|&(apex, toward)| Area::Cone { apex, toward, radius: u32::from(n) }),
        (Some(CardArea::Line(n)), Aim::Line { toward }, Some(me)) => {
            Some(Area::Line { from: corner(&me, toward), toward: Point::centre(toward), length: u32::from(n) })
        }
        // A spell's burst, from the square's lower-left corner (ruling P2V-R60).
        (Some(CardArea::Burst(n)), Aim::Square { at }, _) => Some(P2v::burst_area(at, n)),
        _ => None,
    };
    let side = g.profile(usize::from(who)).map_or(1, |p| p.size.side());
    let squares = match (aim, area) {
        // A teleport shows where the user's space lands.
        (Aim::Square { at }, None) => Space::new(at, side).squares().iter().map(|q| q.0).collect(),
        _ => {
            area.and_then(|a| field.area(&a).ok()).map(|h| h.squares.iter().map(|q| q.0).collect()).unwrap_or_default()
        }
    };
    AreaView { power, aim, squares, targets }
}

/// The corner of a space nearest a square's centre, where a line starts (as
/// the rules' own aiming of a line does).
fn corner(space: &Space, toward: Square) -> Point {
    let (lo, hi) = space.bounds();
    let c = Point::centre(toward);
    let x = if (c.x - lo.x).abs() <= (c.x - hi.x).abs() { lo.x } else { hi.x };
    let y = if (c.y - lo.y).abs() <= (c.y - hi.y).abs() { lo.y } else { hi.y };
    Point::new(x, y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::{Game, ToMove, roll_with};
    use rand::SeedableRng;

    #[test]
    fn fight_odds_follow_the_fight_roll() {
        // +5 against Armor 15: 10 or more hits (11 faces), 20 or natural 20 crits.
        let (hit, crit) = fight_odds(5, 15);
        assert!((hit - 11.0 / 20.0).abs() < 1e-9, "{hit}");
        assert!((crit - 1.0 / 20.0).abs() < 1e-9, "{crit}");
        // Far out of reach: only the natural 20 hits, and it is critical.
        assert_eq!(fight_odds(-30, 15), (0.05, 0.05));
        // Far above: every face hits, and a 1 still crits when 1 + bonus ≥ Armor + 10.
        assert_eq!(fight_odds(30, 15), (1.0, 1.0));
    }

    #[test]
    fn the_view_draws_the_default_game_and_looks_at_every_decision() {
        let v = Variant::default();
        let g = P2v::new(v.clone(), 2).unwrap_or_else(|e| panic!("{e}"));
        let view = table_view(&v, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((view.width, view.height), (24, 18));
        assert_eq!(view.zones.len(), 4);
        assert_eq!(view.creatures.len(), g.roster().len());
        assert!(view.terrain.iter().any(|p| !p.traits.is_empty()));
        // Play the game by its first legal action (the dice by their first
        // outcome) and check each look against the rules' own list.
        let mut s = g.initial_state();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut strides, mut strikes) = (0, 0);
        for _ in 0..3000 {
            if g.outcome(&s).is_some() {
                break;
            }
            let view = table_view(&v, Some(&s)).unwrap_or_else(|e| panic!("{e}"));
            let look = view.look.unwrap_or_else(|| panic!("a state was given"));
            let mut legal = Vec::new();
            g.legal_actions(&s, &mut legal);
            assert_eq!(look.legal.iter().map(|(a, _)| *a).collect::<Vec<_>>(), legal);
            for m in &look.moves {
                assert_eq!(m.path.last(), Some(&m.to), "a Stride's way ends where it ends");
                assert!(m.cost >= 1);
            }
            for o in &look.strikes {
                assert!((0.0..=1.0).contains(&o.odds) && o.odds <= o.hit && o.crit <= o.hit);
            }
            strides += look.moves.len();
            strikes += look.strikes.len();
            if g.to_move(&s) == ToMove::Chance {
                let roll = roll_with(&mut rng, &g.dice(&s));
                g.apply_roll(&mut s, &roll, &mut Vec::new()).unwrap_or_else(|e| panic!("{e}"));
            } else {
                // Prefer a strike, then a stride, so the game reaches blows.
                let a = legal
                    .iter()
                    .find(|a| matches!(a, Action::Strike { .. }))
                    .or_else(|| legal.iter().find(|a| matches!(a, Action::Stride { .. })))
                    .or(legal.first())
                    .copied()
                    .unwrap_or_else(|| panic!("no legal action"));
                g.apply_action(&mut s, &a, &mut Vec::new()).unwrap_or_else(|e| panic!("{e}"));
            }
        }
        assert!(strides > 0 && strikes > 0, "the game saw {strides} stride ends and {strikes} strikes");
    }
}
