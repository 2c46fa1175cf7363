//! Terrain some creatures cross unhindered: "Forest Stride: Difficult
//! terrain made by plants does not slow it."
//!
//! A creature whose card says so (`unhindered = "plant"`) moves over the
//! battlefield with the difficulty of that terrain gone — its Strides, Steps
//! and the walk square by square — while everything else about the terrain
//! (cover, concealment, what acts on it) stays (ruling P2V-R70).

use super::rules::P2v;
use super::state::State;
use arbiter_geometry::battle::Battlefield;
use std::borrow::Cow;

impl P2v {
    /// The battlefield `who` moves over: the state's, or for a creature
    /// some difficult terrain does not slow, the same with that terrain's
    /// difficulty gone.
    pub(crate) fn move_field<'a>(&self, s: &'a State, who: u8) -> Cow<'a, Battlefield> {
        let base = self.field(s);
        let Some(t) = self.profile(usize::from(who)).and_then(|p| p.unhindered) else {
            return Cow::Borrowed(base);
        };
        let mut field = Battlefield::shared(self.unhindered_terrain(base.terrain_arc(), t));
        for (id, f) in base.figures() {
            field.put(id, f.clone());
        }
        Cow::Owned(field)
    }
}
