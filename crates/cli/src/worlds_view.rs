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
                let leader = s.leaders.iter().position(|l| l.on_board() && l.at == c);
                let text = if let Some(i) = leader {
                    let l = &s.leaders[i];
                    let mark = if l.active() { ' ' } else { 'z' };
                    paint(&format!(" {}{mark}", i + 1), if l.active() { "1;32" } else { "2;32" }, color)
                } else if let Some(e) = s.enemy_at(c) {
                    let e = &s.enemies[usize::from(e)];
                    let ch = match e.kind {
                        EnemyKind::Close => 'C',
                        EnemyKind::Ranged => 'H',
                        EnemyKind::Boss => 'D',
                    };
                    let mark = if e.hostile {
                        '*'
                    } else if e.alerted {
                        '!'
                    } else {
                        ' '
                    };
                    paint(&format!(" {ch}{mark}"), "1;31", color)
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
        out.push_str(&format!(
            "  {} — round {} · {} C {} · {} H {} · {boss}\n",
            q.name,
            s.round,
            q.close.name,
            left(EnemyKind::Close),
            q.ranged.name,
            left(EnemyKind::Ranged),
        ));
        out.push_str("  ! alerted, * hostile · $ chest · R striking trap · B blocking trap · L lock · . start square · walls === and #\n");
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
                "{} at the Smokey Cauldron with {} tokens: buy:ITEM, or done",
                leader_name(s, leader),
                s.leaders[usize::from(leader)].card.tokens
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
