//! "The newest wins": of everything sent under one key, only the latest is waited for.
//!
//! A reader who presses Refresh ten times wants the terrain asked for last, not a backlog, and a
//! reply to an older request must not overwrite a newer one. The same rule holds in four places,
//! all served by [`Newest`]: a demo's terrain requests ([`super::requests::Requests`]), its file
//! requests (the page's downloads), what the page waits for from the worker
//! ([`super::watchdog::Watchdog`]), and the worker's own mailbox, which answers only the newest
//! request per demo and kind.

/// Per key, the newest value filed and its token; anything filed earlier under that key is
/// forgotten. Keys keep their place in line when refiled, so [`Newest::pop_oldest`] serves the
/// key that has waited longest.
#[derive(Debug, Clone)]
pub struct Newest<K, T> {
    issued: u32,
    entries: Vec<(K, u32, T)>,
}

impl<K, T> Default for Newest<K, T> {
    fn default() -> Self {
        Self {
            issued: 0,
            entries: Vec::new(),
        }
    }
}

impl<K: PartialEq, T> Newest<K, T> {
    /// Files `value` under `key` with a fresh token (one more than the last issued here) and
    /// returns the token.
    pub fn issue(&mut self, key: K, value: T) -> u32 {
        self.issued = self.issued.wrapping_add(1);
        self.file(key, self.issued, value);
        self.issued
    }

    /// Files `value` under `key` with `token`, issued elsewhere, replacing what `key` held.
    pub fn file(&mut self, key: K, token: u32, value: T) {
        match self.entries.iter_mut().find(|(k, _, _)| *k == key) {
            Some(entry) => (entry.1, entry.2) = (token, value),
            None => self.entries.push((key, token, value)),
        }
    }

    /// Takes what `key` holds when `token` is its newest; `None` for an older or unknown token,
    /// which leaves the newest waiting.
    pub fn take(&mut self, key: &K, token: u32) -> Option<T> {
        let at = self
            .entries
            .iter()
            .position(|(k, t, _)| k == key && *t == token)?;
        Some(self.entries.remove(at).2)
    }

    /// What `key` waits for: the newest token and its value.
    pub fn get(&self, key: &K) -> Option<(u32, &T)> {
        self.entries
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, token, value)| (*token, value))
    }

    /// Takes the entry whose key has waited longest.
    pub fn pop_oldest(&mut self) -> Option<(K, u32, T)> {
        (!self.entries.is_empty()).then(|| self.entries.remove(0))
    }

    /// True when nothing is waited for.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets everything waited for (tokens keep counting up).
    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_newest_token_of_a_key_is_taken() {
        let mut newest = Newest::default();
        let old = newest.issue('a', "first");
        let new = newest.issue('a', "second");
        assert_ne!(old, new);
        assert_eq!(newest.get(&'a'), Some((new, &"second")));
        assert_eq!(newest.take(&'a', old), None, "an older token is stale");
        assert_eq!(newest.take(&'a', new), Some("second"));
        assert_eq!(newest.take(&'a', new), None, "taken once");
        assert!(newest.is_empty());
    }

    #[test]
    fn keys_are_apart_and_keep_their_place_in_line() {
        let mut newest = Newest::default();
        newest.file((1, false), 7, "terrain of 1");
        newest.file((2, false), 3, "terrain of 2");
        newest.file((1, true), 8, "file of 1");
        newest.file((1, false), 9, "newer terrain of 1");
        assert_eq!(newest.take(&(1, true), 9), None, "a token of another key");
        assert_eq!(
            newest.pop_oldest(),
            Some(((1, false), 9, "newer terrain of 1"))
        );
        assert_eq!(newest.pop_oldest(), Some(((2, false), 3, "terrain of 2")));
        newest.clear();
        assert_eq!(newest.pop_oldest(), None);
        assert_eq!(newest.issue((5, false), "after clear"), 1);
    }
}
