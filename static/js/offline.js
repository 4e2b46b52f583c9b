// The table's page without a connection (docs/offline.md).
// - Registers the site's service worker, which keeps the static files and the pages of the
//   rubbers this phone follows.
// - Keeps the table as last drawn (IndexedDB), so that a reload without the network shows
//   the last sheet, and the time it was last brought up to date.
// - What it keeps is the member's the page was shown to (<body data-user>): another member
//   signed in on the same phone is never shown it, and never sends it.
// - A declaration or result, or a whole deal in one save, saved while offline is kept on
//   the phone with its form's key and the revision it was made against, shown as "not yet
//   sent", and sent in order when the connection returns: the key makes a resend record
//   once, and the revision makes the server refuse an entry made before another phone's,
//   which the player then settles.
//   The entries' words are the form's own labels; the next step's form is the server's,
//   fetched beforehand (/rubbers/<pk>/offline/).
(() => {
  "use strict";

  // What this script says in its own words; what an entry says comes from its form.
  const SAY = {
    notSent: "not yet sent",
    pending: (n) => n === 1
      ? "Not yet sent: the table's record does not include this entry. This phone keeps it, and sends it when the connection returns."
      : `Not yet sent: the table's record does not include these ${n} entries. This phone keeps them, and sends them in order when the connection returns.`,
    choose: "Not sent: the table moved on while this phone was offline, and its record does not include what this phone kept. For each entry below: send it, change it or drop it.",
    sent: "Sent: the table's record includes this phone's entries.",
    offline: (at) => `Offline: the sheet as it was last brought up to date${at ? `, at ${at}` : ""}.`,
    held: "Made after an entry that was not sent, so not sent either.",
    signIn: "Sign in again to send what this phone keeps.",
    refused: "The club's server refused this entry.",
    noForms: "This phone has not kept the next step's form: record it when the connection returns.",
    played: "Every deal is recorded on this phone: the next step is taken when the connection returns.",
    losing: (n) => `This phone keeps ${n} ${n === 1 ? "entry" : "entries"} of yours not yet sent, which signing out throws away. Sign out all the same?`,
    actions: { send: "Send it", change: "Change it", drop: "Drop it", discard: "Discard" },
  };

  const body = document.body;
  if ("serviceWorker" in navigator && body.dataset.worker) {
    navigator.serviceWorker.register(body.dataset.worker).catch(() => {});
  }
  backWhenOnline();

  // The page shown for a page not kept (templates/phone/offline_page.html, data-not-kept)
  // goes back to the page asked for once the signal returns, with no tap: a rubber's page
  // then sends what this phone kept. A network back without saying so is found by asking
  // the server now and then; any answer will do.
  function backWhenOnline() {
    if (!body.hasAttribute("data-not-kept")) { return; }
    const back = () => location.reload();
    window.addEventListener("online", back);
    setInterval(() => {
      if (navigator.onLine) {
        fetch(location.href, { method: "HEAD", cache: "no-store" }).then(back, () => {});
      }
    }, 5000);
  }
  if (!("indexedDB" in window)) { return; }
  const user = body.dataset.user;

  // -- IndexedDB: the queue of entries, and each rubber's table as last drawn ----------
  let database = null;
  function open() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open("scorer", 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
        request.result.createObjectStore("tables", { keyPath: "rubber" });
      };
      request.onsuccess = () => {
        request.result.onversionchange = () => request.result.close(); // signing out clears it
        resolve(request.result);
      };
      request.onerror = () => reject(request.error);
    });
  }
  async function store(name, mode, work) {
    database = database || open();
    const db = await database;
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(name, mode);
      const request = work(transaction.objectStore(name));
      transaction.oncomplete = () => resolve(request ? request.result : undefined);
      transaction.onerror = transaction.onabort = () => reject(transaction.error);
    });
  }
  const everything = (name) => store(name, "readonly", (s) => s.getAll());
  const put = (name, value) => store(name, "readwrite", (s) => s.put(value));
  const remove = (name, key) => store(name, "readwrite", (s) => s.delete(key));

  // Signing out throws away this member's entries not yet sent (the phone asks first) and
  // every page kept (Clear-Site-Data clears the whole phone). Another member's entries not
  // yet sent are his: the form then asks the server to spare the phone's storage, and the
  // phone itself drops this member's entries and every member's pages, keeping his alone
  // until he signs in here again and they are sent.
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!user || form.dataset.checked || !form.hasAttribute("data-sign-out")) { return; }
    event.preventDefault();
    const kept = await everything("queue").catch(() => []);
    const mine = kept.filter((e) => e.user === user);
    if (mine.length && !window.confirm(SAY.losing(mine.length))) { return; }
    if (mine.length < kept.length) {
      await Promise.all(mine.map((e) => remove("queue", e.id))).catch(() => {});
      const names = await caches.keys().catch(() => []);
      await Promise.all(names.filter((n) => n.startsWith("scorer-pages-") || n === "scorer-member")
        .map((n) => caches.delete(n))).catch(() => {});
      const spare = document.createElement("input");
      Object.assign(spare, { type: "hidden", name: "keep", value: "others-unsent" });
      form.append(spare);
    }
    form.dataset.checked = "1";
    form.submit();
  });

  const box = document.getElementById("offline");
  if (!box || !user) { return; }
  // What the page's entries are kept under: a rubber's number, or another record's name
  // (data-record: a table of a Progressive evening, "progressive-<id>").
  const rubber = box.dataset.record || Number(box.dataset.rubber);
  const seenKey = `scorer:seen:${user}:${rubber}`;
  let queue = [];
  let forms = null; // the offline forms, a DocumentFragment once fetched
  let serverPanel = null; // the recording panel as the server last drew it
  let flushing = false;
  let sent = false;
  let unreachable = false;
  let signIn = false; // the session has ended: entries wait for the player to sign in

  const table = () => document.getElementById("table");
  const panel = () => document.getElementById("panel");
  function revisionOf(node) {
    const live = node.querySelector("#live");
    const url = live && live.getAttribute("hx-get");
    return url ? Number(new URL(url, location.href).searchParams.get("revision")) : NaN;
  }
  function newKey() {
    if (crypto.randomUUID) { return crypto.randomUUID(); }
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  function parse(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    return template.content;
  }

  // -- The table as last drawn ------------------------------------------------------------
  function keepTable() {
    const drawn = table();
    if (!drawn) { return; }
    if (!panel().dataset.projected) { serverPanel = panel().cloneNode(true); }
    const copy = drawn.cloneNode(true);
    const copyPanel = copy.querySelector("#panel");
    if (copyPanel && serverPanel) { copyPanel.replaceWith(serverPanel.cloneNode(true)); }
    put("tables", { rubber, user, html: copy.outerHTML, revision: revisionOf(drawn) }).catch(() => {});
  }
  function seen() {
    localStorage.setItem(seenKey, String(Date.now()));
  }
  function seenAt() {
    const at = Number(localStorage.getItem(seenKey));
    return at ? new Date(at).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" }) : "";
  }
  function swapTable(html) {
    const node = parse(html).querySelector("#table");
    if (!node) { return; }
    table().replaceWith(node);
    htmx.process(node);
    serverPanel = panel().cloneNode(true);
    keepTable();
  }

  // -- Entries ------------------------------------------------------------------------------
  function isKept(form) {
    return Boolean(form.closest && form.closest("#panel")) && Boolean(stepOf(form));
  }

  // Which step a form records: "declaration", "result", or "deal" (the whole deal in one
  // save, once it is over); "" for any other form.
  function stepOf(form) {
    const action = form.getAttribute && form.getAttribute("action");
    if (!action) { return ""; }
    if (action === box.dataset.declaration) { return "declaration"; }
    if (action === box.dataset.result) { return "result"; }
    return action === box.dataset.deal ? "deal" : "";
  }

  // The next deal's one-save form, after a whole deal kept: the form as the server last
  // drew it, its entries as they were drawn. The dealer after a seat is the server's word
  // (data-next-dealers), as the forms kept for the two steps give it.
  function wholeDealForm() {
    const drawn = serverPanel && serverPanel.querySelector("form.whole-deal");
    if (!drawn) { return null; }
    const template = document.createElement("template");
    const form = drawn.cloneNode(true);
    template.content.append(form);
    form.reset();
    return template;
  }
  function dealerAfter(form, dealer) {
    const after = form.dataset.nextDealers && JSON.parse(form.dataset.nextDealers);
    return after ? after[Number(dealer)] : Number(panel().dataset.nextDealer);
  }

  // An entry in the words of its form: "Deal 5: The make: ♥ Hearts; Doubles: Not doubled".
  function said(form) {
    const heading = form.querySelector("h2");
    const deal = heading ? heading.textContent.split(":")[0].trim() : "";
    const parts = [];
    for (const fieldset of form.querySelectorAll("fieldset")) {
      const checked = fieldset.querySelector("input:checked");
      // Chicane and revokes are said only when they happened.
      if (!checked || (fieldset.closest("details, [data-rare]") && checked.value === "0")) { continue; }
      const legend = fieldset.querySelector("legend").innerText.trim(); // as shown: the one-save form hides a part
      const chip = checked.nextElementSibling.textContent.trim();
      const group = checked.closest(".group");
      const label = group && group.querySelector(".group-label");
      parts.push(label ? `${legend}: ${label.textContent.trim()} ${chip.toLowerCase()}` : `${legend}: ${chip}`);
    }
    for (const input of form.querySelectorAll("input[type=number]")) {
      if (input.value && input.value !== "0") {
        const label = input.closest("label");
        parts.push(`${label ? label.firstChild.textContent.trim() : input.name}: ${input.value}`);
      }
    }
    if (!parts.length) { parts.push(form.querySelector("button[type=submit]").textContent.trim()); }
    return `${deal}: ${parts.join("; ")}`;
  }

  async function enqueue(form) {
    const data = new FormData(form);
    const key = data.get("key");
    if (queue.some((entry) => entry.key === key)) { return; } // tapped twice: kept once
    const kind = stepOf(form);
    const last = queue[queue.length - 1];
    const seats = forms ? JSON.parse(forms.querySelector("[data-step=declaration]").dataset.seats) : null;
    const heading = form.querySelector("h2");
    const entry = {
      rubber, user, kind, key,
      url: form.getAttribute("action"),
      body: new URLSearchParams(data).toString(),
      revision: Number(data.get("revision")),
      // Made over an entry not yet sent: sent only after that one is recorded.
      basis: panel().dataset.projected ? "queued" : "server",
      number: Number((heading ? heading.textContent : "").replace(/\D+/g, " ").trim().split(" ")[0]),
      trump: data.get("trump"),
      dealer: data.get("dealer"),
      words: said(form),
      problem: "",
    };
    if (kind === "result") {
      entry.nextDealer = last && last.kind === "declaration" && seats
        ? seats[Number(last.dealer)].next
        : Number(panel().dataset.nextDealer);
    }
    if (kind === "deal") { entry.nextDealer = dealerAfter(form, entry.dealer); }
    entry.id = await put("queue", entry);
    queue.push(entry);
    sent = false;
    render();
    flush();
  }

  // The form for the step after the last entry, from the forms kept beforehand.
  function project() {
    const current = panel();
    if (!current) { return; }
    const last = queue[queue.length - 1];
    const settling = queue.some((entry) => entry.problem || entry.basis === "queued" && entry === queue[0]);
    if (!last || settling) {
      if (current.dataset.projected && serverPanel) { restore(serverPanel); }
      return;
    }
    if (current.dataset.projected === String(last.id)) { return; }
    let template = null;
    let number = last.number;
    let seats = null;
    // A record of a set number of deals (data-deals: a round at a Progressive table) takes
    // no deal after its last.
    const played = (last.kind === "result" || last.kind === "deal") && box.dataset.deals && number >= Number(box.dataset.deals);
    if (forms && !played) {
      seats = JSON.parse(forms.querySelector("[data-step=declaration]").dataset.seats);
      if (last.kind === "declaration") {
        const side = seats[Number(last.dealer)].side;
        template = forms.querySelector(`[data-step=result][data-trump="${last.trump}"][data-side="${side}"]`);
      } else {
        template = last.kind === "deal" ? wholeDealForm() : forms.querySelector("[data-step=declaration]");
        number += 1;
      }
    }
    const next = document.createElement("section");
    next.id = "panel";
    next.setAttribute("aria-label", current.getAttribute("aria-label"));
    next.dataset.recording = "yes";
    next.dataset.projected = String(last.id);
    if (!template) {
      next.innerHTML = `<p class="message" role="alert"></p>`;
      next.firstChild.textContent = played ? SAY.played : SAY.noForms;
    } else {
      const form = template.content.querySelector("form.step").cloneNode(true);
      form.elements.key.value = newKey();
      form.elements.revision.value = String(last.revision + 1);
      const heading = form.querySelector("h2");
      heading.textContent = heading.textContent.replace(/^Deal \d+/, `Deal ${number}`);
      if (last.kind !== "declaration") { form.elements.dealer.value = String(last.nextDealer); }
      next.append(form);
    }
    current.replaceWith(next);
    htmx.process(next);
  }

  // The server's panel again, each form with a key of its own: the entry made in it may
  // have reached the server, which would answer a form with its key as it did that one.
  function restore(drawn) {
    const node = drawn.cloneNode(true);
    for (const form of node.querySelectorAll("form")) {
      if (form.elements.key) { form.elements.key.value = newKey(); }
    }
    panel().replaceWith(node);
    htmx.process(node);
  }

  // Put an entry's values back into the form on the page made for its step.
  function refill(entry) {
    const form = [...panel().querySelectorAll("form")].find((f) => f.getAttribute("action") === entry.url);
    if (!form) { return; }
    for (const [name, value] of new URLSearchParams(entry.body)) {
      if (["csrfmiddlewaretoken", "key", "revision"].includes(name) || !form.elements[name]) { continue; }
      form.elements[name].value = value;
    }
    form.elements.key.value = newKey(); // changed, it is another entry
    panel().dataset.touched = "1";
  }

  function render() {
    project();
    const list = box.querySelector(".pending");
    list.replaceChildren(...queue.map((entry, index) => line(entry, index === queue.length - 1)));
    const offline = !navigator.onLine || unreachable;
    const said = [];
    if (offline) { said.push(SAY.offline(seenAt())); }
    if (signIn && queue.length) { said.push(SAY.signIn); }
    if (queue.some((entry) => entry.problem)) {
      said.push(SAY.choose);
    } else if (queue.length) {
      said.push(SAY.pending(queue.length));
    } else if (sent) {
      said.push(SAY.sent);
    }
    box.querySelector(".offline-status").textContent = said.join(" ");
    box.hidden = !said.length;
  }

  function line(entry, last) {
    const item = document.createElement("li");
    item.className = entry.problem ? "entry problem" : "entry";
    const words = document.createElement("p");
    words.textContent = `${entry.words} \u2014 ${SAY.notSent}`;
    item.append(words);
    const settling = queue.some((e) => e.problem);
    const acts = entry.problem ? ["send", "change", "drop"] : last && !settling ? ["change", "discard"] : [];
    if (entry.problem) {
      const problem = document.createElement("p");
      problem.className = "why";
      problem.textContent = entry.problem;
      item.append(problem);
    }
    if (acts.length) {
      const buttons = document.createElement("p");
      buttons.className = "acts";
      for (const act of acts) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = act === "send" ? "primary" : "link";
        button.textContent = SAY.actions[act];
        button.dataset.act = act;
        button.dataset.entry = String(entry.id);
        buttons.append(button);
      }
      item.append(buttons);
    }
    return item;
  }

  box.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-act]");
    if (!button) { return; }
    const entry = queue.find((e) => String(e.id) === button.dataset.entry);
    if (!entry) { return; }
    const act = button.dataset.act;
    if (act === "send") { // against the table as it now stands
      const body = new URLSearchParams(entry.body);
      entry.revision = revisionOf(document);
      body.set("revision", String(entry.revision));
      Object.assign(entry, { body: body.toString(), basis: "server", problem: "" });
      await put("queue", entry);
      render();
      flush();
      return;
    }
    await remove("queue", entry.id);
    queue = queue.filter((e) => e !== entry);
    render();
    if (act === "change") { refill(entry); }
    flush();
  });

  // -- Sending, in order, once ------------------------------------------------------------
  function csrfToken() {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function problemIn(fragment) {
    const found = fragment.querySelectorAll("#panel .message, #panel .errorlist li");
    return [...found].map((node) => node.textContent.trim()).join(" ") || SAY.refused;
  }

  async function flush() {
    if (flushing || !navigator.onLine || !queue.length) { return; }
    flushing = true;
    let answer = null;
    try {
      while (queue.length) {
        const entry = queue[0];
        if (entry.problem) { break; }
        if (entry.basis === "queued") { // what it was made over was dropped or changed
          entry.problem = SAY.held;
          await put("queue", entry);
          break;
        }
        const body = new URLSearchParams(entry.body);
        if (csrfToken()) { body.set("csrfmiddlewaretoken", csrfToken()); }
        let response;
        try {
          response = await fetch(entry.url, {
            method: "POST", body, credentials: "same-origin", headers: { "HX-Request": "true" },
          });
        } catch (error) {
          unreachable = true;
          break;
        }
        unreachable = false;
        signIn = Boolean(response.headers.get("HX-Redirect"));
        if (signIn) { break; } // signed in again, it is sent
        const html = await response.text();
        if (response.ok) {
          await remove("queue", entry.id);
          queue.shift();
          if (queue[0] && queue[0].basis === "queued") {
            queue[0].basis = "server";
            await put("queue", queue[0]);
          }
          answer = html;
          sent = !queue.length;
        } else if (response.status === 409 || response.status === 422 || response.status === 403) {
          answer = null;
          const fragment = parse(html);
          entry.problem = problemIn(fragment);
          await put("queue", entry);
          if (fragment.querySelector("#table")) { swapTable(html); }
          break;
        } else {
          break; // the server is in trouble (503): tried again shortly
        }
      }
    } finally {
      flushing = false;
    }
    if (answer) { swapTable(answer); }
    render();
  }

  // -- Following the page, the network and htmx ----------------------------------------
  document.addEventListener("htmx:beforeRequest", (event) => {
    const form = event.detail.elt;
    if (isKept(form) && (!navigator.onLine || queue.length)) {
      event.preventDefault();
      enqueue(form);
    }
  });
  // Before table.js says "tap it again": a save that could not be sent is kept instead.
  function keep(event) {
    const form = event.detail.elt;
    if (isKept(form)) {
      event.detail.kept = true;
      enqueue(form);
    }
  }
  window.addEventListener("htmx:sendError", keep, true);
  window.addEventListener("htmx:timeout", keep, true);

  document.addEventListener("htmx:afterRequest", (event) => {
    const polled = event.detail.requestConfig && event.detail.requestConfig.verb === "get";
    if (!polled) { return; }
    unreachable = !event.detail.successful && !event.detail.xhr.status;
    if (event.detail.successful) { seen(); }
    render();
  });
  document.addEventListener("htmx:afterSettle", () => {
    if (!panel()) { return; }
    if (!panel().dataset.projected) { serverPanel = panel().cloneNode(true); }
    keepTable();
    render();
  });
  sendWhenOnline();

  // What is kept goes without a tap: when the signal returns, when the page is shown
  // again from the browser's memory (no load, no "online" meanwhile), and now and then for
  // a server in trouble or a network back without saying so; on load, once read (start).
  function sendWhenOnline() {
    window.addEventListener("online", () => { unreachable = false; render(); flush(); });
    window.addEventListener("offline", render);
    window.addEventListener("pageshow", (event) => { if (event.persisted) { flush(); } });
    setInterval(flush, 2000);
  }

  async function start() {
    const kept = (await everything("tables").catch(() => [])).find((t) => t.rubber === rubber && t.user === user);
    const drawn = Number(box.dataset.revision);
    if (kept && kept.revision > drawn) {
      swapTable(kept.html); // the page was kept before the sheet last changed
    } else {
      serverPanel = panel() && panel().cloneNode(true);
      if (navigator.onLine) { seen(); }
      keepTable();
    }
    queue = (await everything("queue").catch(() => []))
      .filter((entry) => entry.rubber === rubber && entry.user === user)
      .sort((a, b) => a.id - b.id);
    if (box.dataset.forms) {
      forms = await fetch(box.dataset.forms, { credentials: "same-origin" })
        .then((response) => (response.ok ? response.text() : null))
        .then((html) => (html ? parse(html) : null))
        .catch(() => null);
    }
    render();
    flush();
  }
  start();
})();
