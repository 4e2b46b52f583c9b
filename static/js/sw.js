// The site's service worker (docs/offline.md), served at /sw.js by scorer/phone/views.py,
// which writes above this line the release, the static files to keep, the page shown for a
// page not kept, and the address the app opens at.
//
// - The static files are kept under the release's name; a new release's worker keeps its
//   own and deletes the old.
// - The pages of the rubbers this phone follows, and their offline forms, are fetched from
//   the network first and kept, so that a reload without the network shows them. A
//   rubber's page open before the worker took control of it (the first open, when the
//   page itself registered the worker) is fetched again and kept as the worker takes it.
// - They are kept for the member they were shown to, each member's apart: every page the
//   site sends names the member signed in (<body data-user>, empty for nobody), and the
//   worker remembers the last one named. Without the network it shows that member's pages
//   alone, so a member signing in on a phone where another's session lapsed never sees
//   what the other kept (nor his queue: the page shown says whose queue it shows); once
//   the site names another member, the pages kept for any other are deleted.
// - Nothing from another origin, and nothing but GET, is touched: those go to the network
//   as if there were no worker. Signing out clears every cache (Clear-Site-Data).
/* global RELEASE, STATIC_FILES, OFFLINE_PAGE, RESUME_PAGE */
"use strict";

const STATIC_CACHE = `scorer-static-${RELEASE}`;
const PAGES_CACHE = "scorer-pages-"; // and the member's id: each member's pages apart
const MEMBER_CACHE = "scorer-member"; // who the site last said was signed in
const MEMBER = "/member";
// A rubber's page, or a Progressive evening's table's, and its offline forms.
const RUBBER_PAGE = /^\/(?:rubbers|progressive\/tables)\/\d+\/$/;
const OFFLINE_FORMS = /^\/(?:rubbers|progressive\/tables)\/\d+\/offline\/$/;
const FOLLOWING = "/following"; // the rubber page last opened, kept as a page is
const SIGNED_IN = /<body\b[^>]*\sdata-user="(\d*)"/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(STATIC_CACHE)
      .then((cache) => cache.addAll([...STATIC_FILES, OFFLINE_PAGE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // An older release's files, and pages kept before they were kept by member.
  const old = (name) => (name.startsWith("scorer-static-") && name !== STATIC_CACHE) ||
    name === "scorer-pages";
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
      .then(keepOpenPages),
  );
});

// The rubbers' pages open now, which this worker has just taken control of: each fetched
// again and kept at once, with its offline forms, as if it had come through the worker.
// Bounded, since the pages' own requests wait until the worker is ready.
const KEEPING_MS = 10000;
async function keepOpenPages() {
  const open = await self.clients.matchAll({ type: "window" });
  const pages = new Set(open.map((client) => new URL(client.url))
    .filter((url) => url.origin === self.location.origin && !url.search && RUBBER_PAGE.test(url.pathname))
    .map((url) => url.href));
  await Promise.all([...pages].map(async (href) => {
    try {
      const request = new Request(href);
      const response = await fetch(request, { signal: AbortSignal.timeout(KEEPING_MS) });
      await inTurn(() => note(request, response, true));
      await forms(new Request(new URL("offline/", href)), { signal: AbortSignal.timeout(KEEPING_MS) });
    } catch (error) {
      // No network, or too slow: kept the next time it is opened.
    }
  }));
}

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
  } else if (navigating) {
    event.respondWith(page(event, RUBBER_PAGE.test(url.pathname) && !url.search));
  } else if (OFFLINE_FORMS.test(url.pathname)) {
    event.respondWith(forms(request));
  }
});

async function kept(request) {
  const cache = await caches.open(STATIC_CACHE);
  return (await cache.match(request, { ignoreSearch: true })) || fetch(request);
}

// Pages are read in the order they came: who is signed in is what the last one said.
let learning = Promise.resolve();
function inTurn(work) {
  learning = learning.then(work).catch(() => {});
  return learning;
}

async function member() {
  await learning;
  const said = await caches.match(MEMBER, { cacheName: MEMBER_CACHE });
  return said ? said.text() : "";
}

// A page as the server has it now, noted meanwhile (who it was shown to and, for a
// rubber's page, the page itself, kept for him); without the network, his page as last
// kept.
async function page(event, keeping) {
  const request = event.request;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const who = keeping && await member();
    const kept = who && await caches.match(request, {
      cacheName: PAGES_CACHE + who, ignoreVary: true, ignoreSearch: true,
    });
    return kept || caches.match(OFFLINE_PAGE);
  }
  const copy = response.clone();
  event.waitUntil(inTurn(() => note(request, copy, keeping)));
  return response;
}

async function note(request, response, keeping) {
  // Only the site's own page: never a redirect, an error, or a document that is no page.
  const html = (response.headers.get("Content-Type") || "").startsWith("text/html");
  if (!response.ok || response.redirected || response.type !== "basic" || !html) {
    return;
  }
  const signedIn = SIGNED_IN.exec(await response.clone().text());
  if (!signedIn) {
    return; // a page that does not say (the admin's)
  }
  const who = signedIn[1];
  if (who) {
    await forgetOthers(who);
  }
  await (await caches.open(MEMBER_CACHE)).put(MEMBER, new Response(who));
  if (keeping && who) {
    const cache = await caches.open(PAGES_CACHE + who);
    await cache.put(request, response);
    await cache.put(FOLLOWING, new Response(new URL(request.url).pathname));
  }
}

// A member signed in here: the pages kept for anyone else go (another member's session
// lapsed on this phone, or he left it signed in); what they had not sent is the page
// script's, kept in its queue until it is sent.
async function forgetOthers(who) {
  const names = await caches.keys();
  const others = names.filter((name) => name.startsWith(PAGES_CACHE) && name !== PAGES_CACHE + who);
  await Promise.all(others.map((name) => caches.delete(name)));
}

// A rubber's offline forms, fetched by its page's script: kept for the member signed in.
async function forms(request, options = {}) {
  const who = await member();
  let response;
  try {
    response = await fetch(request, options);
  } catch (error) {
    const form = who && await caches.match(request, {
      cacheName: PAGES_CACHE + who, ignoreVary: true, ignoreSearch: true,
    });
    return form || Response.error();
  }
  if (who && response.ok && !response.redirected && response.type === "basic") {
    await (await caches.open(PAGES_CACHE + who)).put(request, response.clone());
  }
  return response;
}

// The app opens on the rubber this member was following on this phone, or where the
// server says.
async function resume(request) {
  const who = await member();
  const following = who && await caches.match(FOLLOWING, { cacheName: PAGES_CACHE + who });
  if (following) {
    return Response.redirect(await following.text(), 302);
  }
  return fetch(request).catch(() => caches.match(OFFLINE_PAGE));
}
