//! Work shared among the cores: natively on rayon's pool (as many threads as `terrain --threads`
//! asks, one per core by default), in wasm one chunk after another on the page's worker. Only
//! for work whose result does not depend on the order the chunks are done in.

/// Runs `work(i, chunk)` on every `chunk_len`-long chunk of `data` (the last may be shorter),
/// `i` counting the chunks from 0, with `scratch` made once per thread (or run) that does them.
pub(crate) fn for_each_chunk<T, S>(
    data: &mut [T],
    chunk_len: usize,
    scratch: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, usize, &mut [T]) + Sync + Send,
) where
    T: Send,
{
    // On one thread, rayon's splitting into jobs is pure cost (about a tenth of 100 faults on
    // 1025 x 1025): the chunks are done in order instead.
    #[cfg(not(target_arch = "wasm32"))]
    if rayon::current_num_threads() > 1 {
        use rayon::prelude::*;
        data.par_chunks_mut(chunk_len)
            .enumerate()
            .for_each_init(scratch, |s, (i, chunk)| work(s, i, chunk));
        return;
    }
    let mut s = scratch();
    for (i, chunk) in data.chunks_mut(chunk_len).enumerate() {
        work(&mut s, i, chunk);
    }
}

/// How many threads [`for_each_chunk`] spreads its chunks over: the pool's natively, one in wasm.
pub(crate) fn threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    return rayon::current_num_threads();
    #[cfg(target_arch = "wasm32")]
    return 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chunk_is_visited_once_with_its_number() {
        let mut data = vec![0usize; 103];
        for_each_chunk(
            &mut data,
            10,
            || 0usize,
            |seen, i, chunk| {
                *seen += 1;
                chunk.iter_mut().for_each(|v| *v += i + 1);
            },
        );
        for (at, v) in data.iter().enumerate() {
            assert_eq!(*v, at / 10 + 1, "{at}");
        }
    }
}
