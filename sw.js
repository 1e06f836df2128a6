// Étoile's service worker: the whole app in one versioned cache, so it runs offline.
// `python3 dev.py build` writes the two lines below: the list of every file of the
// served tree and a version that changes whenever any of them changes. A new
// version installs beside the old one, takes over, and deletes the old cache.
const VERSION = "dev";
const ASSETS = [];

const CACHE = `etoile-${VERSION}`;

// Each file is revalidated with the server, never taken unchecked from the HTTP cache, and never downloaded a
// second time when the page has just loaded it: an unchanged file costs a "304 Not Modified", not its bytes.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(ASSETS.map((path) => new Request(path, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("etoile-") && name !== CACHE).map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(request, { ignoreSearch: true })
        || (request.mode === "navigate" ? await cache.match("./") : undefined);
      return cached || fetch(request);
    }),
  );
});
