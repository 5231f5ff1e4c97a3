/* The live match page (templates/matches/match.html), on top of htmx and its SSE extension:
 * - a re-created EventSource resumes after the last line shown, and a line already on the page is dropped, so a
 *   viewer never sees a gap or a duplicate;
 * - the play-by-play follows the action: new lines scroll into view unless the viewer has scrolled away from
 *   the newest line, in which case a "new lines" button counts them and jumps back;
 * - "Newest first" turns the log over (remembered in this browser);
 * - screen readers hear a short summary now and then (#live-summary, aria-live polite), not every line.
 * No inline script or handler anywhere: the page works under a strict Content-Security-Policy. */
(function () {
  "use strict";

  var STORE_KEY = "kayfabe:newest-first";
  var EDGE_PX = 40; // this close to the newest line counts as being at it
  var SUMMARY_EVERY_MS = 10000; // at most one spoken summary per ten seconds while lines arrive

  function lines(log) {
    return Array.prototype.filter.call(log.children, function (el) {
      return el.matches("li[data-seq]");
    });
  }

  function seqOf(el) {
    return parseInt(el.dataset.seq, 10);
  }

  function lastSeq() {
    var log = document.getElementById("log");
    if (!log) return null;
    var seqs = lines(log).map(seqOf);
    return seqs.length ? Math.max.apply(null, seqs) : null;
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

  function readPreference() {
    try {
      return window.localStorage.getItem(STORE_KEY) === "1";
    } catch (e) {
      return false; // storage refused (private mode): oldest first
    }
  }

  function savePreference(on) {
    try {
      window.localStorage.setItem(STORE_KEY, on ? "1" : "0");
    } catch (e) {
      /* not remembered, still applied */
    }
  }

  function lineText(li) {
    var text = li.querySelector("summary, .text");
    return (text ? text.textContent : li.textContent).replace(/\s+/g, " ").trim();
  }

  function start() {
    var log = document.getElementById("log");
    if (!log) return;
    var page = document.getElementById("match");
    var live = page && page.hasAttribute("data-live");
    var toggle = document.getElementById("newest-first");
    var jump = document.getElementById("new-lines");
    var summary = document.getElementById("live-summary");
    var newestFirst = readPreference();
    var following = true;
    var unseen = 0;
    var seen = {};
    lines(log).forEach(function (li) {
      seen[li.dataset.seq] = true;
    });

    function atEdge() {
      if (newestFirst) return log.scrollTop <= EDGE_PX;
      return log.scrollHeight - log.clientHeight - log.scrollTop <= EDGE_PX;
    }

    function toEdge() {
      log.scrollTop = newestFirst ? 0 : log.scrollHeight;
    }

    function hideJump() {
      unseen = 0;
      if (jump) jump.hidden = true;
    }

    function showJump() {
      if (!jump) return;
      jump.textContent = (newestFirst ? "\u2191 " : "\u2193 ") + unseen + " new line" + (unseen === 1 ? "" : "s");
      jump.classList.toggle("at-top", newestFirst);
      jump.hidden = false;
    }

    // Oldest first, or newest first: the DOM order is the reading order (for screen readers too).
    function order() {
      var sorted = lines(log).sort(function (a, b) {
        return newestFirst ? seqOf(b) - seqOf(a) : seqOf(a) - seqOf(b);
      });
      sorted.forEach(function (li) {
        log.appendChild(li);
      });
    }

    function place(li) {
      if (!newestFirst) return; // htmx appends: already in place
      var seq = seqOf(li);
      var before = lines(log).find(function (other) {
        return other !== li && seqOf(other) < seq;
      });
      if (before) log.insertBefore(li, before);
    }

    // The summary screen readers hear: at most every SUMMARY_EVERY_MS, and at once for the result.
    var lastSpoken = 0;
    var pending = 0;
    var latest = "";
    var timer = null;

    function speak(text) {
      if (!summary) return;
      summary.textContent = text;
      lastSpoken = Date.now();
    }

    function flush() {
      timer = null;
      if (!pending) return;
      speak(pending + " new line" + (pending === 1 ? "" : "s") + ". Latest: " + latest);
      pending = 0;
    }

    function summarize(fresh) {
      // A line the commentary folded into the next one says nothing of its own (its dice at most): not spoken.
      var told = fresh.filter(function (li) {
        return !li.classList.contains("folded");
      });
      if (!told.length) return;
      var newest = told.reduce(function (a, b) {
        return seqOf(b) > seqOf(a) ? b : a;
      });
      if (newest.classList.contains("event-result")) {
        if (timer) window.clearTimeout(timer);
        timer = null;
        pending = 0;
        speak("Finished. " + lineText(newest));
        return;
      }
      pending += told.length;
      latest = lineText(newest);
      if (!timer) timer = window.setTimeout(flush, Math.max(0, lastSpoken + SUMMARY_EVERY_MS - Date.now()));
    }

    new MutationObserver(function (records) {
      var fresh = [];
      records.forEach(function (record) {
        record.addedNodes.forEach(function (node) {
          if (node.nodeType === 1 && node.matches("li[data-seq]") && !seen[node.dataset.seq]) {
            seen[node.dataset.seq] = true;
            fresh.push(node);
          }
        });
      });
      if (!fresh.length) return;
      fresh.sort(function (a, b) {
        return seqOf(a) - seqOf(b);
      });
      fresh.forEach(place);
      if (following) {
        toEdge();
      } else {
        unseen += fresh.filter(function (li) {
          return !li.hidden; // a folded line without dice is not shown
        }).length;
        if (unseen) showJump();
      }
      summarize(fresh);
    }).observe(log, { childList: true });

    log.addEventListener("scroll", function () {
      following = atEdge();
      if (following) hideJump();
    }, { passive: true });
    // Opening a line's dice near the newest line pushes it away: stop following until the viewer comes back.
    log.addEventListener("toggle", function () {
      following = atEdge();
    }, true);

    if (jump) {
      jump.addEventListener("click", function () {
        following = true;
        toEdge();
        hideJump();
        log.focus({ preventScroll: true });
      });
    }

    function applyOrder() {
      if (toggle) toggle.setAttribute("aria-pressed", newestFirst ? "true" : "false");
      log.classList.toggle("newest-first", newestFirst);
      order();
    }

    if (toggle) {
      toggle.hidden = false;
      toggle.addEventListener("click", function () {
        newestFirst = !newestFirst;
        savePreference(newestFirst);
        applyOrder();
        following = true;
        toEdge();
        hideJump();
      });
    }

    applyOrder();
    if (live) toEdge(); // a live match opens at its newest line; a finished one at the top of the log
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
