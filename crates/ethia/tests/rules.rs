//! One test per rule of E'thia Skirmish and Battle, each quoting the rulebook
//! sentence (or naming the ruling in `docs/rulings/ethia.md`) it pins.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Decision, Game, OutcomeKind, Roll, RollPart, Seat, ToMove};
use arbiter_ethia::{Action, End, Ending, Ethia, Event, Phase, State, UnitKind, Variant, WallOption};
use arbiter_geometry::Grid;

fn game(v: &str, seats: usize) -> Ethia {
    Ethia::new(Variant::parse(v).unwrap(), seats).unwrap()
}

fn grid(g: &Ethia) -> Grid {
    *g.grid()
}

/// A position in the middle of play: army `i` has the leader and squad given,
/// team A at the south end; army 0 to act with 6 actions, in round 2.
fn board(g: &Ethia, armies: &[(&str, &[&str])], walls: &[&str]) -> State {
    let gr = grid(g);
    let mut s = g.initial_state();
    for (i, (leader, squad)) in armies.iter().enumerate() {
        let a = &mut s.armies[i];
        a.leader = (!leader.is_empty()).then(|| gr.parse(leader).unwrap());
        a.leader_to_place = false;
        a.squad_to_place = 0;
        for sq in *squad {
            a.squad.insert(gr.parse(sq).unwrap());
        }
    }
    for w in walls {
        s.walls.insert(gr.parse_edge(w).unwrap());
    }
    s.high_roller = Some(0);
    s.low_roller = Some(1);
    s.wall_option = Some(WallOption::Fixed);
    s.team_a_end = Some(End::South);
    s.round = 2;
    s.phase = Phase::Act;
    s.actions_left = 6;
    g.validate_state(&s).unwrap();
    s
}

fn act(g: &Ethia, s: &mut State, text: &str) -> Vec<Event> {
    let a: Action = text.parse().unwrap();
    let mut ev = Vec::new();
    g.apply(s, &Decision::Act(a), &mut ev).unwrap_or_else(|r| panic!("{text}: {r}"));
    ev
}

fn roll(g: &Ethia, s: &mut State, values: &[u8]) -> Vec<Event> {
    let mut ev = Vec::new();
    g.apply(s, &Decision::Roll(Roll::from_values(values).unwrap()), &mut ev)
        .unwrap_or_else(|r| panic!("{values:?}: {r}"));
    ev
}

fn refused(g: &Ethia, s: &State, text: &str) -> String {
    let a: Action = text.parse().unwrap();
    let mut copy = s.clone();
    let r = g.apply(&mut copy, &Decision::Act(a), &mut Vec::new()).expect_err("should be refused");
    assert_eq!(&copy, s);
    r.rule.into_owned()
}

fn at(g: &Ethia, s: &State, sq: &str) -> Option<(u8, UnitKind)> {
    s.unit_at(grid(g).parse(sq).unwrap())
}

fn legal(g: &Ethia, s: &State) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v.iter().map(Action::to_string).collect()
}

// ------------------------------------------------------------- setup

/// "For a standard two player Skirmish each person uses 1 leader token and 10
/// squad unit tokens." / Battle: "1 leader token and 20 squad unit tokens" /
/// "For 3-4 players reduce the number of tokens in half." (ruling E9)
#[test]
fn armies_have_their_rulebook_sizes() {
    for (v, seats, armies, squad) in
        [("skirmish", 2, 2, 10), ("battle", 2, 2, 20), ("skirmish", 4, 4, 5), ("battle", 3, 4, 10)]
    {
        let g = game(v, seats);
        let s = g.initial_state();
        for a in 0..4 {
            let x = &s.armies[a];
            if a < armies {
                assert!(x.leader_to_place && x.squad_to_place == squad, "{v} {seats}");
            } else {
                assert_eq!(*x, Default::default());
            }
        }
    }
    assert_eq!(game("skirmish", 2).grid().all().len(), 64);
    assert_eq!(game("battle", 2).grid().all().len(), 128);
}

/// "all players roll 1 d6 to determine wall placement. Highest rolling player then
/// selects one of the three wall placement options." / "the player with the lowest
/// roll decides which side" (ruling E1: ties re-roll among the tied).
#[test]
fn the_wall_roll_off_gives_the_choices_to_the_highest_and_lowest() {
    let g = game("skirmish", 2);
    let mut s = g.initial_state();
    assert_eq!(g.to_move(&s), ToMove::Chance);
    assert_eq!(g.dice(&s).len(), 2);
    roll(&g, &mut s, &[4, 4]);
    assert_eq!(g.dice(&s).len(), 2, "a tie re-rolls");
    roll(&g, &mut s, &[2, 5]);
    assert_eq!((s.high_roller, s.low_roller), (Some(1), Some(0)));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(1)));
    assert_eq!(legal(&g, &s), ["walls:fixed", "walls:standard", "walls:custom"]);
    // Four players: the highest of a tie is re-rolled among the tied only.
    let g = game("skirmish", 4);
    let mut s = g.initial_state();
    roll(&g, &mut s, &[6, 2, 6, 1]);
    assert_eq!(g.dice(&s).len(), 2);
    roll(&g, &mut s, &[3, 5]);
    assert_eq!((s.high_roller, s.low_roller), (Some(2), Some(3)));
}

/// "1) Fixed wall placement … is a basic set up giving no player to much of an
/// advantage." (ruling E4: our layout, mirror-symmetric)
#[test]
fn fixed_walls_place_the_layout() {
    let g = game("skirmish", 2);
    let mut s = g.initial_state();
    roll(&g, &mut s, &[6, 1]);
    act(&g, &mut s, "walls:fixed");
    assert_eq!(s.walls.len(), 5);
    assert_eq!(s.phase, Phase::ChooseEnd);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(1)), "the lowest roller chooses the end");
}

/// "2) Standard wall placement: Players take turns each adding one wall on the
/// board until all have been placed." (ruling E2: the highest roller first)
#[test]
fn standard_walls_alternate_from_the_highest_roller() {
    let g = game("skirmish", 2);
    let mut s = g.initial_state();
    roll(&g, &mut s, &[1, 6]);
    act(&g, &mut s, "walls:standard");
    let order: Vec<ToMove> = ["b3|b4", "d4|d5", "f3|g3", "b5|b6", "f6|g6"]
        .iter()
        .map(|w| {
            let who = g.to_move(&s);
            act(&g, &mut s, w);
            who
        })
        .collect();
    let p1 = ToMove::Seat(Seat(0));
    let p2 = ToMove::Seat(Seat(1));
    assert_eq!(order, [p2, p1, p2, p1, p2]);
    assert_eq!(s.phase, Phase::ChooseEnd);
}

/// "3) Custom wall placement Skirmish One player sets walls while the other chooses
/// which side of the board to start on." (ruling E2)
#[test]
fn custom_skirmish_walls_are_set_by_one_player() {
    let g = game("skirmish", 2);
    let mut s = g.initial_state();
    roll(&g, &mut s, &[6, 1]);
    act(&g, &mut s, "walls:custom");
    for w in ["b3|b4", "d4|d5", "f3|g3", "b5|b6", "f6|g6"] {
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat(0)));
        act(&g, &mut s, w);
    }
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(1)));
    act(&g, &mut s, "end:north");
    assert_eq!(s.team_a_end, Some(End::South), "P2 (team B) took the north end");
}

/// "Battle Each player sets walls on their 8×8 section of the Battle board"
/// (ruling E2: ends are chosen first, 5 walls each).
#[test]
fn custom_battle_walls_go_on_each_sides_own_board() {
    let g = game("battle", 2);
    let mut s = g.initial_state();
    roll(&g, &mut s, &[6, 1]);
    act(&g, &mut s, "walls:custom");
    assert_eq!(s.phase, Phase::ChooseEnd);
    act(&g, &mut s, "end:north");
    // P1 (team A) is at the south end: its walls go on ranks 1–8 only.
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(0)));
    assert_eq!(refused(&g, &s, "b12|b13"), "ethia.wall.own-half");
    assert_eq!(refused(&g, &s, "c8|c9"), "ethia.wall.own-half");
    act(&g, &mut s, "b3|b4");
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(1)));
    act(&g, &mut s, "b12|b13");
}

/// "Walls can be placed between any line along two squares as long as all squares
/// are accessible to units from two other squares." (ruling E3: and the board
/// stays connected)
#[test]
fn walls_must_leave_every_square_reachable_from_two_others() {
    let g = game("skirmish", 2);
    let mut s = g.initial_state();
    roll(&g, &mut s, &[6, 1]);
    act(&g, &mut s, "walls:custom");
    // A corner square has only two neighbours.
    assert_eq!(refused(&g, &s, "a1|a2"), "ethia.wall.access");
    act(&g, &mut s, "a2|a3");
    act(&g, &mut s, "b2|b3");
    act(&g, &mut s, "b2|c2");
    // Each square of a1–b2 still has two open neighbours, but this would seal them in.
    assert_eq!(refused(&g, &s, "b1|c1"), "ethia.wall.access");
    assert_eq!(refused(&g, &s, "b2|c2"), "ethia.wall.taken");
    assert!(matches!(refused(&g, &s, "a8|a9").as_str(), "ethia.wall.edge" | "ethia.phase"));
}

/// "In a skirmish units can be placed anywhere along the back two rows of the
/// players side. In a battle units may placed anywhere along the back four rows."
/// (ruling E6: the end-chooser places first, then the sides alternate)
#[test]
fn units_deploy_in_their_sides_back_rows() {
    let g = game("skirmish", 2);
    let mut s = g.initial_state();
    roll(&g, &mut s, &[6, 1]);
    act(&g, &mut s, "walls:fixed");
    act(&g, &mut s, "end:north");
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(1)));
    assert_eq!(refused(&g, &s, "L@d6"), "ethia.deploy.rows");
    act(&g, &mut s, "L@d7");
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(0)));
    assert_eq!(refused(&g, &s, "S@d7"), "ethia.deploy.rows", "P1's side is the south end");
    act(&g, &mut s, "L@d2");
    assert_eq!(refused(&g, &s, "L@e7"), "ethia.deploy.none-left");
    act(&g, &mut s, "S@e7");
    let g = game("battle", 2);
    let mut s = g.initial_state();
    roll(&g, &mut s, &[6, 1]);
    act(&g, &mut s, "walls:fixed");
    act(&g, &mut s, "end:south");
    act(&g, &mut s, "S@a4");
    assert_eq!(refused(&g, &s, "S@a12"), "ethia.deploy.rows");
    act(&g, &mut s, "S@a13");
}

/// "Players then re-roll 1 d6, highest roll goes first proceeding clockwise around
/// the board." / "A player's turn starts by rolling 1 d6 to establish the number of
/// actions they can take."
#[test]
fn the_first_roll_off_then_action_rolls() {
    let g = game("skirmish,standard-deployment", 2);
    let mut s = g.initial_state();
    roll(&g, &mut s, &[6, 1]);
    act(&g, &mut s, "walls:fixed");
    act(&g, &mut s, "end:south");
    assert_eq!(s.phase, Phase::FirstRollOff { contenders: 0b11 });
    roll(&g, &mut s, &[3, 3]);
    roll(&g, &mut s, &[2, 4]);
    assert_eq!((s.active, s.phase), (1, Phase::ActionRoll));
    roll(&g, &mut s, &[5]);
    assert_eq!((s.actions_left, g.to_move(&s)), (5, ToMove::Seat(Seat(1))));
}

/// "Once they have spent their actions it will become the other players turn.
/// (players can chose to not use all of their actions)"
#[test]
fn a_turn_may_end_early() {
    let g = game("skirmish", 2);
    let mut s = board(&g, &[("d1", &["a2"]), ("d8", &["a7"])], &[]);
    act(&g, &mut s, "end");
    assert_eq!((s.active, s.phase), (1, Phase::ActionRoll));
}

// ------------------------------------------------------------- moving

/// "To move a unit, first select the unit … then rolls a d6 to determine the number
/// of squares the unit can move. Units can move in any combination of left, right,
/// forwards and backwards. Units cannot move diagonally, over a wall or through a
/// space occupied by any unit." (ruling E8: up to the roll)
#[test]
fn moves_are_orthogonal_up_to_the_roll_around_walls_and_units() {
    let g = game("skirmish", 2);
    let mut s = board(&g, &[("d1", &["c3", "c4"]), ("d8", &["a7"])], &["c3|d3"]);
    act(&g, &mut s, "Mc3");
    assert_eq!(s.actions_left, 5, "the move costs an action before the roll");
    roll(&g, &mut s, &[2]);
    // Diagonal and two-step moves through the wall or the unit on c4 are out.
    assert_eq!(refused(&g, &s, ">d4"), "ethia.move.reach");
    assert_eq!(refused(&g, &s, ">d3"), "ethia.move.reach");
    assert_eq!(refused(&g, &s, ">c5"), "ethia.move.reach");
    assert_eq!(refused(&g, &s, ">c4"), "ethia.move.reach");
    act(&g, &mut s, ">b2");
    assert_eq!(at(&g, &s, "b2"), Some((0, UnitKind::Squad)));
    // Staying put is allowed.
    act(&g, &mut s, "Mb2");
    roll(&g, &mut s, &[1]);
    act(&g, &mut s, ">b2");
    assert_eq!(refused(&g, &s, "Md8"), "ethia.move.own");
}

// ------------------------------------------------------------- capture attempts

/// "All units have an attack range/line of sight of 4 or less connected squares
/// that form a straight line. Diagonal attacks are allowed if all squares are
/// diagonally connected, but a player cannot attack over or through any other units."
#[test]
fn attacks_need_a_straight_clear_line_of_four_or_less() {
    let g = game("skirmish", 2);
    let s = board(&g, &[("a1", &["a3", "e1"]), ("h8", &["a6", "a5", "c3", "f2", "b4"])], &[]);
    assert_eq!(refused(&g, &s, "e1xa6"), "ethia.attack.line");
    assert_eq!(refused(&g, &s, "a1xb4"), "ethia.attack.line", "a knight's move is no line");
    assert_eq!(refused(&g, &s, "a1xa5"), "ethia.attack.blocked", "a3 stands in the way");
    assert_eq!(refused(&g, &s, "a3xa6"), "ethia.attack.blocked", "a5 stands in the way");
    assert_eq!(refused(&g, &s, "a1xa3"), "ethia.attack.target", "no attacks on your own side");
    let s = board(&g, &[("a1", &["e1"]), ("h8", &["a6", "f2"])], &[]);
    assert_eq!(refused(&g, &s, "a1xa6"), "ethia.attack.range", "five squares away");
    // Four diagonal squares away with the squares between empty: a ranged attack.
    let s = board(&g, &[("a1", &[]), ("e5", &["h8"])], &[]);
    let mut t = s.clone();
    act(&g, &mut t, "a1xe5");
    assert_eq!(g.dice(&t).len(), 3);
}

/// "Units cannot move or attack over walls." / "A unit directly behind the wall is
/// protected against diagonal attacks from the opposite side of wall. If walls are
/// placed in a row or side by side, diagonal attacks are allowed to pass through as
/// long as the unit being attacked is not directly behind the wall." (ruling E5)
#[test]
fn walls_block_lines_and_cover_units_directly_behind_them() {
    let g = game("skirmish", 2);
    let walls = ["b2|b3", "c2|c3", "b5|b6"];
    let s = board(&g, &[("a1", &["b4", "a3", "c3"]), ("h8", &["b2", "d2", "b7"])], &walls);
    // Straight across a wall.
    assert_eq!(refused(&g, &s, "b4xb7"), "ethia.attack.wall");
    // b2 is directly behind the wall b2|b3: protected from a3 and from c3.
    assert_eq!(refused(&g, &s, "a3xb2"), "ethia.attack.cover");
    assert_eq!(refused(&g, &s, "c3xb2"), "ethia.attack.cover");
    // d2 is not behind a wall: the diagonal from c3 passes the end of c2|c3.
    let mut t = s.clone();
    act(&g, &mut t, "c3xd2");
    // The attacker's own side of a wall does not protect the target: b2 may
    // attack a3 although a3 could not attack b2.
    let mut t = s.clone();
    t.active = 1;
    act(&g, &mut t, "b2xa3");
    // Walls in a row (b2|b3, c2|c3): a diagonal passes through their joint when the
    // target is not directly behind them.
    let s = board(&g, &[("a1", &["a4"]), ("h8", &["d1"])], &["b2|b3", "c2|c3"]);
    let mut t = s.clone();
    act(&g, &mut t, "a4xd1");
}

/// "During close combat the attacker must be in an adjacent square to the defender.
/// (Diagonal OK) The attacker rolls 3 d6 … while the defender rolls 1 d6. Do not add
/// the dice together. The player with the highest number die wins, capturing the
/// opponent's unit … Tie rolls are a miss … In close combat the attacker can be
/// captured so be careful." — and the example: "Player 1 rolls a one, two, and a
/// six. Player 2 rolls a two. Player 1 wins"
#[test]
fn close_combat_is_three_dice_against_one_and_can_capture_the_attacker() {
    let g = game("skirmish", 2);
    let s = board(&g, &[("a1", &["c3", "e5"]), ("h8", &["d4", "f6", "d3"])], &[]);
    let mut t = s.clone();
    act(&g, &mut t, "c3xd4");
    assert_eq!(g.dice(&t).len(), 4);
    roll(&g, &mut t, &[1, 2, 6, 2]);
    assert_eq!(at(&g, &t, "d4"), None);
    let mut t = s.clone();
    act(&g, &mut t, "c3xd4");
    roll(&g, &mut t, &[3, 3, 1, 3]);
    assert!(at(&g, &t, "d4").is_some() && at(&g, &t, "c3").is_some(), "a tie is a miss");
    let mut t = s.clone();
    act(&g, &mut t, "e5xf6");
    roll(&g, &mut t, &[1, 4, 2, 5]);
    assert_eq!(at(&g, &t, "e5"), None, "the defender won: the attacker is captured");
    assert!(at(&g, &t, "f6").is_some());
}

/// "A range attack occurs when there is one or more squares between the units. The
/// attacker rolls 2 d6 and the defender rolls 1 d6. If the defender wins or there is
/// a tie the attack is a miss and no units are removed from the game board."
#[test]
fn ranged_attacks_are_two_dice_against_one_and_never_capture_the_attacker() {
    let g = game("skirmish", 2);
    let s = board(&g, &[("a1", &["c3"]), ("h8", &["c6"])], &[]);
    let mut t = s.clone();
    act(&g, &mut t, "c3xc6");
    assert_eq!(g.dice(&t).len(), 3);
    roll(&g, &mut t, &[3, 1, 5]);
    assert!(at(&g, &t, "c3").is_some() && at(&g, &t, "c6").is_some());
    let mut t = s.clone();
    act(&g, &mut t, "c3xc6");
    roll(&g, &mut t, &[4, 2, 4]);
    assert!(at(&g, &t, "c6").is_some(), "a tie misses");
    let mut t = s.clone();
    act(&g, &mut t, "c3xc6");
    roll(&g, &mut t, &[2, 5, 4]);
    assert_eq!(at(&g, &t, "c6"), None);
}

/// "In all games ties are a miss unless one or both of the pieces are a player's
/// leader. Leaders always win on ties against a squad unit. If a tie occurs between
/// two leaders, the attacking leader wins the tie." — and the example: "P1 rolls 1
/// d6 also getting a six. Since leaders win on ties, P2's unit is captured"
#[test]
fn leaders_win_ties() {
    let g = game("skirmish", 2);
    // A squad unit attacks a leader in close combat and ties: the attacker is captured.
    let s = board(&g, &[("a1", &["c3"]), ("d4", &["h7"])], &[]);
    let mut t = s.clone();
    act(&g, &mut t, "c3xd4");
    roll(&g, &mut t, &[1, 6, 2, 6]);
    assert_eq!(at(&g, &t, "c3"), None);
    // A leader attacking a squad unit wins the tie, at range too.
    let s = board(&g, &[("c3", &["a1"]), ("h8", &["c6"])], &[]);
    let mut t = s.clone();
    act(&g, &mut t, "c3xc6");
    roll(&g, &mut t, &[4, 2, 4]);
    assert_eq!(at(&g, &t, "c6"), None);
    // Leader against leader: the attacker wins the tie — and the game.
    let s = board(&g, &[("c3", &["a1"]), ("c6", &["h8"])], &[]);
    let mut t = s.clone();
    act(&g, &mut t, "c3xc6");
    roll(&g, &mut t, &[6, 1, 6]);
    assert_eq!(t.ending, Some(Ending::Won { team: 0 }));
    // Words for people: the winner is named as a player, never "team A".
    assert_eq!(g.outcome(&t).unwrap().reason, "P1 captured every enemy leader");
    // A squad unit's ranged attack on a leader that ties is a miss.
    let s = board(&g, &[("a1", &["c3"]), ("c6", &["h8"])], &[]);
    let mut t = s.clone();
    act(&g, &mut t, "c3xc6");
    roll(&g, &mut t, &[5, 1, 5]);
    assert!(at(&g, &t, "c3").is_some() && at(&g, &t, "c6").is_some());
}

// ------------------------------------------------------------- winning

/// "The game is won when when the opponent's leader is captured."
#[test]
fn capturing_the_enemy_leader_wins() {
    let g = game("skirmish", 2);
    let mut s = board(&g, &[("a1", &["c3"]), ("d4", &["h7"])], &[]);
    act(&g, &mut s, "c3xd4");
    roll(&g, &mut s, &[6, 1, 1, 2]);
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.kind, OutcomeKind::Win(vec![Seat(0)]));
    assert_eq!((g.returns(&s, Seat(0)), g.returns(&s, Seat(1))), (1.0, -1.0));
}

/// "If a game is won on the first round of actions the other player gets one round
/// of actions to force a draw." (ruling E10)
#[test]
fn a_first_round_win_can_be_answered_for_a_draw() {
    let g = game("skirmish", 2);
    let first_round = |s: &mut State| {
        s.round = 1;
        s.played_round = 0;
    };
    // P1 captures P2's leader in its first turn; P2 still plays and captures P1's.
    let mut s = board(&g, &[("c3", &["a1"]), ("d4", &["c5", "h8"])], &[]);
    first_round(&mut s);
    act(&g, &mut s, "c3xd4");
    roll(&g, &mut s, &[6, 1, 1, 2]);
    assert_eq!(s.pending_winner, Some(0));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(0)), "P1 finishes its turn");
    act(&g, &mut s, "end");
    roll(&g, &mut s, &[3]);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(1)));
    act(&g, &mut s, "c5xc3");
    roll(&g, &mut s, &[6, 2, 1]);
    assert_eq!(s.ending, Some(Ending::DrawForced));
    assert_eq!(g.outcome(&s).unwrap().kind, OutcomeKind::Draw);
    // If P2 cannot answer, P1 wins when the round ends.
    let mut s = board(&g, &[("c3", &["a1"]), ("d4", &["c5", "h8"])], &[]);
    first_round(&mut s);
    act(&g, &mut s, "c3xd4");
    roll(&g, &mut s, &[6, 1, 1, 2]);
    act(&g, &mut s, "end");
    roll(&g, &mut s, &[1]);
    act(&g, &mut s, "end");
    assert_eq!(s.ending, Some(Ending::Won { team: 0 }));
    // A win on the last turn of the first round stands at once.
    let mut s = board(&g, &[("c3", &["a1"]), ("d4", &["h8"])], &[]);
    first_round(&mut s);
    s.played_round = 0b10;
    act(&g, &mut s, "c3xd4");
    roll(&g, &mut s, &[6, 1, 1, 2]);
    assert_eq!(s.ending, Some(Ending::Won { team: 0 }));
}

/// "When a player's leader is captured all of their remaining units are removed from
/// the board while their teammate's units are unaffected." (ruling E9: a team loses
/// with its last leader)
#[test]
fn in_teams_a_captured_leader_removes_only_its_army() {
    let g = game("skirmish", 4);
    let mut s = board(&g, &[("a1", &["c3"]), ("h1", &["g2"]), ("d4", &["d7", "e7"]), ("h8", &["g7"])], &[]);
    act(&g, &mut s, "c3xd4");
    let ev = roll(&g, &mut s, &[6, 1, 1, 2]);
    assert!(ev.contains(&Event::ArmyOut { army: 2 }));
    assert!(s.armies[2].out && s.armies[2].squad.is_empty());
    assert_eq!(s.armies[3].squad.len(), 1, "the team-mate's units stay");
    assert_eq!(s.ending, None);
    // Army 3's turns are skipped from now on: after army 4 comes army 2.
    act(&g, &mut s, "end");
    assert_eq!(s.active, 3);
    roll(&g, &mut s, &[1]);
    act(&g, &mut s, "end");
    assert_eq!(s.active, 1);
}

/// "In a 3 player game one player may control two separate Leaders and armies as
/// long as they do not go out of turn." (ruling E9: the third player runs team B)
#[test]
fn three_players_one_running_two_armies_in_their_own_turns() {
    let g = game("skirmish", 3);
    let mut s = board(&g, &[("a1", &[]), ("h1", &[]), ("a8", &[]), ("h8", &[])], &[]);
    let mut owners = Vec::new();
    for _ in 0..4 {
        owners.push((s.active, g.to_move(&s)));
        act(&g, &mut s, "end");
        roll(&g, &mut s, &[2]);
    }
    // Clockwise: army 1 (A-left), 4 (B-right), 3 (B-left), 2 (A-right).
    let seats: Vec<(u8, ToMove)> = owners;
    assert_eq!(
        seats,
        [
            (0, ToMove::Seat(Seat(0))),
            (3, ToMove::Seat(Seat(2))),
            (2, ToMove::Seat(Seat(2))),
            (1, ToMove::Seat(Seat(1)))
        ]
    );
}

/// "(During a battle the moment all units are only occupying one 8×8 board the other
/// 8×8 board is removed for the rest of the game shrinking the map and forcing a
/// skirmish.)"
#[test]
fn battle_shrinks_to_one_board_when_every_unit_stands_on_it() {
    let g = game("battle", 2);
    let mut s = board(&g, &[("a1", &["c8"]), ("h8", &["b9"])], &["b2|b3", "d12|d13"]);
    assert_eq!(s.area.len(), 128);
    s.active = 1;
    act(&g, &mut s, "Mb9");
    roll(&g, &mut s, &[1]);
    let ev = act(&g, &mut s, ">b8");
    assert!(ev.contains(&Event::BoardRemoved { kept: End::South }), "{ev:?}");
    assert_eq!(s.area.len(), 64);
    assert_eq!(s.walls.len(), 1, "the far board's wall went with it");
    assert!(!s.area.contains(g.grid().parse("a9").unwrap()));
    // Nothing may move onto the removed board.
    act(&g, &mut s, "Mb8");
    roll(&g, &mut s, &[2]);
    // Onto the removed board: the refusal says that board is gone.
    assert_eq!(refused(&g, &s, ">b9"), "ethia.move.removed-board");
    let mut t = s.clone();
    let r = g.apply(&mut t, &Decision::Act(">b9".parse().unwrap()), &mut Vec::new()).unwrap_err();
    assert!(r.reason.contains("gone for the rest of the game"), "{r}");
    // Out of reach on the board that is left is still a matter of steps.
    assert_eq!(refused(&g, &s, ">b5"), "ethia.move.reach");
}

/// Capture dice say who attacks whom: "During close combat … The attacker rolls
/// 3 d6 … while the defender rolls 1 d6."
#[test]
fn capture_dice_say_who_attacks_whom() {
    let g = game("skirmish", 2);
    let mut s = board(&g, &[("a1", &["c4"]), ("h8", &["c5"])], &[]);
    act(&g, &mut s, "c4xc5");
    let request = g.dice(&s).to_string();
    assert_eq!(
        request,
        "army 1's squad unit on c4 attacks army 2's squad unit on c5 in close combat: 3d6 (attacker), 1d6 (defender)"
    );
    // With real dice the attacker enters their dice, the defender their die,
    // and the roll is still one decision (ruling E17).
    assert_eq!(g.roller(&s), Some(Seat(0)));
    assert_eq!(
        g.roll_parts(&s),
        [RollPart { seat: Some(Seat(0)), dice: 0..3 }, RollPart { seat: Some(Seat(1)), dice: 3..4 }]
    );
    // A ranged attack: two attacker dice, the defender's die last.
    let mut s = board(&g, &[("a1", &["c4"]), ("h8", &["c7"])], &[]);
    act(&g, &mut s, "c4xc7");
    assert_eq!(
        g.roll_parts(&s),
        [RollPart { seat: Some(Seat(0)), dice: 0..2 }, RollPart { seat: Some(Seat(1)), dice: 2..3 }]
    );
}

/// Ruling E17: roll-offs belong to no one seat as a whole, each contender
/// rolls their own die, and they say what they decide.
#[test]
fn roll_offs_are_no_one_seats_and_say_what_they_decide() {
    let g = game("skirmish", 2);
    let s = g.initial_state();
    assert_eq!(g.roller(&s), None);
    assert_eq!(
        g.dice(&s).to_string(),
        "the roll-off for the wall choice: the highest roller chooses: 1d6 (P1), 1d6 (P2)"
    );
    assert_eq!(g.roll_parts(&s), RollPart::one_die_each([Seat(0), Seat(1)]));
    // Four players tied on 6: the re-roll is the tied seats' alone.
    let g = game("skirmish", 4);
    let mut s = g.initial_state();
    roll(&g, &mut s, &[6, 2, 6, 1]);
    assert_eq!(g.roll_parts(&s), RollPart::one_die_each([Seat(0), Seat(2)]));
}

/// Ruling E12: every game ends; after `round_limit` rounds it is a draw.
#[test]
fn the_round_limit_draws() {
    let g = game("skirmish", 2);
    let mut s = board(&g, &[("a1", &[]), ("h8", &[])], &[]);
    s.round = g.variant().round_limit;
    act(&g, &mut s, "end");
    roll(&g, &mut s, &[1]);
    act(&g, &mut s, "end");
    assert_eq!(s.ending, Some(Ending::DrawRoundLimit));
}

/// The texts read at the end name the players, never "team A" or "team B"
/// (issue 15): one player is named alone, a team of two as both, and the
/// third of three players, who runs team B, alone. A table puts the
/// players' names in for "P1", "P2", ….
#[test]
fn the_end_texts_name_the_players_of_a_team() {
    use arbiter_core::Entry;
    assert_eq!(game("skirmish", 2).team_words(1), "P2");
    assert_eq!(game("skirmish", 4).team_words(0), "P1 and P2");
    assert_eq!(game("skirmish", 4).team_words(1), "P3 and P4");
    assert_eq!(game("skirmish", 3).team_words(1), "P3");
    let g = game("skirmish", 4);
    let s = g.initial_state();
    let over = Event::GameOver { team: Some(1), reason: "every enemy leader has been captured" };
    assert_eq!(g.event_text(&s, &over), "P3 and P4 win: every enemy leader has been captured");
    let g = game("skirmish", 2);
    assert_eq!(g.event_text(&s, &over), "P2 wins: every enemy leader has been captured");
    let window = Event::DrawWindow { leader_team: 0 };
    assert!(g.event_text(&s, &window).starts_with("P1 captured every enemy leader in the first round"));
}
