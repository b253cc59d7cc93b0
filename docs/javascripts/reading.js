/* The reading edition of a source page (docs/sources/<id>/): the text reads straight through, and
   its annotations open when the reader asks.

   Without this script every annotation stands beside (or below) its paragraph. With it, they are
   closed: the words an annotation quotes are a link (a.annotated) whose activation, by click or by
   Enter, opens the annotations it names beside the paragraph (below it on a narrow screen) and
   moves the focus to them; Escape there closes them and gives the focus back. The count beside a
   paragraph's id opens all of that paragraph's. Above the text, "Show every annotation" opens or
   closes them all, and three buttons show every paragraph in its transcription, its OCR or its
   translation. An address that names an annotation (#enc1765-quinola-placed) opens it. On every
   page, a term of the glossary is underlined once in a paragraph.
   No inline script and no style attribute: the policy of the site allows neither. */
(function () {
  "use strict";

  var WIDE = window.matchMedia("(min-width: 76.25em)");
  var VERSIONS = ["Transcription", "OCR", "Translation"];

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

  // Close what is open in a paragraph (or everywhere: null), and put its side column back at the top.
  function close(passage) {
    within(passage, ".annotation.is-shown").forEach(function (a) { a.classList.remove("is-shown"); });
    within(passage, "[aria-expanded=true]").forEach(function (l) { l.setAttribute("aria-expanded", "false"); });
    within(passage, ".apparatus.is-open").forEach(function (aside) {
      aside.classList.remove("is-open");
      aside.style.removeProperty("padding-top");
    });
  }

  // Open the annotations `ids` of a passage; on a wide screen, level with the words `link` marks.
  function open(passage, ids, link, focus) {
    close(passage);
    var shown = ids.map(annotation).filter(Boolean);
    if (!shown.length) { return; }
    shown.forEach(function (a) { a.classList.add("is-shown"); });
    if (link) { link.setAttribute("aria-expanded", "true"); }
    var aside = shown[0].closest(".apparatus");
    aside.classList.add("is-open");
    if (link && WIDE.matches && !document.documentElement.classList.contains("annotations-all")) {
      var offset = link.getBoundingClientRect().top - aside.getBoundingClientRect().top;
      if (offset > 0) { aside.style.paddingTop = offset + "px"; }
    }
    if (focus) {
      shown[0].focus({ preventScroll: WIDE.matches });
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

  // The first set of tabs of a paragraph: its versions (the citation has its own tabs, left alone).
  function versionTabs(passage) {
    var set = passage.querySelector(":scope > .tabbed-set");
    return set ? all(":scope > input", set) : [];
  }

  function showVersion(index, buttons) {
    all(".passage-text").forEach(function (passage) {
      var inputs = versionTabs(passage);
      if (inputs[index]) {
        inputs[index].checked = true;
        inputs[index].dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
    buttons.forEach(function (b, i) { press(b, i === index); });
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
    var buttons = VERSIONS.map(function (name, i) { return button(name, i === 0); });
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

  function init() {
    glossOnce();
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
        var link = document.querySelector("[data-paragraph='" + passage + "'] [aria-expanded=true]");
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
    openTarget();
    window.addEventListener("hashchange", openTarget);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
