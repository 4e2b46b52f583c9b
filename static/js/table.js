// The table's page on a phone. What htmx alone would not do:
// - Follow other phones calmly: when the sheet changes elsewhere, a form nobody has
//   touched here is replaced by the form as it stands now; one with entries in progress
//   is kept, and the phone offers the new form in one tap.
// - Say when a save cannot reach the club's server (a flaky network, a timeout), and that
//   sending it again is safe: each form records once.
// - Keep what a save did in view: the sentence saying it, and the sheet's new figures
//   under it, scrolled to and focused; a refusal likewise.
// - Count revokes with − and + (no keyboard), and keep the phone's choice of recording a
//   deal in one save or in two steps.
// - Keep open what a person opened on the sheet when another phone's change redraws it.
(function () {
  "use strict";

  document.documentElement.classList.add("scripted"); // the steppers' buttons are shown

  function notice(text) {
    var box = document.getElementById("network");
    if (!box) { return; }
    box.textContent = text;
    box.hidden = !text;
  }

  // Entries in progress: any field of the recording panel changed since it was drawn.
  function touched(event) {
    var panel = event.target.closest && event.target.closest("#panel");
    if (panel) { panel.dataset.touched = "1"; }
  }
  document.addEventListener("input", touched);
  document.addEventListener("change", touched);
  // A form sent back with what is wrong holds this phone's own entries: another phone's
  // change must not sweep them away before they are put right.
  document.addEventListener("htmx:afterSwap", function (event) {
    var detail = event.detail || {};
    if (detail.xhr && detail.xhr.status === 422) {
      var panel = document.getElementById("panel");
      if (panel) { panel.dataset.touched = "1"; }
    }
  });

  // A list a person opened ("The deals, one by one") stays open when another phone's
  // change redraws the sheet around it: it is found again by its summary's words.
  var opened = [];
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    opened = target ? Array.prototype.map.call(
      target.querySelectorAll("details[open] > summary"),
      function (summary) { return summary.textContent; }
    ) : [];
  });
  document.addEventListener("htmx:afterSwap", function () {
    document.querySelectorAll("details:not([open]) > summary").forEach(function (summary) {
      if (opened.indexOf(summary.textContent) >= 0) { summary.parentElement.open = true; }
    });
    opened = [];
  });

  function takeFreshPanel() {
    var fresh = document.getElementById("fresh-panel");
    var panel = document.getElementById("panel");
    if (!fresh || !panel) { return; }
    var node = fresh.content.firstElementChild.cloneNode(true);
    panel.replaceWith(node);
    fresh.remove();
    htmx.process(node);
    var kept = document.querySelector("#notice .kept");
    if (kept) { kept.hidden = true; }
  }

  document.addEventListener("htmx:afterSettle", function () {
    var fresh = document.getElementById("fresh-panel");
    if (!fresh) { return; }
    var panel = document.getElementById("panel");
    // Entries are kept only while the sheet still takes a deal: once the rubber is won
    // or agreed, the buttons that would save them mean nothing.
    var recording = fresh.content.firstElementChild.dataset.recording === "yes";
    if (panel && panel.dataset.touched === "1" && recording) {
      var kept = document.querySelector("#notice .kept");
      if (kept) { kept.hidden = false; }
    } else {
      takeFreshPanel();
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-fresh-panel]")) { takeFreshPanel(); }
  });

  // Revokes, counted: each tap one more or one fewer, within the field's bounds.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".stepper .nudge");
    if (!button) { return; }
    var input = button.closest(".stepper").querySelector("input");
    var value = (parseInt(input.value, 10) || 0) + Number(button.dataset.step);
    input.value = String(Math.min(Number(input.max), Math.max(Number(input.min), value)));
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // The phone's choice: a deal in one save once it is over, or its declaration first.
  // Shown at once, and kept on the phone for the server to draw it so next time.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-steps-to]");
    if (!button) { return; }
    event.preventDefault();
    var to = button.dataset.stepsTo;
    var ways = document.querySelectorAll("#panel .way");
    for (var i = 0; i < ways.length; i++) { ways[i].hidden = ways[i].dataset.steps !== to; }
    document.cookie = "scorer_steps=" + to + "; path=/; max-age=31536000; samesite=lax" +
      (location.protocol === "https:" ? "; secure" : "");
    var heading = document.querySelector("#panel .way:not([hidden]) h2");
    if (heading) { heading.scrollIntoView({ block: "start" }); }
  });

  // The one-save form shows the honours and chicane of the make chosen: a call or a
  // chicane left checked out of sight, from another make, is let go.
  document.addEventListener("change", function (event) {
    var input = event.target;
    var form = input.name === "trump" && input.closest && input.closest("form.whole-deal");
    if (!form) { return; }
    var checked = form.querySelectorAll("input[name=honours]:checked, [data-rare] input:checked");
    for (var i = 0; i < checked.length; i++) {
      var hidden = !checked[i].closest("label").getClientRects().length;
      if (hidden && checked[i].name === "honours") { checked[i].checked = false; }
      if (hidden && checked[i].value !== "0" && checked[i].type === "radio") {
        var none = form.querySelector("input[name=" + checked[i].name + "][value='0']");
        if (none) { none.checked = true; }
      }
    }
  });

  // After this phone's own save, what it did in view: the sentence, focused (a screen
  // reader says it), with the sheet's new figures under it. After a refusal, the refusal.
  document.addEventListener("htmx:afterSettle", function (event) {
    var detail = event.detail || {};
    var posted = detail.requestConfig && detail.requestConfig.verb === "post";
    if (!posted || !detail.xhr) { return; }
    var shown = detail.xhr.status >= 400
      ? document.querySelector("#panel .message, #panel .errorlist")
      : document.querySelector("#notice[data-own]");
    if (!shown) { return; }
    shown.scrollIntoView({ block: detail.xhr.status >= 400 ? "center" : "start" });
    if (shown.hasAttribute("tabindex")) { shown.focus({ preventScroll: true }); }
  });

  function failed(event) {
    if (event.detail && event.detail.kept) { return; } // kept on the phone by offline.js
    var polling = event.detail && event.detail.requestConfig && event.detail.requestConfig.verb === "get";
    notice(polling
      ? "The sheet cannot reach the club's server: it may be out of date."
      : "That was not sent: the club's server cannot be reached. Tap it again when the " +
        "network is back; it will be recorded once.");
  }
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  // A 503 says in words what went wrong (a busy or full database); other errors do not.
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    if (xhr.status === 503 && /^text\/plain/.test(xhr.getResponseHeader("Content-Type") || "")) {
      notice(xhr.responseText);
    } else if (xhr.status >= 500) {
      notice("The club's server could not save that. Tap it again; it will be recorded once.");
    } else if (xhr.status >= 400) {
      notice("The club's server refused that. Reload the page to see the sheet as it stands.");
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) { notice(""); }
  });
})();
