//! Every key of the worker's messages, the kinds of reply, and the worker's script with the
//! keys written in front of it for `worker.js` to read (see the protocol's notes).

macro_rules! keys {
    ($($(#[doc = $doc:literal])* $name:ident = $text:literal;)*) => {
        $($(#[doc = $doc])* pub const $name: &str = $text;)*
        /// Every key, as worker.js reads them (`KEY.view` is `"view"`).
        pub const KEYS: &[&str] = &[$($text),*];
    };
}

keys! {
    /// Hello: the URL of the worker's own module (`terrain-worker.js?v=HASH`): its mailbox and
    /// the quick chapters.
    WORKER = "worker";
    /// Hello: the URL of the file encoders' module (`terrain-files.js?v=HASH`).
    FILES = "files";
    /// Hello: the URL of the heightmap readers' module (`terrain-readers.js?v=HASH`).
    READERS = "readers";
    /// Hello: the URL of the later chapters' module (`terrain-chapters.js?v=HASH`).
    CHAPTERS = "chapters";
    /// The index of the view that asked; its reply carries it back.
    VIEW = "view";
    /// The view's token for the request; its reply carries it back.
    TOKEN = "token";
    /// Request: the demo's ID.
    DEMO = "demo";
    /// Request: the demo's fields as a share link's query.
    SETUP = "setup";
    /// Request: the seed as decimal text.
    SEED = "seed";
    /// Request: a map file for the worker to read before it answers, for a demo whose map is
    /// read (a `File` the reader brought, or the URL of real land).
    SOURCE = "source";
    /// Request: the extension of the file wanted, for a download.
    DOWNLOAD = "download";
    /// Reply: one of [`KINDS`].
    KIND = "kind";
    /// Reply: why nothing was made.
    ERROR = "error";
    /// Reply: the worker's wasm memory in bytes.
    MEMORY = "memory";
    /// Terrain: the shown columns' world x.
    XS = "xs";
    /// Terrain: the shown rows' world z.
    ZS = "zs";
    /// Terrain and map: the heights, row after row.
    HEIGHTS = "heights";
    /// Terrain: the fault batches' shown heights.
    BATCHES = "batches";
    /// Terrain: the variogram as (distance, difference) pairs.
    VARIOGRAM = "variogram";
    /// Terrain: the variogram's log-log slope.
    SLOPE = "slope";
    /// Terrain of a comparison: the two crease scores.
    CREASES = "creases";
    /// Terrain: how tall a shown height of 1 stands (1 but for real land).
    RELIEF = "relief";
    /// Terrain of erosion: the marks of each one-droplet step.
    TRAILS = "trails";
    /// Terrain composed with a mask: where each step acts, a byte per shown point.
    MASKS = "masks";
    /// Terrain of rain at scale: the engine that ran it (`webgpu` or `cpu`).
    ENGINE = "engine";
    /// Terrain of rain at scale: what the caption says of the engine and its time.
    SAID = "said";
    /// Terrain: what the worker measured at each step, one line a step.
    NOTES = "notes";
    /// Map: the extension of the file to write.
    EXTENSION = "extension";
    /// Map: its lowest height before it was stretched to 0..1, if it was.
    LOW = "low";
    /// Map: its highest height before it was stretched.
    HIGH = "high";
    /// Map: how far the chain's erosion steps lowered each cell (for the splat).
    WEAR = "wear";
    /// Map: how far they raised each cell.
    DEPOSIT = "deposit";
    /// Map: the number of columns.
    WIDTH = "width";
    /// Map: the number of rows.
    HEIGHT = "height";
    /// File: the bytes.
    FILE = "file";
    /// Progress: the share of a request done, 0 to 1 (beside its view and token).
    PROGRESS = "progress";
    /// The worker is still at work on something that reports no share (worker.js).
    ALIVE = "alive";
    /// Reply: how many maps the worker has generated for this view, from scratch.
    RUNS = "runs";
}

/// A reply with the points to show (the value under [`KIND`]).
pub const KIND_TERRAIN: &str = "terrain";
/// A reply with a full map for the file encoders, inside the worker.
pub const KIND_MAP: &str = "map";
/// A reply with a file.
pub const KIND_FILE: &str = "file";
/// A request the worker's own module hands on to the later chapters' module (its
/// demo's code is there); the page never receives it.
pub const KIND_LATER: &str = "later";
/// Every kind of reply, as worker.js reads them (`KIND.map` is `"map"`).
pub const KINDS: [&str; 4] = [KIND_TERRAIN, KIND_MAP, KIND_FILE, KIND_LATER];
