//! The site's admins: organisations and their first organiser.

pub mod organisations;
