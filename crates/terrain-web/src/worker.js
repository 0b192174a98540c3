// Start-up script of the generator worker (see generator.rs). The page builds the worker from
// this text and sends, first, the URL of its wasm-bindgen module and the compiled wasm module
// itself, so the worker runs the very same code without fetching or compiling anything again,
// and the URL of the file encoders' module (`terrain-files.js?v=HASH`), imported on the first
// download.
// Every later message asks for one demo's terrain or file; the Rust function `answer_request`
// makes it and this script posts the reply, after the encoders have written a file.
//
// Requests wait in `waiting` while another is being answered. For each view only the newest
// terrain (and the newest file) is kept, so a reader pressing Refresh ten times gets the terrain
// asked for last, not a backlog.
const waiting = new Map();
let answer = null;
let scheduled = false;
// A file being written (the encoders load and run asynchronously): requests wait meanwhile.
let writing = false;
let filesUrl = null;
let files = null;

function schedule() {
  if (answer !== null && waiting.size > 0 && !scheduled && !writing) {
    scheduled = true;
    setTimeout(answerOldest, 0);
  }
}

function answerOldest() {
  scheduled = false;
  const [view, request] = waiting.entries().next().value;
  waiting.delete(view);
  // Synchronous on purpose: a trap or out-of-memory inside the generator throws here, and the
  // page hears it as the worker's `error` event.
  const [reply, transfer] = answer(request);
  if (reply.kind === 'map') {
    writing = true;
    write(reply).then(([file, moved]) => {
      self.postMessage(file, moved);
      writing = false;
      schedule();
    });
  } else {
    self.postMessage(reply, transfer);
    schedule();
  }
}

// The file for a map reply, written by the encoders' module (loaded once, on first use), as a
// reply and its transfer list; a failure, including one to load the module, is the reply's
// `error`, so this never rejects.
async function write({ view, token, extension, width, height, heights, memory }) {
  try {
    // The wasm carries the module's `?v=` content hash too (scripts/stamp-files.mjs).
    files ??= import(filesUrl).then(async (module) => {
      const wasm = new URL('terrain-files_bg.wasm', filesUrl);
      wasm.search = new URL(filesUrl).search;
      await module.default({ module_or_path: wasm });
      return module;
    });
    const file = (await files).encode(extension, width, height, heights);
    return [{ view, token, kind: 'file', file, memory }, [file.buffer]];
  } catch (error) {
    files = null;
    return [{ view, token, kind: 'file', error: `the file could not be written: ${error}` }, []];
  }
}

async function start({ glue, module, files: url }) {
  try {
    filesUrl = url;
    const bindings = await import(glue);
    await bindings.default({ module_or_path: module });
    answer = bindings.answer_request;
    schedule();
  } catch (error) {
    self.postMessage({ fatal: `the generator could not start: ${error}` });
  }
}

self.onmessage = ({ data }) => {
  if (data.glue !== undefined) {
    start(data);
  } else {
    // The newest request per view and kind: a download never replaces a terrain or the reverse.
    waiting.set(`${data.view}:${data.download ?? 'terrain'}`, data);
    schedule();
  }
};
