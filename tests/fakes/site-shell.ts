/**
 * A built site's index.html as Vite writes it (title, description, Open Graph, a canonical to be
 * replaced, the entry script, the app's preload, the screens' preloads of
 * frontend/vite.config.ts: the order page's, the wizard's and the checkout's), for the tests that
 * prerender pages into it: the build step (scripts/prerender.test.ts) and the site publisher
 * (site/publisher/publish.test.ts).
 */
export const BUILT_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>CreatorLLC: Form your LLC as a content creator</title>
    <meta name="description" content="Built-in description" />
    <meta property="og:title" content="CreatorLLC" />
    <link rel="canonical" href="https://old.example/" />
    <script async type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/app-abc.js" />
    <template data-preloads="/orders/:id" data-priority="auto"><link rel="modulepreload" crossorigin href="/assets/OrderPage-abc.js" /><link rel="modulepreload" crossorigin href="/assets/QueryScope-abc.js" /></template>
    <template data-preloads="/wizard/:step" data-priority="low"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/WizardPage-abc.js" /><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/QueryScope-abc.js" /></template>
    <template data-preloads="/checkout" data-priority="low"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/CheckoutPage-abc.js" /><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/QueryScope-abc.js" /></template>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
