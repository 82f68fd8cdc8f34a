"""The freeze view keeps its promises: the summary line says from which age and date a pension would be
due (or that none would be), and its banner's icon is one every browser draws (Streamlit's icon font)."""

from __future__ import annotations

from tests.ui.answer.test_app import typed


def summary(app) -> str:
    [line] = [m.value for m in app.markdown if "no le corresponde" in m.value]
    return line


def test_the_frozen_not_eligible_summary_gives_the_age_and_date(app):
    app.toggle(key="freeze").set_value(True).run()
    [banner] = [w for w in app.warning if "Ley 3-2013" in w.value]
    assert banner.icon == ":material/ac_unit:"  # not an emoji the page's fonts may lack (an empty box)
    typed(app, "birth_date", "01/01/1975")
    typed(app, "retire_years", "52")
    assert not app.exception
    # 13 years and 7 months frozen at 30 June 2013: Regla 18.2 (58 and 10 years) from 58, on 1 January 2033
    assert summary(app) == ("A los 52 años no le corresponde una pensión; le correspondería desde los 58 años "
                            "(1 ene 2033). Vea abajo por qué.")


def test_with_no_age_that_gives_a_pension_the_summary_says_so(app):
    app.radio(key="status").set_value("separated").run()
    typed(app, "separation_date", "30/06/1995")  # left with 5 years: no rule gives a pension at any age
    typed(app, "service_years", "5")
    assert not app.exception
    line = summary(app)
    assert "a ninguna edad" in line and "desde los" not in line, line
