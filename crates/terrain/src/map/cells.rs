//! Where a heightmap's heights (and the water routing's big arrays) live: a `Vec`, or natively,
//! from [`HUGE_PAGES_FROM`] bytes, an anonymous mapping with transparent huge pages.
//!
//! A fresh 4097 x 4097 map is 64 MiB. In a `Vec` the kernel maps and zeroes it 4 KiB page by
//! page on first touch: 16 384 page faults, about half the time of a whole Diamond-Square run
//! at exponent 12. Where transparent huge pages are enabled only on request (`madvise`, the
//! usual setting), asking for them makes the same map 32 faults of 2 MiB, and each level's
//! sweep misses the TLB far less. Where the kernel has no huge pages the mapping is still plain
//! zeroed memory, so nothing but the speed depends on them. The wasm build always uses a `Vec`.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// Maps of at least this many bytes get huge pages natively: glibc's largest `mmap` threshold,
/// above which `malloc` maps fresh pages for every allocation anyway, so no smaller map loses
/// the reuse of freed heap memory it would otherwise get.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(crate) const HUGE_PAGES_FROM: usize = 32 << 20;

/// What a [`Buffer`] can hold: plain values whose all-zero bytes are the value
/// [`Default::default`] gives (0, 0.0, arrays of them).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) trait Plain: bytemuck::Pod + Default {}
/// What a [`Buffer`] can hold: plain values whose all-zero bytes are the value
/// [`Default::default`] gives (0, 0.0, arrays of them).
#[cfg(target_arch = "wasm32")]
pub(crate) trait Plain: Copy + Default {}

impl Plain for f32 {}
impl Plain for u32 {}
impl Plain for [u32; 3] {}

/// The heights of one map, row by row; dereferences to `[f32]`.
pub(crate) type Cells = Buffer<f32>;

/// A large array of plain values: a `Vec`, or natively, from [`HUGE_PAGES_FROM`] bytes, an
/// anonymous mapping with transparent huge pages. Heights, and the big working arrays of the
/// water routing (whose reads jump across the map, so every TLB miss saved counts).
pub(crate) enum Buffer<T> {
    /// Values on the heap.
    Heap(Vec<T>),
    /// Values in an anonymous mapping of exactly `len` values, advised to use huge pages.
    #[cfg(not(target_arch = "wasm32"))]
    Mapped {
        /// The mapping: zeroed, page-aligned, `len * size_of::<T>()` bytes.
        memory: memmap2::MmapMut,
        /// The number of values.
        len: usize,
    },
}

impl<T: Plain> Buffer<T> {
    /// `len` values, all zero.
    pub(crate) fn zeroed(len: usize) -> Self {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(cells) = Self::mapped(len) {
            return cells;
        }
        Self::Heap(vec![T::default(); len])
    }

    /// `len` copies of `value`.
    pub(crate) fn filled(len: usize, value: T) -> Self {
        let mut buffer = Self::zeroed(len);
        buffer.fill(value);
        buffer
    }

    /// `len` zeroed values in a huge-page mapping, or `None` below [`HUGE_PAGES_FROM`] bytes
    /// or when the system refuses the mapping (then the heap serves).
    #[cfg(not(target_arch = "wasm32"))]
    fn mapped(len: usize) -> Option<Self> {
        let bytes = len.checked_mul(std::mem::size_of::<T>())?;
        if bytes < HUGE_PAGES_FROM {
            return None;
        }
        let memory = memmap2::MmapMut::map_anon(bytes).ok()?;
        // Only advice: without huge pages the mapping works the same, 4 KiB at a time.
        #[cfg(target_os = "linux")]
        let _ = memory.advise(memmap2::Advice::HugePage);
        Some(Self::Mapped { memory, len })
    }

    /// Whether the values live in a huge-page mapping.
    #[cfg(test)]
    fn is_mapped(&self) -> bool {
        !matches!(self, Self::Heap(_))
    }
}

impl<T: Plain> Deref for Buffer<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            Self::Heap(data) => data,
            // A mapping is page-aligned and `len * size_of::<T>()` bytes long, so the cast
            // cannot fail.
            #[cfg(not(target_arch = "wasm32"))]
            Self::Mapped { memory, len } => &bytemuck::cast_slice(&memory[..])[..*len],
        }
    }
}

impl<T: Plain> DerefMut for Buffer<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        match self {
            Self::Heap(data) => data,
            #[cfg(not(target_arch = "wasm32"))]
            Self::Mapped { memory, len } => &mut bytemuck::cast_slice_mut(&mut memory[..])[..*len],
        }
    }
}

impl<T: Plain> Clone for Buffer<T> {
    fn clone(&self) -> Self {
        let mut copy = Self::zeroed(self.len());
        copy.copy_from_slice(self);
        copy
    }
}

impl<T: Plain + fmt::Debug> fmt::Debug for Buffer<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_maps_stay_on_the_heap_and_large_ones_are_mapped_natively() {
        let small = Cells::zeroed(HUGE_PAGES_FROM / 4 - 1);
        assert!(!small.is_mapped());
        let large = Cells::zeroed(HUGE_PAGES_FROM / 4);
        assert_eq!(large.is_mapped(), cfg!(not(target_arch = "wasm32")));
        assert_eq!(large.len(), HUGE_PAGES_FROM / 4);
        assert!(large.iter().all(|&v| v == 0.0));
    }

    #[test]
    fn mapped_heights_read_write_and_clone_like_a_vec() {
        let len = HUGE_PAGES_FROM / 4 + 3;
        let mut cells = Cells::zeroed(len);
        for (i, v) in cells.iter_mut().enumerate() {
            *v = i as f32;
        }
        let copy = cells.clone();
        assert_eq!(copy.len(), len);
        assert_eq!(copy[len - 1], (len - 1) as f32);
        assert!(copy.iter().zip(cells.iter()).all(|(a, b)| a == b));
        cells[7] = -1.0;
        assert_eq!(copy[7], 7.0, "a clone owns its own heights");
    }
}
