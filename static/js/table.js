// When a save cannot reach the club's server (a flaky network, a timeout) htmx would do
// nothing visible: say so, and that sending it again is safe (each form records once).
(function () {
  "use strict";
  function notice(text) {
    var box = document.getElementById("network");
    if (!box) { return; }
    box.textContent = text;
    box.hidden = !text;
  }
  function failed(event) {
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
