//! The service's integration tests: one binary, every test run against SQLite and PostgreSQL.
//!
//! PostgreSQL tests need a server (by default postgres://postgres@127.0.0.1:5432, or
//! FIVES_TEST_POSTGRES_URL); each test gets a database of its own, dropped afterwards. Without a
//! server they are skipped, unless FIVES_REQUIRE_POSTGRES=1, when they fail.

#[macro_use]
mod support;
mod table_hands;

mod accounts;
mod api;
mod api_contract;
mod api_results;
mod api_token_store;
mod api_tokens;
mod authorisation;
mod authorisation_matrix;
mod browser;
mod browser_public;
mod bulk_browser;
mod bulk_invites;
mod bulk_teams;
mod captain_dashboard;
mod captain_phone;
mod careers;
mod championship_day;
mod championship_edits;
mod championship_final_scores;
mod championship_form;
mod championship_formats;
mod championship_pages;
mod championship_partners;
mod championship_races;
mod championship_seats;
mod championship_store;
mod championship_story;
mod championship_teams;
mod cli;
#[path = "../command_line/mod.rs"]
mod command_line;
mod csrf;
mod deletion_races;
mod demo;
mod demo_phone_widths;
mod demo_ratings;
mod fixture_hands;
mod fixture_hands_browser;
mod fixture_store;
mod hardening_api;
mod http_protocol;
mod interrupted_writes;
mod invites;
mod league_edits;
mod league_store;
mod league_story;
mod limits;
mod live_feed;
mod live_pages;
mod live_room;
mod live_room_browser;
mod mail;
mod mail_accounts;
mod mail_limits;
mod mail_queue;
mod organiser_fixtures;
mod organiser_league;
mod page_cache;
mod pages;
mod public_league;
mod quick_entry;
mod quick_entry_browser;
mod quick_entry_levels;
mod quick_entry_page;
mod quick_entry_withdrawal;
mod ratings_pools;
mod record_command;
mod result_amendments;
mod result_browser;
mod result_dates;
mod result_deadlines;
mod result_entry;
mod result_entry_refusals;
mod result_entry_sheets;
mod result_interruptions;
mod result_keys;
mod result_races;
mod result_store;
mod results_league;
mod squads;
mod store_conformance;
mod use_case_answers;
mod use_cases;
mod use_cases_alike;
mod use_cases_seasons;
mod use_cases_squads;
