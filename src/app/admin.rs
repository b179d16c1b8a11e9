//! Site administration: organisations and their first organiser.

use chrono::Utc;

use super::{AppError, Conflict, Field, Who, require};
use crate::domain::account::EmailAddress;
use crate::domain::authorisation::Permission;
use crate::domain::organisation::{DisplayName, Slug};
use crate::store::{NewOrganisation, Organisation, Store, StoreError};

/// Every organisation, for the site's admins.
pub async fn organisations(store: &dyn Store, who: Who<'_>) -> Result<Vec<Organisation>, AppError> {
    require(who, Permission::AdministerSite)?;
    Ok(store.organisations().await?)
}

/// Makes an organisation with the account of `organiser` as its first organiser.
pub async fn create_organisation(
    store: &dyn Store,
    who: Who<'_>,
    name: DisplayName,
    slug: Slug,
    organiser: &EmailAddress,
) -> Result<Organisation, AppError> {
    require(who, Permission::AdministerSite)?;
    let organisation = NewOrganisation {
        slug,
        name,
        created_at: Utc::now(),
    };
    match store.create_organisation(&organisation, organiser).await {
        Ok(created) => Ok(created),
        Err(StoreError::SlugTaken) => Err(AppError::Conflict(Conflict::Taken {
            field: Field::ShortName,
            message: "Another organisation already has that short name.".to_string(),
        })),
        Err(StoreError::NoSuchAccount) => Err(AppError::invalid(
            Field::Email,
            format!("No account has the email address {organiser}. Create the account first."),
        )),
        Err(error) => Err(error.into()),
    }
}
