//! Leader cards: a leader's name, story, type, element, truth tokens and
//! items — the Worlds character sheet — and the Smokey Cauldron's wares.
//!
//! Cards are data: a card file is TOML (`name`, `story`, `type`, `element`,
//! `tokens`, `elixirs`, `relics`), checked on load.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The four lv1 leader types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum LeaderType {
    /// Wins ties in its ranged attacks.
    Ranger,
    /// Wins ties in its close-combat attacks.
    Striker,
    /// Wins ties when defending.
    Defender,
    /// May also move diagonally.
    Scout,
}

/// The four elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Element {
    /// +1 to trap disarming; re-roll a defence die twice per enemy round.
    Earth,
    /// +1 to diplomacy; +1 range.
    Wind,
    /// +1 to resurrection; re-roll the movement die twice per turn, keeping the higher.
    Water,
    /// +1 to lock-picking; re-roll attack dice twice per round.
    Fire,
}

/// Elixirs: used up when drunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Elixir {
    /// 5 tokens: +2 to defence rolls until the leader's next turn.
    Defense,
    /// 5 tokens: +2 to attack rolls until the leader's next turn.
    Attack,
    /// 5 tokens: +2 to movement rolls this turn.
    Speed,
    /// 5 tokens: regain one hit point.
    Health,
    /// 10 tokens: regain every hit point.
    FullHealth,
    /// 10 tokens: slip to the other side of a wall beside the leader.
    Tunnel,
    /// 10 tokens: one free ranged attack on any enemy.
    FreeShot,
    /// 10 tokens: re-roll the leader's attack or defence dice, keeping the higher.
    Quickening,
}

impl Elixir {
    /// Every elixir, cheap ones first.
    pub const ALL: [Elixir; 8] = [
        Elixir::Defense,
        Elixir::Attack,
        Elixir::Speed,
        Elixir::Health,
        Elixir::FullHealth,
        Elixir::Tunnel,
        Elixir::FreeShot,
        Elixir::Quickening,
    ];

    /// Price in truth tokens at the Smokey Cauldron: 5 or 10.
    pub fn cost(self) -> u32 {
        match self {
            Elixir::Defense | Elixir::Attack | Elixir::Speed | Elixir::Health => 5,
            _ => 10,
        }
    }

    /// The name in notation and on the card.
    pub fn name(self) -> &'static str {
        match self {
            Elixir::Defense => "defense",
            Elixir::Attack => "attack",
            Elixir::Speed => "speed",
            Elixir::Health => "health",
            Elixir::FullHealth => "full-health",
            Elixir::Tunnel => "tunnel",
            Elixir::FreeShot => "free-shot",
            Elixir::Quickening => "quickening",
        }
    }

    /// The elixir with a name.
    pub fn parse(text: &str) -> Option<Elixir> {
        Elixir::ALL.into_iter().find(|e| e.name() == text)
    }
}

/// The roll a once-per-turn +1 charm applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Bonus {
    /// Movement rolls.
    Movement,
    /// Defence rolls.
    Defense,
    /// Attack rolls.
    Attack,
    /// Range.
    Range,
}

impl Bonus {
    /// All four.
    pub const ALL: [Bonus; 4] = [Bonus::Movement, Bonus::Defense, Bonus::Attack, Bonus::Range];
}

/// Relics: permanent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case", tag = "relic", content = "of")]
pub enum Relic {
    /// 40 tokens: +1 hit point.
    Vitality,
    /// 40 tokens: +1 to all attack rolls.
    Might,
    /// 40 tokens: +1 to all defence rolls.
    Guard,
    /// 40 tokens: +1 to all movement rolls.
    Swiftness,
    /// 40 tokens: +1 range.
    Reach,
    /// 40 tokens: one more action per turn.
    Haste,
    /// 40 tokens: one free resurrection of a fallen leader, then gone.
    Resurrection,
    /// 60 tokens: the bonus of another leader type.
    Training(LeaderType),
    /// A chest's relic (Kingdom of Coyote): +1 to one kind of roll, once per turn.
    Charm(Bonus),
    /// The Duke's reward (Kingdom of Coyote): one free resurrection each game.
    CoyoteFavour,
}

impl Relic {
    /// Price in truth tokens, for the relics the Smokey Cauldron sells.
    pub fn cost(self) -> Option<u32> {
        match self {
            Relic::Training(_) => Some(60),
            Relic::Charm(_) | Relic::CoyoteFavour => None,
            _ => Some(40),
        }
    }

    /// Every relic for sale.
    pub fn for_sale() -> Vec<Relic> {
        let mut v = vec![
            Relic::Vitality,
            Relic::Might,
            Relic::Guard,
            Relic::Swiftness,
            Relic::Reach,
            Relic::Haste,
            Relic::Resurrection,
        ];
        v.extend(
            [LeaderType::Ranger, LeaderType::Striker, LeaderType::Defender, LeaderType::Scout].map(Relic::Training),
        );
        v
    }

    /// The name in notation.
    pub fn name(self) -> String {
        match self {
            Relic::Vitality => "vitality".into(),
            Relic::Might => "might".into(),
            Relic::Guard => "guard".into(),
            Relic::Swiftness => "swiftness".into(),
            Relic::Reach => "reach".into(),
            Relic::Haste => "haste".into(),
            Relic::Resurrection => "resurrection".into(),
            Relic::Training(t) => format!("training-{}", format!("{t:?}").to_lowercase()),
            Relic::Charm(b) => format!("charm-{}", format!("{b:?}").to_lowercase()),
            Relic::CoyoteFavour => "coyote-favour".into(),
        }
    }

    /// The relic with a name.
    pub fn parse(text: &str) -> Option<Relic> {
        let mut all = Relic::for_sale();
        all.extend(Bonus::ALL.map(Relic::Charm));
        all.push(Relic::CoyoteFavour);
        all.into_iter().find(|r| r.name() == text)
    }
}

/// A leader's card.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct LeaderCard {
    /// The leader's name.
    pub name: String,
    /// Background story.
    #[serde(default)]
    pub story: String,
    /// Ranger, Striker, Defender or Scout.
    #[serde(rename = "type")]
    pub kind: LeaderType,
    /// Earth, Wind, Water or Fire.
    pub element: Element,
    /// Truth tokens.
    #[serde(default)]
    pub tokens: u32,
    /// Elixirs carried.
    #[serde(default)]
    pub elixirs: Vec<Elixir>,
    /// Relics owned.
    #[serde(default)]
    pub relics: Vec<Relic>,
}

impl LeaderCard {
    /// A new lv1 leader with nothing yet.
    pub fn new(name: &str, kind: LeaderType, element: Element) -> LeaderCard {
        LeaderCard {
            name: name.into(),
            story: String::new(),
            kind,
            element,
            tokens: 0,
            elixirs: Vec::new(),
            relics: Vec::new(),
        }
    }

    /// True if the leader has a type's bonus, by nature or by training.
    pub fn is(&self, t: LeaderType) -> bool {
        self.kind == t || self.relics.contains(&Relic::Training(t))
    }

    /// Reads a card file.
    pub fn from_toml(text: &str) -> Result<LeaderCard, String> {
        let card: LeaderCard = toml::from_str(text).map_err(|e| e.to_string())?;
        if card.name.trim().is_empty() || card.name.len() > 60 {
            return Err("a leader needs a name of 1 to 60 characters".into());
        }
        if card.elixirs.len() > 64 || card.relics.len() > 64 {
            return Err("a leader carries at most 64 elixirs and 64 relics".into());
        }
        Ok(card)
    }

    /// Reads a party file: one `[[leader]]` table per card, in leader order.
    pub fn party_from_toml(text: &str) -> Result<Vec<LeaderCard>, String> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Party {
            leader: Vec<LeaderCard>,
        }
        let party: Party = toml::from_str(text).map_err(|e| e.to_string())?;
        if !(1..=4).contains(&party.leader.len()) {
            return Err(format!("a party has 1 to 4 [[leader]] cards, not {}", party.leader.len()));
        }
        for (i, card) in party.leader.iter().enumerate() {
            if card.name.trim().is_empty() || card.name.len() > 60 {
                return Err(format!("leader {}: a leader needs a name of 1 to 60 characters", i + 1));
            }
            if card.elixirs.len() > 64 || card.relics.len() > 64 {
                return Err(format!("leader {}: a leader carries at most 64 elixirs and 64 relics", i + 1));
            }
        }
        Ok(party.leader)
    }

    /// A party written as its composition, leader types (and elements) in
    /// start-square order: `striker-fire+ranger+defender-earth`. A type
    /// without an element takes the rulebook leader's (defender earth,
    /// striker fire, ranger water, scout wind). Leaders are named by element
    /// and type ("Fire Striker", then "Fire Striker 2"), carry nothing and
    /// have no tokens: what differs between two compositions is who they are.
    pub fn party_from_composition(text: &str) -> Result<Vec<LeaderCard>, String> {
        let words = "TYPE or TYPE-ELEMENT joined by '+': types ranger, striker, defender, scout; \
                     elements earth, wind, water, fire";
        let mut party: Vec<LeaderCard> = Vec::new();
        for piece in text.split('+').map(str::trim) {
            let (kind, element) = piece.split_once('-').unwrap_or((piece, ""));
            let kind = match kind.to_ascii_lowercase().as_str() {
                "ranger" => LeaderType::Ranger,
                "striker" => LeaderType::Striker,
                "defender" => LeaderType::Defender,
                "scout" => LeaderType::Scout,
                _ => {
                    let shown: String = piece.chars().take(30).collect();
                    return Err(format!("'{shown}' is not a leader type ({words})"));
                }
            };
            let element = match element.to_ascii_lowercase().as_str() {
                "" => match kind {
                    LeaderType::Defender => Element::Earth,
                    LeaderType::Striker => Element::Fire,
                    LeaderType::Ranger => Element::Water,
                    LeaderType::Scout => Element::Wind,
                },
                "earth" => Element::Earth,
                "wind" => Element::Wind,
                "water" => Element::Water,
                "fire" => Element::Fire,
                _ => {
                    let shown: String = piece.chars().take(30).collect();
                    return Err(format!("'{shown}' has no such element ({words})"));
                }
            };
            let base = format!("{element:?} {kind:?}");
            let same = party.iter().filter(|c| c.kind == kind && c.element == element).count();
            let name = if same == 0 { base } else { format!("{base} {}", same + 1) };
            party.push(LeaderCard::new(&name, kind, element));
            if party.len() > 4 {
                return Err(format!("a party has 1 to 4 leaders ({words})"));
            }
        }
        Ok(party)
    }

    /// The four leaders printed in the rulebook, the default party.
    pub fn default_party() -> Vec<LeaderCard> {
        let mut party = vec![
            LeaderCard::new("Aurora Thorne", LeaderType::Defender, Element::Earth),
            LeaderCard::new("Ma'Nia", LeaderType::Striker, Element::Fire),
            LeaderCard::new("Nobu", LeaderType::Ranger, Element::Water),
            LeaderCard::new("The Opal Ambassador", LeaderType::Scout, Element::Wind),
        ];
        for (card, story) in party.iter_mut().zip([
            "An Earth Defender who holds the line for the others.",
            "A Fire Striker, first into every fight.",
            "A Water Ranger who never misses twice.",
            "A Wind Scout who talks before fighting.",
        ]) {
            card.story = story.into();
        }
        party
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_composition_names_its_leaders_and_refuses_what_is_not_one() {
        let p = LeaderCard::party_from_composition("striker+striker-water+Scout-fire").unwrap();
        let names: Vec<&str> = p.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Fire Striker", "Water Striker", "Fire Scout"]);
        assert_eq!((p[0].kind, p[0].element), (LeaderType::Striker, Element::Fire));
        assert_eq!(LeaderCard::party_from_composition("scout+scout").unwrap()[1].name, "Wind Scout 2");
        assert!(LeaderCard::party_from_composition("wizard").unwrap_err().contains("'wizard' is not a leader type"));
        assert!(LeaderCard::party_from_composition("ranger-lava").unwrap_err().contains("no such element"));
        assert!(LeaderCard::party_from_composition("scout+scout+scout+scout+scout").unwrap_err().contains("1 to 4"));
        assert!(LeaderCard::party_from_composition("").is_err());
    }

    #[test]
    fn cards_read_from_toml_and_reject_nonsense() {
        let c = LeaderCard::from_toml(
            "name = \"Kit\"\ntype = \"scout\"\nelement = \"water\"\ntokens = 12\nelixirs = [\"speed\", \"tunnel\"]\nrelics = [{ relic = \"training\", of = \"ranger\" }]\n",
        )
        .unwrap();
        assert!(c.is(LeaderType::Scout) && c.is(LeaderType::Ranger) && !c.is(LeaderType::Striker));
        assert_eq!(c.elixirs, [Elixir::Speed, Elixir::Tunnel]);
        let e = LeaderCard::from_toml("name = \"Kit\"\ntype = \"wizard\"\nelement = \"water\"\n").unwrap_err();
        assert!(e.contains("line 2"), "{e}");
        assert!(LeaderCard::from_toml("name = \"\"\ntype = \"scout\"\nelement = \"water\"\n").is_err());
        assert!(LeaderCard::from_toml("name = \"Kit\"\ntype = \"scout\"\nelement = \"water\"\nmana = 3\n").is_err());
    }

    #[test]
    fn a_party_file_lists_its_cards_in_order() {
        let p = LeaderCard::party_from_toml(
            "[[leader]]\nname = \"Kit\"\ntype = \"scout\"\nelement = \"water\"\n\n[[leader]]\nname = \"Bo\"\ntype = \"ranger\"\nelement = \"fire\"\ntokens = 45\n",
        )
        .unwrap();
        assert_eq!(p.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Kit", "Bo"]);
        assert_eq!(p[1].tokens, 45);
        let e = LeaderCard::party_from_toml("[[leader]]\nname = \"Kit\"\ntype = \"scout\"\nelement = \"lava\"\n")
            .unwrap_err();
        assert!(e.contains("line 4"), "{e}");
        assert!(LeaderCard::party_from_toml("").unwrap_err().contains("leader"));
    }

    #[test]
    fn the_smokey_cauldron_prices() {
        assert_eq!(Elixir::Health.cost(), 5);
        assert_eq!(Elixir::Quickening.cost(), 10);
        assert_eq!(Relic::Haste.cost(), Some(40));
        assert_eq!(Relic::Training(LeaderType::Scout).cost(), Some(60));
        assert_eq!(Relic::Charm(Bonus::Range).cost(), None);
        for r in Relic::for_sale() {
            assert_eq!(Relic::parse(&r.name()), Some(r));
        }
    }
}
