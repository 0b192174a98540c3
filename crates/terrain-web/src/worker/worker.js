// Start-up script of the generator worker. The page runs it behind `const KEY = {…}` and
// `const KIND = {…}` (worker/protocol/, `worker_script`): every message key comes from there.
//
// The page's own module makes no terrain. Its first message (the hello) holds the URLs of the
// modules this worker imports: its own (`terrain-worker.js?v=HASH`: the mailbox and the quick
// chapters), at once; and on first use the later chapters' (`terrain-chapters.js?v=HASH`: fault
// lines, fBm, erosion and the steps), the file encoders' (`terrain-files.js?v=HASH`) and the
// heightmap readers' (`terrain-readers.js?v=HASH`). Every later message asks for one demo's
// terrain or file: the Rust mailbox (terrain-worker's host.rs) keeps only the newest per view and
// kind, and `answer_next` makes the oldest waiting one. A request whose demo's code is in the
// later chapters comes back as a `later` reply, which that module answers; a map for a file goes
// to the encoders, and `file_reply` turns their bytes into the reply. A request with a map file
// to read (`KEY.source`: a file the reader brought, or the URL of real land) has the readers'
// module read it, and `hold` keeps the map for its view, first. A module that cannot be fetched
// (the network is gone) fails the requests that need it, saying so, and the next one tries again.

// The worker's own module, once imported, and its import (forgotten when it failed).
let host = null;
let hostLoading = null;
let workerUrl = null;
// Messages are taken one after another, each once the one before is done: a map file being read
// holds back the requests behind it, which need its map.
let inbox = Promise.resolve();
let scheduled = false;
// A reply being made asynchronously (by a module being loaded, or the encoders): requests wait
// meanwhile.
let busy = false;
let filesUrl = null;
let files = null;
let readersUrl = null;
let readers = null;
let chaptersUrl = null;
let chapters = null;

// While a reply is made asynchronously (a module fetched, rain on the GPU, a file written), the
// page hears every 2 s that the worker is at work, so its watchdog waits for the reply; work in
// wasm, which holds this thread, says how far it has got itself (progress messages).
function beating(promise) {
  const beat = setInterval(() => self.postMessage({ [KEY.alive]: true }), 2000);
  return promise.finally(() => clearInterval(beat));
}

function schedule() {
  if (host !== null && !scheduled && !busy && host.has_request()) {
    scheduled = true;
    setTimeout(answerNext, 0);
  }
}

function answerNext() {
  scheduled = false;
  // Synchronous on purpose: a trap or out-of-memory inside the generator throws here, and the
  // page hears it as the worker's `error` event.
  const [reply, transfer] = host.answer_next();
  if (reply[KEY.kind] === KIND.later) {
    busy = true;
    beating(later(reply)).then(([made, moved]) => {
      busy = false;
      deliver(made, moved);
    }, (trap) => {
      // A trap inside the chapters' generator: thrown outside the promise, so the page hears it
      // as the worker's `error` event and starts a fresh worker, as for one in this module.
      setTimeout(() => {
        throw trap;
      });
    });
  } else {
    deliver(reply, transfer);
  }
}

// Sends a reply to the page; a map for a file goes to the encoders first.
function deliver(reply, transfer) {
  if (reply[KEY.kind] === KIND.map) {
    busy = true;
    beating(write(reply)).then(([file, moved]) => {
      self.postMessage(file, moved);
      busy = false;
      schedule();
    });
  } else {
    self.postMessage(reply, transfer);
    schedule();
  }
}

// A wasm-bindgen module beside the page's, imported once, on first use; its wasm carries the
// module's `?v=` content hash too (scripts/stamp-files.mjs). A failed import is forgotten, so
// the next use tries again.
function load(url, wasmName) {
  return import(url).then(async (module) => {
    const wasm = new URL(wasmName, url);
    wasm.search = new URL(url).search;
    await module.default({ module_or_path: wasm });
    return module;
  });
}

// The encoders' module, imported on first use.
function encoders() {
  files ??= load(filesUrl, 'terrain-files_bg.wasm');
  return files;
}

// The readers' module, imported on first use.
function readersModule() {
  readers ??= load(readersUrl, 'terrain-readers_bg.wasm');
  return readers;
}

// The worker's own module, imported when the worker starts; a failed import is forgotten, so
// the next request tries again.
function hostModule() {
  hostLoading ??= load(workerUrl, 'terrain-worker_bg.wasm').then((module) => {
    host = module;
    return module;
  }, (error) => {
    hostLoading = null;
    throw error;
  });
  return hostLoading;
}

// The reply refusing `request` (a request, or a `later` reply holding one) because `code` could not
// be imported: the view keeps what it shows, and says why.
function unanswered(request, code, error) {
  return {
    [KEY.view]: request[KEY.view],
    [KEY.token]: request[KEY.token],
    [KEY.kind]: request[KEY.download] === undefined ? KIND.terrain : KIND.file,
    [KEY.error]: `${code} could not be loaded (${error}); check the connection and press Refresh`,
  };
}

// The reply for a `later` reply: the later chapters' module answers it, imported the first time
// (so its fetch starts when the first of its demos asks, as its section comes near). When it
// cannot be loaded (the network is gone), the request fails saying so, rather than waiting.
async function later(handedOn) {
  let module;
  try {
    chapters ??= load(chaptersUrl, 'terrain-chapters_bg.wasm');
    module = await chapters;
  } catch (error) {
    chapters = null;
    return [unanswered(handedOn, "this chapter's code", error), []];
  }
  // A promise: rain at scale may run on the GPU.
  return module.answer(handedOn);
}

// The map in a request's file: `[width, height, heights]` from the readers' module, or why it
// cannot be read (a string). A URL is fetched; a file too large is refused before it is read.
async function read(source) {
  try {
    let name = source.name;
    let blob = source;
    if (typeof source === 'string') {
      // Beside the page, as the readers' module is (this worker's own address is a blob's).
      const url = new URL(source, readersUrl);
      name = url.pathname.split('/').pop();
      const response = await fetch(url);
      if (!response.ok) return `${name} could not be fetched (HTTP ${response.status})`;
      blob = await response.blob();
    }
    const refused = host.refuse_size(name, blob.size);
    if (refused !== undefined) return refused;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const small = (await readersModule()).decode(name, bytes);
    if (small !== undefined) return small;
    // A format whose reader is large (EXR, TIFF): the encoders' module holds it.
    try {
      return (await encoders()).decode(name, bytes);
    } catch (error) {
      if (typeof error !== 'string') files = null;
      throw error;
    }
  } catch (error) {
    if (typeof error !== 'string') readers = null;
    return typeof error === 'string' ? error : `the map file could not be read: ${error}`;
  }
}

// The file reply for a map reply, written by the encoders' module (loaded once, on first use);
// a failure, including one to load the module, becomes the reply's error, so this never rejects.
async function write(map) {
  let outcome;
  try {
    outcome = (await encoders()).encode(map);
  } catch (error) {
    files = null;
    outcome = `the file could not be written: ${error}`;
  }
  return host.file_reply(map, outcome);
}

function start(hello) {
  workerUrl = hello[KEY.worker];
  filesUrl = hello[KEY.files];
  readersUrl = hello[KEY.readers];
  chaptersUrl = hello[KEY.chapters];
  // Fetched at once: every terrain needs it. A failure is said by the requests that wait for it.
  hostModule().catch(() => {});
}

async function receive(data) {
  if (data[KEY.worker] !== undefined) {
    start(data);
    return;
  }
  if (host === null) {
    try {
      await beating(hostModule());
    } catch (error) {
      self.postMessage(unanswered(data, "the terrain generator's code", error));
      return;
    }
  }
  if (data[KEY.source] !== undefined) {
    const map = await beating(read(data[KEY.source]));
    if (typeof map === 'string') host.refuse(data, map);
    else host.hold(data, ...map);
  } else {
    host.take_request(data);
  }
  schedule();
}

self.onmessage = ({ data }) => {
  inbox = inbox.then(() => receive(data));
};
