//! Brackets: knockout and double elimination as a graph of matches, and the replay of a
//! document's rounds through it.
//!
//! A match takes each of its two places from a seed, or from the winner or the loser of an
//! earlier match; an empty place (a seed above the field, a match with nobody in it, an entrant
//! who has withdrawn) gives the other entrant a bye. Matches are stored in bracket order, so a
//! match's sources always come before it.

use std::collections::{HashMap, HashSet};

use crate::event::{EntrantIndex, Event, EventError, Place, Refusal};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Seed `s` (0-based); a seed past the field is an empty place.
    Seed(usize),
    Winner(usize),
    Loser(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Winners,
    Losers,
    Final,
    /// The second final of a double elimination, played only when the losers' bracket winner
    /// wins the first.
    Reset,
    ThirdPlace,
}

impl Stage {
    /// The `"bracket"` of a double elimination's table.
    pub fn bracket_name(self) -> &'static str {
        match self {
            Stage::Winners | Stage::ThirdPlace => "winners",
            Stage::Losers => "losers",
            Stage::Final | Stage::Reset => "final",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub sources: [Source; 2],
    pub stage: Stage,
    /// The round within its own bracket, from 1 (a knockout's final and third-place match
    /// share the last round).
    pub round: usize,
    /// How far into the event an entrant who goes out here got: larger is further.
    pub depth: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bracket {
    pub matches: Vec<Match>,
    /// A knockout plays its bracket round by round; a double elimination plays whatever is
    /// ready.
    pub lockstep: bool,
    /// The depth given to the entrants still in.
    pub top_depth: usize,
    /// The match whose winner is the champion.
    pub champion_match: usize,
}

/// Where a match stands after the rounds replayed so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Waiting for the result of an earlier match.
    Waiting,
    /// Both entrants known and active; not yet at a table.
    Ready([EntrantIndex; 2]),
    /// At a table of the document (round and table 0-based) without points yet.
    Tabled {
        players: [EntrantIndex; 2],
        round: usize,
        table: usize,
    },
    Decided(Decision),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub winner: Option<EntrantIndex>,
    pub loser: Option<EntrantIndex>,
    /// Which place (0 or 1, by the match's sources) won a played match.
    pub winning_place: Option<usize>,
    /// An entrant went through without playing: the round (1-based, of the document) in which
    /// that was settled.
    pub bye_in: Option<usize>,
}

/// A bracket with the document's rounds replayed through it.
#[derive(Clone, Debug)]
pub struct Progress {
    pub status: Vec<Status>,
    /// For an entrant who withdrew while still in: the match it left.
    pub withdrew_from: Vec<Option<usize>>,
    /// The last document round (1-based) in which each entrant went through on a bye: it
    /// plays no table in that round.
    last_bye: Vec<Option<usize>>,
}

impl Progress {
    /// Whether a ready match can be played in document round `number`: neither entrant has
    /// had a bye in it.
    fn free_in(&self, players: &[EntrantIndex; 2], number: usize) -> bool {
        players.iter().all(|&e| self.last_bye[e] != Some(number))
    }
}

/// The next step of a bracket after the replay.
pub enum Next {
    /// Matches to play next, in bracket order, and the byes settled for this round.
    Play {
        matches: Vec<(usize, [EntrantIndex; 2])>,
        byes: Vec<EntrantIndex>,
    },
    /// Every match is decided: the winner of the last one (none if everyone withdrew).
    Over { champion: Option<EntrantIndex> },
    /// Nothing can be played until this table has points.
    Waiting { round: usize, table: usize },
}

impl Bracket {
    /// Replays the document's rounds `first_round..` (0-based) through the bracket, whose
    /// seeds are `seeded`. In lockstep, document round `first_round + k` is bracket round
    /// `k + 1` and must hold exactly that round's tables.
    pub fn replay(
        &self,
        event: &Event,
        seeded: &[EntrantIndex],
        first_round: usize,
    ) -> Result<Progress, EventError> {
        let mut progress = Progress {
            status: vec![Status::Waiting; self.matches.len()],
            withdrew_from: vec![None; event.entrants.len()],
            last_bye: vec![None; event.entrants.len()],
        };
        let bracket_rounds = self.matches.iter().map(|m| m.round).max().unwrap_or(0);
        for doc_round in first_round..event.rounds.len() {
            let number = doc_round + 1;
            let bracket_round = number - first_round;
            self.settle(event, seeded, &mut progress, number);
            if self.lockstep && bracket_round > bracket_rounds {
                return Err(EventError::new(
                    Place::Round(doc_round),
                    Refusal::AfterTheEnd,
                ));
            }
            let round = &event.rounds[doc_round];
            // The ready matches playable in this round, by their pair of entrants.
            let ready: HashMap<(EntrantIndex, EntrantIndex), usize> = progress
                .status
                .iter()
                .enumerate()
                .filter_map(|(m, status)| match status {
                    Status::Ready(players)
                        if self.playable(m, players, &progress, bracket_round, number) =>
                    {
                        Some((pair_key(players[0], players[1]), m))
                    }
                    _ => None,
                })
                .collect();
            for (t, table) in round.tables.iter().enumerate() {
                let place = Place::Table {
                    round: doc_round,
                    table: t,
                };
                let found = match table.seats[..] {
                    [a, b] => ready.get(&pair_key(a, b)).copied(),
                    _ => None,
                };
                let Some(m) = found else {
                    let ids = table
                        .seats
                        .iter()
                        .map(|&e| event.entrants[e].id.clone())
                        .collect();
                    return Err(EventError::new(place, Refusal::NotInBracket { ids }));
                };
                let Status::Ready(players) = progress.status[m] else {
                    unreachable!("found among the ready matches")
                };
                progress.status[m] = Status::Tabled {
                    players,
                    round: doc_round,
                    table: t,
                };
            }
            let given_byes: HashSet<EntrantIndex> = progress
                .status
                .iter()
                .enumerate()
                .filter_map(|(m, status)| match status {
                    Status::Decided(decision)
                        if self.bye_round(m, decision, first_round) == Some(number) =>
                    {
                        decision.winner
                    }
                    _ => None,
                })
                .collect();
            for &entrant in &round.byes {
                let given = given_byes.contains(&entrant);
                if !given {
                    return Err(EventError::new(
                        Place::Byes { round: doc_round },
                        Refusal::NoByeInBracket(event.entrants[entrant].id.clone()),
                    ));
                }
            }
            if self.lockstep
                && let Some((_, players)) =
                    progress
                        .status
                        .iter()
                        .enumerate()
                        .find_map(|(m, s)| match s {
                            Status::Ready(players) if self.matches[m].round == bracket_round => {
                                Some((m, *players))
                            }
                            _ => None,
                        })
            {
                let ids = players
                    .iter()
                    .map(|&e| event.entrants[e].id.clone())
                    .collect();
                return Err(EventError::new(
                    Place::Round(doc_round),
                    Refusal::BracketTableMissing { ids },
                ));
            }
            for status in progress.status.iter_mut() {
                let Status::Tabled {
                    players,
                    round,
                    table,
                } = *status
                else {
                    continue;
                };
                let at = &event.rounds[round].tables[table];
                if at.points.is_none() {
                    continue;
                }
                let Some(winning_seat) = at.winner_seat() else {
                    return Err(EventError::new(
                        Place::Table { round, table },
                        Refusal::NoWinner,
                    ));
                };
                let winner = at.seats[winning_seat];
                let winning_place = usize::from(players[1] == winner);
                *status = Status::Decided(Decision {
                    winner: Some(winner),
                    loser: Some(players[1 - winning_place]),
                    winning_place: Some(winning_place),
                    bye_in: None,
                });
            }
        }
        Ok(progress)
    }

    /// The document round (1-based) in which a decided match's bye counts.
    fn bye_round(&self, m: usize, decision: &Decision, first_round: usize) -> Option<usize> {
        let settled = decision.bye_in?;
        decision.winner?;
        if self.matches[m].stage == Stage::ThirdPlace {
            // The only losing semi-finalist is third without a match, not on a bye.
            return None;
        }
        Some(if self.lockstep {
            first_round + self.matches[m].round
        } else {
            settled
        })
    }

    /// Whether ready match `m` is played in document round `number` (bracket round
    /// `bracket_round`): in lockstep, when it is that round's; otherwise when neither entrant
    /// has had a bye in that round.
    fn playable(
        &self,
        m: usize,
        players: &[EntrantIndex; 2],
        progress: &Progress,
        bracket_round: usize,
        number: usize,
    ) -> bool {
        if self.lockstep {
            self.matches[m].round == bracket_round
        } else {
            progress.free_in(players, number)
        }
    }

    /// Settles whatever the results so far decide, for document round `number` (1-based):
    /// matches whose places are known become ready, or byes when a place is empty.
    fn settle(
        &self,
        event: &Event,
        seeded: &[EntrantIndex],
        progress: &mut Progress,
        number: usize,
    ) {
        for m in 0..self.matches.len() {
            let players = match &progress.status[m] {
                Status::Waiting => {
                    let Some(players) = self.places(m, seeded, &progress.status) else {
                        continue;
                    };
                    if self.matches[m].stage == Stage::Reset {
                        let Source::Winner(first) = self.matches[m].sources[0] else {
                            unreachable!("a reset follows the first final")
                        };
                        let Status::Decided(first_final) = &progress.status[first] else {
                            unreachable!("places known only once the first final is decided")
                        };
                        if first_final.winning_place != Some(1) {
                            // The winners' bracket winner won, or nobody played: no reset.
                            progress.status[m] = Status::Decided(Decision {
                                winner: first_final.winner,
                                loser: None,
                                winning_place: None,
                                bye_in: None,
                            });
                            continue;
                        }
                    }
                    players
                }
                Status::Ready(players) => players.map(Some),
                _ => continue,
            };
            let mut present = [None; 2];
            for (place, entrant) in players.into_iter().enumerate() {
                let Some(entrant) = entrant else { continue };
                if event.entrants[entrant].is_active_in(number) {
                    present[place] = Some(entrant);
                } else if progress.withdrew_from[entrant].is_none() {
                    progress.withdrew_from[entrant] = Some(m);
                }
            }
            progress.status[m] = match present {
                [Some(a), Some(b)] => Status::Ready([a, b]),
                [Some(alone), None] | [None, Some(alone)] => {
                    progress.last_bye[alone] = Some(number);
                    Status::Decided(Decision {
                        winner: Some(alone),
                        loser: None,
                        winning_place: None,
                        bye_in: Some(number),
                    })
                }
                [None, None] => Status::Decided(Decision {
                    winner: None,
                    loser: None,
                    winning_place: None,
                    bye_in: None,
                }),
            };
        }
    }

    /// The entrants in a match's places, once every source is settled.
    fn places(
        &self,
        m: usize,
        seeded: &[EntrantIndex],
        status: &[Status],
    ) -> Option<[Option<EntrantIndex>; 2]> {
        let mut places = [None; 2];
        for (place, source) in self.matches[m].sources.iter().enumerate() {
            places[place] = match *source {
                Source::Seed(seed) => seeded.get(seed).copied(),
                Source::Winner(earlier) | Source::Loser(earlier) => {
                    let Status::Decided(decision) = &status[earlier] else {
                        return None;
                    };
                    if matches!(source, Source::Winner(_)) {
                        decision.winner
                    } else {
                        decision.loser
                    }
                }
            };
        }
        Some(places)
    }

    /// What comes next after the replay, for document round `number` (1-based).
    pub fn next(
        &self,
        event: &Event,
        seeded: &[EntrantIndex],
        progress: &mut Progress,
        first_round: usize,
        number: usize,
    ) -> Next {
        self.settle(event, seeded, progress, number);
        let bracket_round = number - first_round;
        let matches: Vec<(usize, [EntrantIndex; 2])> = progress
            .status
            .iter()
            .enumerate()
            .filter_map(|(m, status)| match status {
                Status::Ready(players)
                    if self.playable(m, players, progress, bracket_round, number) =>
                {
                    Some((m, *players))
                }
                _ => None,
            })
            .collect();
        let mut byes: Vec<EntrantIndex> = progress
            .status
            .iter()
            .enumerate()
            .filter_map(|(m, status)| match status {
                Status::Decided(decision)
                    if self.bye_round(m, decision, first_round) == Some(number) =>
                {
                    decision.winner
                }
                _ => None,
            })
            .collect();
        // A run of byes in one round (an empty place after another) lists its entrant once.
        let mut listed = HashSet::new();
        byes.retain(|&e| listed.insert(e));
        let unsettled = progress
            .status
            .iter()
            .any(|status| !matches!(status, Status::Decided(_)));
        if !unsettled {
            let Status::Decided(last) = &progress.status[self.champion_match] else {
                unreachable!("every match is decided")
            };
            return Next::Over {
                champion: last.winner,
            };
        }
        if matches.is_empty()
            && byes.is_empty()
            && let Some(Status::Tabled { round, table, .. }) = progress
                .status
                .iter()
                .find(|status| matches!(status, Status::Tabled { .. }))
        {
            return Next::Waiting {
                round: *round,
                table: *table,
            };
        }
        Next::Play { matches, byes }
    }

    /// How far each entrant got: the depth of the match it went out in, [`Bracket::top_depth`]
    /// while it is still in, 0 if it withdrew before its first match.
    pub fn depths(
        &self,
        progress: &Progress,
        entrants: usize,
        in_event: &[EntrantIndex],
    ) -> Vec<usize> {
        let mut depth = vec![0; entrants];
        for &entrant in in_event {
            depth[entrant] = self.top_depth;
        }
        for (m, status) in progress.status.iter().enumerate() {
            let Status::Decided(decision) = status else {
                continue;
            };
            let stage = &self.matches[m];
            if stage.stage == Stage::ThirdPlace {
                // The third-place match raises its winner above the other losing semi-finalist.
                if let Some(winner) = decision.winner {
                    depth[winner] = stage.depth;
                }
                continue;
            }
            if let Some(loser) = decision.loser
                && self.eliminates(m, decision)
            {
                depth[loser] = stage.depth;
            }
        }
        for (entrant, left) in progress.withdrew_from.iter().enumerate() {
            if let Some(m) = left {
                depth[entrant] = depth[entrant].min(self.matches[*m].depth);
            }
        }
        depth
    }

    /// Whether losing match `m` puts an entrant out (a winners' bracket loss of a double
    /// elimination does not, nor does a first final the losers' bracket winner wins).
    fn eliminates(&self, m: usize, decision: &Decision) -> bool {
        match self.matches[m].stage {
            Stage::Winners => self.lockstep,
            Stage::Losers | Stage::Reset | Stage::ThirdPlace => true,
            Stage::Final => {
                let reset_follows = self.matches.iter().any(|later| later.stage == Stage::Reset);
                !(reset_follows && decision.winning_place == Some(1))
            }
        }
    }
}

fn pair_key(a: EntrantIndex, b: EntrantIndex) -> (EntrantIndex, EntrantIndex) {
    (a.min(b), a.max(b))
}
