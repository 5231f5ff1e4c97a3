/* The sheet editor's "Add ... entry" buttons: the new row's index is the number of rows the list has now. A listener
   instead of hx-vals="js:...", which htmx evaluates as code (the Content-Security-Policy allows no eval). */
document.addEventListener("htmx:configRequest", function (evt) {
  var list = evt.detail.elt.dataset && evt.detail.elt.dataset.rowList;
  if (list) evt.detail.parameters.index = document.getElementById(list).children.length;
});
