/* Live match pages: resume a recreated EventSource after the last line shown, and never show a line twice. */
(function () {
  function lastSeq() {
    var items = document.querySelectorAll("#log [data-seq]");
    return items.length ? items[items.length - 1].dataset.seq : null;
  }
  if (window.htmx) {
    htmx.createEventSource = function (url) {
      var seq = lastSeq();
      if (seq !== null) url = url.replace(/([?&]after=)-?\d+/, "$1" + seq);
      return new EventSource(url, { withCredentials: true });
    };
  }
  document.addEventListener("htmx:sseBeforeMessage", function (evt) {
    var message = evt.detail;
    if (message && message.type === "line" && message.lastEventId &&
        document.getElementById("event-" + message.lastEventId)) {
      evt.preventDefault();
    }
  });
})();
