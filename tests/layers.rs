//! The layers keep to their jobs: `src/web` (the pages and the API) neither writes to the store
//! nor authorises on its own; both are the use cases' (`src/app`). Read from the source, so a
//! handler that starts doing either fails here.
//!
//! A store method writes when its SQL implementation takes the writers' pool (`writer`); that
//! set is read from `src/store` itself, so a new writing method is covered without a list.
//!
//! The championship's rooms keep to theirs too: `src/domain/championship` imports no store, web,
//! database or HTTP code, and `src/web` reads championships through the use cases only.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

fn source(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// The text of a file without its comments' lines (doc comments name things freely).
fn code_of(path: &Path) -> String {
    std::fs::read_to_string(path)
        .expect("a readable source file")
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each `async fn` of `text` with its body: the text up to the next `async fn`.
fn async_fns(text: &str) -> Vec<(String, &str)> {
    let starts: Vec<(usize, usize)> = text
        .match_indices("async fn ")
        .map(|(at, marker)| (at, at + marker.len()))
        .collect();
    starts
        .iter()
        .enumerate()
        .map(|(index, &(_, name_at))| {
            let name: String = text[name_at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let end = starts.get(index + 1).map_or(text.len(), |&(at, _)| at);
            (name, &text[name_at..end])
        })
        .collect()
}

/// The store's methods that write: those whose implementation takes the writers' pool, or
/// calls a function of the store's that does (a result is submitted by `submit_result_with`,
/// which takes the store itself).
fn writing_store_methods() -> BTreeSet<String> {
    let mut functions = Vec::new();
    for file in rust_files(&source("src/store")) {
        let code = code_of(&file);
        for (name, body) in async_fns(&code) {
            functions.push((name, body.to_string()));
        }
    }
    let mut writes: BTreeSet<String> = functions
        .iter()
        .filter(|(_, body)| body.contains("writer"))
        .map(|(name, _)| name.clone())
        .collect();
    loop {
        let more: Vec<String> = functions
            .iter()
            .filter(|(name, body)| {
                !writes.contains(name) && writes.iter().any(|writer| calls(body, writer))
            })
            .map(|(name, _)| name.clone())
            .collect();
        if more.is_empty() {
            return writes;
        }
        writes.extend(more);
    }
}

/// Whether `body` calls the function `name`, not merely one whose name ends with it.
fn calls(body: &str, name: &str) -> bool {
    body.match_indices(&format!("{name}(")).any(|(at, _)| {
        !body[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Every `.name(` call of `names` in `src/web`, as "file:line: name".
fn web_calls(names: &BTreeSet<String>) -> Vec<String> {
    let mut found = Vec::new();
    for file in rust_files(&source("src/web")) {
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        for (number, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for name in names {
                if line.contains(&format!(".{name}(")) {
                    found.push(format!("{}:{}: {name}", file.display(), number + 1));
                }
            }
        }
    }
    found
}

#[test]
fn the_store_methods_that_write_are_found_in_the_store_itself() {
    let writes = writing_store_methods();
    // A few every reader of the store knows to write, and a few that only read.
    for method in [
        "submit_result",
        "confirm_result",
        "create_team",
        "move_fixture",
        "start_session",
        "api_token_user",
    ] {
        assert!(writes.contains(method), "{method} writes: {writes:?}");
    }
    for method in [
        "fixture",
        "squad_of",
        "current_result",
        "organisation_by_slug",
    ] {
        assert!(!writes.contains(method), "{method} only reads: {writes:?}");
    }
}

#[test]
fn no_page_or_api_handler_writes_to_the_store() {
    let calls = web_calls(&writing_store_methods());
    assert!(
        calls.is_empty(),
        "src/web writes through the store; call a use case in src/app instead:\n{}",
        calls.join("\n")
    );
}

#[test]
fn no_page_or_api_handler_authorises_on_its_own() {
    let mut found = Vec::new();
    for file in rust_files(&source("src/web")) {
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        for (number, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for rule in ["authorisation", "authorise(", "Permission::", "Roles"] {
                if line.contains(rule) {
                    found.push(format!(
                        "{}:{}: {}",
                        file.display(),
                        number + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "src/web decides who may do what; that is the use cases' (src/app), through domain::authorisation:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_championship_domain_imports_no_store_or_web_code() {
    let mut found = Vec::new();
    for file in rust_files(&source("src/domain/championship")) {
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        for (number, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for outside in ["crate::store", "crate::web", "crate::app", "sqlx", "actix"] {
                if line.contains(outside) {
                    found.push(format!(
                        "{}:{}: {}",
                        file.display(),
                        number + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the championship domain decides without the store, the web, the database or HTTP:\n{}",
        found.join("\n")
    );
}

/// The methods of the store's `ChampionshipStore` trait, wherever in `src/store` it is declared.
fn championship_store_methods() -> BTreeSet<String> {
    let mut methods = BTreeSet::new();
    for file in rust_files(&source("src/store")) {
        let code = code_of(&file);
        let Some(start) = code.find("trait ChampionshipStore") else {
            continue;
        };
        let body = &code[start..];
        let end = body.find("\n}").unwrap_or(body.len());
        for (name, _) in async_fns(&body[..end]) {
            methods.insert(name);
        }
    }
    methods
}

#[test]
fn championship_pages_and_api_read_and_write_through_the_use_cases() {
    let methods = championship_store_methods();
    for method in ["championships_of", "table_events", "publish_round"] {
        assert!(methods.contains(method), "{method}: {methods:?}");
    }
    let calls = web_calls(&methods);
    assert!(
        calls.is_empty(),
        "src/web calls the championship store; call a use case in src/app::championships instead:\n{}",
        calls.join("\n")
    );
}
