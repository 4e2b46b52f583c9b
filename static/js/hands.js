// The card picker (templates/rubbers/hands.html): the count of the hand's cards chosen, as
// the player taps them; once the hand has its thirteen, no other card can be tapped, and
// the step may be sent. Without this script the page still works: the server counts.
(() => {
  const form = document.querySelector("form.picker");
  if (!form) return;
  const wanted = Number(form.dataset.wanted);
  const count = form.querySelector("output.count");
  const next = form.querySelector("button[data-next]");
  const boxes = [...form.querySelectorAll('input[name="cards"]')];
  const show = () => {
    const chosen = boxes.filter((box) => box.checked).length;
    count.textContent = `${chosen} of ${wanted} chosen`;
    for (const box of boxes) box.disabled = !box.checked && chosen >= wanted;
    next.disabled = chosen !== wanted;
  };
  form.addEventListener("change", show);
  show();
})();
