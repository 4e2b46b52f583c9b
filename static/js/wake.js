// Keeps the phone's screen on while a rubber is open and in play (the Screen Wake Lock
// API), as long as the player leaves "Keep the screen on" ticked. The browser releases the
// lock when the page is hidden; it is asked for again when the page is shown. Once the
// rubber is won (the sheet says so, `data-in-play="no"`), and after it is agreed, the box
// is unticked and set aside and the lock let go; the player's choice is kept for the next
// rubber. Where the API is missing, the toggle stays hidden and nothing else changes.
(() => {
  "use strict";
  const toggle = document.getElementById("awake");
  if (!toggle || !("wakeLock" in navigator)) { return; }
  toggle.closest(".awake").hidden = false;
  const chosen = () => localStorage.getItem("scorer:awake") !== "off";

  let lock = null;
  let asking = false;
  const inPlay = () => {
    const live = document.getElementById("live");
    return Boolean(live) && live.dataset.inPlay === "yes";
  };
  const wanted = () => toggle.checked && inPlay() && document.visibilityState === "visible";

  // The box as the rubber stands: the player's choice while it is in play, unticked after.
  function showBox() {
    const playing = inPlay();
    if (playing === !toggle.disabled) { return; }
    toggle.disabled = !playing;
    toggle.checked = playing && chosen();
  }

  async function update() {
    showBox();
    if (wanted() && !lock && !asking) {
      asking = true;
      try {
        lock = await navigator.wakeLock.request("screen");
        lock.addEventListener("release", () => { lock = null; });
      } catch (error) {
        lock = null; // refused (a phone saving its battery): the screen sleeps as usual
      } finally {
        asking = false;
      }
      if (!wanted()) { update(); } // the rubber was won while the phone asked
    } else if (!wanted() && lock) {
      const held = lock;
      lock = null;
      await held.release();
    }
  }

  toggle.addEventListener("change", () => {
    localStorage.setItem("scorer:awake", toggle.checked ? "on" : "off");
    update();
  });
  document.addEventListener("visibilitychange", update);
  document.addEventListener("htmx:afterSettle", update);
  toggle.checked = chosen();
  update();
})();
