// The table's page on a phone. Two things htmx alone would not do:
// - Follow other phones calmly: when the sheet changes elsewhere, a form nobody has
//   touched here is replaced by the form as it stands now; one with entries in progress
//   is kept, and the phone offers the new form in one tap.
// - Say when a save cannot reach the club's server (a flaky network, a timeout), and that
//   sending it again is safe: each form records once.
(function () {
  "use strict";

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
