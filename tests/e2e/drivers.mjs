// Firefox and WebKit (the engine of Safari) for the shared engine suite (engines.test.mjs), each
// behind the same small driver: open a URL, evaluate a function in the page, click, type,
// screenshot. Both run in a real window on an Xvfb display, where they have WebGL2 (headless,
// Firefox has none).
//
// - Firefox ESR (Debian's firefox-esr) speaks WebDriver BiDi itself; npm puppeteer-core drives it
//   (no geckodriver, no browser download).
// - WebKitGTK's MiniBrowser through WebKitWebDriver (Debian's webkit2gtk-driver), classic
//   WebDriver over HTTP with plain fetch. Its element screenshots crop the wrong area, so a
//   screenshot is of the whole window.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import puppeteer from 'puppeteer-core';

/** The window every suite opens with; `resize` goes back to it. */
export const WINDOW = { width: 1200, height: 900 };

/** A free TCP port on loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Starts Xvfb on a free display; resolves to { display, stop }. */
export async function startXvfb() {
  let number = 90;
  while (existsSync(`/tmp/.X11-unix/X${number}`) || existsSync(`/tmp/.X${number}-lock`)) number++;
  const display = `:${number}`;
  const xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  for (let waited = 0; !existsSync(`/tmp/.X11-unix/X${number}`); waited += 50) {
    if (waited > 10_000 || xvfb.exitCode !== null) throw new Error(`Xvfb did not start on ${display}`);
    await sleep(50);
  }
  return { display, stop: () => xvfb.kill() };
}

/** Wraps `fn` and its arguments as one expression that evaluates to its (awaited) result. */
function call(fn, args) {
  return `(${fn})(...${JSON.stringify(args)})`;
}

/** Firefox through puppeteer-core (WebDriver BiDi). */
export async function firefox(display) {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX ?? '/usr/bin/firefox-esr',
    headless: false,
    env: { ...process.env, DISPLAY: display },
    defaultViewport: WINDOW,
  });
  const page = await browser.newPage();
  return {
    name: 'firefox',
    open: (url) => page.goto(url),
    evaluate: (fn, ...args) => page.evaluate(call(fn, args)),
    click: (selector) => page.click(selector),
    async type(selector, text) {
      await page.click(selector, { count: 3 });
      await page.type(selector, text);
      await page.keyboard.press('Enter');
    },
    screenshot: (path) => page.screenshot({ path }),
    /** Sets the page's viewport to `size` ({ width, height } in CSS pixels). */
    resize: (size) => page.setViewport(size),
    /** One finger down at the first of `points` (viewport CSS pixels), through the rest, and up:
     * real touch input (BiDi `input.performActions`, pointer type touch). */
    async touchDrag(points) {
      const [[x, y], ...rest] = points;
      await page.touchscreen.touchStart(x, y);
      for (const [mx, my] of rest) await page.touchscreen.touchMove(mx, my);
      await page.touchscreen.touchEnd();
    },
    close: () => browser.close(),
  };
}

/** WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver). */
export async function webkit(display) {
  const port = await freePort();
  const driver = spawn(process.env.WEBKIT_DRIVER ?? 'WebKitWebDriver', [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const request = async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const { value } = await response.json();
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
    return value;
  };
  let session;
  for (let waited = 0; !session; waited += 100) {
    try {
      session = await request('POST', '/session', {
        capabilities: {
          alwaysMatch: {
            'webkitgtk:browserOptions': {
              binary: process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
              args: ['--automation'],
            },
          },
        },
      });
    } catch (error) {
      if (waited > 15_000) throw error;
      await sleep(100);
    }
  }
  const at = (path) => `/session/${session.sessionId}${path}`;
  await request('POST', at('/window/rect'), WINDOW);
  const element = async (selector) => {
    const found = await request('POST', at('/element'), { using: 'css selector', value: selector });
    return Object.values(found)[0];
  };
  return {
    name: 'webkit',
    open: (url) => request('POST', at('/url'), { url }),
    async evaluate(fn, ...args) {
      const script = `const done = arguments[arguments.length - 1];
        Promise.resolve(${call(fn, args)}).then(done, (e) => done({ __failed: String(e && e.stack || e) }));`;
      const value = await request('POST', at('/execute/async'), { script, args: [] });
      if (value && value.__failed) throw new Error(value.__failed);
      return value;
    },
    async click(selector) {
      await request('POST', at(`/element/${await element(selector)}/click`), {});
    },
    async type(selector, text) {
      const id = await element(selector);
      await request('POST', at(`/element/${id}/clear`), {});
      await request('POST', at(`/element/${id}/value`), { text: `${text}\uE007` });
    },
    async screenshot(path) {
      await writeFile(path, Buffer.from(await request('GET', at('/screenshot')), 'base64'));
    },
    /** Sets the window to `size` ({ width, height }). */
    resize: (size) => request('POST', at('/window/rect'), size),
    /** One finger down at the first of `points` (viewport CSS pixels), through the rest, and up.
     * WebKitWebDriver turns a touch pointer's actions into a mouse's (WebKitGTK has no touch
     * input to drive), so the finger is the pointer events a touch screen gives, dispatched in
     * the page (pointer type touch, not trusted): the page's own handling of a finger, in WebKit. */
    async touchDrag(points) {
      await this.evaluate((path) => {
        const [[x, y]] = path;
        const target = document.elementFromPoint(x, y);
        const fire = (type, [cx, cy], buttons) => target.dispatchEvent(new PointerEvent(type, {
          pointerId: 11, pointerType: 'touch', isPrimary: true, buttons, width: 1, height: 1,
          pressure: buttons ? 0.5 : 0, clientX: cx, clientY: cy, bubbles: true, cancelable: true, composed: true,
        }));
        fire('pointerdown', path[0], 1);
        for (const point of path.slice(1)) fire('pointermove', point, 1);
        fire('pointerup', path[path.length - 1], 0);
      }, points);
    },
    async close() {
      await request('DELETE', at('')).catch(() => {});
      driver.kill();
    },
  };
}
