/* The reading edition of a source page (docs/sources/<id>/): the text reads straight through, and
   its annotations open when the reader asks.

   Without this script every annotation stands beside (or below) its paragraph. With it, they are
   closed: the words an annotation quotes are followed by a small sign, a link (a.annotated) whose
   activation, by click, tap or Enter, opens the annotations it names beside the paragraph (on a
   narrow screen, just below the sentence that holds the words) and moves the focus to them; Escape
   there closes them and gives the focus back. A click or a tap on the words themselves does the same. The link of a paragraph's
   apparatus opens all of that paragraph's. A click or a tap on a corrected word opens the
   paragraph's apparatus at that correction (what the OCR read, and why it was corrected), and one on
   a term of the glossary opens it at the term's sense. Above
   the text, "Show every annotation" opens or closes them all, and three buttons show every
   paragraph in its transcription, its OCR or its translation. An address that names an annotation
   (#enc1765-quinola-placed) or a correction opens it. The OCR of a paragraph is put in the page
   only while it is shown, its list of corrections and its citations when its apparatus first opens
   (they wait in <template>s, out of the page's text, where a Web Annotation client looks for the
   source's words). On every page, a term of the glossary is
   underlined once in a paragraph, and a quotation shortened in a table (.quote-hint) shows in full
   when it is clicked, tapped or focused and Enter is pressed.
   No inline script and no style attribute: the policy of the site allows neither. */
(function () {
  "use strict";

  var VERSIONS = [["Transcription", "transcription"], ["OCR", "ocr"], ["Translation", "translation"]];

  function all(selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  }

  function idsOf(link) {
    return (link.getAttribute("data-annotations") || "").split(" ").filter(Boolean);
  }

  function annotation(id) {
    var found = document.getElementById(id);
    return found && found.classList.contains("annotation") ? found : null;
  }

  // A paragraph's text (.passage-text) and its annotations (.apparatus) share its anchor in
  // data-paragraph: the paragraph an element belongs to, as that anchor.
  function passageOf(element) {
    var holder = element.closest("[data-paragraph]");
    return holder ? holder.getAttribute("data-paragraph") : null;
  }

  // The elements of a paragraph (or of every paragraph: null) that match `selector`.
  function within(passage, selector) {
    var scope = passage ? "[data-paragraph='" + passage + "']" : "";
    return all(scope + " " + selector + ", " + (scope ? scope + selector : selector));
  }

  // On a narrow screen the annotations opened from quoted words stand just below the sentence that
  // holds the words, not below the whole paragraph. The paragraph's text is left as it is (the Web
  // Annotations' selectors match its text): an empty element (.note-gap) after the sentence opens a
  // line as tall as the annotations, and their apparatus, still after the paragraph in the document
  // (and in the order of the keyboard), is laid over that line.
  var NARROW = window.matchMedia("(max-width: 76.1875em)");
  var placed = null;  // {aside, gap} while the annotations stand below a sentence
  // The gap follows the annotations' height (a doctest opened in one makes it taller).
  var watcher = window.ResizeObserver ? new ResizeObserver(function () { layout(); }) : null;

  // Where the sentence that holds `link` ends in its paragraph: after its full stop (or ? or !) and the
  // space after it, as a text node and an offset; null at the paragraph's end.
  function sentenceEnd(link) {
    var text = link.closest(".transcription");
    var walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
    walker.currentNode = link;
    var node;
    while ((node = walker.nextNode())) {
      if (link.contains(node)) { continue; }
      var end = /[.!?][\u00bb\u201d"\u2019)]*(?:\s+|$)/.exec(/** @type {Text} */ (node).data);
      if (end) { return { node: node, offset: end.index + end[0].length }; }
    }
    return null;
  }

  function insertGap(text, end) {
    var gap = document.createElement("span");
    gap.className = "note-gap";
    gap.setAttribute("aria-hidden", "true");
    if (!end) {
      text.appendChild(gap);
    } else if (end.node.parentNode === text) {
      var rest = end.offset < end.node.data.length ? end.node.splitText(end.offset) : end.node.nextSibling;
      text.insertBefore(gap, rest);
    } else {  // the stop inside a marked word: the gap after that word
      var top = end.node;
      while (top.parentNode !== text) { top = top.parentNode; }
      text.insertBefore(gap, top.nextSibling);
    }
    return gap;
  }

  // The annotations over the gap, as wide as the text; the gap as tall as they are.
  function layout() {
    if (!placed) { return; }
    if (!NARROW.matches) { unplace(); return; }
    var aside = placed.aside;
    var text = placed.gap.parentNode;
    var frame = aside.offsetParent.getBoundingClientRect();
    var column = text.getBoundingClientRect();
    aside.style.left = (column.left - frame.left) + "px";
    aside.style.width = column.width + "px";
    placed.gap.style.height = aside.offsetHeight + "px";
    aside.style.top = (placed.gap.getBoundingClientRect().top - frame.top) + "px";
  }

  function place(link, aside) {
    if (!NARROW.matches || document.documentElement.classList.contains("annotations-all")) { return; }
    var text = link.closest(".transcription");
    if (!text) { return; }
    placed = { aside: aside, gap: insertGap(text, sentenceEnd(link)) };
    aside.classList.add("is-below-sentence");
    layout();
    if (watcher) { watcher.observe(aside); }
  }

  function unplace() {
    if (!placed) { return; }
    if (watcher) { watcher.unobserve(placed.aside); }
    var text = placed.gap.parentNode;
    text.removeChild(placed.gap);
    text.normalize();
    placed.aside.classList.remove("is-below-sentence");
    placed.aside.style.top = placed.aside.style.left = placed.aside.style.width = "";
    placed = null;
  }

  // Close what is open in a paragraph (or everywhere: null).
  function close(passage) {
    unplace();
    within(passage, ".annotation.is-shown").forEach(function (a) { a.classList.remove("is-shown"); });
    within(passage, "[aria-expanded=true]").forEach(function (l) { l.setAttribute("aria-expanded", "false"); });
    within(passage, ".apparatus.is-open").forEach(function (aside) { aside.classList.remove("is-open"); });
  }

  // Open the annotations `ids` of a passage (in place among the margin notes on a wide screen).
  function open(passage, ids, link, focus) {
    close(passage);
    var shown = ids.map(annotation).filter(Boolean);
    if (!shown.length) { return; }
    shown.forEach(function (a) { a.classList.add("is-shown"); });
    if (link) { link.setAttribute("aria-expanded", "true"); }
    var aside = shown[0].closest(".apparatus");
    aside.classList.add("is-open");
    if (link && link.classList.contains("annotated")) { place(link, aside); }
    if (focus) {
      shown[0].focus({ preventScroll: true });
      shown[0].scrollIntoView({ block: "nearest" });
    }
  }

  function toggle(link) {
    var passage = passageOf(link);
    if (link.getAttribute("aria-expanded") === "true") {
      close(passage);
      return;
    }
    open(passage, idsOf(link), link, true);
  }

  // A toggle button: pressed, it is Material's filled button (md-button--primary).
  function press(b, on) {
    b.setAttribute("aria-pressed", on ? "true" : "false");
    b.classList.toggle("md-button--primary", on);
  }

  function button(label, pressed) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "md-button reading-control";
    b.textContent = label;
    press(b, pressed);
    return b;
  }

  // Every paragraph in one version: the radio button of that version in each paragraph's apparatus.
  function showVersion(index, buttons) {
    all(".passage-text .version-" + VERSIONS[index][1]).forEach(function (input) {
      input.checked = true;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    buttons.forEach(function (b, i) { press(b, i === index); });
  }

  // A paragraph's OCR is kept in a <template class="ocr">, out of the page's text, so that the words
  // an annotation quotes stand once in the page (a Web Annotation client searches its text); while
  // the OCR version is chosen, a copy of it stands after the template (.ocr-shown), and goes with it.
  function syncOcr(passage) {
    var template = passage.querySelector("template.ocr");
    if (!template) { return; }
    var chosen = passage.querySelector(".version-ocr:checked");
    var shown = passage.querySelector(".ocr-shown");
    if (chosen && !shown) {
      shown = document.createElement("p");
      shown.className = "ocr ocr-shown";
      shown.setAttribute("lang", template.getAttribute("lang") || "");
      shown.textContent = template.content.textContent;
      template.parentNode.insertBefore(shown, template.nextSibling);
    } else if (!chosen && shown) {
      shown.parentNode.removeChild(shown);
    }
  }

  // A paragraph's list of corrections (which repeats its words) waits in a <template class="deferred">
  // of its apparatus, and is put in its place the first time the apparatus opens or one of its
  // entries is asked for.
  function materialize(scope) {
    all("template.deferred", scope).forEach(function (template) {
      template.parentNode.replaceChild(template.content.cloneNode(true), template);
    });
  }

  // A paragraph's citations repeat its work's title, which may be the paragraph's words: they wait
  // in a <template class="cite-text"> after each empty code block of the Cite box, and are put in
  // the first time the paragraph's apparatus opens.
  // Each has its own copy button (the theme's is off on a source page: source-features.js).
  function fillCitations(apparatus) {
    all(".cite template.cite-text", apparatus).forEach(function (template) {
      var pre = template.previousElementSibling;
      var code = pre && pre.querySelector("code");
      if (code && !code.textContent) {
        code.textContent = template.content.textContent;
        pre.appendChild(copyButton(code));
      }
    });
  }

  function copyButton(code) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "cite-copy";
    b.textContent = "Copy";
    b.setAttribute("aria-label", "Copy this citation");
    b.addEventListener("click", function () {
      navigator.clipboard.writeText(code.textContent || "").then(function () {
        b.textContent = "Copied";
      }, function () {
        b.textContent = "Select the text to copy it";
      });
    });
    return b;
  }

  // An entry of a paragraph's apparatus (a correction, a term): the apparatus opened, the entry marked.
  function showEntry(entry, focus) {
    var details = entry.closest("details");
    if (details) { details.open = true; }
    all(".apparatus-body .is-shown").forEach(function (shown) { shown.classList.remove("is-shown"); });
    entry.classList.add("is-shown");
    if (focus) { entry.focus({ preventScroll: true }); }
    entry.scrollIntoView({ block: "center" });
  }

  // A quotation shortened in a table, its whole text in its title: shown in full, or shortened
  // again, by click, tap or Enter.
  function quoteHints() {
    all(".quote-hint[title]").forEach(function (hint) {
      var short = hint.textContent;
      var full = "\u201c" + hint.getAttribute("title") + "\u201d";
      if (full === short) { return; }
      hint.setAttribute("tabindex", "0");
      hint.setAttribute("role", "button");
      hint.setAttribute("aria-expanded", "false");
      function flip() {
        var open = hint.getAttribute("aria-expanded") !== "true";
        hint.textContent = open ? full : short;
        hint.setAttribute("aria-expanded", open ? "true" : "false");
      }
      hint.addEventListener("click", flip);
      hint.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          flip();
        }
      });
    });
  }

  function toolbar(first) {
    var bar = document.createElement("div");
    bar.className = "reading-controls";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "How the text is shown");

    var every = button("Show every annotation", false);
    every.addEventListener("click", function () {
      var on = every.getAttribute("aria-pressed") !== "true";
      press(every, on);
      document.documentElement.classList.toggle("annotations-all", on);
      close(null);
    });

    var versions = document.createElement("span");
    versions.className = "reading-versions";
    var label = document.createElement("span");
    label.className = "reading-versions-label";
    label.textContent = "Every paragraph as:";
    versions.appendChild(label);
    var buttons = VERSIONS.map(function (version, i) { return button(version[0], i === 0); });
    buttons.forEach(function (b, i) {
      b.addEventListener("click", function () { showVersion(i, buttons); });
      versions.appendChild(b);
    });

    bar.appendChild(every);
    bar.appendChild(versions);
    first.parentNode.insertBefore(bar, first);
  }

  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (id && id.indexOf("correction-") === 0 && !document.getElementById(id)) {
      var holder = document.querySelector(".passage-text[data-paragraph='" + id.split("-")[1] + "']");
      if (holder) { materialize(holder); }
    }
    var entry = id && document.getElementById(id);
    if (entry && entry.classList.contains("correction-entry")) {
      showEntry(entry, false);
      return;
    }
    var target = id && annotation(id);
    if (!target) { return; }
    var passage = passageOf(target);
    var link = document.querySelector(".passage-text[data-paragraph='" + passage + "'] a.annotated[data-annotations~='" + id + "']");
    open(passage, [id], link, false);
    target.scrollIntoView();
  }

  // The glossary's terms (abbr) underlined once in a paragraph, a list item or a cell, on every page:
  // a later occurrence of the same words keeps its tooltip but not its underline.
  function glossOnce() {
    all(".md-typeset p, .md-typeset li, .md-typeset td, .md-typeset dd").forEach(function (block) {
      var seen = {};
      all("abbr", block).forEach(function (abbr) {
        if (abbr.parentElement.closest("p, li, td, dd") !== block) { return; }
        var words = abbr.textContent.trim().toLowerCase();
        if (seen[words]) { abbr.classList.add("gloss-again"); }
        seen[words] = true;
      });
    });
  }

  // The words of the text that open their paragraph's apparatus: annotated words, a term of the
  // glossary, a corrected word.
  function bindTextClicks() {
    all(".annotated-words").forEach(function (words) {
      var link = words.nextElementSibling;
      if (!link || !link.classList.contains("annotated")) { return; }
      words.addEventListener("click", function (event) {
        if (event.target.closest("a, .correction")) { return; }
        toggle(link);
      });
    });
    // A term of the glossary in the text (its sense a tooltip for a mouse): a click or a tap opens
    // the paragraph's apparatus at the term.
    all(".passage-text > .transcription abbr[title]").forEach(function (term) {
      var name = term.getAttribute("title").split(":")[0];  // read now: the theme's tooltip takes the title away on hover
      term.addEventListener("click", function (event) {
        var holder = term.closest(".passage-text");
        var entry = all(".paragraph-terms > dt", holder).filter(function (dt) { return dt.textContent === name; })[0];
        if (!entry) { return; }
        event.stopPropagation();
        showEntry(entry, false);
      });
    });
    all(".transcription .correction[data-correction]").forEach(function (word) {
      word.addEventListener("click", function (event) {
        materialize(word.closest(".passage-text"));
        var entry = document.getElementById(word.getAttribute("data-correction"));
        if (!entry) { return; }
        event.stopPropagation();
        showEntry(entry, true);
      });
    });
  }

  function init() {
    glossOnce();
    quoteHints();
    var passages = all(".passage-text");
    if (!passages.length) { return; }
    document.documentElement.classList.add("annotations-on-demand");
    var heading = document.getElementById("text");
    toolbar(heading && heading.nextElementSibling ? heading.nextElementSibling : passages[0]);

    all(".apparatus .annotation").forEach(function (a) {
      a.setAttribute("tabindex", "-1");
      a.addEventListener("keydown", function (event) {
        if (event.key !== "Escape") { return; }
        var passage = passageOf(a);
        var link = /** @type {HTMLElement|null} */ (document.querySelector("[data-paragraph='" + passage + "'] [aria-expanded=true]"));
        close(passage);
        if (link) { link.focus(); }
      });
    });
    all("a.annotated, a.paragraph-annotations").forEach(function (link) {
      link.setAttribute("aria-expanded", "false");
      link.setAttribute("aria-controls", idsOf(link).join(" "));
      link.addEventListener("click", function (event) {
        event.preventDefault();
        toggle(link);
      });
    });
    // A margin note's title opens its annotation, or closes it.
    all(".apparatus .annotation-title > a").forEach(function (title) {
      title.addEventListener("click", function (event) {
        event.preventDefault();
        var note = title.closest(".annotation");
        var passage = passageOf(note);
        if (note.classList.contains("is-shown")) {
          close(passage);
          return;
        }
        var marker = document.querySelector(".passage-text[data-paragraph='" + passage + "'] a.annotated[data-annotations~='" + note.id + "']");
        open(passage, [note.id], marker, false);
      });
    });
    bindTextClicks();
    document.addEventListener("change", function (event) {
      var input = /** @type {Element|null} */ (event.target);
      if (input && input.closest && input.closest(".paragraph-versions")) {
        var passage = input.closest(".passage-text");
        if (passage) { syncOcr(passage); }
      }
    });
    all(".passage-text").forEach(syncOcr);  // a version the browser kept from before a reload
    all("details.paragraph-apparatus").forEach(function (details) {
      details.addEventListener("toggle", function () {
        if (details.open) { materialize(details); fillCitations(details); }
      });
      if (details.open) { materialize(details); fillCitations(details); }
    });
    openTarget();
    window.addEventListener("hashchange", openTarget);
    window.addEventListener("resize", layout);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
