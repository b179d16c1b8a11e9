//! Form pieces the organisers' and the captains' pages share: each field's problems, a use
//! case's refusal as a form shows it, the choice of a league night, and a team's pub as typed.

use std::collections::BTreeMap;

use chrono::Weekday;
use serde::Deserialize;

use crate::app::{AppError, Field};
use crate::domain::league::{Venue, VenueAddress, WEEKDAYS, weekday_name, weekday_named};
use crate::domain::organisation::DisplayName;
use crate::web::error::WebError;
use crate::web::session::Viewer;

/// Each field's problems, by the field's name in the form.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<&'static str, Vec<String>>);

impl FieldErrors {
    /// Just one problem, at one field, such as a name the store found taken.
    pub(crate) fn only(field: &'static str, message: impl Into<String>) -> Self {
        let mut errors = Self::default();
        errors.add(field, message);
        errors
    }

    pub(crate) fn add(&mut self, field: &'static str, message: impl Into<String>) {
        self.0.entry(field).or_default().push(message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The field's problems as one text, empty when it has none.
    pub fn of(&self, field: &str) -> String {
        self.0.get(field).map(|m| m.join(" ")).unwrap_or_default()
    }

    pub fn has(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }

    pub fn all(&self) -> Vec<String> {
        self.0.values().flatten().cloned().collect()
    }
}

/// A use case's refusal of what a form typed, one message a problem (a pasted list's with
/// the line it is on); any other error (not signed in, not theirs, the store failing) is the
/// error page's.
pub(crate) fn refusal_messages(viewer: &Viewer, error: AppError) -> Result<Vec<String>, WebError> {
    match error {
        AppError::Conflict(conflict) => Ok(vec![conflict.to_string()]),
        AppError::Invalid(problems) => Ok(problems
            .into_iter()
            .map(|problem| match problem.field {
                Field::Line(line) => format!("Line {line}: {}", problem.message),
                _ => problem.message,
            })
            .collect()),
        error => Err(viewer.refused(error)),
    }
}

/// A league night as the form's select offers it.
pub struct NightChoice {
    pub value: &'static str,
    pub selected: bool,
}

/// The pub form as typed.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct PubForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub address: String,
    /// A weekday's name, or empty for the league's own night.
    #[serde(default)]
    pub night: String,
}

impl PubForm {
    /// The nights of the week to choose from, the form's own chosen.
    pub fn nights(&self) -> Vec<NightChoice> {
        WEEKDAYS
            .into_iter()
            .map(|day: Weekday| NightChoice {
                value: weekday_name(day),
                selected: weekday_name(day) == self.night.trim(),
            })
            .collect()
    }

    pub fn of(venue: Option<&Venue>) -> Self {
        venue.map_or_else(Self::default, |venue| Self {
            name: venue.name.as_str().to_string(),
            address: venue.address.as_str().to_string(),
            night: venue.night.map(weekday_name).unwrap_or("").to_string(),
        })
    }

    /// The pub the form names; `Ok(None)` when name and address are both left empty, which
    /// takes the team's pub away.
    pub fn venue(&self) -> Result<Option<Venue>, FieldErrors> {
        let mut errors = FieldErrors::default();
        if self.name.trim().is_empty() && self.address.trim().is_empty() {
            return Ok(None);
        }
        let name = DisplayName::try_from(self.name.as_str())
            .map_err(|error| errors.add("name", error.to_string()))
            .ok();
        let address = VenueAddress::try_from(self.address.as_str())
            .map_err(|error| errors.add("address", error.to_string()))
            .ok();
        let night = match self.night.trim() {
            "" => Some(None),
            typed => match weekday_named(typed) {
                Some(day) => Some(Some(day)),
                None => {
                    errors.add("night", "Choose a night of the week, or the league's own.");
                    None
                }
            },
        };
        match (name, address, night) {
            (Some(name), Some(address), Some(night)) if errors.is_empty() => Ok(Some(Venue {
                name,
                address,
                night,
            })),
            _ => Err(errors),
        }
    }
}
