// The site's service worker (docs/offline.md), served at /sw.js by scorer/views/app.py,
// which writes above this line the release, the static files to keep, the page shown for a
// page not kept, and the address the app opens at.
//
// - The static files are kept under the release's name; a new release's worker keeps its
//   own and deletes the old.
// - The pages of the rubbers this phone follows, and their offline forms, are fetched from
//   the network first and kept, so that a reload without the network shows them.
// - Nothing from another origin, and nothing but GET, is touched: those go to the network
//   as if there were no worker. Signing out clears every cache (Clear-Site-Data).
/* global RELEASE, STATIC_FILES, OFFLINE_PAGE, RESUME_PAGE */
"use strict";

const STATIC_CACHE = `scorer-static-${RELEASE}`;
const PAGES_CACHE = "scorer-pages";
const RUBBER_PAGE = /^\/rubbers\/\d+\/$/;
const OFFLINE_FORMS = /^\/rubbers\/\d+\/offline\/$/;
const FOLLOWING = "/following"; // the rubber page last opened, kept as a page is

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(STATIC_CACHE)
      .then((cache) => cache.addAll([...STATIC_FILES, OFFLINE_PAGE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const old = (name) => name.startsWith("scorer-static-") && name !== STATIC_CACHE;
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) {
    return;
  }
  const navigating = request.mode === "navigate";
  if (STATIC_FILES.includes(url.pathname)) {
    event.respondWith(kept(request));
  } else if (navigating && url.pathname === RESUME_PAGE) {
    event.respondWith(resume(request));
  } else if ((navigating && RUBBER_PAGE.test(url.pathname) && !url.search) ||
             OFFLINE_FORMS.test(url.pathname)) {
    event.respondWith(networkFirst(request, navigating));
  } else if (navigating) {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE)));
  }
});

async function kept(request) {
  const cache = await caches.open(STATIC_CACHE);
  return (await cache.match(request, { ignoreSearch: true })) || fetch(request);
}

// The page as the server has it now, kept; without the network, the page as last kept.
async function networkFirst(request, navigating) {
  const cache = await caches.open(PAGES_CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const page = await cache.match(request, { ignoreVary: true, ignoreSearch: true });
    return page || (navigating ? caches.match(OFFLINE_PAGE) : Response.error());
  }
  // Only a member's page itself: never a redirect to sign in, or an error.
  if (response.ok && !response.redirected && response.type === "basic") {
    await cache.put(request, response.clone());
    if (navigating) {
      await cache.put(FOLLOWING, new Response(new URL(request.url).pathname));
    }
  }
  return response;
}

// The app opens on the rubber this phone was following, or where the server says.
async function resume(request) {
  const following = await caches.match(FOLLOWING, { cacheName: PAGES_CACHE });
  if (following) {
    return Response.redirect(await following.text(), 302);
  }
  return fetch(request).catch(() => caches.match(OFFLINE_PAGE));
}
