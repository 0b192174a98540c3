//! The integer arithmetic of the batched erosion: every operation here has one exact answer, so
//! a droplet's path comes out the same natively, in wasm, and in the WGSL port that repeats each
//! function line for line (`rain.wgsl`, run by the page's worker through WebGPU). WGSL does not promise correctly rounded division or square roots for
//! floats, may fuse `a * b + c`, and may flush tiny floats to zero; its integer operations wrap
//! in two's complement, its `>>` on `i32` keeps the sign, and its `/` truncates toward zero, as
//! Rust's wrapping operations and `/` do. It has no 64-bit integers, so the one product wider
//! than 32 bits ([`mul`]) is built from 16-bit halves there.
//!
//! The formats: a position is in cells with 16 fraction bits; a direction, a speed, the water
//! and every constant between 0 and 64 have 16 fraction bits; heights, slopes and sediment have
//! `F` fraction bits (24 for a map within ±8, fewer for taller ones), fixed for one run.

/// `a * b / 2^shift`, rounded down, kept to 32 bits (wrapping as WGSL's emulation does).
#[inline(always)]
pub fn mul(a: i32, b: i32, shift: u32) -> i32 {
    ((i64::from(a) * i64::from(b)) >> shift) as i32
}

/// [`mul`] as a GPU port takes it, without 64-bit integers (`rain.wgsl`'s `mul`): the
/// unsigned 64-bit product from four 16-bit products, less 2^32 times the other factor for
/// each negative one, then bits `shift` to `shift + 31`. For `shift` from 1 to 31.
pub fn mul_by_halves(a: i32, b: i32, shift: u32) -> i32 {
    let (ua, ub) = (a as u32, b as u32);
    let (a0, a1, b0, b1) = (ua & 0xffff, ua >> 16, ub & 0xffff, ub >> 16);
    let (p00, p01, p10) = (a0 * b0, a0 * b1, a1 * b0);
    let mid = p01.wrapping_add(p10);
    let mid_carry = u32::from(mid < p01);
    let lo = p00.wrapping_add(mid << 16);
    let lo_carry = u32::from(lo < p00);
    let mut hi = (a1 * b1)
        .wrapping_add(mid >> 16)
        .wrapping_add(mid_carry << 16)
        .wrapping_add(lo_carry);
    if a < 0 {
        hi = hi.wrapping_sub(ub);
    }
    if b < 0 {
        hi = hi.wrapping_sub(ua);
    }
    ((lo >> shift) | (hi << (32 - shift))) as i32
}

/// `a + (b - a) * t / 2^16` for a fraction `t` in `[0, 2^16)`.
#[inline(always)]
pub fn lerp(a: i32, b: i32, t: i32) -> i32 {
    a.wrapping_add(mul(b.wrapping_sub(a), t, 16))
}

/// The largest whole number whose square is at most `n`. Natively and in wasm through `f64`'s
/// square root, which IEEE 754 rounds correctly: for `n < 2^32` the root is at least 2^-17 below
/// the next whole number, far more than its rounding error (2^-36), so the floor is exact. A
/// GPU port takes it bit by bit ([`isqrt_bit_by_bit`]); the two agree on every `u32` (test).
#[inline(always)]
pub fn isqrt(n: u32) -> u32 {
    f64::from(n).sqrt() as u32
}

/// [`isqrt`] bit by bit, in whole numbers only: how a GPU port takes it, since WGSL does not
/// promise a correctly rounded square root.
pub fn isqrt_bit_by_bit(n: u32) -> u32 {
    let (mut rest, mut root) = (n, 0u32);
    let mut one = 1u32 << 30;
    while one > rest {
        one >>= 2;
    }
    while one != 0 {
        if rest >= root + one {
            rest -= root + one;
            root = (root >> 1) + one;
        } else {
            root >>= 1;
        }
        one >>= 2;
    }
    root
}

/// The square root of a non-negative number with 16 fraction bits, with 16 fraction bits: the
/// number is shifted up by an even count first, as far as 32 bits allow, so the root keeps at
/// least 15 significant bits.
#[inline(always)]
pub fn sqrt16(n: i32) -> i32 {
    let n = n.max(0) as u32;
    let k = (n.leading_zeros() / 2).min(8);
    (isqrt(n << (2 * k)) << (8 - k)) as i32
}

/// `(x, y)` scaled to length 2^16 (a unit direction with 16 fraction bits), or `None` for
/// `(0, 0)`. The pair is first shifted so its larger part has 14 bits, then divided by the
/// whole-number root of its squared length: every step exact, the result within 2^-13 of the
/// true direction.
#[inline(always)]
pub fn unit(x: i32, y: i32) -> Option<(i32, i32)> {
    if x == 0 && y == 0 {
        return None;
    }
    let most = x.unsigned_abs().max(y.unsigned_abs());
    let bits = 32 - most.leading_zeros();
    let (x, y) = if bits > 14 {
        (x >> (bits - 14), y >> (bits - 14))
    } else {
        (x << (14 - bits), y << (14 - bits))
    };
    let length = isqrt((x * x + y * y) as u32) as i32;
    Some(((x << 16) / length, (y << 16) / length))
}

/// The height and slope at a point (cells, 16 fraction bits) of the `width`-wide map
/// `ground`, between the four corners of its cell: the height bilinear, the slope along x at the
/// point's row and along y at its column, as the float erosion reads them.
#[inline(always)]
pub fn sample(ground: &[i32], width: usize, x: i32, y: i32) -> (i32, i32, i32) {
    let (cx, cy) = ((x >> 16) as usize, (y >> 16) as usize);
    let (u, v) = (x & 0xffff, y & 0xffff);
    let i = cy * width + cx;
    let (nw, ne, sw, se) = (
        ground[i],
        ground[i + 1],
        ground[i + width],
        ground[i + width + 1],
    );
    let gx = lerp(ne.wrapping_sub(nw), se.wrapping_sub(sw), v);
    let gy = lerp(sw.wrapping_sub(nw), se.wrapping_sub(ne), u);
    (lerp(lerp(nw, ne, u), lerp(sw, se, u), v), gx, gy)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isqrt_is_the_floor_of_the_root() {
        for n in (0..100_000u32).chain([u32::MAX, u32::MAX - 1, 1 << 30, (1 << 16) - 1]) {
            let r = u64::from(isqrt(n));
            assert!(
                r * r <= u64::from(n) && (r + 1) * (r + 1) > u64::from(n),
                "{n}"
            );
        }
    }

    #[test]
    fn sqrt16_and_unit_are_close_to_the_real_thing() {
        for n in [1, 2, 100, 65_536, 4 * 65_536, 5 * 65_536 + 17, i32::MAX] {
            let want = (f64::from(n) / 65_536.0).sqrt() * 65_536.0;
            let got = f64::from(sqrt16(n));
            assert!(
                (got - want).abs() <= want / 16_384.0 + 1.0,
                "{n}: {got} vs {want}"
            );
        }
        for (x, y) in [
            (1, 0),
            (0, -1),
            (3, 4),
            (-123_456, 7_891),
            (1 << 28, -(1 << 27)),
        ] {
            let (ux, uy) = unit(x, y).expect("not zero");
            let angle = f64::from(y).atan2(f64::from(x));
            assert!((f64::from(ux) / 65_536.0 - angle.cos()).abs() < 2.0 / 8192.0);
            assert!((f64::from(uy) / 65_536.0 - angle.sin()).abs() < 2.0 / 8192.0);
        }
        assert_eq!(unit(0, 0), None);
    }

    #[test]
    fn the_gpus_product_from_halves_is_the_wide_one() {
        let edges = [
            0,
            1,
            -1,
            2,
            -2,
            0xffff,
            -0xffff,
            0x10000,
            -0x10000,
            i32::MAX,
            i32::MIN,
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 32) as i32
        };
        let random: Vec<i32> = (0..2000).map(|_| next()).collect();
        for &a in edges.iter().chain(&random) {
            for &b in edges.iter().chain(&random[..200]) {
                for shift in [1, 16, 20, 24, 31] {
                    assert_eq!(
                        mul_by_halves(a, b, shift),
                        mul(a, b, shift),
                        "{a} {b} {shift}"
                    );
                }
            }
        }
    }

    #[test]
    fn isqrt_bit_by_bit_is_isqrt() {
        for n in (0..200_000u32)
            .chain((0..32).map(|b| 1u32 << b))
            .chain([u32::MAX])
        {
            assert_eq!(isqrt_bit_by_bit(n), isqrt(n), "{n}");
        }
    }

    #[test]
    fn the_wide_product_is_the_exact_one_rounded_down() {
        assert_eq!(mul(3, 5, 1), 7);
        assert_eq!(mul(-3, 5, 1), -8);
        assert_eq!(mul(1 << 30, 1 << 16, 16), 1 << 30);
        assert_eq!(lerp(10, 20, 1 << 15), 15);
    }
}
