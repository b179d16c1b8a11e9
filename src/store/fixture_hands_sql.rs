//! The [`FixtureHandStore`](super::FixtureHandStore) methods, written once in SQL both dialects
//! accept, like those of `sql.rs`.

macro_rules! fixture_hands_sql_store {
    ($store:ty, db: $db:ty) => {
        const _: () = {
            use $crate::domain::fixture_play::GamePlayers;
            use $crate::domain::ids::{FixtureId, PlayerId};
            use $crate::store::hand_rows_sql::FIXTURE_HANDS;
            use $crate::store::{
                FixtureHandStore, HandKept, KeptFixtureGame, KeptHand, NewFixtureHand, StoreError,
            };

            $crate::store::hand_rows_sql::hand_rows_sql!($db);

            fn ids_of(text: &str) -> Result<Vec<PlayerId>, StoreError> {
                serde_json::from_str::<Vec<i64>>(text)
                    .map(|ids| ids.into_iter().map(PlayerId).collect())
                    .map_err(|error| StoreError::Corrupt(format!("a game's players: {error}")))
            }

            fn text_of(players: &[PlayerId]) -> String {
                serde_json::to_string(&players.iter().map(|id| id.0).collect::<Vec<_>>())
                    .expect("a list of numbers is JSON")
            }

            /// Takes the fixture's row for the rest of the transaction (which also moves the
            /// content revision, so cached pages show the change), while it waits for its
            /// result.
            async fn fixture_waiting(
                tx: &mut sqlx::Transaction<'_, $db>,
                fixture: FixtureId,
            ) -> Result<(), StoreError> {
                let status: Option<String> = sqlx::query_scalar(
                    "UPDATE fixtures SET status = status WHERE id = $1 RETURNING status",
                )
                .bind(fixture.0)
                .fetch_optional(&mut **tx)
                .await?;
                match status.as_deref() {
                    None => Err(StoreError::NotFound("fixture")),
                    Some("scheduled" | "postponed") => Ok(()),
                    Some(_) => Err(StoreError::ResultAlreadySubmitted),
                }
            }

            #[async_trait::async_trait]
            impl FixtureHandStore for $store {
                async fn fixture_games(
                    &self,
                    fixture: FixtureId,
                ) -> Result<Vec<KeptFixtureGame>, StoreError> {
                    let games: Vec<(i64, String, String)> = sqlx::query_as(
                        "SELECT CAST(game AS BIGINT), home_players, away_players \
                         FROM fixture_games_in_play WHERE fixture_id = $1 ORDER BY game",
                    )
                    .bind(fixture.0)
                    .fetch_all(&self.pool)
                    .await?;
                    let hands: Vec<(i64, i64, String, String)> = sqlx::query_as(
                        "SELECT CAST(game AS BIGINT), CAST(hand AS BIGINT), record, \
                         idempotency_key FROM fixture_hands WHERE fixture_id = $1 \
                         ORDER BY game, hand",
                    )
                    .bind(fixture.0)
                    .fetch_all(&self.pool)
                    .await?;
                    let mut kept = Vec::with_capacity(games.len());
                    for (game, home, away) in games {
                        kept.push(KeptFixtureGame {
                            game: game as u32,
                            players: GamePlayers {
                                home: ids_of(&home)?,
                                away: ids_of(&away)?,
                            },
                            hands: Vec::new(),
                        });
                    }
                    for (game, hand, record, key) in hands {
                        let Some(kept_game) = kept.iter_mut().find(|g| i64::from(g.game) == game)
                        else {
                            return Err(StoreError::Corrupt(format!(
                                "a fixture's hand of game {game}, which has no players"
                            )));
                        };
                        kept_game.hands.push(KeptHand {
                            game: game as u32,
                            hand: hand as u32,
                            record: serde_json::from_str(&record).map_err(|error| {
                                StoreError::Corrupt(format!("a fixture's hand: {error}"))
                            })?,
                            key,
                        });
                    }
                    Ok(kept)
                }

                async fn set_fixture_game_players(
                    &self,
                    fixture: FixtureId,
                    game: u32,
                    players: &GamePlayers,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    fixture_waiting(&mut tx, fixture).await?;
                    let last_game: Option<i64> = sqlx::query_scalar(
                        "SELECT CAST(MAX(game) AS BIGINT) FROM fixture_games_in_play \
                         WHERE fixture_id = $1",
                    )
                    .bind(fixture.0)
                    .fetch_one(&mut *tx)
                    .await?;
                    let game = i64::from(game);
                    let last_game = last_game.unwrap_or(0);
                    let hands_of_game = last_hand(&mut tx, &FIXTURE_HANDS, fixture.0)
                        .await?
                        .is_some_and(|(last, _)| last == game);
                    if game == last_game && !hands_of_game {
                        sqlx::query(
                            "UPDATE fixture_games_in_play SET home_players = $3, \
                             away_players = $4 WHERE fixture_id = $1 AND game = $2",
                        )
                        .bind(fixture.0)
                        .bind(game)
                        .bind(text_of(&players.home))
                        .bind(text_of(&players.away))
                        .execute(&mut *tx)
                        .await?;
                    } else if game == last_game + 1 {
                        sqlx::query(
                            "INSERT INTO fixture_games_in_play \
                             (fixture_id, game, home_players, away_players) \
                             VALUES ($1, $2, $3, $4)",
                        )
                        .bind(fixture.0)
                        .bind(game)
                        .bind(text_of(&players.home))
                        .bind(text_of(&players.away))
                        .execute(&mut *tx)
                        .await?;
                    } else {
                        return Err(StoreError::HandPlaceTaken);
                    }
                    tx.commit().await?;
                    Ok(())
                }

                async fn add_fixture_hand(
                    &self,
                    hand: &NewFixtureHand<'_>,
                ) -> Result<HandKept, StoreError> {
                    let mut tx = self.begin_write().await?;
                    // A resend is answered as kept even after its hand ended the fixture's
                    // last game and brought the result.
                    if kept_by_key(&mut tx, &FIXTURE_HANDS, hand.fixture.0, hand.key).await? {
                        return Ok(HandKept::AlreadyKept);
                    }
                    fixture_waiting(&mut tx, hand.fixture).await?;
                    keep_in_place(
                        &mut tx,
                        &FIXTURE_HANDS,
                        hand.fixture.0,
                        hand.game,
                        hand.hand,
                        hand.record,
                        hand.key,
                        hand.at,
                    )
                    .await?;
                    tx.commit().await?;
                    Ok(HandKept::Kept)
                }

                async fn remove_fixture_hand(
                    &self,
                    fixture: FixtureId,
                    game: u32,
                    hand: u32,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    fixture_waiting(&mut tx, fixture).await?;
                    take_back_last(&mut tx, &FIXTURE_HANDS, fixture.0, game, hand).await?;
                    tx.commit().await?;
                    Ok(())
                }
            }
        };
    };
}

pub(super) use fixture_hands_sql_store;
