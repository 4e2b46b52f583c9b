// A Duplicate table's page on North–South's phone, through a lost signal (docs/offline.md):
// a board saved without a connection is kept on the phone with its form's key and the
// table's revision it was made against, listed as "not yet sent", and the next board's
// form (drawn by the server beforehand, in the panel's <template>s) is offered at once.
// When the connection returns the boards are sent in order, once each: the key makes a
// resend record once, and the revision makes the server refuse a board saved over another
// phone's write, which the player then sends again or drops. What is kept is the signed-in
// member's (<body data-user>), for this table alone.
(() => {
  "use strict";

  const SAY = {
    notSent: "not yet sent",
    pending: (n) => n === 1
      ? "Not yet sent: the table's record does not include this board. This phone keeps it, and sends it when the connection returns."
      : `Not yet sent: the table's record does not include these ${n} boards. This phone keeps them, and sends them in order when the connection returns.`,
    choose: "Not sent: the table changed while this phone was offline. Send the board again as it stands, or drop it.",
    sent: "Sent: the table's record includes this phone's boards.",
    played: "Every board of the round is kept on this phone: they are sent when the connection returns.",
    refused: "The club's server refused this board.",
    actions: { send: "Send it", drop: "Drop it" },
  };

  const box = document.getElementById("offline");
  const user = document.body.dataset.user;
  if (!box || !user || !window.localStorage) { return; }
  const storeKey = `scorer:${box.dataset.record}:${user}`;
  let queue = JSON.parse(localStorage.getItem(storeKey) || "[]");
  let sent = false;
  let flushing = false;

  const save = () => localStorage.setItem(storeKey, JSON.stringify(queue));
  const panel = () => document.getElementById("panel");
  const isBoard = (form) => form && form.matches && form.matches("#panel form.board-result");
  function revisionNow() {
    const live = document.querySelector("#live");
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

  // A board in the words of its form: "Board 5: The make: ♥ Hearts; Tricks won by …: 9".
  function said(form) {
    const parts = [];
    for (const fieldset of form.querySelectorAll("fieldset")) {
      const checked = fieldset.querySelector("input:checked");
      if (!checked || (fieldset.closest("details") && checked.value === "0")) { continue; }
      const legend = fieldset.querySelector("legend").textContent.trim();
      const group = checked.closest(".group");
      const label = group && group.querySelector(".group-label");
      const chip = checked.nextElementSibling.textContent.trim();
      parts.push(`${legend}: ${label ? `${label.textContent.trim()} ` : ""}${chip}`);
    }
    return `Board ${form.dataset.board}: ${parts.join("; ")}`;
  }

  function enqueue(form) {
    const data = new FormData(form);
    if (queue.some((entry) => entry.key === data.get("key"))) { return; } // tapped twice
    queue.push({
      key: data.get("key"),
      board: form.dataset.board,
      url: form.getAttribute("action"),
      body: new URLSearchParams(data).toString(),
      revision: Number(data.get("revision")),
      words: said(form),
      problem: "",
    });
    save();
    sent = false;
    next(form);
    render();
  }

  // The next board not kept nor recorded: its form as the server drew it beforehand, made
  // against the revision the table will have once the boards kept are recorded.
  function next(form) {
    const kept = new Set(queue.map((entry) => entry.board));
    const later = [...panel().querySelectorAll("template.later")]
      .find((template) => !kept.has(template.dataset.board));
    if (!later) {
      form.replaceWith(Object.assign(document.createElement("p"), {
        className: "message", textContent: SAY.played,
      }));
      return;
    }
    const fresh = later.content.querySelector("form").cloneNode(true);
    fresh.elements.key.value = newKey();
    fresh.elements.revision.value = String(queue[queue.length - 1].revision + 1);
    later.remove();
    form.replaceWith(fresh);
    htmx.process(fresh);
  }

  function render() {
    const list = box.querySelector(".pending");
    list.replaceChildren(...queue.map(line));
    const words = [];
    if (queue.some((entry) => entry.problem)) {
      words.push(SAY.choose);
    } else if (queue.length) {
      words.push(SAY.pending(queue.length));
    } else if (sent) {
      words.push(SAY.sent);
    }
    box.querySelector(".offline-status").textContent = words.join(" ");
    box.hidden = !words.length;
  }

  function line(entry) {
    const item = document.createElement("li");
    item.className = entry.problem ? "entry problem" : "entry";
    item.append(Object.assign(document.createElement("p"), {
      textContent: `${entry.words} \u2014 ${SAY.notSent}`,
    }));
    if (entry.problem) {
      item.append(Object.assign(document.createElement("p"), { className: "why", textContent: entry.problem }));
      const acts = Object.assign(document.createElement("p"), { className: "acts" });
      for (const act of ["send", "drop"]) {
        acts.append(Object.assign(document.createElement("button"), {
          type: "button", className: act === "send" ? "primary" : "link",
          textContent: SAY.actions[act],
        }));
        acts.lastChild.dataset.act = act;
        acts.lastChild.dataset.key = entry.key;
      }
      item.append(acts);
    }
    return item;
  }

  box.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-act]");
    const entry = button && queue.find((e) => e.key === button.dataset.key);
    if (!entry) { return; }
    if (button.dataset.act === "send") { // against the table as it now stands
      const body = new URLSearchParams(entry.body);
      body.set("revision", String(revisionNow()));
      Object.assign(entry, { body: body.toString(), problem: "" });
    } else {
      queue = queue.filter((e) => e !== entry);
    }
    save();
    render();
    flush();
  });

  function swapTable(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    const node = template.content.querySelector("#table");
    const table = document.getElementById("table");
    if (!node || !table) { return; }
    table.replaceWith(node);
    htmx.process(node);
  }

  async function flush() {
    if (flushing || !navigator.onLine || !queue.length) { return; }
    flushing = true;
    try {
      while (queue.length && !queue[0].problem) {
        const entry = queue[0];
        const body = new URLSearchParams(entry.body);
        const csrf = document.querySelector("input[name=csrfmiddlewaretoken]");
        if (csrf) { body.set("csrfmiddlewaretoken", csrf.value); }
        let response;
        try {
          response = await fetch(entry.url, {
            method: "POST", body, credentials: "same-origin", headers: { "HX-Request": "true" },
          });
        } catch (error) {
          break; // still no connection
        }
        const html = await response.text();
        if (response.ok) {
          queue.shift();
          sent = !queue.length;
          if (!queue.length) { swapTable(html); }
        } else if ([403, 409, 422].includes(response.status)) {
          const found = document.createElement("template");
          found.innerHTML = html;
          const problem = [...found.content.querySelectorAll("#panel .message, #panel .errorlist li")];
          entry.problem = problem.map((node) => node.textContent.trim()).join(" ") || SAY.refused;
          swapTable(html);
        } else {
          break; // the server is in trouble: tried again shortly
        }
        save();
      }
    } finally {
      flushing = false;
    }
    render();
  }

  document.addEventListener("htmx:beforeRequest", (event) => {
    const form = event.detail.elt;
    if (isBoard(form) && (!navigator.onLine || queue.length)) {
      event.preventDefault();
      enqueue(form);
    }
  });
  // Before table.js says "tap it again": a board that could not be sent is kept instead.
  function keep(event) {
    const form = event.detail.elt;
    if (isBoard(form)) {
      event.detail.kept = true;
      enqueue(form);
    }
  }
  window.addEventListener("htmx:sendError", keep, true);
  window.addEventListener("htmx:timeout", keep, true);
  window.addEventListener("online", flush);
  window.addEventListener("offline", render);
  setInterval(flush, 2000); // a server in trouble, or a network back without saying so
  render();
  flush();
})();
