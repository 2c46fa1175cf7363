//! E'thia Worlds in the terminal: the quest map with its walls, leaders
//! (1–4), enemies, chests, traps and locks; the leaders' cards; a prompt for
//! each decision, Players' Choice Rule decisions included; and the variant
//! text (`quest=…,party=FILE,leaders=N,no-shop,rounds=N`).

use crate::view::{RichView, grid_border, grid_east, grid_files};
use arbiter_core::{Game, ToMove};
use arbiter_ethia::enemy_name;
use arbiter_ethia::worlds::quest::EnemyKind;
use arbiter_ethia::worlds::{EthiaWorlds, Frame, Phase, Status, WorldsState};
use arbiter_geometry::Cell;

fn paint(text: &str, code: &str, color: bool) -> String {
    if color { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_string() }
}

/// The map letter of an enemy kind.
fn enemy_letter(kind: EnemyKind) -> char {
    match kind {
        EnemyKind::Close => 'C',
        EnemyKind::Ranged => 'H',
        EnemyKind::Boss => 'D',
    }
}

/// Everything for sale at the Smokey Cauldron with its price, for `leader`:
/// what it can afford, what is too dear, and training it already has.
fn shop_list(s: &WorldsState, leader: u8) -> String {
    use arbiter_ethia::worlds::card::{Elixir, Relic};
    let l = &s.leaders[usize::from(leader)];
    let mut can = Vec::new();
    let mut dear = Vec::new();
    let priced = Elixir::ALL.into_iter().map(|e| (e.name().to_string(), e.cost(), false)).chain(
        Relic::for_sale().into_iter().map(|r| {
            let own = matches!(r, Relic::Training(t) if l.is(t));
            (r.name(), r.cost().unwrap_or(0), own)
        }),
    );
    let mut own = Vec::new();
    for (name, cost, is_own) in priced {
        if is_own {
            own.push(name);
        } else if cost <= l.card.tokens {
            can.push(format!("{name} {cost}"));
        } else {
            dear.push(format!("{name} {cost}"));
        }
    }
    let mut text = String::new();
    if !can.is_empty() {
        text.push_str(&format!("\n  for sale (tokens): {}", can.join(", ")));
    }
    if !dear.is_empty() {
        text.push_str(&format!("\n  too dear for now: {}", dear.join(", ")));
    }
    if !own.is_empty() {
        text.push_str(&format!("\n  not for this leader ({} already has that bonus): {}", l.card.name, own.join(", ")));
    }
    text
}

fn square(g: &EthiaWorlds, c: Cell) -> String {
    g.quest().grid.name(c)
}

fn leader_name(s: &WorldsState, l: u8) -> String {
    s.leaders.get(usize::from(l)).map(|x| format!("{} ({})", x.card.name, l + 1)).unwrap_or_default()
}

fn enemy_label(g: &EthiaWorlds, s: &WorldsState, e: u8) -> String {
    match s.enemies.get(usize::from(e)) {
        Some(x) => format!("the {} on {}", enemy_name(g, x.kind), square(g, x.at)),
        None => "an enemy".into(),
    }
}

/// The map's legend: only what can be seen on this map now.
fn legend(g: &EthiaWorlds, s: &WorldsState) -> String {
    {
        let q = g.quest();
        let leaders = match s.leaders.len() {
            1 => "1 the leader".to_string(),
            n => format!("1–{n} leaders"),
        };
        let mut parts = vec![format!("{leaders} (z unconscious)")];
        for k in [EnemyKind::Close, EnemyKind::Ranged, EnemyKind::Boss] {
            if s.enemies.iter().any(|e| e.kind == k && !e.gone) {
                parts.push(format!("{} {}", enemy_letter(k), enemy_name(g, k)));
            }
        }
        parts.push("! alerted, * hostile".into());
        for (set, text) in [
            (s.chests, "$ chest".to_string()),
            (s.striking, format!("R {}", q.striking.name)),
            (s.blocking, format!("B {}", q.blocking.name)),
            (s.locks, format!("L {}", q.lock.name)),
        ] {
            if !set.is_empty() {
                parts.push(text);
            }
        }
        let held = |c: Cell| s.leaders.iter().any(|l| l.on_board() && l.at == c) || s.enemy_at(c).is_some();
        if s.leaders.iter().any(|l| !held(l.start)) {
            parts.push(". an empty start square (a leader escapes from its own)".into());
        }
        parts.push("walls === and #".into());
        parts.join(" · ")
    }
}

impl RichView for EthiaWorlds {
    fn render(&self, s: &WorldsState, color: bool) -> String {
        let q = self.quest();
        let g = &q.grid;
        let mut out = grid_files(g);
        out.push_str(&grid_border(g, &s.walls, None));
        for r in (0..i32::from(g.height())).rev() {
            out.push_str(&format!("{:>2} |", r + 1));
            for f in 0..i32::from(g.width()) {
                let Some(c) = g.cell(f, r) else { continue };
                // Every unit is drawn: a unit standing on a fallen leader's
                // square shows the fallen leader's number after it.
                let fallen = s.leaders.iter().position(|l| matches!(l.status, Status::Unconscious { .. }) && l.at == c);
                let under = |standing: String, code: &str| match fallen {
                    Some(j) => {
                        format!("{}{}", paint(&standing, code, color), paint(&(j + 1).to_string(), "2;32", color))
                    }
                    None => format!(" {}", paint(&standing, code, color)),
                };
                let text = if let Some(i) = s.leader_at(c) {
                    under(format!("{} ", i + 1), "1;32")
                } else if let Some(e) = s.enemy_at(c) {
                    let e = &s.enemies[usize::from(e)];
                    let mark = if e.hostile {
                        '*'
                    } else if e.alerted {
                        '!'
                    } else {
                        ' '
                    };
                    under(format!("{}{mark}", enemy_letter(e.kind)), "1;31")
                } else if let Some(j) = fallen {
                    paint(&format!(" {}z", j + 1), "2;32", color)
                } else if s.chests.contains(c) {
                    paint(" $ ", "1;33", color)
                } else if s.striking.contains(c) {
                    paint(" R ", "35", color)
                } else if s.blocking.contains(c) {
                    paint(" B ", "35", color)
                } else if s.locks.contains(c) {
                    paint(" L ", "36", color)
                } else if s.leaders.iter().any(|l| l.start == c) {
                    " . ".into()
                } else {
                    "   ".into()
                };
                out.push_str(&text);
                out.push(grid_east(g, &s.walls, c, f));
            }
            out.push('\n');
            out.push_str(&grid_border(g, &s.walls, (r > 0).then_some(r - 1)));
        }
        let boss = self
            .quest()
            .boss
            .as_ref()
            .map(|b| {
                let hp = s.enemies.iter().find(|e| e.kind == EnemyKind::Boss && !e.gone).map(|e| e.hp);
                match hp {
                    Some(hp) => format!("{} (D): {hp} HP{}", b.name, if s.pacified { ", pacified" } else { "" }),
                    None => format!("{} (D): captured", b.name),
                }
            })
            .unwrap_or_default();
        let left = |k: EnemyKind| s.enemies.iter().filter(|e| e.kind == k && !e.gone).count();
        // Only the kinds of enemy this quest has (a quest without Hawks shows none).
        let calls = q.boss.as_ref().is_some_and(|b| b.call.is_some());
        let has = |k: EnemyKind| {
            q.enemies.iter().any(|(x, _)| *x == k)
                || s.enemies.iter().any(|e| e.kind == k)
                || (k == EnemyKind::Close && calls)
        };
        let mut header = vec![format!("{} — round {}", q.name, s.round)];
        for (k, ty) in [(EnemyKind::Close, &q.close), (EnemyKind::Ranged, &q.ranged)] {
            if has(k) {
                header.push(format!("{} ({}): {} left", ty.name, enemy_letter(k), left(k)));
            }
        }
        if !boss.is_empty() {
            header.push(boss);
        }
        out.push_str(&format!("  {}\n", header.join(" · ")));
        out.push_str(&format!("  {}\n", legend(self, s)));
        for (j, l) in s.leaders.iter().enumerate() {
            if !matches!(l.status, Status::Unconscious { .. }) {
                continue;
            }
            let over = match (s.leader_at(l.at), s.enemy_at(l.at)) {
                (Some(i), _) => Some(leader_name(s, i)),
                (None, Some(e)) => Some(format!("{} {}", enemy_name(self, s.enemies[usize::from(e)].kind), e + 1)),
                (None, None) => None,
            };
            if let Some(over) = over {
                out.push_str(&format!(
                    "  on {}: {over} stands over {}, who lies unconscious\n",
                    square(self, l.at),
                    leader_name(s, j as u8)
                ));
            }
        }
        for (i, l) in s.leaders.iter().enumerate() {
            let status = match l.status {
                Status::Active => format!("{}/{} HP on {}", l.hp, l.max_hp(), square(self, l.at)),
                Status::Unconscious { fails } => {
                    format!("unconscious on {} ({fails} failed revivals)", square(self, l.at))
                }
                Status::Captured => "captured".into(),
                Status::Escaped => "escaped".into(),
            };
            let mut items: Vec<String> = l.card.elixirs.iter().map(|e| e.name().to_string()).collect();
            items.extend(l.card.relics.iter().map(|r| r.name()));
            out.push_str(&format!(
                "  {} {} — {:?} {:?}, {status}, {} tokens{}{}{}\n",
                i + 1,
                l.card.name,
                l.card.kind,
                l.card.element,
                l.card.tokens,
                if items.is_empty() { String::new() } else { format!(", items: {}", items.join(" ")) },
                if l.played && l.active() { ", has played" } else { "" },
                if self.seats() > 1 { format!(", {}", l.seat) } else { String::new() },
            ));
        }
        out
    }

    fn prompt(&self, s: &WorldsState) -> String {
        let who = match self.to_move(s) {
            ToMove::Over => {
                return match self.outcome(s) {
                    Some(o) => format!("The adventure is over: {}", o.reason),
                    None => "The adventure is over".into(),
                };
            }
            ToMove::Chance => return "Dice".into(),
            ToMove::Together(set) => return format!("{set} choose in secret"),
            ToMove::Seat(p) => p,
        };
        let ask = match s.phase {
            Phase::Shop { leader } => format!(
                "{} at the Smokey Cauldron with {} tokens: buy:ITEM, or done{}",
                leader_name(s, leader),
                s.leaders[usize::from(leader)].card.tokens,
                shop_list(s, leader)
            ),
            Phase::CallPlace { left } => {
                format!("Players' choice: the call brings {} more — place each beside a leader: place:SQUARE", left)
            }
            Phase::ChooseLeader => "Players' choice: which leader takes the next turn? lead:N".into(),
            Phase::TurnStart { leader } => format!(
                "{}: drink:ELIXIR first if you like, then roll for actions — or heal, revive:N, favour:N",
                leader_name(s, leader)
            ),
            Phase::TunnelDir { leader } => {
                format!("{}: which wall to slip through? tunnel:n|e|s|w", leader_name(s, leader))
            }
            Phase::FreeShot { leader } => format!("{}: the free shot — attack:SQUARE", leader_name(s, leader)),
            Phase::Act { leader } => format!(
                "{}: {} action{} left — move, attack:SQ, search:SQ, disarm:SQ, pick:SQ, parley, trade:N, escape, end",
                leader_name(s, leader),
                s.actions_left,
                if s.actions_left == 1 { "" } else { "s" }
            ),
            Phase::MoveChoice { leader, roll } => {
                format!("{} may move {roll} squares: go, or reroll (Water), charm", leader_name(s, leader))
            }
            Phase::Step { leader, left } => format!(
                "{} on {}: step:DIR (n ne e se s sw w nw), {left} left — or stop",
                leader_name(s, leader),
                square(self, s.leaders[usize::from(leader)].at)
            ),
            Phase::ChestSix { leader } => {
                format!(
                    "{} rolled a 6: chest:three (three 5-token elixirs), chest:one (a 10-token elixir) or chest:relic (roll for a relic)",
                    leader_name(s, leader)
                )
            }
            Phase::PickElixir { leader, left, tier } => {
                format!("{}: take a {tier}-token elixir ({left} to take): take:ELIXIR", leader_name(s, leader))
            }
            Phase::CharmType { leader } => format!(
                "{} won a charm: what does it boost? charm:movement|defense|attack|range",
                leader_name(s, leader)
            ),
            Phase::Trade { leader, partner, .. } => format!(
                "{} trades with {}: give:ITEM, get:ITEM, give-tokens:N, get-tokens:N, done",
                leader_name(s, leader),
                leader_name(s, partner)
            ),
            _ => "your decision".into(),
        };
        let ask = match s.pending.top().copied() {
            // Pending work waits on top: a strike's window, a gift, the party's choices.
            Some(Frame::Strike(k)) => {
                let dice: Vec<String> = k.attack.iter().filter(|d| **d > 0).map(|d| d.to_string()).collect();
                let (att, def) = if k.by_leader {
                    (leader_name(s, k.leader), enemy_label(self, s, k.enemy))
                } else {
                    (enemy_label(self, s, k.enemy), leader_name(s, k.leader))
                };
                format!(
                    "{att} attacks {def}: [{}] against [{}] — resolve, or reroll, charm, quicken",
                    dice.join(" "),
                    k.defence
                )
            }
            Some(Frame::Gift { leader }) => {
                format!("{}: take a 10-token elixir (1 to take): take:ELIXIR", leader_name(s, leader))
            }
            Some(Frame::Aim { enemy, close, .. }) => format!(
                "Players' choice: which leader does {} attack{}? aim:N",
                enemy_label(self, s, enemy),
                if close { " in close combat" } else { "" }
            ),
            Some(Frame::Place { enemy, then_attack }) => format!(
                "Players' choice: where does {} move{}? place:SQUARE",
                enemy_label(self, s, enemy),
                if then_attack { " (it then attacks that leader)" } else { "" }
            ),
            Some(Frame::Pair) => {
                "Players' choice: which close-quarters enemy attacks which leader? pair:SQUARE-N".into()
            }
            _ => ask,
        };
        let mut legal = Vec::new();
        self.legal_actions(s, &mut legal);
        let choices = if legal.len() <= 14 {
            let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
            format!("\n  choices: {}", texts.join(" "))
        } else {
            String::new()
        };
        format!("{who}: {ask}{choices}")
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use arbiter_ethia::worlds::card::LeaderCard;
    use arbiter_ethia::worlds::{Enemy, WorldsVariant};

    fn game(quest_file: Option<String>, shop: bool) -> EthiaWorlds {
        let v = WorldsVariant { shop, leaders: 2, quest_file, ..WorldsVariant::default() };
        EthiaWorlds::new(v, 1).unwrap()
    }

    fn coyote(at: Cell) -> Enemy {
        Enemy { kind: EnemyKind::Close, at, hp: 0, gone: false, alerted: true, marked: false, hostile: false, seen: 0 }
    }

    #[test]
    fn every_unit_is_drawn_even_over_a_fallen_leader() {
        // "Leaders and enemy units may move through or occupy a square of an
        // unconscious Leader": both are on the map.
        let g = game(None, false);
        let mut s = g.initial_state();
        let at = s.leaders[0].at;
        s.leaders[0].status = Status::Unconscious { fails: 0 };
        s.leaders[0].hp = -1;
        s.enemies.push(coyote(at));
        let n = s.enemies.len();
        let map = g.render(&s, false);
        assert!(map.contains("C!1"), "the Coyote and the fallen leader 1 share the square: {map}");
        let note = format!("on {}: Coyote {n} stands over Aurora Thorne (1), who lies unconscious", square(&g, at));
        assert!(map.contains(&note), "{map}");
        // A leader alone and fallen is drawn with z.
        s.enemies.pop();
        assert!(g.render(&s, false).contains(" 1z"));
    }

    #[test]
    fn the_header_and_legend_name_only_what_the_map_has() {
        let g = game(None, false);
        let mut s = g.initial_state();
        let map = g.render(&s, false);
        assert!(map.contains("Coyote (C): ") && map.contains("Hawk (H): "), "{map}");
        assert!(map.contains("C Coyote") && map.contains("D Duke of Coyote"), "{map}");
        // Every leader stands on its start square: no "." is to be seen, and the legend does not offer one.
        assert!(!map.contains("start square"), "{map}");
        let grid = &g.quest().grid;
        let free = grid
            .all()
            .iter()
            .find(|&c| {
                s.enemy_at(c).is_none()
                    && !s.objects().contains(c)
                    && s.leaders.iter().all(|l| l.at != c && l.start != c)
            })
            .unwrap();
        s.leaders[0].at = free;
        assert!(g.render(&s, false).contains(". an empty start square"));
        // A quest without Hawks says nothing of them.
        let den = include_str!("../../ethia/tests/data/dukes-den.toml").replace(
            "map = \"\"\"\n. $ . . . H\nC . . . . .\n. R . . L C\n. . B D $ .\nH . . . . .",
            "map = \"\"\"\n. $ . . . .\nC . . . . .\n. R . . L C\n. . B D $ .\n. . . . . .",
        );
        let g = game(Some(den), false);
        let map = g.render(&g.initial_state(), false);
        assert!(!map.contains("Hawk") && !map.contains(" H "), "{map}");
        assert!(map.contains("Coyote (C): 2 left"), "{map}");
    }

    #[test]
    fn the_shop_lists_what_is_for_sale_with_prices() {
        let mut party = LeaderCard::default_party();
        party[0].tokens = 60;
        let v = WorldsVariant { shop: true, leaders: 2, party, ..WorldsVariant::default() };
        let g = EthiaWorlds::new(v, 1).unwrap();
        let mut s = g.initial_state();
        let Phase::Shop { leader: 0 } = s.phase else { panic!("{:?}", s.phase) };
        let p = g.prompt(&s);
        assert!(p.contains("for sale (tokens): defense 5,"), "{p}");
        assert!(p.contains("haste 40") && p.contains("training-ranger 60"), "{p}");
        assert!(p.contains("not for this leader (Aurora Thorne already has that bonus): training-defender"), "{p}");
        s.leaders[0].card.tokens = 12;
        assert!(g.prompt(&s).contains("too dear for now: vitality 40"), "{}", g.prompt(&s));
    }
}
