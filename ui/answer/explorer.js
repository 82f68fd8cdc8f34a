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

export default function (component) {
  const { parentElement, setStateValue } = component;
  const data = component.data ? JSON.parse(new TextDecoder().decode(component.data)) : null;
  const root = parentElement.querySelector(".explorer");
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

  root.lang = data.lang;
  root.classList.toggle("large", Boolean(data.large));
  $(".intro").textContent = T.intro;
  $(".age-label").textContent = T.age_label;
  $(".extra-label").textContent = T.extra_label;
  $(".key-monthly").textContent = T.key_monthly;
  $(".key-from65").textContent = T.key_from_65;
  $(".key-form").textContent = T.key_form;
  $(".from65-key").hidden = !from65;
  add.hidden = !data.compare;
  age.min = String(first);
  age.max = String(last);
  extra.max = String(columns - 1);
  extra.closest(".control").hidden = columns < 2; // a member who left service has no service to add

  const key = component.key || "explorer";
  const kept = remembered.get(key);
  const clamp = (months) => Math.min(last, Math.max(first, months));
  age.value = String(kept && kept.signature === data.signature ? clamp(kept.age) : clamp(data.planned));
  extra.value = String(kept && kept.signature === data.signature ? kept.extra : 0);

  // The chart's size is read when it is drawn (and by the ResizeObserver), never while a key moves the
  // marker: reading it after changing the text would make the browser lay the page out again.
  let drawnColumn = -1, width = 0, height = 150, announceTimer = 0;
  const plot = { left: 46, right: 10, top: 10, bottom: 22 };

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
    width = chart.clientWidth || 320;
    height = chart.clientHeight || 150;
    chart.setAttribute("viewBox", `0 0 ${width} ${height}`);
    chart.replaceChildren();
    const [x0, y0] = place(first, 0), [x1] = place(last, 0);
    chart.append(svgElement("line", { class: "axis", x1: x0, y1: y0, x2: x1, y2: y0 }));
    chart.append(svgElement("line", { class: "axis", x1: x0, y1: plot.top, x2: x0, y2: y0 }));
    const label = (x, y, text, anchor) => {
      const element = svgElement("text", { class: "tick", x, y, "text-anchor": anchor });
      element.textContent = text;
      chart.append(element);
    };
    label(x0 - 4, y0, "$0", "end");
    label(x0 - 4, plot.top + 8, "$" + Math.round(top).toLocaleString("en-US"), "end");
    const yearStep = last - first > 20 * 12 ? 10 : 5;
    for (let year = Math.ceil(first / 12); year * 12 <= last; year++) {
      if (year % yearStep === 0) label(place(year * 12, 0)[0], height - 4, String(year), "middle");
    }
    if (from65) chart.append(svgElement("path", { class: "from65", d: stepPath(from65, column) }));
    chart.append(svgElement("path", { class: "line", d: stepPath(monthly, column) }));
    if (data.planned >= first && data.planned <= last) {
      const [xf] = place(data.planned, 0);
      chart.append(svgElement("line", { class: "form", x1: xf, y1: plot.top, x2: xf, y2: y0 }));
    }
    chart.append(svgElement("line", { class: "guide", x1: 0, y1: plot.top, x2: 0, y2: y0 }));
    chart.append(svgElement("circle", { class: "marker", r: 6, cx: 0, cy: 0 }));
    drawnColumn = column;
  }

  function render(announce) {
    const months = Number(age.value), column = Number(extra.value);
    const index = (months - first) * columns + column;
    const rule = data.rule[index], at = ageText(data, months), added = extraText(T, column);
    remembered.set(key, { signature: data.signature, age: months, extra: column });
    age.setAttribute("aria-valuetext", at);
    extra.setAttribute("aria-valuetext", added);
    $(".age-value").textContent = at;
    $(".extra-value").textContent = added;
    root.classList.toggle("none", rule < 0);
    const amount = rule < 0 ? T.none_amount : data.monthly[index];
    $(".amount").textContent = amount;
    $(".per").textContent = fill(rule < 0 ? T.per_none : T.per_month, { age: at });
    $(".rule").textContent = rule < 0 ? T.no_rule : data.rules[rule].name;
    $(".cite").textContent = rule < 0 ? "" : fill(T.cite, { cite: data.rules[rule].cite });
    const coordination = $(".coordination");
    coordination.replaceChildren();
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
    // RULES.md §0: each assumption that entered the amounts on screen, marked with its value and whose it is
    const bits = rule < 0 ? 0 : data.assumed[index];
    // RULES.md §7: in today's dollars unless salaries grown by the growth entered went into the amount
    const grown = data.grown_bit >= 0 && (bits & (1 << data.grown_bit));
    $(".dollars").textContent = rule < 0 ? "" : grown ? data.dollars.grown : data.dollars.today;
    $(".assumed").replaceChildren(...data.marks.filter((_, k) => bits & (1 << k)).map((mark) => {
      const item = document.createElement("li");
      item.textContent = mark;
      return item;
    }));
    if (drawnColumn !== column) drawChart(column);
    const [x, y] = place(months, rule < 0 ? 0 : monthly[index]);
    chart.querySelector(".guide").setAttribute("x1", x);
    chart.querySelector(".guide").setAttribute("x2", x);
    chart.querySelector(".marker").setAttribute("cx", x);
    chart.querySelector(".marker").setAttribute("cy", y);
    chart.setAttribute("aria-label", fill(T.chart_alt, {
      first: ageText(data, first), last: ageText(data, last), extra: added, age: at, amount }));
    const same = months === data.planned;
    use.disabled = same;
    use.textContent = same ? T.is_form_age : fill(T.use, { age: at });
    $(".form-age").textContent = same ? "" : fill(T.form_age, { age: ageText(data, data.planned) });
    add.textContent = fill(column === 0 ? T.add_none : T.add, { age: at, extra: added });
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
    if (chart.clientWidth !== width || chart.clientHeight !== height) { drawnColumn = -1; render(false); }
  });
  resize.observe(chart);
  // A new member (after *Borrar todo*, or another figure) is announced by nothing of the previous one's.
  if (!kept || kept.signature !== data.signature) $(".announce").textContent = "";
  render(false);
  const stop = () => {
    resize.disconnect();
    clearTimeout(announceTimer);
    if (root.stopExplorer === stop) root.stopExplorer = null;  // a late cleanup leaves a newer run's in place
  };
  root.stopExplorer = stop;
  return stop;
}
