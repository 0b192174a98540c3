//! `fail` returns false and must leave `troubled` false. At opt-level 2 and 3 rustc 1.95 inlines
//! `fail` into `main`; its MIR pass SimplifyComparisonIntegral then turns `assert!(!fail(..))`'s
//! branch on `newest` into a branch on the `Option`'s discriminant and deletes the statement that
//! set `newest`, though `troubled |= newest` still reads it. LLVM is then free to read `true`.
//! Exit status 0 when the program is right, 101 (the assertion) when it was miscompiled.

/// Tokens still waited for, and whether a failure was reported.
struct Pending {
    waiting: Vec<u32>,
    troubled: bool,
}

impl Pending {
    /// Takes `token` if it is waited for.
    #[inline]
    fn take(&mut self, token: u32) -> Option<u32> {
        let at = self.waiting.iter().position(|t| *t == token)?;
        Some(self.waiting.remove(at))
    }

    /// The shape the project had in `Requests::fail`.
    #[inline]
    fn fail(&mut self, token: u32) -> bool {
        let newest = self.take(token).is_some();
        self.troubled |= newest;
        newest
    }
}

fn main() {
    let mut pending = Pending {
        waiting: vec![2],
        troubled: false,
    };
    assert!(!pending.fail(1), "token 1 is not waited for");
    assert!(
        !pending.troubled,
        "miscompiled: fail returned false, yet troubled was raised"
    );
    println!("right: troubled stays false");
}
