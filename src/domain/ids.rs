//! Typed identifiers, so a team's id can never be passed where an organisation's is meant.

use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl From<i64> for $name {
            fn from(id: i64) -> Self {
                Self(id)
            }
        }

        impl From<$name> for i64 {
            fn from(id: $name) -> Self {
                id.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id_type!(
    /// An account.
    UserId
);
id_type!(
    /// An organisation: a league body such as a county or pub league association.
    OrganisationId
);
id_type!(
    /// A team in an organisation.
    TeamId
);
id_type!(
    /// A competition (a league) run by an organisation.
    CompetitionId
);
id_type!(
    /// A season of a competition.
    SeasonId
);
id_type!(
    /// A division of a season.
    DivisionId
);
id_type!(
    /// A player registered with an organisation.
    PlayerId
);
id_type!(
    /// A fixture: one match between two teams of a division.
    FixtureId
);
id_type!(
    /// A personal API token of an account.
    ApiTokenId
);
id_type!(
    /// A championship: an event of an organisation run round by round.
    ChampionshipId
);
id_type!(
    /// An entrant of a championship: a player, a pair or a team.
    EntrantId
);
id_type!(
    /// A published round of a championship.
    RoundId
);
id_type!(
    /// A table of a championship's round.
    TableId
);
id_type!(
    /// A request to move a player from one team's squad to another's.
    TransferId
);
