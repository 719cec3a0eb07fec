import { afterNextPaint, afterParse } from './lib/first-paint.ts';
import { showLoadFailure } from './lib/load-failure.ts';
import { startOrderRead } from './lib/order-first-read.ts';
import './index.css';

/**
 * The app's entry, a few KB: the page's stylesheet, the order page's first requests (an emailed
 * link's exchange, then the order's read: docs/decisions/0451), and the app
 * (./start.tsx), which every page fetches from the start (frontend/screen-preloads.ts) and which
 * runs once the page's HTML has been painted. A phone then shows the page before it spends a
 * quarter of a second evaluating React, even when the app's code is already in its cache, and the
 * order's read leaves as soon as this file has arrived (docs/decisions/0441).
 *
 * The entry is an async script (frontend/index.html): it runs as soon as it has arrived, before
 * the stylesheet has and perhaps before the HTML is parsed, so the order's read does not wait
 * for either; the app, which renders into the parsed page, waits for both (docs/decisions/0442).
 */
startOrderRead(window.location.pathname, window.location.hash);
// A page whose app fails to arrive or to run keeps its frame, and says so (lib/load-failure.ts).
afterParse(() => afterNextPaint(() => void import('./start.tsx').catch(() => showLoadFailure())));
