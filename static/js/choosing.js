// Choosing members from tap lists, and the start form by game (docs/table.md#starting-a-rubber,
// docs/tables.md). Without JavaScript every list shows in full, every game's fields show
// under headings naming their games, and the forms post as they are. With it:
// - one list is open at a time: the first place still to choose, or one reopened by
//   "Change"; a place chosen shows its member alone;
// - the search box filters the open list as it is typed (Enter takes the one member left);
// - a member chosen for one place is not offered for another;
// - the start form shows only what belongs to the game chosen (`data-games`); a choice
//   hidden with its game gives way to the first one shown, and a seat the game leaves
//   empty is left empty.
(() => {
  "use strict";

  const SAY = { change: "Change" };
  const fold = (text) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

  for (const box of document.querySelectorAll("[data-tap-lists]")) {
    const form = box.closest("form");
    const game = () => (form.elements.game ? form.elements.game.value : "");
    const lists = tapLists(box, game);
    if (form.hasAttribute("data-by-game")) { byGame(form, game, lists); }
    lists.draw();
  }

  // Whether a node marked for some games (`data-games`, or a list's `data-empty-for`)
  // belongs to the game chosen.
  function belongs(codes, game) {
    return codes.split(" ").includes(game);
  }

  function byGame(form, game, lists) {
    form.classList.add("choosing"); // the headings naming games give way to the game's fields
    function show() {
      for (const node of form.querySelectorAll("[data-games]")) {
        if (!node.closest(".tap-list")) { node.hidden = !belongs(node.dataset.games, game()); }
      }
      for (const fieldset of form.querySelectorAll("fieldset.chips")) {
        const radios = [...fieldset.querySelectorAll("input[type=radio]")];
        const on = radios.find((radio) => radio.checked);
        if (on && on.closest("[hidden]")) {
          (radios.find((radio) => !radio.closest("[hidden]")) || radios[0]).checked = true;
        }
      }
      lists.draw();
    }
    form.addEventListener("change", (event) => {
      if (event.target.name === "game") { show(); }
    });
    show();
  }

  function tapLists(box, game) {
    const lists = [...box.querySelectorAll("fieldset.tap-list")];
    const find = box.querySelector(".find");
    const search = find.querySelector("input");
    const nothing = find.querySelector(".nothing");
    let reopened = null;

    const picked = (list) => list.querySelector(".pick input:checked");
    const leftEmpty = (list) => Boolean(list.dataset.emptyFor) && belongs(list.dataset.emptyFor, game());
    const open = () => (reopened && !leftEmpty(reopened) ? reopened : null) ||
      lists.find((list) => !leftEmpty(list) && !picked(list));
    const rowsShown = (list) => [...list.querySelectorAll(".pick")].filter((row) => !row.hidden);

    for (const list of lists) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link change";
      const place = document.createElement("span");
      place.className = "visually-hidden";
      place.textContent = ` ${list.querySelector("legend").textContent}`;
      button.append(SAY.change, place);
      list.append(button);
      button.addEventListener("click", () => {
        reopened = list;
        search.value = "";
        draw();
        const on = picked(list) || list.querySelector(".pick:not([hidden]) input");
        if (on) { on.focus(); }
      });
    }
    box.addEventListener("change", (event) => {
      if (!event.target.closest(".tap-list")) { return; }
      reopened = null;
      search.value = "";
      draw();
      const next = open();
      if (next) { next.querySelector("legend").scrollIntoView({ block: "nearest" }); }
    });
    search.addEventListener("input", draw);
    search.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") { return; }
      event.preventDefault(); // a search never sends the form
      const list = open();
      const members = list ? rowsShown(list).filter((row) => row.querySelector("input").value) : [];
      if (members.length === 1) { members[0].querySelector("input").click(); }
    });

    function draw() {
      // A seat the game leaves empty is chosen so; with another game, it is to choose again.
      for (const list of lists) {
        const empty = list.dataset.emptyFor && list.querySelector(".pick[data-empty] input");
        if (empty) { empty.checked = leftEmpty(list); }
      }
      const taken = new Set(lists.map(picked).filter((on) => on && on.value).map((on) => on.value));
      const current = open();
      const query = fold(search.value.trim());
      let found = 0;
      for (const list of lists) {
        const isOpen = list === current;
        const fixed = leftEmpty(list);
        const on = picked(list);
        list.hidden = !isOpen && !on && !fixed; // a place still to come waits its turn
        list.classList.toggle("closed", !isOpen);
        for (const row of list.querySelectorAll(".pick")) {
          const input = row.querySelector("input");
          const forGame = !row.dataset.games || belongs(row.dataset.games, game());
          const offered = input.checked || !taken.has(input.value);
          const matches = !query || fold(row.textContent).includes(query);
          // "Nobody" is for taking a member back: a place not yet chosen is empty already.
          // A guest's row is a choice like a member's (his name given beside the list).
          const clears = row.hasAttribute("data-empty") && !row.dataset.games &&
            !row.hasAttribute("data-guest");
          const wanted = !clears || input.checked || (list === reopened && on && on.value);
          row.hidden = fixed || !forGame || !wanted ||
            (isOpen ? !(offered && matches) : !input.checked);
          if (isOpen && !row.hidden && input.value) { found += 1; }
        }
        for (const note of list.querySelectorAll(".hint[data-games]")) {
          note.hidden = !belongs(note.dataset.games, game());
        }
        for (const label of list.querySelectorAll(".group-label")) {
          let row = label.nextElementSibling;
          let any = false;
          while (row && !row.classList.contains("group-label")) {
            any = any || (row.classList.contains("pick") && !row.hidden);
            row = row.nextElementSibling;
          }
          label.hidden = !isOpen || !any;
        }
        list.querySelector(".change").hidden = isOpen || fixed || !on;
      }
      find.hidden = !current;
      nothing.hidden = !current || !query || found > 0;
    }

    return { draw };
  }
})();
