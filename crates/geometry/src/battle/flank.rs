//! Flanking: "When a creature has enemy creatures on opposite sides of it,
//! and those creatures are not helpless, the creature is flanked. … The
//! target must be in reach of both flankers, and a line drawn from the
//! center of one flanker's space to the center of the other must pass
//! through the target's space."
//!
//! *Through* means through the inside of the target's space: a line that
//! only touches a corner or runs along a side does not pass through it
//! (ruling P2V-G16).

use super::board::Space;
use super::field::{Battlefield, FigureId};
use super::line::{Line, Ratio};

/// True if the line between the centres of `a` and `b` passes through the
/// inside of `target`.
pub fn opposite(a: &Space, b: &Space, target: &Space) -> bool {
    let (p, q) = (a.centre(), b.centre());
    if p == q {
        return false;
    }
    let line = Line::through(p, q);
    let (lo, hi) = target.bounds();
    let Some((t0, t1)) = line.clip(lo, hi) else { return false };
    let (t0, t1) = (t0.max(Ratio::ZERO), t1.min(Ratio::ONE));
    if t0 >= t1 {
        return false;
    }
    // The middle of the part inside the box, strictly inside it.
    let m_num = i128::from(t0.n) * i128::from(t1.d) + i128::from(t1.n) * i128::from(t0.d);
    let m_den = 2 * i128::from(t0.d) * i128::from(t1.d);
    let x = i128::from(line.p.x) * m_den + m_num * i128::from(line.d.x);
    let y = i128::from(line.p.y) * m_den + m_num * i128::from(line.d.y);
    let within = |v: i128, lo: i32, hi: i32| v > i128::from(lo) * m_den && v < i128::from(hi) * m_den;
    within(x, lo.x, hi.x) && within(y, lo.y, hi.y)
}

impl Battlefield {
    /// True if `a` and `b` flank `target`: both are its enemies, neither is
    /// helpless, each has it within its reach (`reach_a`, `reach_b` in
    /// squares), and the line between their centres passes through it.
    pub fn flanks(&self, a: FigureId, b: FigureId, target: FigureId, reach_a: u32, reach_b: u32) -> bool {
        let (Some(fa), Some(fb), Some(ft)) = (self.figure(a), self.figure(b), self.figure(target)) else {
            return false;
        };
        a != b
            && a != target
            && b != target
            && fa.team != ft.team
            && fb.team != ft.team
            && !fa.helpless
            && !fb.helpless
            && self.in_reach(a, target, reach_a)
            && self.in_reach(b, target, reach_b)
            && opposite(&fa.space, &fb.space, &ft.space)
    }

    /// Every pair of figures flanking `target`, each figure's reach given by
    /// `reach`.
    pub fn flankers(&self, target: FigureId, reach: impl Fn(FigureId) -> u32) -> Vec<(FigureId, FigureId)> {
        let ids: Vec<FigureId> = self.figures().map(|(id, _)| id).filter(|&id| self.enemies(id, target)).collect();
        let mut out = Vec::new();
        for (i, &a) in ids.iter().enumerate() {
            for &b in &ids[i + 1..] {
                if self.flanks(a, b, target, reach(a), reach(b)) {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// True if `target` is flanked by any two of its enemies.
    pub fn flanked(&self, target: FigureId, reach: impl Fn(FigureId) -> u32) -> bool {
        !self.flankers(target, reach).is_empty()
    }
}
