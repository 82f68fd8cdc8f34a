// The explorer: a start age (by the month) and added service (by the year) looked up in the exact grid
// the page was sent with (ui/answer/explorer_data.py). Nothing is computed here and nothing is sent to the
// server while the controls move; only "use this age" sends the chosen age back, and "add to the
// comparison" the age and added service on screen (setStateValue).

const SVG = "http://www.w3.org/2000/svg";
const remembered = new Map(); // component key → {signature, age, extra}: the position survives a rerun

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

function ageText(data, months) {  // in words, as the server wrote each row's age (estimator.texts.span)
  return months === data.planned ? data.planned_words : data.ages[months - data.first];
}

function extraText(T, years) {
  if (years === 0) return T.extra_none;
  return years === 1 ? T.extra_one : fill(T.extra_many, { n: years });
}

const dollars = (text) => (text ? Number(text.replace(/[$,]/g, "")) : NaN);

function svgElement(name, attributes) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

// Each text and attribute is written only when it differs: a rerun that leaves a part as it was changes nothing
// on the page there, so the browser has nothing of it to style, lay out or paint again.
function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function setAttributes(element, attributes) {
  for (const [key, value] of Object.entries(attributes)) {
    const text = String(value);
    if (element.getAttribute(key) !== text) element.setAttribute(key, text);
  }
}

function setHidden(element, hidden) {
  if (element.hidden !== hidden) element.hidden = hidden;
}

// The chart's lines, made once for its element and then moved: its axes, the year labels, the two steps of
// amounts, the form's age, and the guide and marker of the age on screen.
function chartParts(chart) {
  if (!chart.parts) {
    const part = (name, attributes) => chart.appendChild(svgElement(name, attributes));
    chart.parts = {
      xAxis: part("line", { class: "axis" }), yAxis: part("line", { class: "axis" }), ticks: part("g", {}),
      from65: part("path", { class: "from65" }), line: part("path", { class: "line" }), form: part("line", { class: "form" }),
      guide: part("line", { class: "guide" }), marker: part("circle", { class: "marker", r: 6 }),
    };
  }
  return chart.parts;
}

export default function (component) {
  const { parentElement, setStateValue } = component;
  const text = component.data ? new TextDecoder().decode(component.data) : "";
  const root = parentElement.querySelector(".explorer");
  // The same grid again (a rerun that changed nothing the explorer shows): what is on screen stays, untouched.
  if (root && text && root.drawnFrom === text && root.stopExplorer) return root.stopExplorer;
  const data = text ? JSON.parse(text) : null;
  if (!root || !data || !data.count) return;
  // Streamlit runs this again with each new grid on the same element, without always running the cleanup
  // returned before: the earlier run's size watcher would then redraw its own, older amounts over these ones
  // the next time the chart's width changed (a section opening beside it), one edit behind the page.
  if (root.stopExplorer) root.stopExplorer();
  const T = data.text;
  const $ = (selector) => root.querySelector(selector);
  const age = $(".age"), extra = $(".extra"), chart = $(".chart"), use = $(".use"), add = $(".add");
  const first = data.first, last = data.first + data.count - 1, columns = data.extras;
  const monthly = data.monthly.map(dollars);
  const from65 = data.from_65 ? data.from_65.map(dollars) : null;
  const top = Math.max(1, ...monthly, ...(from65 || []).filter((v) => !Number.isNaN(v)));

  if (root.lang !== data.lang) root.lang = data.lang;
  root.classList.toggle("large", Boolean(data.large));
  setText($(".intro"), T.intro);
  setText($(".age-label"), T.age_label);
  setText($(".extra-label"), T.extra_label);
  setText($(".key-monthly"), T.key_monthly);
  setText($(".key-from65"), T.key_from_65);
  setText($(".key-form"), T.key_form);
  setHidden($(".from65-key"), !from65);
  setHidden(add, !data.compare);
  setAttributes(age, { min: first, max: last });
  setAttributes(extra, { max: columns - 1 });
  setHidden(extra.closest(".control"), columns < 2); // a member who left service has no service to add

  const key = component.key || "explorer";
  const kept = remembered.get(key);
  const clamp = (months) => Math.min(last, Math.max(first, months));
  age.value = String(kept && kept.signature === data.signature ? clamp(kept.age) : clamp(data.planned));
  extra.value = String(kept && kept.signature === data.signature ? kept.extra : 0);

  // The chart's size is the one it was last drawn at, kept on its element: reading it here, after the page's
  // new elements, would make the browser lay the whole page out at once. The size watcher below reads it
  // after the browser's own layout and draws the chart again when it changed.
  let drawnColumn = -1, width = chart.drawnWidth || 0, height = chart.drawnHeight || 150, announceTimer = 0;
  const plot = { left: 46, right: 10, top: 10, bottom: 22 };
  const parts = chartParts(chart);

  function place(months, amount) {
    const span = Math.max(1, last - first);
    const x = plot.left + ((months - first) / span) * (width - plot.left - plot.right);
    const y = plot.top + (1 - amount / top) * (height - plot.top - plot.bottom);
    return [x, y];
  }

  function stepPath(values, column) {
    let path = "", open = false;
    for (let i = 0; i < data.count; i++) {
      const value = values[i * columns + column];
      if (Number.isNaN(value)) { open = false; continue; }
      const [x, y] = place(first + i, value);
      path += open ? `H${x.toFixed(1)}V${y.toFixed(1)}` : `M${x.toFixed(1)} ${y.toFixed(1)}`;
      open = true;
    }
    return path;
  }

  function drawChart(column) {
    if (!width) {  // a chart never drawn yet: its size read once
      width = chart.clientWidth || 320;
      height = chart.clientHeight || 150;
    }
    chart.drawnWidth = width;
    chart.drawnHeight = height;
    setAttributes(chart, { viewBox: `0 0 ${width} ${height}` });
    const [x0, y0] = place(first, 0), [x1] = place(last, 0);
    setAttributes(parts.xAxis, { x1: x0, y1: y0, x2: x1, y2: y0 });
    setAttributes(parts.yAxis, { x1: x0, y1: plot.top, x2: x0, y2: y0 });
    const labels = [[x0 - 4, y0, "$0", "end"], [x0 - 4, plot.top + 8, "$" + Math.round(top).toLocaleString("en-US"), "end"]];
    const yearStep = last - first > 20 * 12 ? 10 : 5;
    for (let year = Math.ceil(first / 12); year * 12 <= last; year++) {
      if (year % yearStep === 0) labels.push([place(year * 12, 0)[0], height - 4, String(year), "middle"]);
    }
    const tickKey = JSON.stringify(labels);
    if (parts.ticks.drawn !== tickKey) {
      parts.ticks.drawn = tickKey;
      parts.ticks.replaceChildren(...labels.map(([x, y, words, anchor]) => {
        const element = svgElement("text", { class: "tick", x, y, "text-anchor": anchor });
        element.textContent = words;
        return element;
      }));
    }
    setAttributes(parts.from65, { d: from65 ? stepPath(from65, column) : "" });
    setAttributes(parts.line, { d: stepPath(monthly, column) });
    const planned = data.planned >= first && data.planned <= last;
    const [xf] = place(planned ? data.planned : first, 0);
    setAttributes(parts.form, { x1: xf, y1: plot.top, x2: xf, y2: y0, display: planned ? "inline" : "none" });
    setAttributes(parts.guide, { y1: plot.top, y2: y0 });
    drawnColumn = column;
  }

  function render(announce) {
    const months = Number(age.value), column = Number(extra.value);
    const index = (months - first) * columns + column;
    const rule = data.rule[index], at = ageText(data, months), added = extraText(T, column);
    remembered.set(key, { signature: data.signature, age: months, extra: column });
    setAttributes(age, { "aria-valuetext": at });
    setAttributes(extra, { "aria-valuetext": added });
    setText($(".age-value"), at);
    setText($(".extra-value"), added);
    root.classList.toggle("none", rule < 0);
    const amount = rule < 0 ? T.none_amount : data.monthly[index];
    setText($(".amount"), amount);
    setText($(".per"), fill(rule < 0 ? T.per_none : T.per_month, { age: at }));
    setText($(".rule"), rule < 0 ? T.no_rule : data.rules[rule].name);
    setText($(".cite"), rule < 0 ? "" : fill(T.cite, { cite: data.rules[rule].cite }));
    const coordination = document.createElement("p");
    const later = from65 && rule >= 0 ? data.from_65[index] : "";
    const reference = data.reference && rule >= 0 ? data.reference[index] : "";
    if (reference) {  // paid from the start is the coordinated amount: the rule's is its reference
      coordination.append(`${T.coordination}: ${T.reference}: ${reference}`);
    } else if (later && later !== data.monthly[index]) {
      const strong = document.createElement("strong");
      strong.textContent = later;
      coordination.append(`${T.coordination}: ${T.before_65}: ${data.monthly[index]} · ${T.from_65}: `, strong);
    }
    const net = data.net && rule >= 0 ? data.net[index] : "";
    if (net) {  // 000 ¶B: the contribution until 55, and the net paid meanwhile, as the page says them
      const strong = document.createElement("strong");
      strong.textContent = net;
      coordination.append(fill(T.contribution, { amount: data.contribution[index], age: data.net_until }) + " · "
        + `${T.net}: `, strong);
    }
    const shown = $(".coordination");
    if (shown.innerHTML !== coordination.innerHTML) shown.replaceChildren(...coordination.childNodes);
    // RULES.md §0: each assumption that entered the amounts on screen, marked with its value and whose it is
    const bits = rule < 0 ? 0 : data.assumed[index];
    // RULES.md §7: in today's dollars unless salaries grown by the growth entered went into the amount
    const grown = data.grown_bit >= 0 && (bits & (1 << data.grown_bit));
    setText($(".dollars"), rule < 0 ? "" : grown ? data.dollars.grown : data.dollars.today);
    const marks = data.marks.filter((_, k) => bits & (1 << k));
    const assumed = $(".assumed");
    if (assumed.childElementCount !== marks.length || marks.some((mark, k) => assumed.children[k].textContent !== mark)) {
      assumed.replaceChildren(...marks.map((mark) => {
        const item = document.createElement("li");
        item.textContent = mark;
        return item;
      }));
    }
    if (drawnColumn !== column) drawChart(column);
    const [x, y] = place(months, rule < 0 ? 0 : monthly[index]);
    setAttributes(parts.guide, { x1: x, x2: x });
    setAttributes(parts.marker, { cx: x, cy: y });
    setAttributes(chart, { "aria-label": fill(T.chart_alt, {
      first: ageText(data, first), last: ageText(data, last), extra: added, age: at, amount }) });
    const same = months === data.planned;
    if (use.disabled !== same) use.disabled = same;
    setText(use, same ? T.is_form_age : fill(T.use, { age: at }));
    setText($(".form-age"), same ? "" : fill(T.form_age, { age: ageText(data, data.planned) }));
    setText(add, fill(column === 0 ? T.add_none : T.add, { age: at, extra: added }));
    if (announce) {
      clearTimeout(announceTimer);
      const sentence = rule < 0 ? fill(T.announce_none, { age: at, extra: added })
        : fill(T.announce, { amount, age: at, extra: added, rule: data.rules[rule].name.split(":")[0] });
      announceTimer = setTimeout(() => { $(".announce").textContent = sentence; }, 300);
    }
  }

  age.oninput = () => render(true);
  extra.oninput = () => render(true);
  age.onkeydown = (event) => { // a year at a time with Page Up / Page Down
    if (event.key !== "PageUp" && event.key !== "PageDown") return;
    event.preventDefault();
    age.value = String(clamp(Number(age.value) + (event.key === "PageUp" ? 12 : -12)));
    render(true);
  };
  use.onclick = () => setStateValue("chosen", { age: Number(age.value), at: Date.now() });
  add.onclick = () => setStateValue("added", {
    age: Number(age.value), extra: Number(extra.value), signature: data.signature, at: Date.now() });
  const resize = new ResizeObserver(() => {
    const newWidth = chart.clientWidth || 320, newHeight = chart.clientHeight || 150;
    if (newWidth !== width || newHeight !== height) {
      width = newWidth;
      height = newHeight;
      drawnColumn = -1;
      render(false);
    }
  });
  resize.observe(chart);
  // A new member (after *Borrar todo*, or another figure) is announced by nothing of the previous one's.
  if (!kept || kept.signature !== data.signature) setText($(".announce"), "");
  render(false);
  root.drawnFrom = text;
  const stop = () => {
    resize.disconnect();
    clearTimeout(announceTimer);
    if (root.stopExplorer === stop) root.stopExplorer = null;  // a late cleanup leaves a newer run's in place
  };
  root.stopExplorer = stop;
  return stop;
}
