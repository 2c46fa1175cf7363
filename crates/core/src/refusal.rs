//! Refusals: why a proposed decision is not allowed.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// The answer to an illegal decision: which rule forbids it, why, and where
/// the rulebook says so.
///
/// `rule` is a stable identifier (for example `essence.move.blocked`) that
/// clients and tests may match on; `reason` is one line for a person; `section`
/// names the rulebook section the rule comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    /// Stable rule identifier, `<game>.<topic>.<rule>`.
    pub rule: Cow<'static, str>,
    /// One line, in plain words, saying what is wrong.
    pub reason: Cow<'static, str>,
    /// The rulebook section (or ruling) the rule comes from.
    pub section: Cow<'static, str>,
}

impl Refusal {
    /// A refusal with a fixed reason.
    pub const fn new(rule: &'static str, reason: &'static str, section: &'static str) -> Self {
        Refusal { rule: Cow::Borrowed(rule), reason: Cow::Borrowed(reason), section: Cow::Borrowed(section) }
    }

    /// A refusal whose reason is composed at the time of refusal (a fixed
    /// reason passed as `&'static str` is borrowed, not copied: rules that
    /// judge many candidates refuse most of them).
    pub fn because(rule: &'static str, reason: impl Into<Cow<'static, str>>, section: &'static str) -> Self {
        Refusal { rule: Cow::Borrowed(rule), reason: reason.into(), section: Cow::Borrowed(section) }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}; rulebook: {}]", self.reason, self.rule, self.section)
    }
}

impl std::error::Error for Refusal {}
