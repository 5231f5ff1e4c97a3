/* The card builder: drag to reorder (an enhancement: the Up/Down buttons do the same without JavaScript). */
document.addEventListener("dragstart", (e) => {
  const li = e.target.closest && e.target.closest("#lineup > li[data-match]");
  if (!li) return;
  li.classList.add("dragging");
  e.dataTransfer.effectAllowed = "move";
  e.dataTransfer.setData("text/plain", li.dataset.match);
});
document.addEventListener("dragover", (e) => {
  const over = e.target.closest && e.target.closest("#lineup > li[data-match]");
  const dragging = document.querySelector("#lineup > li.dragging");
  if (!over || !dragging || over === dragging) return;
  e.preventDefault();
  const box = over.getBoundingClientRect();
  over.parentNode.insertBefore(dragging, e.clientY < box.top + box.height / 2 ? over : over.nextSibling);
});
document.addEventListener("drop", (e) => { if (e.target.closest && e.target.closest("#lineup")) e.preventDefault(); });
document.addEventListener("dragend", (e) => {
  const li = document.querySelector("#lineup > li.dragging");
  if (!li) return;
  li.classList.remove("dragging");
  const list = document.getElementById("lineup");
  const order = [...list.querySelectorAll(":scope > li[data-match]")].map((el) => el.dataset.match).join(",");
  htmx.ajax("POST", list.dataset.reorderUrl, {source: list, target: "#builder", swap: "outerHTML", values: {order}});
});
