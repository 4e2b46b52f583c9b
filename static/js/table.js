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
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr.status >= 500) {
      notice("The club's server could not save that. Tap it again; it will be recorded once.");
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) { notice(""); }
  });
})();
