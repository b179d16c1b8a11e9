//! What a team's captains do: their team's page (contact details, captain invitations for
//! organisers), scoring a fixture hand by hand, and entering, confirming or disputing a
//! fixture's result.

pub mod fixture_hands;
pub mod results;
pub mod squad;
pub mod team;
