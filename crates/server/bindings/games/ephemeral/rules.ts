// Generated from crates/ephemeral (Entry::export_typescript): the rules' distances, in cm.
/** How far a prep token's nudge moves a figure, climbing included. */
export const NUDGE_CM = 2;
/** The extra range a prep token's reach gives the next attack. */
export const REACH_CM = 5;
/** How far enemy figures must be from a figure placed while foraging. */
export const PLACE_CLEARANCE = 5;
/** How far the gate must be from the play area's edge. */
export const GATE_CLEARANCE = 5;
/** The gate's diameter. */
export const GATE_DIAMETER = 9;
