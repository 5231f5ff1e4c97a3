/* The decision panel of a match the players play (templates/matches/_decision.html):
 * - the clock counts down to the decision's deadline (the server's time, sent as seconds left);
 * - a refusal (403 not yours, 409 stale, 422 not a legal choice) is swapped in like an answer, so the player reads
 *   its reason in the panel.
 * No inline script or handler: the page works under a strict Content-Security-Policy. */
(function () {
  "use strict";

  var started = {}; // deadline -> [performance.now() at first sight, seconds left then]

  function tick() {
    var clocks = document.querySelectorAll("#decision .countdown[data-seconds]");
    Array.prototype.forEach.call(clocks, function (clock) {
      var key = clock.dataset.deadline;
      if (!started[key]) started[key] = [performance.now(), parseInt(clock.dataset.seconds, 10) || 0];
      var left = Math.max(0, Math.ceil(started[key][1] - (performance.now() - started[key][0]) / 1000));
      var out = clock.querySelector(".countdown-left");
      if (out && out.textContent !== String(left)) out.textContent = String(left);
      clock.classList.toggle("urgent", left <= 10);
    });
  }
  setInterval(tick, 250);

  document.addEventListener("htmx:beforeSwap", function (evt) {
    var status = evt.detail.xhr && evt.detail.xhr.status;
    if (evt.detail.target && evt.detail.target.id === "decision" && (status === 403 || status === 409)) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });
})();
