// The batched erosion on the GPU: `fall` runs one droplet per invocation over the map as the
// batch found it (`ground`, read only) and adds each change of a cell's height into `change`
// with atomicAdd; `apply` then adds the batch's changes to the ground and clears them. Whole
// numbers add up the same in any order, so the ground comes out as the CPU's to the byte.
//
// Each function repeats its Rust twin in `fixed.rs` and `rain.rs` line for line (the names are
// the same). Only integers: WGSL promises no correctly rounded float division or square root,
// and it has no 64-bit integers, so `mul` builds the 64-bit product from 16-bit halves and
// `isqrt` takes the root bit by bit (`fixed::mul_by_halves` and `fixed::isqrt_bit_by_bit` are
// the same in Rust, tested against the 64-bit and float versions). i32 arithmetic wraps in
// two's complement, `>>` on i32 keeps the sign and `/` truncates toward zero, as in Rust.

// The run's constants (`Rain::constants`), then the brush as (dx, dy, weight) triples.
@group(0) @binding(0) var<storage, read> k: array<i32>;
// The map as the batch began, in the run's height units.
@group(0) @binding(1) var<storage, read> ground: array<i32>;
// Two whole numbers per droplet: where it starts (cells with 16 fraction bits).
@group(0) @binding(2) var<storage, read> starts: array<i32>;
// The batch's summed change of every cell.
@group(0) @binding(3) var<storage, read_write> change: array<atomic<i32>>;
// The batch: its first droplet and how many it has.
@group(0) @binding(4) var<uniform> batch: vec2<u32>;

// `apply`'s view of the ground and the changes.
@group(0) @binding(5) var<storage, read_write> ground_out: array<i32>;
@group(0) @binding(6) var<storage, read_write> change_in: array<atomic<i32>>;

const WIDTH: u32 = 0u;
const HEIGHT: u32 = 1u;
const FRACTION: u32 = 2u;
const LIFETIME: u32 = 3u;
const INERTIA: u32 = 4u;
const CAPACITY: u32 = 5u;
const MIN_CAPACITY: u32 = 6u;
const EROSION: u32 = 7u;
const DEPOSITION: u32 = 8u;
const WATER_KEPT: u32 = 9u;
const GRAVITY: u32 = 10u;
const RADIUS: u32 = 11u;
const BRUSH_LEN: u32 = 12u;
const BRUSH: u32 = 13u;

const ONE: i32 = 65536;

// a * b / 2^shift rounded down, kept to 32 bits, for shift from 1 to 31: bits shift to
// shift + 31 of the 64-bit product, built from 16-bit halves.
fn mul(a: i32, b: i32, shift: u32) -> i32 {
  let ua = bitcast<u32>(a);
  let ub = bitcast<u32>(b);
  let a0 = ua & 0xffffu;
  let a1 = ua >> 16u;
  let b0 = ub & 0xffffu;
  let b1 = ub >> 16u;
  let p00 = a0 * b0;
  let p01 = a0 * b1;
  let p10 = a1 * b0;
  let mid = p01 + p10;
  let mid_carry = select(0u, 1u, mid < p01);
  let lo = p00 + (mid << 16u);
  let lo_carry = select(0u, 1u, lo < p00);
  var hi = a1 * b1 + (mid >> 16u) + (mid_carry << 16u) + lo_carry;
  // The unsigned product less 2^32 times the other factor for each negative one.
  if (a < 0) {
    hi = hi - ub;
  }
  if (b < 0) {
    hi = hi - ua;
  }
  return bitcast<i32>((lo >> shift) | (hi << (32u - shift)));
}

fn lerp(a: i32, b: i32, t: i32) -> i32 {
  return a + mul(b - a, t, 16u);
}

fn isqrt(n: u32) -> u32 {
  var rest = n;
  var root = 0u;
  var one = 1u << 30u;
  while (one > rest) {
    one = one >> 2u;
  }
  while (one != 0u) {
    if (rest >= root + one) {
      rest = rest - (root + one);
      root = (root >> 1u) + one;
    } else {
      root = root >> 1u;
    }
    one = one >> 2u;
  }
  return root;
}

fn sqrt16(n: i32) -> i32 {
  let m = bitcast<u32>(max(n, 0));
  let s = min(countLeadingZeros(m) / 2u, 8u);
  return bitcast<i32>(isqrt(m << (2u * s)) << (8u - s));
}

// (x, y) scaled to length 2^16; (0, 0) stays (0, 0) (the caller stops the droplet first).
fn unit(x0: i32, y0: i32) -> vec2<i32> {
  let most = max(bitcast<u32>(abs(x0)), bitcast<u32>(abs(y0)));
  let bits = 32u - countLeadingZeros(most);
  var x = x0;
  var y = y0;
  if (bits > 14u) {
    x = x >> (bits - 14u);
    y = y >> (bits - 14u);
  } else {
    x = x << (14u - bits);
    y = y << (14u - bits);
  }
  let length = bitcast<i32>(isqrt(bitcast<u32>(x * x + y * y)));
  return vec2<i32>((x << 16u) / length, (y << 16u) / length);
}

// The height and the slopes along x and y at point (x, y).
fn sample(x: i32, y: i32) -> vec3<i32> {
  let w = u32(k[WIDTH]);
  let cx = u32(x >> 16u);
  let cy = u32(y >> 16u);
  let u = x & 0xffff;
  let v = y & 0xffff;
  let i = cy * w + cx;
  let nw = ground[i];
  let ne = ground[i + 1u];
  let sw = ground[i + w];
  let se = ground[i + w + 1u];
  let gx = lerp(ne - nw, se - sw, v);
  let gy = lerp(sw - nw, se - ne, u);
  return vec3<i32>(lerp(lerp(nw, ne, u), lerp(sw, se, u), v), gx, gy);
}

fn changed(cell: u32, d: i32) {
  atomicAdd(&change[cell], d);
}

fn brush_at(j: u32) -> vec3<i32> {
  let at = BRUSH + 3u * j;
  return vec3<i32>(k[at], k[at + 1u], k[at + 2u]);
}

fn on_map(cx: i32, cy: i32, b: vec3<i32>) -> bool {
  let x = cx + b.x;
  let y = cy + b.y;
  return x >= 0 && y >= 0 && x < k[WIDTH] && y < k[HEIGHT];
}

// The brush's weights on the map around (cx, cy), summed.
fn on_map_sum(cx: i32, cy: i32) -> u32 {
  var sum = 0u;
  for (var j = 0u; j < u32(k[BRUSH_LEN]); j = j + 1u) {
    let b = brush_at(j);
    if (on_map(cx, cy, b)) {
      sum = sum + u32(b.z);
    }
  }
  return max(sum, 1u);
}

fn settle(cx: i32, cy: i32, amount: i32) {
  var rest = amount;
  let sum = on_map_sum(cx, cy);
  for (var j = 0u; j < u32(k[BRUSH_LEN]); j = j + 1u) {
    let b = brush_at(j);
    if (on_map(cx, cy, b)) {
      let scaled = bitcast<i32>((u32(b.z) << 16u) / sum);
      let part = mul(amount, scaled, 16u);
      changed(u32((cy + b.y) * k[WIDTH] + cx + b.x), part);
      rest = rest - part;
    }
  }
  changed(u32(cy * k[WIDTH] + cx), rest);
}

@compute @workgroup_size(64)
fn fall(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x >= batch.y) {
    return;
  }
  let droplet = batch.x + id.x;
  var x = starts[2u * droplet];
  var y = starts[2u * droplet + 1u];
  let w = k[WIDTH];
  let f = u32(k[FRACTION]);
  let r = k[RADIUS];
  let x_end = (w - 1) << 16u;
  let y_end = (k[HEIGHT] - 1) << 16u;
  let inertia = k[INERTIA];
  var dx = 0;
  var dy = 0;
  var speed2 = ONE;
  var water = ONE;
  var sediment = 0;
  for (var step = 0; step < k[LIFETIME]; step = step + 1) {
    let here = sample(x, y);
    let kx = mul(dx << (f - 16u), inertia, 16u) - mul(here.y, ONE - inertia, 16u);
    let ky = mul(dy << (f - 16u), inertia, 16u) - mul(here.z, ONE - inertia, 16u);
    if (kx == 0 && ky == 0) {
      break;
    }
    let d = unit(kx, ky);
    dx = d.x;
    dy = d.y;
    let nx = x + dx;
    let ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= x_end || ny >= y_end) {
      // Carried off the map's edge with its sediment.
      return;
    }
    let rise = sample(nx, ny).x - here.x;
    let fall_by = -rise;
    let carry = mul(mul(fall_by, sqrt16(speed2), 16u), water, 16u);
    let capacity = max(mul(carry, k[CAPACITY], 16u), k[MIN_CAPACITY]);
    let cx = x >> 16u;
    let cy = y >> 16u;
    if (sediment > capacity || rise > 0) {
      var amount = 0;
      if (rise > 0) {
        amount = min(rise, sediment);
      } else {
        amount = mul(sediment - capacity, k[DEPOSITION], 16u);
      }
      sediment = sediment - amount;
      let u = x & 0xffff;
      let v = y & 0xffff;
      let top = mul(amount, ONE - v, 16u);
      let nw = mul(top, ONE - u, 16u);
      let sw = mul(amount - top, ONE - u, 16u);
      let i = u32(cy * w + cx);
      let wu = u32(w);
      changed(i, nw);
      changed(i + 1u, top - nw);
      changed(i + wu, sw);
      changed(i + wu + 1u, amount - top - sw);
    } else {
      let amount = min(mul(capacity - sediment, k[EROSION], 16u), fall_by);
      let covers = cx >= r && cy >= r && cx + r < w && cy + r < k[HEIGHT];
      var sum = 1u;
      if (!covers) {
        sum = on_map_sum(cx, cy);
      }
      for (var j = 0u; j < u32(k[BRUSH_LEN]); j = j + 1u) {
        let b = brush_at(j);
        if (covers || on_map(cx, cy, b)) {
          var weight = b.z;
          if (!covers) {
            weight = bitcast<i32>((u32(b.z) << 16u) / sum);
          }
          let cell = u32((cy + b.y) * w + cx + b.x);
          let taken = min(mul(amount, weight, 16u), max(ground[cell], 0));
          changed(cell, -taken);
          sediment = sediment + taken;
        }
      }
    }
    speed2 = max(speed2 - mul(rise, k[GRAVITY], f), 0);
    water = mul(water, k[WATER_KEPT], 16u);
    x = nx;
    y = ny;
  }
  settle(x >> 16u, y >> 16u, sediment);
}

@compute @workgroup_size(64)
fn apply(@builtin(global_invocation_id) id: vec3<u32>) {
  let cells = u32(k[WIDTH] * k[HEIGHT]);
  let i = id.x;
  if (i >= cells) {
    return;
  }
  ground_out[i] = ground_out[i] + atomicExchange(&change_in[i], 0);
}
