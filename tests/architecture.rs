//! The map and the shape of the code, read from the repository: every path ARCHITECTURE.md
//! and the documents it links name exists, and every folder of `src/` two levels down is on
//! its map; the map stays short; no source file runs past 800 lines; no two folders of `src/`
//! import each other, however indirectly; the two pure crates depend on nothing that does I/O.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_SOURCE_LINES: usize = 800;
const MAX_MAP_LINES: usize = 200;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(root().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

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

/// The paths a Markdown text names: the first word of each line of its code blocks, each
/// `code` span that looks like a path (a folder ending in `/` or a file with its extension;
/// not an address, which starts with `/`), and each link's target on this site.
fn paths_named(markdown: &str) -> BTreeSet<String> {
    let looks_like_a_path = |word: &str| {
        !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_./-".contains(c))
            && !word.starts_with('/')
            && (word.ends_with('/')
                || [".rs", ".md", ".toml", ".sh"]
                    .iter()
                    .any(|e| word.ends_with(e)))
    };
    let mut paths = BTreeSet::new();
    let mut in_code = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            if let Some(word) = line
                .split_whitespace()
                .next()
                .filter(|w| looks_like_a_path(w))
            {
                paths.insert(word.to_string());
            }
            continue;
        }
        for (index, span) in line.split('`').enumerate() {
            if index % 2 == 1 && looks_like_a_path(span) {
                paths.insert(span.to_string());
            }
        }
        for target in line.split("](").skip(1) {
            let target = &target[..target.find(')').unwrap_or(target.len())];
            if !target.contains("://") && !target.starts_with('#') {
                paths.insert(target.to_string());
            }
        }
    }
    paths
}

#[test]
fn every_path_the_map_names_exists() {
    let map = read("ARCHITECTURE.md");
    let mut missing = Vec::new();
    for path in paths_named(&map) {
        if !root().join(path.trim_end_matches('/')).exists() {
            missing.push(path);
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names what is not there: {missing:?}"
    );
    assert!(
        map.lines().count() < MAX_MAP_LINES,
        "ARCHITECTURE.md has {} lines; it is a map, keep it under {MAX_MAP_LINES}",
        map.lines().count()
    );
}

#[test]
fn every_path_the_longer_documents_name_exists() {
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(root().join("docs")).expect("docs/") {
        let path = entry.expect("a directory entry").path();
        let text = std::fs::read_to_string(&path).expect("a document");
        for named in paths_named(&text) {
            // A document speaks of files under src/ by their path there, as the code does.
            let found = [
                root().to_path_buf(),
                root().join("src"),
                root().join("docs"),
            ]
            .iter()
            .any(|base| base.join(named.trim_end_matches('/')).exists());
            if !found && !named.contains('{') {
                missing.push(format!("{}: {named}", path.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the documents name what is not there: {missing:?}"
    );
}

#[test]
fn every_folder_of_src_is_on_the_map() {
    let map = read("ARCHITECTURE.md");
    let mut unnamed = Vec::new();
    for file in rust_files(&root().join("src")) {
        let folder = file
            .parent()
            .expect("a folder")
            .strip_prefix(root())
            .expect("in the repository");
        let depth = folder.components().count();
        // A folder holding only a file's unit tests (`standings/tests.rs`) is part of that file.
        let only_tests = std::fs::read_dir(root().join(folder))
            .expect("a folder")
            .all(|entry| entry.expect("an entry").file_name() == "tests.rs");
        if (2..=3).contains(&depth) && !only_tests {
            let named = format!("{}/", folder.display());
            if !map.contains(&named) && !unnamed.contains(&named) {
                unnamed.push(named);
            }
        }
    }
    assert!(
        unnamed.is_empty(),
        "folders ARCHITECTURE.md does not name: {unnamed:?}"
    );
}

#[test]
fn no_source_file_runs_past_800_lines() {
    let mut long = Vec::new();
    for crate_source in ["src", "rules/src", "pairing/src", "ratings/src"] {
        for file in rust_files(&root().join(crate_source)) {
            let lines = std::fs::read_to_string(&file)
                .expect("a source file")
                .lines()
                .count();
            if lines > MAX_SOURCE_LINES {
                long.push(format!(
                    "{} ({lines} lines)",
                    file.strip_prefix(root()).unwrap().display()
                ));
            }
        }
    }
    assert!(long.is_empty(), "split these by what they do: {long:?}");
}

/// The module path of a folder of `src/` (`web::organiser`; the crate's root is "").
fn module_of(folder: &Path) -> String {
    folder
        .strip_prefix(root().join("src"))
        .expect("under src/")
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("::")
}

/// Whether one of two module paths holds the other (a module and its own folder's modules
/// may use each other: a parent registers its children, a child uses its parent's types).
fn nested(a: &str, b: &str) -> bool {
    a.is_empty()
        || b.is_empty()
        || a.starts_with(&format!("{b}::"))
        || b.starts_with(&format!("{a}::"))
}

/// For each folder of `src/`, the other folders its files name by a `crate::` path, but for
/// those it lies within or that lie within it.
fn folder_imports() -> BTreeMap<String, BTreeSet<String>> {
    let files = rust_files(&root().join("src"));
    let folders: BTreeSet<String> = files
        .iter()
        .map(|file| module_of(file.parent().expect("a folder")))
        .collect();
    let folder_of = |path: &str| -> String {
        let parts: Vec<&str> = path.split("::").collect();
        (1..=parts.len())
            .rev()
            .map(|n| parts[..n].join("::"))
            .find(|candidate| folders.contains(candidate))
            .unwrap_or_default()
    };
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let from = module_of(file.parent().expect("a folder"));
        let code = std::fs::read_to_string(file).expect("a source file");
        for (at, _) in code.match_indices("crate::") {
            let path: String = code[at + "crate::".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let to = folder_of(path.trim_end_matches(':'));
            if to != from && !nested(&from, &to) {
                imports.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    imports
}

/// The groups of folders that import each other, however indirectly (Tarjan's strongly
/// connected components of more than one folder).
fn import_circles(imports: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Search<'a> {
        imports: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<String, usize>,
        low: BTreeMap<String, usize>,
        stack: Vec<String>,
        circles: Vec<Vec<String>>,
    }
    impl Search<'_> {
        fn visit(&mut self, folder: &str) {
            let number = self.index.len();
            self.index.insert(folder.to_string(), number);
            self.low.insert(folder.to_string(), number);
            self.stack.push(folder.to_string());
            for next in self.imports.get(folder).into_iter().flatten() {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[folder].min(self.low[next]);
                    self.low.insert(folder.to_string(), low);
                } else if self.stack.contains(next) {
                    let low = self.low[folder].min(self.index[next]);
                    self.low.insert(folder.to_string(), low);
                }
            }
            if self.low[folder] == self.index[folder] {
                let mut group = Vec::new();
                while let Some(member) = self.stack.pop() {
                    let done = member == folder;
                    group.push(member);
                    if done {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.circles.push(group);
                }
            }
        }
    }
    let mut search = Search {
        imports,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        circles: Vec::new(),
    };
    for folder in imports.keys() {
        if !search.index.contains_key(folder) {
            search.visit(folder);
        }
    }
    search.circles
}

#[test]
fn no_two_folders_import_each_other() {
    let imports = folder_imports();
    assert!(
        imports["web::organiser"].contains("app"),
        "the reading finds imports: {imports:?}"
    );
    let circles = import_circles(&imports);
    assert!(
        circles.is_empty(),
        "folders that import each other: {circles:?}"
    );
}

#[test]
fn a_circle_of_folders_is_found_however_long() {
    let imports: BTreeMap<String, BTreeSet<String>> =
        [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]
            .into_iter()
            .map(|(from, to)| (from.to_string(), BTreeSet::from([to.to_string()])))
            .collect();
    assert_eq!(import_circles(&imports), [["a", "b", "c"]]);
}

#[test]
fn the_pure_crates_depend_on_nothing_that_does_io() {
    for manifest in [
        "rules/Cargo.toml",
        "pairing/Cargo.toml",
        "ratings/Cargo.toml",
    ] {
        let text = read(manifest);
        let dependencies = text
            .split("[dependencies]")
            .nth(1)
            .map(|rest| rest.split("\n[").next().unwrap_or_default())
            .unwrap_or_default();
        for io in [
            "tokio", "sqlx", "actix", "reqwest", "hyper", "lettre", "async",
        ] {
            assert!(!dependencies.contains(io), "{manifest} depends on {io}");
        }
    }
}
