/* A table wider than the screen (a phone's, most often): its first column stays in place while the
   others scroll sideways in the table's frame (docs/stylesheets/reversis.css), and a line above the
   table says so; a first column wider than half the frame wraps between its words, and the frame
   takes the keyboard's focus (axe-core's scrollable-region-focusable). The line is there only while the table is wider than its frame: it is added or
   removed when the page loads, when the window changes size and when a folded part opens.
   A table in a .stacked-table (the readings' ranking) is laid out on a phone as one block per row,
   each cell under its column's name, which this script gives each cell (data-label) from the
   table's header; it never scrolls sideways.
   The bar of a code block's buttons (the theme's nav.md-code__nav, its copy button) is made a named
   group rather than a navigation landmark: every code block has one, and a page's landmarks are told
   apart by their names (axe-core's landmark-unique).
   No inline script and no style attribute: the policy of the site allows neither. */
(function () {
  "use strict";

  var NOTE = "The first column stays in place; scroll the table sideways for the others.";

  function frameOf(table) {
    for (var e = table.parentElement; e && e !== document.body; e = e.parentElement) {
      var overflow = getComputedStyle(e).overflowX;
      if (overflow === "auto" || overflow === "scroll") return e;
    }
    return table;
  }

  // Each word of a first column that wraps in a span of its own that never breaks (a hyphen is a
  // place to break a line, and "chalked-on-offender" is one word); the text is the same.
  function wholeWords(table) {
    Array.prototype.forEach.call(table.querySelectorAll("tr > :first-child"), function (cell) {
      var walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      /** @type {Text[]} */
      var texts = [];
      for (var node = walker.nextNode(); node; node = walker.nextNode()) texts.push(/** @type {Text} */ (node));
      texts.forEach(function (text) {
        var parent = /** @type {Element} */ (text.parentNode); /* a text of the cell has an element around it */
        if (parent.classList && parent.classList.contains("cell-word")) return;
        var parts = text.data.split(/(\s+)/);
        if (parts.length < 2 && text.data.indexOf("-") < 0) return;
        var words = document.createDocumentFragment();
        parts.forEach(function (part) {
          if (!part) return;
          if (/^\s+$/.test(part)) {
            words.appendChild(document.createTextNode(part));
          } else {
            var word = document.createElement("span");
            word.className = "cell-word";
            word.textContent = part;
            words.appendChild(word);
          }
        });
        parent.replaceChild(words, text);
      });
    });
  }

  function noteOf(frame) {
    var before = frame.previousElementSibling;
    return before && before.classList.contains("table-scroll-note") ? before : null;
  }

  function label(table) {
    var names = Array.prototype.map.call(table.querySelectorAll("thead th"), function (th) {
      return th.textContent.trim();
    });
    Array.prototype.forEach.call(table.querySelectorAll("tbody tr"), function (row) {
      Array.prototype.forEach.call(row.children, function (cell, i) {
        if (names[i]) cell.setAttribute("data-label", names[i]);
      });
    });
  }

  function mark() {
    var tables = document.querySelectorAll(".md-typeset table");
    Array.prototype.forEach.call(tables, function (table) {
      if (table.closest(".stacked-table")) {
        if (!table.querySelector("td[data-label]")) label(table);
        return;
      }
      if (!table.getClientRects().length) return; // folded: measured when it opens
      var frame = frameOf(table);
      var wide = frame.scrollWidth > frame.clientWidth + 1;
      var note = noteOf(frame);
      table.toggleAttribute("data-wider", wide); // not a class: the theme styles a table:not([class])
      // a first column wider than half the frame wraps between its words (never inside one)
      var first = table.querySelector("tr > :first-child");
      if (wide && first && !table.hasAttribute("data-first-wraps") && first.offsetWidth > frame.clientWidth / 2) {
        table.setAttribute("data-first-wraps", "");
        wholeWords(table);
      } else if (!wide) {
        table.removeAttribute("data-first-wraps");
      }
      // a frame that scrolls takes the keyboard's focus, to be scrolled with the arrow keys
      if (wide && !frame.hasAttribute("tabindex")) frame.setAttribute("tabindex", "0");
      if (wide && !note) {
        note = document.createElement("p");
        note.className = "table-scroll-note";
        note.textContent = NOTE;
        frame.parentNode.insertBefore(note, frame);
      } else if (!wide && note) {
        note.remove();
      }
    });
  }

  function codeBars(root) {
    var bars = root.querySelectorAll ? root.querySelectorAll("nav.md-code__nav:not([role])") : [];
    Array.prototype.forEach.call(bars, function (bar) {
      bar.setAttribute("role", "group");
      bar.setAttribute("aria-label", "The code block's buttons");
    });
  }

  new MutationObserver(function (changes) {
    changes.forEach(function (change) {
      Array.prototype.forEach.call(change.addedNodes, function (node) {
        if (node.nodeType === 1) codeBars(node.parentNode || node);
      });
    });
  }).observe(document.documentElement, { childList: true, subtree: true });

  var pending = 0;
  function later() {
    if (pending) return;
    pending = window.requestAnimationFrame(function () {
      pending = 0;
      mark();
    });
  }

  window.addEventListener("load", function () {
    codeBars(document);
    mark();
  });
  window.addEventListener("resize", later);
  document.addEventListener("toggle", later, true); // a <details> opened (toggle does not bubble)
})();
