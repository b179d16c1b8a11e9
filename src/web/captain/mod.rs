//! What a team's captains do: their team's page (contact details, captain invitations for
//! organisers) and entering, confirming or disputing a fixture's result.

pub mod results;
pub mod squad;
pub mod team;
