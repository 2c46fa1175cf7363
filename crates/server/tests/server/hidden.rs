//! Hidden information: a small game whose observation strips each seat's
//! secret shows that every path out of the server — REST views, the steps in
//! them, action answers, WebSocket pushes, records and replays — observes
//! for the right viewer and applies the game's visibility of each decision
//! and event, and that no other seat's socket ever carries a secret.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_core::{
    About, ConfigError, Decision, DiceRequest, Entry, Evaluate, EventSink, Game, Outcome, OutcomeKind, Refusal, Roll,
    Seat, ToMove, Viewer, Visibility,
};
use arbiter_server::runner::{GameKind, Kind};
use arbiter_server::{Registry, router};
use axum::http::StatusCode;
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

on_every_backend!(views_and_steps_show_each_seat_only_its_own_secret, no_secret_reaches_another_seats_socket,);

/// "Secret Duel": P1 then P2 commit a secret number (1000–9999), a d6 is
/// rolled, and the higher secret wins on an even roll, the lower on an odd
/// one. Secrets are seen only by their owner until the game is over.
#[derive(Clone, Debug)]
struct SecretDuel;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct DuelState {
    secrets: [Option<u16>; 2],
    roll: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum DuelAction {
    Commit(u16),
}

#[derive(Clone, Debug, Serialize)]
enum DuelEvent {
    /// The secret is for its seat's eyes; the others see `None`.
    Committed {
        seat: Seat,
        secret: Option<u16>,
    },
    Rolled(u8),
}

impl std::fmt::Display for DuelEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DuelEvent::Committed { seat, secret: Some(n) } => write!(f, "{seat} commits {n}"),
            DuelEvent::Committed { seat, secret: None } => write!(f, "{seat} commits a secret"),
            DuelEvent::Rolled(r) => write!(f, "the die shows {r}"),
        }
    }
}

/// What a viewer sees: who is looking (so the test sees which viewer the
/// server asked for) and the secrets as far as that viewer may see them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
struct DuelView {
    viewer: Viewer,
    secrets: [Option<u16>; 2],
    committed: [bool; 2],
    roll: Option<u8>,
}

impl Game for SecretDuel {
    type Variant = ();
    type State = DuelState;
    type Action = DuelAction;
    type Event = DuelEvent;
    type Observation = DuelView;
    const ID: &'static str = "secret-duel";
    const NAME: &'static str = "Secret Duel";

    fn new(_: (), seats: usize) -> Result<Self, ConfigError> {
        if seats == 2 {
            Ok(SecretDuel)
        } else {
            Err(ConfigError::Seats { game: Self::NAME, allowed: "2", found: seats })
        }
    }
    fn variant(&self) -> &() {
        &()
    }
    fn seats(&self) -> usize {
        2
    }
    fn has_chance(&self) -> bool {
        true
    }
    fn has_hidden_information(&self) -> bool {
        true
    }
    fn initial_state(&self) -> DuelState {
        DuelState { secrets: [None; 2], roll: None }
    }
    fn validate_state(&self, _: &DuelState) -> Result<(), String> {
        Ok(())
    }
    fn to_move(&self, s: &DuelState) -> ToMove {
        match (s.secrets, s.roll) {
            ([None, _], _) => ToMove::Seat(Seat(0)),
            ([_, None], _) => ToMove::Seat(Seat(1)),
            (_, None) => ToMove::Chance,
            _ => ToMove::Over,
        }
    }
    fn legal_actions(&self, s: &DuelState, out: &mut Vec<DuelAction>) {
        if let ToMove::Seat(_) = self.to_move(s) {
            out.extend([1000, 5000, 9999].map(DuelAction::Commit));
        }
    }
    fn check(&self, _: &DuelState, DuelAction::Commit(n): &DuelAction) -> Result<(), Refusal> {
        if (1000..=9999).contains(n) { Ok(()) } else { Err(Refusal::new("duel.range", "1000 to 9999", "Duel 1")) }
    }
    fn apply_action<E: EventSink<DuelEvent>>(
        &self,
        s: &mut DuelState,
        a: &DuelAction,
        events: &mut E,
    ) -> Result<(), Refusal> {
        self.check(s, a)?;
        let ToMove::Seat(seat) = self.to_move(s) else { return Err(Refusal::new("duel.turn", "no", "Duel")) };
        let DuelAction::Commit(n) = *a;
        s.secrets[seat.index()] = Some(n);
        events.emit(DuelEvent::Committed { seat, secret: Some(n) });
        Ok(())
    }
    fn dice(&self, s: &DuelState) -> DiceRequest {
        if self.to_move(s) == ToMove::Chance { DiceRequest::new().with(6, "decider") } else { DiceRequest::new() }
    }
    fn apply_roll<E: EventSink<DuelEvent>>(&self, s: &mut DuelState, r: &Roll, events: &mut E) -> Result<(), Refusal> {
        s.roll = Some(r.values()[0]);
        events.emit(DuelEvent::Rolled(r.values()[0]));
        Ok(())
    }
    fn outcome(&self, s: &DuelState) -> Option<Outcome> {
        let ([Some(a), Some(b)], Some(r)) = (s.secrets, s.roll) else { return None };
        let high = if a >= b { Seat(0) } else { Seat(1) };
        let winner = if r % 2 == 0 { high } else { high.other() };
        Some(Outcome { kind: OutcomeKind::Win(vec![winner]), reason: format!("the die showed {r}") })
    }
    fn returns(&self, s: &DuelState, seat: Seat) -> f64 {
        match self.outcome(s) {
            Some(Outcome { kind: OutcomeKind::Win(w), .. }) if w.contains(&seat) => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        }
    }
    fn observe(&self, s: &DuelState, viewer: Viewer) -> DuelView {
        let over = s.roll.is_some();
        let secrets = [0, 1].map(|i| match viewer {
            _ if over => s.secrets[i],
            Viewer::Referee => s.secrets[i],
            Viewer::Seat(v) if v.index() == i => s.secrets[i],
            _ => None,
        });
        DuelView { viewer, secrets, committed: s.secrets.map(|x| x.is_some()), roll: s.roll }
    }
    fn decision_visibility(&self, s: &DuelState, d: &Decision<DuelAction>) -> Visibility {
        match d.seat(self.to_move(s)) {
            Some(seat) => Visibility::only(seat),
            None => Visibility::Public,
        }
    }
    fn event_visibility(&self, e: &DuelEvent) -> Visibility {
        match e {
            DuelEvent::Committed { seat, .. } => Visibility::only(*seat),
            DuelEvent::Rolled(_) => Visibility::Public,
        }
    }
    fn event_summary(&self, e: &DuelEvent) -> Option<DuelEvent> {
        match e {
            DuelEvent::Committed { seat, .. } => Some(DuelEvent::Committed { seat: *seat, secret: None }),
            DuelEvent::Rolled(_) => None,
        }
    }
}

impl Entry for SecretDuel {
    fn about() -> About {
        About {
            aliases: &[],
            blurb: "a test game",
            seats: &[2],
            default_seats: 2,
            options: &[],
            bots: &[],
            default_bot: "random",
        }
    }
    fn parse_variant(_: &str) -> Result<(), String> {
        Ok(())
    }
    fn variant_label(_: &()) -> String {
        "standard".into()
    }
    fn parse_action(&self, _: &DuelState, text: &str) -> Result<DuelAction, String> {
        text.parse().map(DuelAction::Commit).map_err(|_| "a number".to_string())
    }
    fn action_text(&self, DuelAction::Commit(n): &DuelAction) -> String {
        format!("commit {n}")
    }
    fn notation_help(&self) -> &'static str {
        "a number"
    }
}

impl Evaluate for SecretDuel {
    fn evaluate(&self, s: &DuelState, seat: Seat) -> f64 {
        self.returns(s, seat)
    }
}

fn registry() -> Registry {
    Registry::standard().with::<SecretDuel>()
}

fn duel() -> Value {
    json!({ "game": "secret-duel", "seats": [{ "controller": "human" }, { "controller": "human" }], "seed": 9 })
}

#[test]
fn the_runner_observes_for_the_viewer_it_is_given() {
    let kind = Kind::<SecretDuel>::new();
    let players = vec![arbiter_core::PlayerSpec::human("a"), arbiter_core::PlayerSpec::human("b")];
    let mut table = kind.start(None, players, 1).unwrap();
    table.act(Seat(0), &json!({ "Commit": 4242 })).unwrap();
    assert_eq!(table.observe(Viewer::Seat(Seat(0)))["secrets"], json!([4242, null]));
    assert_eq!(table.observe(Viewer::Seat(Seat(0)))["viewer"], json!({ "Seat": 0 }));
    assert_eq!(table.observe(Viewer::Seat(Seat(1)))["secrets"], json!([null, null]));
    assert_eq!(table.observe(Viewer::Seat(Seat(1)))["viewer"], json!({ "Seat": 1 }));
    assert_eq!(table.observe(Viewer::Spectator)["secrets"], json!([null, null]));
    assert_eq!(table.observe(Viewer::Spectator)["viewer"], json!("Spectator"));
    assert!(kind.info().has_hidden_information);
}

async fn views_and_steps_show_each_seat_only_its_own_secret(backend: Backend) {
    let (state, _db) = state_with_on(&backend, registry()).await;
    let app = router(state);
    let created = create(&app, duel()).await;
    let id = created["id"].as_str().unwrap();
    let (p1, p2) = (token(&created, 0), token(&created, 1));
    let (status, done) = act(&app, id, &p1, &json!({ "Commit": 4242 })).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(done["view"]["observation"]["secrets"], json!([4242, null]));
    assert_eq!(done["steps"][0]["decision"], json!({ "act": { "Commit": 4242 } }), "a seat sees its own decision");
    assert_eq!(done["steps"][0]["action"], "commit 4242");
    assert_eq!(done["steps"][0]["text"], json!(["P1 commits 4242"]));

    let mine = view(&app, id, Some(&p1)).await;
    assert_eq!(mine["observation"]["viewer"], json!({ "Seat": 0 }));
    assert_eq!(mine["observation"]["secrets"], json!([4242, null]));
    let theirs = view(&app, id, Some(&p2)).await;
    let spectator = view(&app, id, None).await;
    for (v, who) in [(&theirs, json!({ "Seat": 1 })), (&spectator, json!("Spectator"))] {
        assert_eq!(v["observation"]["viewer"], who);
        assert_eq!(v["observation"]["committed"], json!([true, false]));
        assert!(!v.to_string().contains("4242"), "the secret leaked to {who}: {v}");
        assert_eq!(v["recent"][0]["seat"], 0);
        assert!(v["recent"][0]["decision"].is_null() && v["recent"][0]["action"].is_null());
        assert_eq!(v["recent"][0]["text"], json!(["P1 commits a secret"]), "the game's summary");
    }
    // Records and replays show each viewer what they may see.
    let (status, record) = call(&app, "GET", &format!("/api/matches/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!((record["decisions"].clone(), record["hidden"].clone()), (json!([null]), json!(1)));
    let (_, mine) = call(&app, "GET", &format!("/api/matches/{id}/record?token={p1}"), None).await;
    assert_eq!(mine["decisions"], json!([{ "act": { "Commit": 4242 } }]));
    let (status, frame) = call(&app, "GET", &format!("/api/matches/{id}/replay/1"), None).await;
    assert_eq!(status, StatusCode::OK, "{frame}");
    assert!(!frame.to_string().contains("4242"), "the replay leaks the secret: {frame}");
    assert_eq!(frame["observation"]["viewer"], "Spectator");
    let (status, _) = call(&app, "GET", &format!("/api/matches/{id}/record?token=nope"), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a token must hold a seat");

    // P2 commits; the server rolls; the game ends and everything is shown.
    let (status, done) = act(&app, id, &p2, &json!({ "Commit": 9876 })).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(done["steps"].as_array().unwrap().len(), 2, "the action and the server's roll: {done}");
    assert!(done["steps"][1]["seat"].is_null());
    let end = view(&app, id, None).await;
    assert_eq!(end["observation"]["secrets"], json!([4242, 9876]));
    assert!(!end["outcome"].is_null());
    let (status, record) = call(&app, "GET", &format!("/api/matches/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(record["decisions"].as_array().unwrap().len(), 3);
    assert_eq!(record["hidden"], 0, "Secret Duel reveals everything once over");
    let (_, frame) = call(&app, "GET", &format!("/api/matches/{id}/replay/1"), None).await;
    assert_eq!(frame["observation"]["viewer"], "Referee");
}

async fn next_text(
    ws: &mut (impl StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin),
) -> String {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next()).await.unwrap().unwrap().unwrap();
        if let Message::Text(t) = msg {
            return t.to_string();
        }
    }
}

async fn no_secret_reaches_another_seats_socket(backend: Backend) {
    let (state, _db) = state_with_on(&backend, registry()).await;
    let app = router(state.clone());
    let addr = serve(state).await;
    let created = create(&app, duel()).await;
    let id = created["id"].as_str().unwrap();
    let (p1, p2) = (token(&created, 0), token(&created, 1));
    let url = |t: &str| format!("ws://{addr}/api/matches/{id}/ws?token={t}");
    let (mut ws1, _) = tokio_tungstenite::connect_async(url(&p1)).await.unwrap();
    let (mut ws2, _) = tokio_tungstenite::connect_async(url(&p2)).await.unwrap();
    let (mut spec, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/ws")).await.unwrap();
    for ws in [&mut ws1, &mut ws2, &mut spec] {
        assert!(next_text(ws).await.contains("\"type\":\"view\""));
    }
    ws1.send(Message::text(json!({ "type": "action", "action": { "Commit": 4242 }, "id": 1 }).to_string()))
        .await
        .unwrap();
    // P1 gets the acceptance (with its own decision) and the new view.
    let mut seen = Vec::new();
    while seen.len() < 2 {
        seen.push(next_text(&mut ws1).await);
    }
    assert!(seen.iter().any(|t| t.contains("\"accepted\"") && t.contains("4242")), "{seen:?}");
    // The others get the new view, without the secret.
    for ws in [&mut ws2, &mut spec] {
        let text = next_text(ws).await;
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["view"]["len"], 1, "{text}");
        assert_eq!(v["view"]["observation"]["committed"], json!([true, false]));
        assert!(!text.contains("4242"), "the secret leaked: {text}");
    }
    // P2 commits over its socket; from then on the game is over and all is shown.
    ws2.send(Message::text(json!({ "type": "action", "action": { "Commit": 1111 } }).to_string())).await.unwrap();
    let mut texts = Vec::new();
    while !texts.iter().any(|t: &String| t.contains("\"outcome\":{")) {
        texts.push(next_text(&mut spec).await);
    }
    assert!(texts.last().unwrap().contains("4242"), "shown once over");
}
