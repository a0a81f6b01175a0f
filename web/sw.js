// Nardy's service worker: makes the app start offline and fast on later visits.
//
// build.js (written by tools/build_web.py) sets self.NARDY_BUILD = {hash, files}. Importing it
// also makes the browser's update check see a new build: a changed build.js means a new
// worker, which precaches the new files under a new cache name while the old worker keeps
// serving the open pages from its own cache. The page decides when to switch (skipWaiting on
// its message), so a game in progress is never reloaded under the player's feet.
importScripts('./build.js');

const BUILD = self.NARDY_BUILD;
const CACHE = 'nardy-' + BUILD.hash;
const PREFIX = 'nardy-';
const SCOPE = new URL(self.registration.scope);
// Fetched straight from the network, never cached: the worker's own scripts (the browser
// checks them for updates itself; a cached build.js would pin an old build).
const PASS_THROUGH = new Set([new URL('./sw.js', SCOPE).pathname,
                              new URL('./build.js', SCOPE).pathname]);
// Network-first for the page itself: past this delay a cached copy answers, so that a
// network that is up but hangs ("lie-fi") does not leave the player on a blank page.
const NAVIGATION_TIMEOUT_MS = 4000;

self.addEventListener('install', (event) => {
  // cache: 'no-cache' revalidates with the server (a 304 is cheap when the page has just
  // fetched the same files) but never takes a stale HTTP-cache copy under the new build's name.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(
    BUILD.files.map((path) => new Request(new URL(path, SCOPE), {cache: 'no-cache'})))));
  // No skipWaiting here: the page asks for it (see the message handler).
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    // Only our own old caches: other apps on the same origin keep theirs.
    await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
                           .map((name) => caches.delete(name)));
    // The first visit's page becomes controlled without a reload.
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skipWaiting') self.skipWaiting();
});

function isPage(request, url) {
  if (request.mode === 'navigate') return true;
  return url.pathname === SCOPE.pathname || url.pathname === SCOPE.pathname + 'index.html';
}

// The cached copy of a page; the query string is ignored (./?new=short is ./ from the cache).
async function cachedPage(request) {
  const cache = await caches.open(CACHE);
  return cache.match(request, {ignoreSearch: true});
}

async function networkFirst(request) {
  const network = fetch(request);
  // Marked as handled: when the cached copy has won, a late network failure is no error.
  network.catch(() => {});
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(cachedPage(request)), NAVIGATION_TIMEOUT_MS);
  });
  try {
    // The network wins unless it is slower than the timeout and a cached copy exists.
    const first = await Promise.race([network, late]);
    if (first) return first;
    return await network;  // timed out with nothing cached: keep waiting for the network
  } catch (error) {
    const cached = await cachedPage(request);
    if (cached) return cached;
    throw error;  // offline and never cached: the browser shows its own error page
  } finally {
    clearTimeout(timer);
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  // Fill the cache on a miss (files left out of the precache list, e.g. source maps). Only
  // whole, same-origin answers: a 206 or an error page must not be served again later.
  if (response.status === 200 && response.type === 'basic') {
    cache.put(request, response.clone()).catch(() => {});
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Cross-origin requests are none of our business (and the app makes none).
  if (url.origin !== self.location.origin) return;
  if (PASS_THROUGH.has(url.pathname)) return;
  if (request.headers.has('range')) return;  // partial answers are not cached
  event.respondWith(isPage(request, url) ? networkFirst(request) : cacheFirst(request));
});
