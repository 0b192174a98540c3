// Start-up script of the generator worker (see generator.rs). The page builds the worker from
// this text and sends, first, the URL of its wasm-bindgen module and the compiled wasm module
// itself, so the worker runs the very same code without fetching or compiling anything again.
// Every later message asks for one demo's terrain; the Rust function `answer_request` answers
// it and posts the reply.
//
// Requests wait in `waiting` while another is being answered. For each view only the newest
// terrain (and the newest file) is kept, so a reader pressing Refresh ten times gets the terrain
// asked for last, not a backlog.
const waiting = new Map();
let answer = null;
let scheduled = false;

function schedule() {
  if (answer !== null && waiting.size > 0 && !scheduled) {
    scheduled = true;
    setTimeout(answerOldest, 0);
  }
}

function answerOldest() {
  scheduled = false;
  const [view, request] = waiting.entries().next().value;
  waiting.delete(view);
  answer(request);
  schedule();
}

async function start({ glue, module }) {
  try {
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
