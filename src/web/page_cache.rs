//! Rendered public pages kept in the process, each with the store's content revision it was
//! rendered at, and served again while the revision stays the same. The revision is read from
//! the database on every request, so every process serving one database sees a change at once;
//! the cache only saves the work of building a page nobody has changed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The part of a page that is the same for every visitor: its title and its content, without
/// the layout (which names the signed-in account).
#[derive(Debug, Clone)]
pub struct CachedContent {
    pub title: Arc<str>,
    pub content: Arc<str>,
}

/// Pages by address; bounded, emptied when full (a league has a few hundred public pages).
#[derive(Default)]
pub struct PageCache {
    pages: Mutex<HashMap<String, (i64, CachedContent)>>,
}

const MAX_PAGES: usize = 2048;

impl PageCache {
    /// The page at `address` if it was rendered at `revision`.
    pub fn get(&self, address: &str, revision: i64) -> Option<CachedContent> {
        let pages = self
            .pages
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        pages
            .get(address)
            .filter(|(kept_at, _)| *kept_at == revision)
            .map(|(_, page)| page.clone())
    }

    /// Keeps the page at `address`, rendered at `revision`.
    pub fn put(&self, address: &str, revision: i64, page: CachedContent) {
        let mut pages = self
            .pages
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if pages.len() >= MAX_PAGES && !pages.contains_key(address) {
            pages.clear();
        }
        pages.insert(address.to_string(), (revision, page));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(text: &str) -> CachedContent {
        CachedContent {
            title: Arc::from("Premier"),
            content: Arc::from(text),
        }
    }

    #[test]
    fn a_page_is_served_again_only_at_the_revision_it_was_rendered_at() {
        let cache = PageCache::default();
        assert!(cache.get("/leagues/x/divisions/1", 7).is_none());
        cache.put("/leagues/x/divisions/1", 7, page("table at 7"));
        assert_eq!(
            &*cache.get("/leagues/x/divisions/1", 7).unwrap().content,
            "table at 7"
        );
        assert!(cache.get("/leagues/x/divisions/1", 8).is_none());
        assert!(cache.get("/leagues/x/divisions/2", 7).is_none());
        cache.put("/leagues/x/divisions/1", 8, page("table at 8"));
        assert_eq!(
            &*cache.get("/leagues/x/divisions/1", 8).unwrap().content,
            "table at 8"
        );
    }

    #[test]
    fn a_full_cache_starts_again() {
        let cache = PageCache::default();
        for n in 0..MAX_PAGES {
            cache.put(&format!("/p/{n}"), 1, page("p"));
        }
        assert!(cache.get("/p/0", 1).is_some());
        cache.put("/p/new", 1, page("new"));
        assert!(cache.get("/p/0", 1).is_none());
        assert!(cache.get("/p/new", 1).is_some());
    }
}
