//! Spell potions and spell scrolls: "[Spell] Potion I • You or an ally in
//! reach are affected by the spell, as if cast by a rank 1 caster." —
//! "[Spell] Scroll I … Only a creature capable of casting spells can use a
//! scroll. They can cast the spell on the scroll, using their own caster
//! rank, after which the scroll is consumed. They must spend the spell's
//! action point cost to cast it."
//!
//! The warband names the spell in brackets (`Spell Scroll I (Heal)`); the
//! warband check makes sure it fits the item ([`crate::warband::spell_fits`]).
//! In play the item becomes powers of its carrier, used once (ruling
//! P2V-R93):
//! - a potion: one power costing the item's action (drinking), aimed at the
//!   drinker or a creature in reach (Melee 1), with the effect of the
//!   spell's first cast of range Self or Melee 1, heightened to the potion's
//!   rank; drinking is not casting, so it opens no reaction to a cast;
//! - a scroll: one power per cast of the spell, as a caster's own spell
//!   (the cast machinery of [`super::cast`]: `cast NAME …`, the spell's
//!   action points, its reactions), at the carrier's caster rank, all
//!   spending the one use; a scroll's spell is not sustained.

use super::cast::SpellUse;
use super::roster::{Power, Profile};
use crate::Area;
use crate::program::Affects;
use crate::spell::SpellBook;
use crate::warband::{ChosenItem, spell_fits, touch};

impl Profile {
    /// Takes a spell potion or scroll as powers; false if the engine
    /// cannot run its spell (the item is then listed as not run).
    pub(crate) fn take_spell_item(&mut self, it: &ChosenItem, rank: Option<u8>) -> bool {
        let Ok(book) = SpellBook::starter_ref() else { return false };
        let Some(name) = it.choice.as_deref() else { return false };
        let Some(sp) = book.get(name).filter(|sp| sp.runs()) else { return false };
        if spell_fits(&it.item, name).is_err() || self.powers.len() >= 32 {
            return false;
        }
        let label = it.label();
        let only: Vec<String> = it.item.only.iter().map(|t| t.trim().to_ascii_lowercase()).collect();
        if let Some(potion) = it.item.potion {
            let Some(k) = sp.cast.iter().position(touch) else { return false };
            let Some(mut program) = sp.heightened(k, potion) else { return false };
            // "You or an ally in reach are affected by the spell."
            program.affects = Affects::Allies;
            self.own_items.push(super::loot::Slot { weapon: false, index: self.powers.len() as u8 });
            self.powers.push(Power {
                name: label,
                cost: it.item.action,
                area: Some(Area::Melee(None)),
                uses: Some(1),
                program,
                spell: None,
                only,
            });
            return true;
        }
        let rank = rank.unwrap_or(1).max(sp.rank).max(1);
        let first = u8::try_from(self.powers.len()).unwrap_or(u8::MAX);
        // A summoning spell names no creature outside a caster's own list.
        let casts: Vec<usize> = (0..sp.cast.len()).filter(|&k| !sp.cast[k].strike).collect();
        if sp.summons() {
            return false;
        }
        if casts.is_empty() || self.powers.len() + casts.len() > 32 {
            return false;
        }
        for k in casts {
            let (Some(cast), Some(program)) = (sp.cast.get(k), sp.heightened(k, rank)) else { continue };
            self.powers.push(Power {
                name: label.clone(),
                cost: cast.action,
                area: cast.area,
                uses: Some(1),
                program,
                spell: Some(SpellUse {
                    spell: label.clone(),
                    cast: k as u8,
                    casts: sp.cast.len() as u8,
                    counter: Some(first),
                    range: cast.range,
                    sustain: None,
                    rank,
                    except: None,
                    once: None,
                    traits: sp.traits.clone(),
                    tradition: None,
                }),
                only: only.clone(),
            });
        }
        true
    }
}
