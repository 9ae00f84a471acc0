"""The generic board (service/api/viewer/games/generic.js), in a real browser under the
viewer's CSP: a game that ships no board script is shown as its view, a structured tree.
The full route of such a game (served, listed with no board, played) is in
tests/cli/test_new_game.py; the installed games here all ship a board."""

from __future__ import annotations

VIEW = {
    "game": "mygame",
    "counter": 7,
    "lucky": [3, None],
    "seats": [{"name": "a", "hand": ["2c", "qs"]}, {"name": "b", "hand": []}],
    "winner": None,
    "over": False,
}


def test_a_view_is_drawn_as_a_tree_by_the_generic_board(watched) -> None:
    watched.goto("/viewer/")
    watched.page.wait_for_selector("h1")
    drawn = watched.page.evaluate(
        """async (view) => {
            const { generic } = await import("/viewer/static/games/generic.js");
            const game = generic({ title: "My game", events: ["mygame.added"] });
            const element = game.draw(view);
            document.body.append(element);
            const value = (key) => element.querySelector(`dd[data-key="${key}"]`)?.textContent;
            return {
                title: game.title,
                events: game.events,
                keys: [...element.querySelectorAll(":scope > dl > dt")].map((dt) => dt.textContent),
                counter: value("counter"),
                lucky: value("lucky"),
                hand: element.querySelector('dd[data-key="seats"] ol li dd[data-key="hand"]').textContent,
                empty: element.querySelectorAll('dd[data-key="seats"] ol > li')[1]
                    .querySelector('dd[data-key="hand"]').textContent,
                winner: value("winner"),
                over: value("over"),
                scores: game.scores({ scores: [3, 4] }),
                noScores: game.scores(view),
            };
        }""",
        VIEW,
    )
    assert drawn["title"] == "My game"
    assert drawn["events"] == ["mygame.added"]
    assert drawn["keys"] == ["Counter", "Lucky", "Seats", "Winner", "Over"]  # no "game" tag
    assert drawn["counter"] == "7"
    assert drawn["lucky"] == "3, \u2013"
    assert drawn["hand"] == "2c, qs"
    assert drawn["empty"] == "none"
    assert drawn["winner"] == "\u2013"  # an en dash: no value
    assert drawn["over"] == "no"
    assert drawn["scores"] == [3, 4]
    assert drawn["noScores"] == []
