// Lockup card entry (issue 23): a card name the catalog does not know (not in the field's
// <datalist>) opens the card's printed facts, so the first time a card shows up nobody has to
// find them. Never closes them: facts already typed stay in sight. Without JavaScript the
// server opens them when the catalog knows no card of that kind, or when a fact is refused.
if (!window.lockupCardEntry) {
  window.lockupCardEntry = true;
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.list || !input.closest("fieldset.lk-card-entry")) return;
    const details = input.closest("fieldset.lk-card-entry").querySelector("details");
    const typed = input.value.trim().toLowerCase();
    if (!details || !typed) return;
    const known = Array.from(input.list.options).some((o) => o.value.trim().toLowerCase() === typed);
    if (!known) details.open = true;
  });
}
