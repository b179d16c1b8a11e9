//! Site administration: organisations and their first organiser.

use chrono::Utc;

use super::{AppError, Field, Problem, Who, require};
use crate::domain::account::EmailAddress;
use crate::domain::authorisation::Permission;
use crate::domain::organisation::{DisplayName, Slug};
use crate::store::{NewOrganisation, Organisation, Store, StoreError};

/// Every organisation, for the site's admins.
pub async fn organisations(store: &dyn Store, who: Who<'_>) -> Result<Vec<Organisation>, AppError> {
    require(who, Permission::AdministerSite)?;
    Ok(store.organisations().await?)
}

/// A new organisation as typed: its name, its short name and its first organiser's address.
pub struct OrganisationTyped<'a> {
    pub name: &'a str,
    pub slug: &'a str,
    pub organiser_email: &'a str,
}

/// Makes an organisation with the account of the typed organiser's address as its first
/// organiser. Every problem with what was typed is told at once: each field's own, a short
/// name taken, an address with no account.
pub async fn create_organisation(
    store: &dyn Store,
    who: Who<'_>,
    typed: OrganisationTyped<'_>,
) -> Result<Organisation, AppError> {
    require(who, Permission::AdministerSite)?;
    let mut problems = Vec::new();
    let mut problem = |field, message: String| problems.push(Problem::new(field, message));
    let name = DisplayName::try_from(typed.name)
        .map_err(|error| problem(Field::Name, error.to_string()))
        .ok();
    let slug = Slug::try_from(typed.slug)
        .map_err(|error| problem(Field::ShortName, error.to_string()))
        .ok();
    let organiser = EmailAddress::try_from(typed.organiser_email)
        .map_err(|error| problem(Field::Email, error.to_string()))
        .ok();
    if let Some(slug) = &slug
        && store.organisation_by_slug(slug.as_str()).await?.is_some()
    {
        problem(Field::ShortName, slug_taken());
    }
    if let Some(organiser) = &organiser
        && store.credentials(organiser).await?.is_none()
    {
        problem(Field::Email, no_account(organiser));
    }
    let (Some(name), Some(slug), Some(organiser), true) =
        (name, slug, organiser, problems.is_empty())
    else {
        return Err(AppError::Invalid(problems));
    };
    let organisation = NewOrganisation {
        slug,
        name,
        created_at: Utc::now(),
    };
    // Checked again where it counts: another admin may have taken the name meanwhile.
    match store.create_organisation(&organisation, &organiser).await {
        Ok(created) => Ok(created),
        Err(StoreError::SlugTaken) => Err(AppError::invalid(Field::ShortName, slug_taken())),
        Err(StoreError::NoSuchAccount) => {
            Err(AppError::invalid(Field::Email, no_account(&organiser)))
        }
        Err(error) => Err(error.into()),
    }
}

fn slug_taken() -> String {
    "Another organisation already has that short name.".to_string()
}

fn no_account(organiser: &EmailAddress) -> String {
    format!("No account has the email address {organiser}. Create the account first.")
}
