"""The freeze view keeps its promises: the summary line says from which age and date a pension would be
due (or that none would be), and its banner's icon is one every browser draws (Streamlit's icon font)."""

from __future__ import annotations

from tests.amounts import amounts
from tests.ui.answer.test_app import typed
from tests.ui.sections import opened
from ui.form.form import ADVANCED_OPEN


def summary(app) -> str:
    [line] = [m.value for m in app.markdown if "no le corresponde" in m.value]
    return line


def test_the_frozen_not_eligible_summary_gives_the_age_and_date(app):
    opened(app, ADVANCED_OPEN)  # its boxes drawn
    app.toggle(key="freeze").set_value(True).run()
    [banner] = [w for w in app.warning if "Ley 3-2013" in w.value]
    assert banner.icon == ":material/ac_unit:"  # not an emoji the page's fonts may lack (an empty box)
    typed(app, "entry_date", "01/03/1990")  # Ley 447: entered before 1 April 1990, at 14
    typed(app, "birth_date", "01/01/1976")  # 52 on 1 January 2028: a start age still ahead
    typed(app, "retire_years", "52")
    assert not app.exception
    # 27 years today less the time since 30 June 2013 (13 years 5 months on 2 December 2026): about 13½ years
    # frozen, neither 18.6(a)'s 25 nor 30 ever: Regla 18.2 (58 and 10 years) from 58, on 1 January 2034
    assert summary(app) == ("A los 52 años no le corresponde una pensión; le correspondería desde los 58 años "
                            "(1 ene 2034). Vea abajo por qué.")


def test_with_no_age_that_gives_a_pension_the_summary_says_so(app):
    app.radio(key="status").set_value("separated").run()
    typed(app, "separation_date", "30/06/1995")  # left with 5 years: no rule gives a pension at any age
    typed(app, "service_years", "5")
    assert not app.exception
    line = summary(app)
    assert "a ninguna edad" in line and "desde los" not in line, line


def frozen_for_good(app) -> None:
    """A Ley 447 member with 20 years today: frozen at 30 June 2013 about 6½ years, short of every rule's 10."""
    opened(app, ADVANCED_OPEN)  # its boxes drawn
    app.toggle(key="freeze").set_value(True).run()
    typed(app, "entry_date", "01/03/1990")
    typed(app, "birth_date", "01/01/1976")
    typed(app, "service_years", "20")
    typed(app, "retire_years", "60")
    assert not app.exception


def test_frozen_figures_that_never_give_a_pension_say_who_can_answer(app):
    frozen_for_good(app)
    who = "La Administración de los Sistemas de Retiro (ASR) puede decirle lo que le corresponde."
    [line] = [m.value for m in app.markdown if "Ley 3-2013" in m.value]  # the summary line above the form
    assert who in line and "a ninguna edad" not in line
    assert any(who in i.value and "a los 60 años" in i.value for i in app.info)  # beside the answer too


def test_the_way_back_from_the_frozen_view_is_beside_its_message(app):
    frozen_for_good(app)
    assert not amounts(app)
    app.button(key="freeze_back").click().run()  # not only the toggle inside the closed Avanzado
    assert not app.exception
    assert app.session_state["freeze"] is False
    assert not any("Ley 3-2013: congeló" in w.value for w in app.warning)  # the frozen view's banner is gone
    assert amounts(app)  # 20 years at 60 under the texts: Regla 18.2 (58 and 10 years)
