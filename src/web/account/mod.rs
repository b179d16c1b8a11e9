//! A person's own account: logging in and out, the dashboard, the password, API tokens, and
//! taking up a captain or organiser invitation, and resetting a forgotten password.

pub mod access;
pub mod invites;
pub mod organiser_invites;
pub mod password_reset;
pub mod tasks;
pub mod tokens;
