//! E'thia Worlds in the terminal: the quest map with its walls, leaders
//! (1–4), enemies, chests, traps and locks; the leaders' cards; a prompt for
//! each decision, Players' Choice Rule decisions included; and the variant
//! text (`quest=…,party=FILE,leaders=N,no-shop,rounds=N`).

use crate::GameFlags;
use crate::view::{TerminalGame, grid_border, grid_east, grid_files, no_flags};
use arbiter_core::{Game, Seat, ToMove};
use arbiter_ethia::worlds::card::LeaderCard;
use arbiter_ethia::worlds::quest::{EnemyKind, built_in};
use arbiter_ethia::worlds::{
    EthiaWorlds, Frame, Phase, Status, WorldsAction, WorldsEnding, WorldsEvent, WorldsState, WorldsVariant,
};
use arbiter_geometry::Cell;

/// Largest quest or party file read.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// Reads a quest or party file of at most 1 MiB.
fn read_small(path: &str, what: &str) -> Result<String, String> {
    let size = std::fs::metadata(path).map_err(|e| format!("cannot read {path}: {e}"))?.len();
    if size > MAX_FILE_BYTES {
        return Err(format!("{path}: a {what} file is at most 1 MiB"));
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
}

fn paint(text: &str, code: &str, color: bool) -> String {
    if color { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_string() }
}

fn enemy_name(g: &EthiaWorlds, kind: EnemyKind) -> String {
    let q = g.quest();
    match kind {
        EnemyKind::Close => q.close.name.clone(),
        EnemyKind::Ranged => q.ranged.name.clone(),
        EnemyKind::Boss => q.boss.as_ref().map(|b| b.name.clone()).unwrap_or_else(|| "boss".into()),
    }
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

/// Names the enemy or leader with a 0-based number.
type Namer = fn(&EthiaWorlds, &WorldsState, usize) -> Option<String>;

/// Puts names to the numbers in an event's words: "enemy 13" becomes
/// "Coyote 13", "leader 2" becomes "Ma'Nia (2)".
fn named(g: &EthiaWorlds, s: &WorldsState, text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(i) = rest.find(['e', 'l']) {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let (word, name): (&str, Namer) = if rest.starts_with("enemy ") {
            ("enemy ", |g, s, n| s.enemies.get(n).map(|e| format!("{} {}", enemy_name(g, e.kind), n + 1)))
        } else if rest.starts_with("leader ") {
            ("leader ", |_, s, n| s.leaders.get(n).map(|l| format!("{} ({})", l.card.name, n + 1)))
        } else {
            out.push_str(&rest[..1]);
            rest = &rest[1..];
            continue;
        };
        let digits: String = rest[word.len()..].chars().take_while(char::is_ascii_digit).collect();
        match digits.parse::<usize>().ok().filter(|n| *n >= 1).and_then(|n| name(g, s, n - 1)) {
            Some(named) => {
                out.push_str(&named);
                rest = &rest[word.len() + digits.len()..];
            }
            None => {
                out.push_str(word);
                rest = &rest[word.len()..];
            }
        }
    }
    out.push_str(rest);
    out
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

impl TerminalGame for EthiaWorlds {
    const DEFAULT_SEATS: usize = 1;

    fn parse_variant(text: &str) -> Result<WorldsVariant, String> {
        let mut v = WorldsVariant::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            match (key, value) {
                ("standard", "") => {}
                ("shop", "") => v.shop = true,
                ("no-shop", "") => v.shop = false,
                ("quest", q) if !q.is_empty() => {
                    if built_in(q).is_some() {
                        v.quest = q.to_string();
                        v.quest_file = None;
                    } else {
                        let text = read_small(q, "quest").map_err(|e| {
                            format!("quest '{q}' is neither built in (kingdom-of-coyote) nor a readable file: {e}")
                        })?;
                        v.quest_file = Some(text);
                    }
                }
                ("party", f) if !f.is_empty() => {
                    let text = read_small(f, "party")?;
                    v.party = LeaderCard::party_from_toml(&text).map_err(|e| format!("{f}: {e}"))?;
                }
                ("leaders", n) => {
                    v.leaders = n.parse::<u8>().ok().filter(|n| (1..=4).contains(n)).ok_or("leaders=N takes 1 to 4")?
                }
                ("rounds", n) => {
                    v.round_limit = n
                        .parse::<u16>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or("rounds=N takes a number of rounds, at least 1")?
                }
                _ => {
                    return Err(format!(
                        "unknown E'thia Worlds switch '{}' (quest=ID|FILE, party=FILE, leaders=N, shop, no-shop, rounds=N)",
                        part.chars().take(40).collect::<String>()
                    ));
                }
            }
        }
        Ok(v)
    }

    fn variant_label(v: &WorldsVariant) -> String {
        let mut parts = vec![match &v.quest_file {
            Some(_) => "quest=(file)".to_string(),
            None => format!("quest={}", v.quest),
        }];
        if v.leaders != 0 {
            parts.push(format!("leaders={}", v.leaders));
        }
        if !v.party.is_empty() {
            let names: Vec<&str> = v.party.iter().map(|c| c.name.as_str()).collect();
            parts.push(format!("party=({})", names.join("/")));
        }
        parts.push(if v.shop { "shop".into() } else { "no-shop".into() });
        parts.push(format!("rounds={}", v.round_limit));
        parts.join(",")
    }

    fn flag_switches(flags: &GameFlags) -> Result<String, String> {
        no_flags(flags, &["quest", "leaders", "party"])?;
        let mut parts = Vec::new();
        if let Some(q) = &flags.quest {
            parts.push(format!("quest={q}"));
        }
        if let Some(n) = flags.leaders {
            parts.push(format!("leaders={n}"));
        }
        if let Some(p) = &flags.party {
            parts.push(format!("party={p}"));
        }
        Ok(parts.join(","))
    }

    fn auto_bot(&self) -> &'static str {
        "heuristic"
    }

    fn side_of(&self, _seat: Seat) -> usize {
        0
    }

    fn intro(&self) -> Option<String> {
        let q = self.quest();
        let mut text = format!("{} (level {})\n{}", q.name, q.level, q.story.trim());
        if !q.credit.is_empty() {
            text.push_str(&format!("\n({})", q.credit));
        }
        Some(text)
    }

    fn event_text(&self, s: &WorldsState, event: &WorldsEvent) -> String {
        match *event {
            // The close-quarters units share one action roll: it is theirs, not
            // the first one's.
            WorldsEvent::EnemyActions { enemy, attacks }
                if s.enemies.get(usize::from(enemy)).is_some_and(|e| e.kind == EnemyKind::Close) =>
            {
                let name = &self.quest().close.name;
                format!("the {name}s' shared action roll: {attacks} attack{}", if attacks == 1 { "" } else { "s" })
            }
            _ => named(self, s, &event.to_string()),
        }
    }

    fn ending_label(&self, s: &WorldsState) -> String {
        match s.ending {
            Some(WorldsEnding::Won) => "quest won",
            Some(WorldsEnding::Lost) => "quest lost",
            Some(WorldsEnding::Escaped) => "party escaped",
            Some(WorldsEnding::RoundLimit) => "round limit",
            None => "unfinished",
        }
        .into()
    }

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

    fn parse_action(&self, _s: &WorldsState, text: &str) -> Result<WorldsAction, String> {
        text.parse::<WorldsAction>().map_err(|e| e.to_string())
    }

    fn action_text(&self, action: &WorldsAction) -> String {
        action.to_string()
    }

    fn notation_help(&self) -> &'static str {
        "Leaders are 1-4; squares a1..h16 (rank 1 is where the leaders start).
  lead:2                 players' choice: leader 2 takes the next turn
  drink:speed            drink an elixir before rolling (defense attack speed health
                         full-health tunnel free-shot quickening)
  roll | heal | revive:3 | favour:3     start the turn
  move, then go | reroll | charm, then step:n ... step:nw, stop
  attack:d9              capture attempt (then resolve | reroll | charm | quicken)
  search:c7 disarm:b10 pick:a14 parley trade:2 escape end
  chest:three | chest:one | chest:relic, take:ELIXIR, charm:attack
  give:ITEM get:ITEM give-tokens:N get-tokens:N done      while trading
  buy:ITEM done          at the Smokey Cauldron (relics: vitality might guard
                         swiftness reach haste resurrection training-ranger ...)
  aim:2 place:c4 pair:d6-2   players' choices for the enemies
Every refusal names its rule; 'moves' lists what is possible now."
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use arbiter_ethia::worlds::Enemy;

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

    #[test]
    fn the_coyotes_shared_roll_is_theirs_and_called_coyotes_are_placed() {
        let g = game(None, false);
        let s = g.initial_state();
        let c = s.enemies.iter().position(|e| e.kind == EnemyKind::Close).unwrap() as u8;
        let text = g.event_text(&s, &WorldsEvent::EnemyActions { enemy: c, attacks: 2 });
        assert_eq!(text, "the Coyotes' shared action roll: 2 attacks");
        let at = arbiter_ethia::At::of(&g.quest().grid, s.enemies[usize::from(c)].at);
        let text = g.event_text(&s, &WorldsEvent::Called { enemy: c, at });
        assert!(text.starts_with(&format!("Coyote {} answers the call on ", c + 1)), "{text}");
    }
}
