"""The member form: only the inputs that apply, each with help saying where to find the figure.

Every widget has a fixed key (values survive a language switch) and keeps its value across pages.
Messages about a field are shown right under it, after the whole form is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field as dataclass_field
from datetime import date
from fractions import Fraction
from functools import partial

import streamlit as st

from estimator import freeze_for, Member, MEMBER_FACTS, money, outside_scope, plan_info, SalaryHistory, span

from ui.form.entry import box_key, sync
from ui.form.example import MARK_PLACES, example_mark
from ui.form.fields import FIELD, FIELDS, OPTION_PREFIX, PLACES, FormValues, form_values, plan_of, shown_fields
from ui.form.limits import limits
from ui.form.member import average_to_confirm, build_member, confirm_key, entry_caption, entry_help, slip_message
from ui.form.salary_table import HISTORY_BOX, PERIODS, PREFILLED, history_size, sync_history
from ui.form.salary_upload import salary_upload, summary as history_summary
from ui.form.saved import MAX_FILE_BYTES, dump_inputs, saved_uploader
from ui.shell.field_help import FieldHelp
from ui.shell.fresh_download import fresh_download
from ui.shell.look import kept_places
from ui.shell.plain import plain
from ui.shell.text import ui_text

KEEP = "session"  # widget values survive page switches and being hidden


def option_label(field: str, lang: str, value: str) -> str:
    """An option's label (a module-level function: widget settings must pickle)."""
    return ui_text(f"input.{OPTION_PREFIX[field]}{value}", lang)


def choice_format(key: str, lang: str):
    """The function that labels the options of choice `key` (the page sends back the label chosen)."""
    return partial(option_label, key, lang)


def _error_under(errors: dict[str, str], field: str) -> None:
    """The message about `field`, right under it (plain text: a salary box's message quotes its cell)."""
    if field in errors:
        st.error(plain(errors[field]), icon="⚠️")


# Fields with a place for their message in the form; a message about any other field goes on top.
PLACED = tuple(place.name for place in PLACES)


# Fields under *Avanzado*: the section opens when one of them has a message (its open state: ADVANCED_OPEN).
ADVANCED = tuple(place.name for place in PLACES if place.advanced)
ADVANCED_OPEN = "advanced_open"
SAVED_OPEN = "saved_section"  # the open state of *Guardar o cargar los datos*
# The boxes of the named assumptions a member or counselor may change (`estimator.assumptions`), in their order.
ASSUMPTION_FIELDS = tuple(f for f in FIELDS if f.to.startswith("assumptions."))


@dataclass
class FormReading:
    """What a run makes of the form, once: its values (numbers exact), the salary box read, and the member
    or why not — the messages by field, the situations these rules do not cover (then no member), the
    average the member is asked to confirm (RULES.md §0, Plausibility) and, not confirmed yet, in words."""

    values: FormValues
    history: SalaryHistory | None
    member: Member | None
    errors: dict[str, str]
    uncovered: list[str]
    to_confirm: Fraction | None
    slip: str | None
    # The form's places whose inputs are still the example member's (`ui.form.example.still_example`): marked.
    still_example: dict[str, str] = dataclass_field(default_factory=dict)


def read_form(state, today: date, lang: str) -> FormReading:
    """The form as it stands at the start of a run (widgets keep their values in the session), so the answer
    can be drawn before the form itself."""
    values, history = _read(state, lang)
    confirmed = lambda average: bool(state.get(confirm_key(average)))  # noqa: E731
    member, errors = build_member(values, today, lang, confirmed=confirmed)
    uncovered = limits(values, lang)
    if member is None and not uncovered:  # RULES.md §1: an entry these rules do not describe settles it, whatever
        uncovered = entry_outside_scope(values, errors, lang)  # else is still to correct (its message stays)
    to_confirm = average_to_confirm(values, lang)
    slip = None if to_confirm is None or confirmed(to_confirm) else slip_message(plan_of(values), to_confirm, lang)
    return FormReading(values, history, None if uncovered else member, errors, uncovered, to_confirm, slip)


def entry_outside_scope(values: FormValues, errors: dict[str, str], lang: str) -> list[str]:
    """The law that governs a member whose first entry these rules do not describe, when the entry date given is
    one the form accepts (`estimator.reasons.outside_scope`); nothing otherwise."""
    plan = plan_of(values)
    if plan is None or values.entry_date is None or "entry_date" in errors:
        return []
    reason = outside_scope(plan, values.entry_date, lang)
    return [reason] if reason else []


def _read(state, lang: str) -> tuple[FormValues, SalaryHistory | None]:
    """The form's values, each box read once into its exact value (`ui.form.entry`), and the salary box read."""
    exact: dict = {}
    problems = sync(state, exact)
    plan = plan_of(_values(state))
    history = None
    if state.get("salary_mode") == "history" and plan is not None:
        size = history_size(plan)
        average = state.get("average_monthly") if plan_info(plan).monthly else state.get("average_annual")
        rows = state.get("history_rows") or []
        # Start from the average the member gave, and say so (PREFILLED); while the rows are still that
        # (the member has not replaced them), they follow the plan's window and the average typed.
        if average and (not rows or (state.get(PREFILLED) is not None and rows != [average] * size)):
            state["history_rows"] = [average] * size
            state[PREFILLED] = average
            state.pop(PERIODS, None)
        history, problem = sync_history(state, plan, lang)
        if problem:
            problems["history_rows"] = problem  # the reader's own words: which row, what is accepted
    values = _values(state)
    for name, value in exact.items():  # as read from the box, not as the session keeps it for a file
        setattr(values, name, value)
    if history is not None:
        values.history = [salary.amount for salary in history.chronological()]
    values.problems = problems
    return values, history


def _typed(name: str, label: str, lang: str, described: FieldHelp, where=st, help: str | None = None,
           date_box: bool = False) -> None:
    """A text box the member types a number or a date into; the app reads it (`ui.form.entry`)."""
    if date_box:
        label = f"{label} ({ui_text('check.date_format_hint', lang)})"
    help = help and described(help, box_key(name))
    where.text_input(label, key=box_key(name), help=help, persist_state=KEEP, autocomplete="off",
                     placeholder=ui_text("check.date_placeholder", lang) if date_box else None)


CHOICES_LANG = "choices_lang"  # the language the choices' labels were last drawn in


def relabel_choices(state, lang: str) -> None:
    """A choice's widget value is its option's label: drawn with labels of another language, the browser would
    keep the old label, which is none of the new options, and show no choice at all (while the session still
    holds the option). Setting each choice's value again, once a language is new, sends the new label."""
    if state.get(CHOICES_LANG) != lang:
        for key in OPTION_PREFIX:
            if key in state:
                state[key] = state[key]
        state[CHOICES_LANG] = lang


def member_form(lang: str, today: date, form: FormReading) -> None:
    """Draw the fields the table shows for these values (`Field.shown`), each message under its field."""
    tx = lambda key, **kw: ui_text(f"input.{key}", lang, **kw)  # noqa: E731
    state, errors = st.session_state, form.errors
    relabel_choices(state, lang)
    show = {f.key for f in shown_fields(form.values)}
    described = FieldHelp()  # each field's help, also its description and shown on keyboard focus
    for field, message in errors.items():
        if field not in PLACED:
            st.error(plain(message), icon="⚠️")
    st.header(tx("heading"), anchor=False)  # no link before the first field: one Tab stop less

    st.radio(tx("system"), _options("system"), key="system", horizontal=True,
             format_func=choice_format("system", lang), help=described(tx("system_help"), "system"),
             persist_state=KEEP)
    # Both systems: the entry date decides the plan and whether these rules describe the member (RULES.md §1).
    _typed("entry_date", tx("entry_date"), lang, described, help=entry_help(state["system"], lang), date_box=True)
    _error_under(errors, "entry_date")
    example_mark(form.still_example, "entry_date", lang)
    if isinstance(state.get("entry_date"), date) and "entry_date" not in errors:
        st.caption(entry_caption(state["system"], state["entry_date"], lang))
    if "group" in show:
        st.selectbox(tx("group"), _options("group"), key="group", format_func=choice_format("group", lang),
                     help=described(tx("group_help"), "group"), persist_state=KEEP,
                     placeholder=ui_text("check.select_placeholder", lang))
    else:  # a field that comes and goes with the plan or a choice keeps its place (`kept_places`)
        kept_places(1)
    _typed("birth_date", tx("birth_date"), lang, described, help=tx("birth_date_help"), date_box=True)
    _error_under(errors, "birth_date")
    example_mark(form.still_example, "birth_date", lang)
    st.radio(tx("status"), _options("status"), key="status", horizontal=True,
             format_func=choice_format("status", lang), persist_state=KEEP)
    separated = "separation_date" in show
    if separated:
        _typed("separation_date", tx("separation_date"), lang, described, help=tx("separation_date_help"), date_box=True)
        _error_under(errors, "separation_date")
    else:
        kept_places(1)

    _boxes_label(tx("service_separated" if separated else "service"), tx("service_help"), "service", described)
    pair = st.container(horizontal=True, key="service_boxes")  # one block for the two boxes (columns: three)
    _typed("service_years", tx("years"), lang, described, where=pair)
    _typed("service_months", tx("months"), lang, described, where=pair)
    _error_under(errors, "service")
    example_mark(form.still_example, "service", lang)

    plan = plan_of(form.values)
    _salary_inputs(lang, plan, form, show, described)

    _boxes_label(tx("retire"), tx("retire_help"), "retire", described)
    pair = st.container(horizontal=True, key="retire_boxes")  # one block for the two boxes (columns: three)
    _typed("retire_years", tx("years"), lang, described, where=pair)
    _typed("retire_months", tx("months"), lang, described, where=pair)
    _error_under(errors, "retire")
    example_mark(form.still_example, "retire", lang)

    if "coordinated" in show:
        st.checkbox(tx("coordinated"), key="coordinated", help=described(tx("coordinated_help"), "coordinated"),
                    persist_state=KEEP)
        example_mark(form.still_example, "coordinated", lang)
    else:
        kept_places(1 + MARK_PLACES)
    if "social_security" in show:
        _typed("social_security", tx("social_security"), lang, described, help=tx("social_security_help"))
        _error_under(errors, "social_security")
    else:
        kept_places(1)
    for fact in MEMBER_FACTS:  # the member's yes/no facts the plan's rules read (`law/facts.toml`)
        if fact.box in show:
            st.checkbox(tx(fact.box), key=fact.box, help=described(tx(f"{fact.box}_help"), fact.box), persist_state=KEEP)
        else:
            kept_places(1)
    st.checkbox(tx("refunded"), key="refunded", help=described(tx("refunded_help"), "refunded"), persist_state=KEEP)
    st.checkbox(ui_text("limits.disability_input", lang), key="disability",
                help=described(ui_text("limits.disability_help", lang), "disability"), persist_state=KEEP)
    st.checkbox(ui_text("limits.both_systems_input", lang), key="both_systems",
                help=described(ui_text("limits.both_systems_help", lang), "both_systems"), persist_state=KEEP)

    # Keyed, as every section: Streamlit redraws a section without a key closed when an element above it comes
    # or goes. Its open state is the session's, so that a refused value inside opens it. Closed, its boxes are
    # not drawn (a change elsewhere sends less); their values stay in the session (KEEP) and are read all the same.
    if any(field in errors for field in ADVANCED):
        state[ADVANCED_OPEN] = True
    with st.expander(tx("advanced"), key=ADVANCED_OPEN, on_change="rerun") as advanced:
        if advanced.open:
            _advanced_inputs(lang, plan, errors, show, described)
    _saved_inputs(lang, described)
    described.tie("form_help")


def _advanced_inputs(lang: str, plan: str | None, errors: dict[str, str], show: set[str],
                     described: FieldHelp) -> None:
    """The boxes under *Avanzado*: the assumptions a member or counselor may change."""
    tx = lambda key, **kw: ui_text(f"input.{key}", lang, **kw)  # noqa: E731
    _typed("growth_pct", tx("growth"), lang, described, help=tx("growth_help"))
    _error_under(errors, "growth")
    if "freeze" in show:
        st.toggle(ui_text("limits.freeze", lang), key="freeze", persist_state=KEEP,
                  help=described(ui_text("limits.freeze_help", lang, law=freeze_for(plan).law(lang)), "freeze"))
    if "reduction_mode" in show:
        st.radio(tx("reduction_mode"), _options("reduction_mode"), key="reduction_mode",
                 format_func=choice_format("reduction_mode", lang), persist_state=KEEP)
    for field in ASSUMPTION_FIELDS:  # a named assumption's box, labelled by its name (its place)
        if field.key in show:
            _typed(field.key, tx(field.place), lang, described, help=tx(f"{field.place}_help"))
            _error_under(errors, field.place)


def _boxes_label(label: str, help: str, key: str, described: FieldHelp) -> None:
    """The label of a pair of boxes (years and months), with its help: said with each box, after the label's words
    (each box's own label is only "años" or "meses")."""
    with st.container(key=f"{key}_label"):
        st.markdown(f"**{label}**", help=help)
    described(f"{label}: {help}", f"{key}_label", box_key(f"{key}_years"), box_key(f"{key}_months"))


def _saved_inputs(lang: str, described: FieldHelp) -> None:
    """Download the inputs as a file; load a saved file back (validated, replacing what is on screen)."""
    with st.expander(ui_text("saved.heading", lang), key=SAVED_OPEN, on_change="rerun") as section:
        if not section.open:  # closed: nothing in it is drawn (a change elsewhere sends less)
            return
        # Built in the run of the click, from the inputs as that run has them (ui/shell/fresh_download.py).
        fresh_download(ui_text("saved.download", lang), "saved_download",
                       lambda: dump_inputs(st.session_state),
                       "estimador-datos.json", "application/json", lang, help=ui_text("saved.download_help", lang))
        limit = min(MAX_FILE_BYTES, st.get_option("server.maxUploadSize") * 1_000_000)
        st.caption(ui_text("check.upload_json", lang, limit=f"{limit // 1000:,} KB"))
        saved_uploader(lang, described)  # read once, then emptied (ui/form/saved.py)


def _salary_inputs(lang: str, plan: str | None, form: FormReading, show: set[str], described: FieldHelp) -> None:
    tx = lambda key, **kw: ui_text(f"input.{key}", lang, **kw)  # noqa: E731
    state, errors = st.session_state, form.errors
    st.radio(tx("salary_mode"), _options("salary_mode"), key="salary_mode", horizontal=True,
             format_func=choice_format("salary_mode", lang), persist_state=KEEP)
    for name in ("average_monthly", "average_annual"):
        if name in show:
            _typed(name, tx(name), lang, described, help=tx(f"{name}_help"))
            _error_under(errors, "average")
            example_mark(form.still_example, "average", lang)
            _confirm_slip(form.to_confirm, lang)
    if "history_rows" not in show:
        return
    unit = plan_info(plan).amount_unit
    st.text_area(tx(f"history_{unit}"), key=HISTORY_BOX, height=200,
                 help=described(tx("history_box_help"), HISTORY_BOX), placeholder=tx(f"history_placeholder_{unit}"), persist_state=KEEP)
    _error_under(errors, "history")
    _confirm_slip(form.to_confirm, lang)
    if "history" not in errors:
        if form.history is not None:  # the box as this run read it
            st.caption(plain(history_summary(form.history, lang, *_average_used(form.member, lang))))
        if state.get(PREFILLED):
            st.info(tx("history_prefilled", amount=money(state[PREFILLED]), count=history_size(plan)), icon=":material/edit:")
    st.caption(ui_text("check.upload_csv", lang, limit=f"{st.get_option('server.maxUploadSize')} MB"))
    salary_upload(lang, plan, described)  # a file is shown as read, and used only when the member says so


def _average_used(member: Member | None, lang: str) -> tuple[Fraction | None, str]:
    """The average the rule uses at the start age (a history's grows with the salaries added until then), and
    that age in words; none without a member."""
    if member is None:
        return None, ""
    scenario = member.scenario
    used = scenario.average_monthly_salary if scenario.average_monthly_salary is not None else scenario.average_salary
    return (None if used is None else Fraction(used)), span(member.planned_age, lang)


def _confirm_slip(average: Fraction | None, lang: str) -> None:
    """RULES.md §0, Plausibility: under an average that is likely a slip, the member confirms that very figure
    (drawn while the figure stands, so the confirmation is kept; another figure asks again)."""
    if average is not None:
        st.checkbox(ui_text("check.slip_confirm", lang, amount=money(average)), key=confirm_key(average))


def _values(state) -> FormValues:
    return form_values({f.key: state[f.key] for f in FIELDS if f.key in state})


def _options(key: str) -> list[str]:
    """A choice's values, as the field table declares them."""
    return list(FIELD[key].options)
