/* The options of a ruleset as form controls, as "Try it" (ui.js) and "Play a hand"
 * (docs/javascripts/play-ui.js) both show them: each under its English name, its id a small label,
 * with its meaning, its citations and the source's words with their English; a control that fits
 * its domain (a box, a list of its values, a number, a mapping's or a list's items). The data is a
 * ruleset's try/rulesets/<id>.json. Every text is set as text (textContent), never parsed as HTML;
 * no inline style (classes of try.css).
 */

let ids = 0;
export function uid(prefix) {
  ids += 1;
  return `${prefix}-${ids}`;
}

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) {
      continue;
    }
    if (name === "class") {
      node.className = value;
    } else if (name === "text") {
      node.textContent = value;
    } else {
      node.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : String(child));
    }
  }
  return node;
}


export function show(value) {
  return value === "" ? '""' : typeof value === "string" ? value : JSON.stringify(value);
}

// ---- the options of a ruleset as a form --------------------------------------------------------

// a sentence that names options by their ids: each id a small code label (the words stay words)
function labelled(text, rulesData) {
  const ids = Object.keys(rulesData.options).filter((n) => n.includes("_"));
  if (!ids.length) {
    return text;
  }
  const pattern = new RegExp(`\\b(${ids.sort((a, b) => b.length - a.length).join("|")})\\b`, "g");
  // an option the sentence names: its English name, then its id as a small label
  return text.split(pattern).map((part, i) =>
    i % 2 ? [el("em", { text: rulesData.options[part].name || part }), " ", el("code", { class: "try-id", text: part })] : part,
  );
}

// a select of the given choices, the current one selected
function choiceSelect(choices, current, label, controlId, describedBy) {
  return el(
    "select",
    { id: controlId, "aria-label": label, "aria-describedby": describedBy },
    choices.map((c) => el("option", { value: JSON.stringify(c), selected: JSON.stringify(c) === JSON.stringify(current), text: c === "" ? "(none)" : String(c) })),
  );
}

// a mapping's control: one field per key, each a select or a number
function mappingControl(domain, option, value, id, describedBy) {
  const keys = (domain.keys && domain.keys.choices) || Object.keys(value);
  const inputs = keys.map((k) => {
    const current = value[k];
    const inner = domain.values || { kind: "int" };
    const label = `${option.name}, ${k}`;
    const input = inner.choices
      ? choiceSelect(inner.choices, current, label, uid(id), describedBy)
      : el("input", { type: "number", step: 1, min: inner.min, max: inner.max, value: current ?? "", "aria-label": label, "aria-describedby": describedBy });
    return [k, input];
  });
  const control = el("span", { class: "try-mapping", role: "group", id, "aria-labelledby": `${id}-label` }, inputs.map(([k, input]) => el("span", { class: "try-pair" }, el("span", { "aria-hidden": "true", text: `${k}:` }), input)));
  const read = () => {
    const out = {};
    inputs.forEach(([k, input]) => {
      if (input.value !== "") {
        out[k] = input.tagName === "SELECT" ? JSON.parse(input.value) : Number(input.value);
      }
    });
    return out;
  };
  return { control, read };
}

// a list's control: a select per item, the empty ones left out
function listControl(domain, option, value, id, describedBy) {
  const items = domain.items || {};
  const itemChoices = items.choices || option.cards || [];
  const current = Array.isArray(value) ? value : [];
  const slots = itemChoices.length && items.choices ? itemChoices.length : Math.max(current.length + 2, 3);
  const n = domain.max_items ? Math.min(slots, domain.max_items) : slots;
  const selects = [];
  for (let i = 0; i < n; i++) {
    selects.push(choiceSelect(["", ...itemChoices.filter((c) => c !== "")], current[i] ?? "", `${option.name}, item ${i + 1}`, uid(id), describedBy));
  }
  const control = el("span", { class: "try-list", role: "group", id, "aria-labelledby": `${id}-label` }, selects);
  return { control, read: () => selects.map((s) => JSON.parse(s.value)).filter((v) => v !== "") };
}

// the control of an option's value by its domain, and the function that reads it back
function valueControl(option, value, id, describedBy) {
  const domain = option.domain || { kind: "any" };
  const kind = domain.kind;
  const choices = domain.choices || option.cards;
  if (kind === "bool") {
    const control = el("input", { type: "checkbox", id, checked: value === true, "aria-describedby": describedBy });
    return { control, read: () => control.checked };
  }
  if ((kind === "int" || kind === "str" || kind === "seat" || kind === "card") && choices && choices.length) {
    const control = choiceSelect(choices, value, null, id, describedBy);
    return { control, read: () => JSON.parse(control.value) };
  }
  if (kind === "int") {
    const control = el("input", { type: "number", id, step: 1, min: domain.min, max: domain.max, value, inputmode: "numeric", "aria-describedby": describedBy });
    return { control, read: () => (control.value === "" ? null : Number(control.value)) };
  }
  if (kind === "mapping" && value && typeof value === "object") return mappingControl(domain, option, value, id, describedBy);
  if (kind === "list") return listControl(domain, option, value, id, describedBy);
  const control = el("input", { type: "text", id, value: JSON.stringify(value), spellcheck: "false", "aria-describedby": describedBy });
  const read = () => {
    try {
      return JSON.parse(control.value);
    } catch {
      return control.value;
    }
  };
  return { control, read };
}

export function optionControl(name, option, value, rulesData, illustrated, root) {
  const id = uid(`try-opt-${name}`);
  const describedBy = `${id}-meaning`;
  const { control, read } = valueControl(option, value, id, describedBy);
  const links = option.cites.map((c, i) => [i ? ", " : "", el("a", { href: root + (rulesData.links[c] || ""), text: c })]);
  const mark = el("span", { class: "try-changed-mark", text: " changed" });
  mark.hidden = true;
  const title = [el("span", { class: "try-option-title", text: option.name }), mark];
  const label = control.tagName === "SPAN" ? el("span", { class: "try-option-name", id: `${id}-label` }, title) : el("label", { for: id, class: "try-option-name", id: `${id}-label` }, title);
  const head = el(
    "span",
    { class: "try-option-head" },
    illustrated ? el("strong", { class: "try-illustrated", text: "The option this example illustrates" }) : null,
    label,
    " ",
    el("code", { class: "try-id", text: name }),
  );
  const said = rulesData.quotes && rulesData.quotes[name];
  const source = said
    ? el(
        "p",
        { class: "try-source" },
        el("q", { lang: said.lang, text: said.quote }),
        " ",
        el("a", { href: root + (rulesData.links[said.paragraph] || ""), text: said.paragraph }),
        el("span", { class: "try-gloss" }, " In English: ", said.gloss),
      )
    : null;
  const row = el(
    "div",
    { class: `try-option${illustrated ? " try-option-illustrated" : ""}`, "data-option": name },
    head,
    el("span", { class: "try-option-control" }, control),
    el("p", { class: "try-meaning", id: describedBy }, labelled(option.meaning, rulesData), option.cites.length ? [" (", links, ")"] : null, ` Default ${show(option.default)}.`),
    source,
  );
  return { row, read };
}

