//! A person's own account: logging in and out, the dashboard, the password, API tokens, and
//! taking up a captain invitation.

pub mod access;
pub mod invites;
pub mod tasks;
pub mod tokens;
