//! Lists every route the web layer declares (`#[get("/path")]` and its kin on the handlers in
//! `src/web`), so that the service can tell an address that exists for another method (405
//! with `Allow`) from one that does not exist at all (404). The attributes stay the one place
//! a route is written; this table is read from them at each build.

use std::fmt::Write as _;
use std::path::Path;

const METHODS: [(&str, &str); 5] = [
    ("get", "GET"),
    ("post", "POST"),
    ("put", "PUT"),
    ("delete", "DELETE"),
    ("patch", "PATCH"),
];

fn main() {
    println!("cargo::rerun-if-changed=src/web");
    // The migrations are compiled in (`sqlx::migrate!`): a new one builds the crate again.
    println!("cargo::rerun-if-changed=migrations");
    let mut routes = Vec::new();
    collect(Path::new("src/web"), &mut routes);
    routes.sort();
    routes.dedup();
    let mut table = String::from("/// Every declared route: its method and its path pattern.\n");
    table.push_str("pub const DECLARED_ROUTES: &[(&str, &str)] = &[\n");
    for (method, path) in &routes {
        writeln!(table, "    ({method:?}, {path:?}),").unwrap();
    }
    table.push_str("];\n");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out).join("declared_routes.rs"), table).expect("OUT_DIR is writable");
}

fn collect(dir: &Path, routes: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/web is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, routes);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let source = std::fs::read_to_string(&path).expect("a source file is readable");
            for line in source.lines() {
                if let Some(route) = route_attribute(line.trim()) {
                    routes.push(route);
                }
            }
        }
    }
}

/// `#[post("/login")]` → `("POST", "/login")`.
fn route_attribute(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix("#[")?.strip_suffix(")]")?;
    let (name, argument) = inner.split_once('(')?;
    let method = METHODS.iter().find(|(attribute, _)| *attribute == name)?.1;
    let path = argument.strip_prefix('"')?.split('"').next()?;
    Some((method.to_string(), path.to_string()))
}
